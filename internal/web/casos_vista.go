package web

// The case pages read here what they show (one snapshot of the case, the
// account, the people) and hand it to the view-model builders beside the
// templates. Nothing here decides a rule: figures come from the stored
// snapshot, steps from flujo.Siguientes, deadlines from internal/calendario.

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"comite/internal/calendario"
	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/etiquetas"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/normas"
	"comite/internal/permisos"
	"comite/internal/reincidencia"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// actorCaso is the signed-in account as the store's workflow needs it.
func actorCaso(c echo.Context) dominio.ActorCaso {
	a := dominio.ActorCaso{Actor: actor(c)}
	if cu := cuentaDe(c); cu != nil {
		a.Rol, a.Seccional = cu.Rol, cu.DireccionSeccional
	}
	a.Autorizada, _ = c.Get(claveAccionAutorizada).(permisos.Accion)
	return a
}

// cargarCaso reads the case of the route's :id; another Dirección Seccional's
// case is answered with 404, exactly like a case that does not exist.
func (h *handler) cargarCaso(c echo.Context) (dominio.Caso, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return dominio.Caso{}, echo.NewHTTPError(http.StatusNotFound)
	}
	caso, err := h.d.CasoWeb(c.Request().Context(), id) // dominio.Caso as a prepared statement
	if errors.Is(err, db.ErrCasoNoExiste) {
		return caso, echo.NewHTTPError(http.StatusNotFound)
	}
	if err != nil {
		return caso, err
	}
	if err := exigirSeccional(c, caso.DireccionSeccional); err != nil {
		return caso, err
	}
	return caso, nil
}

// errorDeCaso maps a store error of a case step: nil when it is a message for
// people (a refused step or a form problem), returned as (mensaje, campos).
func errorDeCaso(err error) (mensaje string, campos map[string]string, otro error) {
	return camposDeFallo(err)
}

// errorDePaso maps the error of a step of a case or a session to what the
// page shows again: 422 with the fields when a form was wrong, 409 when the
// step is refused in the object's state; otro is an error for the error
// handler (not found, busy, a fault).
func errorDePaso(err error) (status int, mensaje string, campos map[string]string, otro error) {
	mensaje, campos, otro = errorDeCaso(err)
	if otro != nil {
		return 0, "", nil, otro
	}
	if campos != nil {
		return http.StatusUnprocessableEntity, mensaje, campos, nil
	}
	return http.StatusConflict, mensaje, nil, nil
}

// calendarioCasos is the calendar with the authority's non-business days.
func (h *handler) calendarioCasos(ctx context.Context) (*calendario.Calendario, error) {
	dias, err := h.d.ListarDiasInhabiles(ctx)
	if err != nil {
		return nil, err
	}
	var fs []fecha.Fecha
	for _, d := range dias {
		fs = append(fs, d.Fecha)
	}
	return calendario.Nuevo(fs), nil
}

