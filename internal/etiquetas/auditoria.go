package etiquetas

import (
	"bytes"
	"comite/internal/permisos"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/formato"

	"github.com/shopspring/decimal"
)

// acciones are the actions the audit log records, as people read them.
var acciones = map[string]string{
	"acto.actualizar":                    "Acto sancionatorio corregido",
	"acto.crear":                         "Acto sancionatorio registrado",
	"auditoria.ancla_nueva":              "Ancla de la auditoría empezada de nuevo",
	"respaldo.restaurado_sin_manifiesto": "Respaldo sin manifiesto restaurado",
	"auditoria.rotar_clave":              "Clave de la auditoría rotada",
	"calendario.token_generar":           "Enlace de calendario generado",
	"api.cuenta_crear":                   "Cuenta de servicio de la API creada",
	"api.cuenta_revocar":                 "Cuenta de servicio de la API revocada",
	"calendario.token_revocar":           "Enlace de calendario revocado",
	"caso.reportar":                      "Caso reportado",
	"caso.adjuntar":                      "Archivo adjuntado al caso",
	"caso.retirar_adjunto":               "Adjunto del caso retirado",
	"caso.iniciar_evaluacion":            "Evaluación iniciada",
	"caso.reevaluar":                     "Evaluación recalculada",
	"caso.presentar":                     "Informe presentado al Comité",
	"caso.emitir_concepto":               "Concepto del Comité registrado",
	"caso.corregir_concepto":             "Corrección del concepto registrada",
	"caso.emitir_informe":                "Informe gerencial emitido",
	"caso.informe":                       "Informe gerencial emitido",
	"caso.cerrar":                        "Propuesta del requerimiento especial aduanero registrada",
	"caso.declarar_no_procede":           "Caso cerrado como «no procede»",
	"caso.criterios":                     "Aspectos de la cancelación documentados",
	"cuenta.cambiar_clave":               "Clave cambiada",
	"cuenta.cambiar_rol":                 "Rol de la cuenta cambiado",
	"cuenta.crear":                       "Cuenta creada",
	"cuenta.deshabilitar":                "Cuenta deshabilitada",
	"cuenta.habilitar":                   "Cuenta habilitada",
	"cuenta.restablecer_clave":           "Clave restablecida por el administrador",
	"declaracion.actualizar":             "Declaración corregida",
	"declaracion.crear":                  "Declaración registrada",
	"demo.generar":                       "Datos de demostración generados",
	"dia_inhabil.agregar":                "Día inhábil agregado",
	"dia_inhabil.quitar":                 "Día inhábil quitado",
	"importar.sanciones":                 "Importación de actos sancionatorios",
	"importar.operaciones":               "Importación de operaciones",
	"importar.usuarios":                  "Importación de usuarios aduaneros",
	"liquidacion.ajustar_cuenta":         "Cuenta de la liquidación ajustada",
	"operaciones.actualizar":             "Operaciones corregidas",
	"operaciones.crear":                  "Operaciones registradas",
	"parametro.quorum":                   "Quórum de las sesiones fijado",
	"registro.actualizar":                "Vigencia de la autorización corregida",
	"registro.crear":                     "Autorización, habilitación o registro registrado",
	"seccional.cambiar":                  "Dirección Seccional corregida",
	"seccional.crear":                    "Dirección Seccional agregada",
	"seccional.migrar":                   "Direcciones Seccionales convertidas al catálogo",
	"caso.norma_aplicable":               "Norma aplicable registrada",
	"cuenta.cargo":                       "Cargo de la cuenta registrado",
	"cuenta.correo":                      "Dirección de correo de la cuenta registrada",
	"cuenta.avisos":                      "Avisos por correo elegidos",
	"correo.reintentar":                  "Correo fallido puesto de nuevo en la cola",
	"sesion.aplazar":                     "Sesión del Comité aplazada",
	"sesion.aplazar_caso":                "Caso del orden del día aplazado",
	"sesion.acta":                        "Acta de la sesión emitida",
	"sesion.asistencia":                  "Asistencia de la sesión registrada",
	"sesion.cerrar":                      "Sesión del Comité cerrada",
	"sesion.convocar":                    "Sesión del Comité convocada",
	"sesion.ingreso":                     "Ingreso a la aplicación",
	"sesion.ingreso_rechazado":           "Ingresos rechazados",
	"sesion.cerrada_por_directorio":      "Sesiones cerradas: el directorio ya no da acceso",
	"sesion.orden":                       "Orden del día de la sesión",
	"sesion.salida":                      "Salida de la aplicación",
	"termino_interno.fijar":              "Término interno fijado",
	"usuario.actualizar":                 "Usuario aduanero corregido",
	"usuario.crear":                      "Usuario aduanero registrado",
	"uvt.agregar":                        "UVT agregada",
	"uvt.corregir":                       "UVT corregida",
}

