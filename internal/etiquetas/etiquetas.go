// Package etiquetas is the one catalogue of the words people read for the
// codes comite stores: kinds of customs user, clases of registro, gravedad,
// sanción, states, decisions, criteria, routes, the alerts and notices of the
// evaluation and the screening, roles, and the actions and fields of the
// audit log. A page, a PDF, an export and an audit entry take the label from
// here; none shows a code to a person.
//
// Where a pure package already owns a concept and its label (the states and
// decisions of flujo, the words of sancion, the names of the rules in
// normas), this package asks it, so the text is written once; the rest is
// written here. A code without a label is shown in words ("sin etiqueta"
// plus the code with spaces), never bare, so a new code cannot slip through.
package etiquetas

import (
	"sort"
	"strings"

	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/normas"
	"comite/internal/permisos"
	"comite/internal/sancion"
)

// Guion is what a page shows for a value not given.
const Guion = "—"

// tiposUsuario are the kinds of customs user (docs/reglas.md §1). The import
// also accepts the aliases on the right of aliasTipo; they read the same.
var tiposUsuario = map[string]string{
	"agencia_de_aduanas":  "Agencia de aduanas",
	"deposito_habilitado": "Depósito habilitado",
	"usuario_zona_franca": "Usuario de zona franca",
	"oea":                 "Operador económico autorizado (OEA)",
	"transportador":       "Transportador",
	"declarante":          "Importador / exportador (declarante)",
	"otro":                "Otro",
}

// aliasTipo are spellings of a kind that older snapshots may hold.
var aliasTipo = map[string]string{
	"usuario_de_zona_franca":        "usuario_zona_franca",
	"operador_economico_autorizado": "oea",
	"importador":                    "declarante",
	"exportador":                    "declarante",
	"importador_exportador":         "declarante",
}

// TipoUsuario is the kind of customs user as people read it.
func TipoUsuario(codigo string) string {
	if codigo == "" {
		return "No indicado"
	}
	if a, ok := aliasTipo[codigo]; ok {
		codigo = a
	}
	return de(tiposUsuario, codigo)
}

var clases = map[string]string{"autorizacion": "Autorización", "habilitacion": "Habilitación", "registro": "Registro"}

// ClasesRegistro are the clases of registro, in the order forms offer them.
var ClasesRegistro = []string{"autorizacion", "habilitacion", "registro"}

// EsClaseRegistro says whether a code is a clase of registro.
func EsClaseRegistro(codigo string) bool { _, ok := clases[codigo]; return ok }

// ClaseRegistro is the clase of an autorización, habilitación o registro.
func ClaseRegistro(codigo string) string { return de(clases, codigo) }

// Gravedad is the gravedad of an infraction as a label: «Gravísima».
func Gravedad(codigo string) string {
	if codigo == "" {
		return Guion
	}
	return formato.MayusculaInicial(sancion.Gravedad(codigo).Etiqueta())
}

// Sancion is the kind of sanction as a label: «Amonestación».
func Sancion(codigo string) string {
	if codigo == "" {
		return Guion
	}
	return formato.MayusculaInicial(sancion.Tipo(codigo).Etiqueta())
}

// Estado is the state of a case (flujo owns the words).
func Estado(codigo string) string {
	if codigo == "" {
		return Guion
	}
	return flujo.Estado(codigo).Etiqueta()
}

// Decision is the Comité's decision (flujo owns the words).
func Decision(codigo string) string {
	if codigo == "" {
		return Guion
	}
	return flujo.Decision(codigo).Etiqueta()
}

// Criterio is a criterion of the concepto: one of the Comité's (motivación)
// or 5.1–5.7 for cancellation, with its name.
func Criterio(codigo string) string {
	for _, l := range [][]flujo.Criterio{flujo.CriteriosComite, flujo.CriteriosCancelacion} {
		for _, c := range l {
			if c.Clave == codigo {
				return c.Etiqueta
			}
		}
	}
	return sinEtiqueta(codigo)
}

// Regla is the name of a rule of the table of citations (normas owns the words).
func Regla(codigo string) string { return normas.Nombre(codigo) }

var rutas = map[string]string{
	"reincidencia":               "Reincidencia (art. 25 inc. 1, por posición)",
	"cancelacion_en_sustitucion": "Cancelación en sustitución de la multa (art. 25, último inciso, por posición)",
}

// Ruta is how a case reaches the Comité.
func Ruta(codigo string) string { return de(rutas, codigo) }

var anclajes = map[string]string{
	"comision":     "Año de la comisión menos uno",
	"verificacion": "Año de la verificación menos uno",
}

// Anclaje is the reading of the reference year.
func Anclaje(codigo string) string { return de(anclajes, codigo) }

// LecturaAnclaje is the reading of the reference year a case or an
// evaluation applies: the verification's when it says so, otherwise the
// commission's (the default reading).
func LecturaAnclaje(codigo string) string {
	if codigo != "verificacion" {
		codigo = "comision"
	}
	return Anclaje(codigo)
}

var motivos = map[string]string{
	"fuera_de_periodo": "Fuera del periodo de referencia",
	"gravedad_leve":    "Gravedad leve",
	"allanamiento":     "Allanamiento aceptado",
	"sin_firmeza":      "Sin firmeza (no tiene fecha de firmeza)",
}