// vistaCaso builds the whole case page for the signed-in role.
func (h *handler) vistaCaso(c echo.Context, caso dominio.Caso) (templates.CasoDetalle, error) {
	ctx := c.Request().Context()
	cu := cuentaDe(c)
	v := templates.CasoDetalle{
		ID: caso.ID, Numero: caso.Numero, Estado: caso.Estado.Etiqueta(), EstadoClave: string(caso.Estado),
		Usuario: caso.RazonSocial, NIT: caso.NIT, TipoUsuario: etiquetas.TipoUsuario(caso.TipoUsuario),
		Seccional: caso.NombreSeccional, Descripcion: caso.Descripcion, Errores: templates.Errores{},
	}
	anclaje := etiquetas.LecturaAnclaje(string(caso.Anclaje))
	v.Datos = []templates.Par{
		{Etiqueta: "Fecha de comisión", Valor: formato.Fecha(caso.FechaComision)},
		{Etiqueta: "Verificación de los hechos", Valor: formato.Fecha(caso.FechaVerificacion)},
		{Etiqueta: "Expediente completo", Valor: formato.Fecha(caso.FechaExpediente)},
		{Etiqueta: "Requerimiento especial aduanero", Valor: formato.Fecha(caso.FechaRequerimiento)},
		{Etiqueta: "Gravedad", Valor: etiquetas.Gravedad(string(caso.Gravedad))},
		{Etiqueta: "Sanción prevista", Valor: etiquetas.Sancion(string(caso.Sancion))},
		{Etiqueta: "Multa prevista", Valor: formato.Pesos(caso.SancionPrevista)},
		{Etiqueta: "Permite cancelación en sustitución", Valor: formato.SiNo(caso.PermiteCancelacion)},
		{Etiqueta: "Año de referencia", Valor: anclaje},
		{Etiqueta: "Reportado", Valor: formato.Fecha(caso.FechaReporte) + " por " + caso.CreadoPor},
	}
	// One read snapshot for the whole page (db.LeerCaso); each stored
	// evaluation is parsed once and its view and charts kept (memoria.evaluacion).
	l, err := h.d.LeerCaso(ctx, caso)
	if err != nil {
		return v, fmt.Errorf("leer el caso %s: %w", caso.Numero, err)
	}
	evs := l.Evaluaciones
	ultima, err := h.evaluacion(evs[len(evs)-1])
	if err != nil {
		return v, err
	}
	r := ultima.r
	v.Evaluacion = ultima.vista
	versiones := map[int64]int{}
	for _, e := range evs {
		versiones[e.ID] = e.Version
		res := "No procede"
		if x, err := h.evaluacion(e); err == nil {
			switch x.r.Procede() {
			case reincidencia.Si:
				res = "Procede"
			case reincidencia.Desconocido:
				res = x.r.DatosIncompletos()
			}
		}
		v.Versiones = append(v.Versiones, templates.VersionEvaluacion{Version: e.Version, Creada: formato.InstanteTexto(e.CreadoEn), Por: e.CreadoPor, Motivo: e.Motivo, Procede: res})
	}
	cal := calendario.Nuevo(l.DiasInhabiles)
	var vence fecha.Fecha
	if r.PlazoReporte != "" {
		if vence, err = fecha.ParseISO(r.PlazoReporte); err != nil {
			return v, fmt.Errorf("plazo del reporte guardado ilegible en la evaluación del caso %s: %w", caso.Numero, err)
		}
	}
	base := reincidencia.FechaBasePlazo(reincidencia.NuevaInfraccion{FechaVerificacion: caso.FechaVerificacion, FechaExpediente: caso.FechaExpediente})
	v.Plazo = templates.PlazoVista{
		Base: formato.Fecha(base), Vence: formato.Fecha(vence), FechaReporte: formato.Fecha(caso.FechaReporte),
		Semaforo:   templates.PlazoDeReporte(cal, h.d.Hoy(), caso.FechaReporte, vence),
		Fundamento: normas.De(normas.PlazoReporte).Referencia() + "; " + normas.De(normas.DiasHabiles).Referencia() + " (días hábiles, con los días inhábiles declarados por la entidad)",
	}
	v.Plazo.EnPlazo = !caso.FechaReporte.Despues(vence)
	if v.Plazo.EnPlazo {
		v.Plazo.Texto = "El reporte se hizo dentro del plazo."
	} else {
		v.Plazo.Texto = "El reporte se hizo después del plazo. El retraso no anula el caso: se registra como tardío."
	}
	v.Graficos = ultima.graficos
	if v.QueSigue, err = h.queSigue(ctx, cal, caso, l.Historia, l.Conceptos); err != nil {
		return v, err
	}
	hist := l.Historia
	for i := len(hist) - 1; i >= 0; i-- { // newest first
		x := hist[i]
		ev := ""
		if x.EvaluacionVersion > 0 {
			ev = "v" + strconv.Itoa(x.EvaluacionVersion)
		}
		de := "—"
		if x.DeEstado != "" {
			de = x.DeEstado.Etiqueta()
		}
		v.Historia = append(v.Historia, templates.EventoVista{En: formato.InstanteTexto(x.En), Cuenta: x.Cuenta, IP: x.IP, De: de, A: x.AEstado.Etiqueta(), Detalle: x.Texto, Evaluacion: ev})
	}
	if n := l.NormaAplicable; n != nil {
		quien, err := h.persona(ctx, n.RegistradaPor)
		if err != nil {
			return v, err
		}
		v.NormaConfirmada = "Norma aplicable confirmada por " + quien + " el " + formato.Instante(n.Instante()) + ": " + n.Texto
	}
	v.PuedeNorma = v.Evaluacion.AvisoVigencia != "" && permisos.Puede(cu.Rol, permisos.EvaluarCaso) && caso.Estado != flujo.Cerrado && caso.Estado != flujo.NoProcede
	// What the role can do now: flujo decides.
	cx := expediente.ContextoCon(caso, r, l.InformeSobreUltima, l.NormaAplicable != nil)
	for _, p := range flujo.Siguientes(cu.Rol, cx) {
		a := templates.AccionCaso{Clave: string(p.Accion), Nombre: p.Nombre, Metodo: "post"}
		switch p.Accion {
		case flujo.IniciarEvaluacion:
			a.Ruta, a.ConNota = urls.CasoPaso(caso.ID, "iniciar"), true
		case flujo.Presentar:
			a.Ruta, a.ConNota = urls.CasoPaso(caso.ID, "presentar"), true
		case flujo.DeclararNoProcede:
			a.Ruta, a.ConNota, a.Confirmar = urls.CasoPaso(caso.ID, "no-procede"), true, "El caso quedará cerrado como «no procede». ¿Continuar?"
		case flujo.Reevaluar:
			a.Ruta, a.ConMotivo = urls.CasoPaso(caso.ID, "reevaluar"), true
		case flujo.EmitirConcepto:
			// Every concepto is born in a session: the button leads to the
			// session whose orden del día has the case, or says to add it.
			ss, err := h.d.SesionesDelCaso(ctx, caso.ID)
			if err != nil {
				return v, err
			}
			if len(ss) == 0 {
				a.Nombre, a.Ruta, a.Metodo = "Ir a las sesiones del Comité", urls.Sesiones, "get"
				v.Pendiente = "El concepto se registra dentro de una sesión del Comité: el caso aún no está en el orden del día de ninguna sesión. Agréguelo al orden del día de una sesión (Sesiones) y registre allí el concepto."
				break
			}
			s := ss[0]
			a.Nombre = "Registrar el concepto en la sesión " + s.Numero + " del " + s.Fecha.DMA()
			a.Ruta, a.Metodo = urls.Concepto(s.ID, caso.ID), "get"
		case flujo.CorregirConcepto, flujo.EmitirInforme:
			continue // offered beside the concepto (read-only) and the informes
		case flujo.Cerrar:
			a.Ruta, a.Metodo = urls.CasoCierre(caso.ID), "get"
		}
		v.Acciones = append(v.Acciones, a)
	}
	// The Secretaría may still add to the first-step actions ("presentar" is
	// only offered when flujo allows it); tell what is missing.
	if cu.Rol == permisos.RolSecretaria && caso.Estado == flujo.EnEvaluacion {
		if _, err := flujo.Validar(flujo.Presentar, cu.Rol, cx); err != nil {
			v.Pendiente = "Para presentar al Comité: " + strings.TrimSuffix(err.Error(), ".") + "."
		}
	}
	_, errCrit := flujo.Validar(flujo.Reevaluar, cu.Rol, cx)
	v.PuedeCriterios = errCrit == nil
	for _, k := range flujo.CriteriosDe(cx.SegundaRuta) {
		v.Criterios = append(v.Criterios, templates.CriterioVista{Clave: k.Clave, Etiqueta: k.Etiqueta, Ayuda: k.Ayuda, Texto: caso.Criterios[k.Clave]})
	}
	for _, i := range l.Informes {
		por, err := h.persona(ctx, i.EmitidoPor)
		if err != nil {
			return v, err
		}
		v.Informes = append(v.Informes, templates.InformeVista{
			Version: i.Version, SHA256: i.SHA256, EmitidoPor: por, EmitidoEn: formato.InstanteTexto(i.EmitidoEn),
			Evaluacion: "v" + strconv.Itoa(i.EvaluacionVersion), Tamano: formato.Entero(int64(i.Bytes)/1024) + " KB",
			Ruta: urls.CasoInforme(caso.ID, i.Version), Firma: db.TextoFirma(i.FirmaSujeto), Contenido: i.SHA256Contenido, SHA256Evaluacion: i.SHA256Evaluacion,
		})
	}
	if err := h.adjuntosDeVista(ctx, &v, caso, cu.Rol); err != nil {
		return v, err
	}
	_, errInf := flujo.Validar(flujo.EmitirInforme, cu.Rol, cx)
	v.PuedeEmitirInforme = permisos.Puede(cu.Rol, permisos.EmitirInforme) && errInf == nil
	if permisos.Puede(cu.Rol, permisos.EmitirInforme) && caso.Estado == flujo.EnEvaluacion && errInf != nil {
		v.InformePendiente = errInf.Error()
	}
	v.PuedeLiquidar = permisos.Puede(cu.Rol, permisos.VerLiquidacionCaso)
	cs := l.Conceptos
	for _, x := range cs {
		v.Conceptos = append(v.Conceptos, templates.ConceptoDe(x, versiones))
	}
	_, errCor := flujo.Validar(flujo.CorregirConcepto, cu.Rol, cx)
	v.PuedeCorregir = errCor == nil && len(cs) > 0
	if pr := l.Propuesta; pr != nil {
		pv := templates.PropuestaDe(*pr, caso.SancionPrevista)
		v.Propuesta = &pv
	}
	// People by name, cargo and role, never by login.
	persona, err := h.personas(ctx)
	if err != nil {
		return v, err
	}
	v.Evaluacion.CreadaPor = persona(v.Evaluacion.CreadaPor)
	for i := range v.Historia {
		v.Historia[i].Cuenta = persona(v.Historia[i].Cuenta)
	}
	for i := range v.Versiones {
		v.Versiones[i].Por = persona(v.Versiones[i].Por)
	}
	for i := range v.Conceptos {
		v.Conceptos[i].RegistradoPor = persona(v.Conceptos[i].RegistradoPor)
	}
	if v.Propuesta != nil {
		v.Propuesta.RegistradoPor = persona(v.Propuesta.RegistradoPor)
	}
	for i := range v.Datos {
		if v.Datos[i].Etiqueta == "Reportado" {
			v.Datos[i].Valor = formato.Fecha(caso.FechaReporte) + " por " + persona(caso.CreadoPor)
		}
	}
	return v, nil
}