// AccionAuditoria is an action of the audit log as people read it. An
// action without a label («caso.algo_nuevo») reads «Caso: algo nuevo».
func AccionAuditoria(codigo string) string {
	if e, ok := acciones[codigo]; ok {
		return e
	}
	obj, acc, ok := strings.Cut(codigo, ".")
	if !ok {
		return sinEtiqueta(codigo)
	}
	return sinEtiqueta(obj) + ": " + strings.ReplaceAll(acc, "_", " ")
}

// campos are the fields of an audit entry's detail, as people read them.
var campos = map[string]string{
	"a": "A", "de": "De", "del": "Del", "i": "Índice",
	"accion": "Acción", "actos": "Actos", "actualizadas": "Filas actualizadas", "allanamiento": "Allanamiento",
	"anclaje": "Año de referencia", "anio": "Año", "anio_final": "Año final", "anio_inicial": "Año inicial",
	"anio_referencia": "Año de referencia", "antecedentes": "Antecedentes", "antes": "Antes",
	"antes_predeterminado": "Antes (valor predeterminado)", "archivo": "Archivo", "autorizacion": "Autorización",
	"bytes": "Tamaño (bytes)", "caso": "Caso", "clase": "Clase", "clave_anterior": "Clave anterior",
	"codigo": "Código", "concepto_id": "Concepto (n.º interno)", "con_declaraciones": "Con declaraciones",
	"conjunto_reglas": "Conjunto de reglas", "criterios_cancelacion": "Criterios de cancelación",
	"cuenta": "Cuenta", "debe_cambiar_clave": "Debe cambiar la clave", "decision": "Decisión",
	"declaraciones": "Declaraciones", "desde": "Desde", "despues": "Después",
	"direccion_seccional": "Dirección Seccional", "dos_actos": "Con dos actos", "espera_segundos": "Espera (segundos)",
	"evaluacion_anterior": "Evaluación anterior", "evaluacion_id": "Evaluación (n.º interno)", "evaluacion_version": "Versión de la evaluación",
	"exito": "Éxito", "fecha": "Fecha", "fecha_comision": "Fecha de comisión", "fecha_expedicion": "Fecha de expedición",
	"fecha_firmeza": "Fecha de firmeza", "fecha_rea": "Fecha del requerimiento especial aduanero",
	"fecha_sesion": "Fecha de la sesión", "fecha_verificacion": "Fecha de verificación", "fila": "Fila", "filas": "Filas",
	"filas_convertidas": "Filas convertidas", "firma": "Firma", "formato": "Formato", "gravedad": "Gravedad",
	"habilitacion": "Habilitación", "hasta": "Hasta", "hecho_distinto_de": "Hecho distinto del caso", "hora": "Hora",
	"impacto_comercio": "Impacto sobre el comercio exterior", "importacion": "Importación",
	"incremento_comite_uvt": "Incremento del Comité (UVT)", "infraccion": "Infracción", "insertadas": "Filas nuevas",
	"intentos_rechazados": "Intentos rechazados", "justo_debajo": "Justo debajo del umbral", "justo_encima": "Justo encima del umbral",
	"lugar": "Lugar", "miembros": "Miembros", "minimo_actos": "Mínimo de actos", "modalidad": "Modalidad",
	"motivacion": "Motivación", "motivo": "Motivo", "muy_por_encima": "Muy por encima del umbral",
	"naturaleza_hechos": "Naturaleza de los hechos", "nit": "NIT", "nombre": "Nombre", "nota": "Nota", "numero": "Número",
	"numero_acto": "Número del acto", "numero_declaracion": "Número de la declaración",
	"operaciones_anuales": "Operaciones anuales", "operaciones_sin_cargar": "Operaciones sin cargar",
	"perjuicio_estado": "Perjuicio al Estado", "permite_cancelacion": "Permite la cancelación en sustitución",
	"posicion": "Posición", "preside": "Preside", "problemas": "Problemas", "procede_ahora": "Procede ahora",
	"procede_antes": "Procedía antes", "procede_comite": "Procede el Comité", "propuesta": "Propuesta",
	"quorum": "Quórum", "quorum_minimo": "Quórum mínimo", "razon": "Razón", "razon_social": "Razón social",
	"reemplaza_anterior": "Reemplaza la anterior", "registrado_en": "Registrado el", "registrado_por": "Registrado por",
	"registro": "Registro", "registro_vencido": "Con registro vencido", "registros": "Registros", "resolucion": "Resolución",
	"resultado": "Resultado", "rol": "Rol", "sancion": "Sanción", "sancion_prevista": "Sanción prevista",
	"sancion_prevista_cop": "Multa prevista", "secretario": "Secretario", "sembradas": "Sembradas", "semilla": "Semilla",
	"sesion": "Sesión", "sesiones_cerradas": "Sesiones cerradas", "sha256": "SHA-256", "sha256_contenido": "SHA-256 del contenido",
	"simulacion": "Simulación", "sin_cambios": "Filas sin cambios", "sin_convertir": "Sin convertir",
	"sin_operaciones": "Sin operaciones", "tabla": "Tabla", "tamano": "Tamaño", "texto": "Texto", "tipo": "Tipo",
	"tipo_usuario": "Tipo de usuario", "umbral_por_mil": "Umbral (por mil)", "usuarios_aduaneros": "Usuarios aduaneros",
	"uvt": "UVT", "valor": "Valor", "valor_cop": "Valor", "ventana_anterior": "Ventana anterior",
	"ventana_minutos": "Ventana (minutos)", "version": "Versión", "version_anterior": "Versión anterior",
	"vigente_desde": "Vigente desde", "vigente_hasta": "Vigente hasta",
	"dias_inhabiles": "Días inhábiles", "dias_reporte": "Días para el reporte", "columnas": "Columnas", "muestra": "Muestra",
	"fuente": "Fuente", "creada": "Creada", "calculada": "Calculada", "id": "Identificador", "series": "Series",
	"uvt_anio": "Año de la UVT", "uvt_valor_cop": "Valor de la UVT", "incremento_cop": "Incremento de 1.000 UVT",
	"total_cop": "Total propuesto", "corrige_id": "Corrige el concepto (n.º interno)", "motivo_correccion": "Motivo de la corrección",
	"fecha_anterior": "Fecha anterior", "hora_anterior": "Hora anterior", "norma": "Norma aplicable", "cargo": "Cargo",
	"valor_ajustado": "Valor ajustado", "evaluacion": "Evaluación (n.º interno)", "concepto": "Concepto (n.º interno)",
	"origen": "Origen", "error": "Error", "sesiones": "Sesiones", "tokens_revocados": "Enlaces de calendario revocados",
}