// Motivo says why an act was left out of the count (docs/reglas.md §2.2).
func Motivo(codigo string) string { return de(motivos, codigo) }

// Alerta is an alert or notice: a short label and one sentence of help.
type Alerta struct {
	Texto string
	Ayuda string
}

var alertas = map[string]Alerta{
	"sin_operaciones":               {"Sin operaciones", "Operaciones del año de referencia cargadas en cero: con cualquier sanción el umbral se tiene por cumplido (criterio adoptado por la Secretaría Técnica, no texto de la norma)."},
	"faltan_operaciones":            {"Faltan operaciones", "No se han cargado las operaciones del año de referencia: el umbral y el resultado son desconocidos."},
	"anclaje_difiere":               {"El año de referencia cambia con la fecha", "El año de referencia cambia según se ancle en la comisión o en la verificación."},
	"uvt_no_disponible":             {"UVT no publicada", "No está cargada la UVT del año del incremento: no se conoce la multa con 1.000 UVT."},
	"norma_sin_vigencia_confirmada": {"Norma sin vigencia confirmada", "La comisión es posterior a la vigencia de todo conjunto de reglas cargado: confirme la norma aplicable."},
	"hecho_anterior_a_vigencia":     {"Hecho anterior a la vigencia", "La comisión es anterior a la vigencia de todo conjunto de reglas cargado: se aplicó el más antiguo."},
	"plazo_vencido":                 {"Plazo vencido", "El plazo para reportar el caso ya venció."},
	"dos_actos":                     {"Dos actos", "Exactamente dos actos que cuentan: uno más alcanza el mínimo de tres."},
	"ochenta_por_ciento":            {"≥ 80 % del umbral", "Sanciones al 80 % o más del 0,5 % de las operaciones, sin alcanzarlo."},
}

// AlertaDe is the label and help of an alert of the evaluation, of the
// liquidación or an early warning of the screening.
func AlertaDe(codigo string) Alerta {
	if a, ok := alertas[codigo]; ok {
		return a
	}
	return Alerta{Texto: sinEtiqueta(codigo)}
}

// Alertas joins the labels of several alerts: «Dos actos; Sin operaciones».
func Alertas(codigos []string) string {
	var ps []string
	for _, c := range codigos {
		ps = append(ps, AlertaDe(c).Texto)
	}
	return strings.Join(ps, "; ")
}

var requisitos = map[string]string{
	"registro_vigente":             "Autorización, habilitación o registro vigente",
	"infraccion_grave_o_gravisima": "Nueva infracción grave o gravísima",
	"minimo_tres_actos":            "Al menos tres actos sancionatorios en firme en el año de referencia",
	"umbral_cero_cinco":            "Sanciones iguales o superiores al 0,5 % de las operaciones",
}

// Requisito is a requisite of the committee test (art. 25 inc. 1 by position).
func Requisito(codigo string) string { return de(requisitos, codigo) }

// Rol is the role of an account as a label (permisos owns the words).
func Rol(codigo string) string {
	if r, err := permisos.ParseRol(codigo); err == nil {
		return r.Etiqueta()
	}
	return sinEtiqueta(codigo)
}

// Modalidad is the modality of a session of the Comité (flujo owns the words).
func Modalidad(codigo string) string {
	if e := flujo.EtiquetaModalidad(codigo); e != "" {
		return e
	}
	return sinEtiqueta(codigo)
}

// de looks a code up; "" is a dash and an unknown code is said in words.
func de(tabla map[string]string, codigo string) string {
	if codigo == "" {
		return Guion
	}
	if e, ok := tabla[codigo]; ok {
		return e
	}
	return sinEtiqueta(codigo)
}

// sinEtiqueta shows a code that has no label without its underscores, so a
// person reads words («otro tipo») rather than an identifier.
func sinEtiqueta(codigo string) string {
	if codigo == "" {
		return Guion
	}
	return formato.MayusculaInicial(strings.ReplaceAll(codigo, "_", " "))
}

// Codigos are the internal codes that have a label and never read as one
// (those that contain an underscore or a dot): a test scans pages, exports
// and the audit log for them.
func Codigos() []string {
	visto := map[string]bool{}
	agregar := func(c string) {
		if strings.ContainsAny(c, "_.") {
			visto[c] = true
		}
	}
	for _, t := range []map[string]string{tiposUsuario, aliasTipo, rutas, motivos, requisitos, acciones, campos} {
		for c := range t {
			agregar(c)
		}
	}
	for c := range alertas {
		agregar(c)
	}
	for _, e := range flujo.Estados {
		agregar(string(e))
	}
	for _, d := range append(flujo.Decisiones(false), flujo.Decisiones(true)...) {
		agregar(string(d))
	}
	out := make([]string, 0, len(visto))
	for c := range visto {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// Persona is how a page or a document names the person behind an account:
// «Sara Ruiz, Profesional especializada (Secretaría Técnica)», without the
// cargo when none is recorded, and only the name for a login with no
// account (rol "").
func Persona(nombre, cargo string, rol permisos.Rol) string {
	if rol == "" {
		return nombre
	}
	if cargo == "" {
		return nombre + " (" + Rol(string(rol)) + ")"
	}
	return nombre + ", " + cargo + " (" + Rol(string(rol)) + ")"
}