// mostrarCaso renders the case page, with a message and field errors when a step was refused.
func (h *handler) mostrarCaso(c echo.Context, caso dominio.Caso, status int, mensaje string, campos map[string]string) error {
	v, err := h.vistaCaso(c, caso)
	if err != nil {
		return err
	}
	if mensaje != "" {
		v.Error = mensaje
	}
	for k, m := range campos {
		v.Errores[k] = m
	}
	p := h.pagina(c, "Caso "+caso.Numero, "casos")
	p.Graficos = len(v.Graficos) > 0
	return h.render(c, status, templates.CasoPagina(p, v))
}

// pasoNoPermitido is flujo's message when the account may not take the step
// now ("" when it may).
func pasoNoPermitido(cu *dominio.Cuenta, a flujo.Accion, cx flujo.Contexto) string {
	if cu == nil {
		return "Debe ingresar."
	}
	if _, err := flujo.Validar(a, cu.Rol, cx); err != nil {
		return err.Error()
	}
	return ""
}

// personas names accounts as the pages show people: by name, cargo and
// role (etiquetas.Persona), never by login; a login without account (a
// process such as «sistema», an account removed) as recorded.
func (h *handler) personas(ctx context.Context) (func(login string) string, error) {
	todas, err := h.d.Personas(ctx)
	if err != nil {
		return nil, err
	}
	return func(login string) string {
		if p, ok := todas[login]; ok {
			return etiquetas.Persona(p.Nombre, p.Cargo, p.Rol)
		}
		return login
	}, nil
}

// persona names one account as personas does.
func (h *handler) persona(ctx context.Context, login string) (string, error) {
	p, err := h.d.Firmante(ctx, login)
	return etiquetas.Persona(p.Nombre, p.Cargo, p.Rol), err
}