// Campo is a field of an audit entry's detail.
func Campo(codigo string) string { return de(campos, codigo) }

// Par is one line of a detail: a label and a value written for people.
type Par struct {
	Etiqueta string
	Valor    string
}

// DetalleAuditoria writes the JSON detail of an audit entry as pairs
// «Etiqueta: valor»: fields by their label, codes of a known field (tipo,
// gravedad, estado…) by theirs, amounts in pesos, dates as DD/MM/AAAA,
// instants in Bogotá time, yes/no as Sí/No. Nested objects (antes, después)
// prefix their fields: «Antes — Razón social». Text that is not a JSON
// object is shown as one pair «Detalle».
func DetalleAuditoria(detalleJSON string) []Par {
	s := strings.TrimSpace(detalleJSON)
	if s == "" || s == "null" || s == "{}" {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader([]byte(s)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return []Par{{"Detalle", s}}
	}
	// An adjusted count of the liquidation («calculada» beside it) is a
	// number, not pesos.
	if m, ok := v.(map[string]any); ok {
		if _, conteo := m["calculada"]; conteo {
			if x, ok := m["valor"]; ok {
				delete(m, "valor")
				m["valor_ajustado"] = x
			}
		}
	}
	var out []Par
	aplanar("", "", v, &out)
	return out
}

func aplanar(prefijo, clave string, v any, out *[]Par) {
	etiqueta := prefijo
	if clave != "" {
		if etiqueta != "" {
			etiqueta += " — "
		}
		etiqueta += Campo(clave)
	}
	if etiqueta == "" {
		etiqueta = "Detalle"
	}
	switch x := v.(type) {
	case map[string]any:
		claves := make([]string, 0, len(x))
		for k := range x {
			claves = append(claves, k)
		}
		sort.Strings(claves)
		p := prefijo
		if clave != "" {
			p = etiqueta
		}
		for _, k := range claves {
			aplanar(p, k, x[k], out)
		}
	case []any:
		if len(x) == 0 {
			*out = append(*out, Par{etiqueta, "Ninguno"})
			return
		}
		simples := true
		for _, e := range x {
			switch e.(type) {
			case map[string]any, []any:
				simples = false
			}
		}
		if simples {
			var vs []string
			for _, e := range x {
				vs = append(vs, valor(clave, e))
			}
			*out = append(*out, Par{etiqueta, strings.Join(vs, "; ")})
			return
		}
		for i, e := range x {
			aplanar(fmt.Sprintf("%s %d", etiqueta, i+1), "", e, out)
		}
	default:
		*out = append(*out, Par{etiqueta, valor(clave, v)})
	}
}

// valor writes one value of the field clave for people.
func valor(clave string, v any) string {
	switch x := v.(type) {
	case nil:
		return Guion
	case bool:
		return formato.SiNo(x)
	case json.Number:
		d, err := decimal.NewFromString(x.String())
		if err != nil {
			return x.String()
		}
		if esMonto(clave) {
			return formato.Pesos(d)
		}
		if esIdentificador(clave) || d.Abs().LessThan(decimal.NewFromInt(10000)) && d.IsInteger() {
			return d.String()
		}
		if d.IsInteger() {
			return formato.Numero(d, 0)
		}
		return strings.Replace(d.String(), ".", ",", 1)
	case string:
		return texto(clave, x)
	}
	return fmt.Sprint(v)
}

// texto writes a text value: codes of a known field by their label, amounts,
// dates and instants in Colombian format, anything else as it is.
func texto(clave, s string) string {
	switch clave {
	case "tipo", "tipo_usuario":
		if _, ok := tiposUsuario[s]; ok {
			return TipoUsuario(s)
		}
		if _, ok := aliasTipo[s]; ok {
			return TipoUsuario(s)
		}
	case "gravedad":
		return Gravedad(s)
	case "sancion":
		return Sancion(s)
	case "estado", "de_estado", "hacia", "desde_estado":
		return Estado(s)
	case "decision", "propuesta":
		return Decision(s)
	case "clase":
		if _, ok := clases[s]; ok {
			return ClaseRegistro(s)
		}
	case "rol":
		return Rol(s)
	case "anclaje":
		return Anclaje(s)
	case "modalidad":
		return Modalidad(s)
	case "de", "a":
		if _, err := permisos.ParseRol(s); err == nil {
			return Rol(s)
		}
		if esEstado(s) {
			return Estado(s)
		}
	}
	if _, ok := alertas[s]; ok {
		return AlertaDe(s).Texto
	}
	if esMonto(clave) {
		if d, err := decimal.NewFromString(s); err == nil {
			return formato.Pesos(d)
		}
	}
	if f, err := fecha.ParseISO(s); err == nil {
		return formato.Fecha(f)
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return formato.Instante(t)
	}
	if s == "" {
		return Guion
	}
	return s
}

// esMonto says whether a field holds pesos.
func esMonto(clave string) bool {
	return strings.HasSuffix(clave, "_cop") || clave == "valor" || clave == "sancion_prevista"
}

// esIdentificador says whether a number is an identifier or a year, shown
// without thousands separators.
func esIdentificador(clave string) bool {
	return clave == "anio" || strings.HasPrefix(clave, "anio_") || strings.HasSuffix(clave, "_id") || clave == "id" ||
		clave == "semilla" || clave == "version" || strings.HasSuffix(clave, "_version") || clave == "fila" || clave == "bytes"
}

// objetos are the kinds of object an audit entry names («caso:CF-2026-001»).
var objetos = map[string]string{
	"acto": "Acto", "archivo": "Archivo", "caso": "Caso", "clave_auditoria": "Clave de la auditoría", "cuenta": "Cuenta",
	"declaracion": "Declaración", "dia_inhabil": "Día inhábil", "importacion": "Importación", "migracion": "Migración",
	"parametro": "Parámetro", "seccional": "Dirección Seccional", "sesion": "Sesión", "termino_interno": "Término interno",
	"usuario": "Usuario aduanero", "uvt": "UVT", "demo": "Datos de demostración",
}

// ObjetoAuditoria is the object of an audit entry for people: «Caso
// CF-2026-001», «Día inhábil 24/12/2026», «Parámetro: quórum mínimo».
func ObjetoAuditoria(objeto string) string {
	tipo, id, ok := strings.Cut(objeto, ":")
	if !ok {
		if e, ok := objetos[objeto]; ok {
			return e
		}
		return objeto
	}
	e, conocido := objetos[tipo]
	if !conocido {
		return objeto
	}
	switch tipo {
	case "dia_inhabil":
		if f, err := fecha.ParseISO(id); err == nil {
			id = formato.Fecha(f)
		}
	case "parametro":
		if id == "quorum_minimo" {
			id = "quórum mínimo"
		}
	case "termino_interno":
		id = strings.ReplaceAll(id, "_", " ")
	case "migracion":
		return e + " del catálogo de Direcciones Seccionales"
	}
	return e + " " + id
}

// esEstado says whether a code is a state of a case.
func esEstado(s string) bool {
	for _, e := range flujo.Estados {
		if string(e) == s {
			return true
		}
	}
	return false
}
