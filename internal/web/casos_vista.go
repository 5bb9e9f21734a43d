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
	"slices"
	"strconv"
	"strings"

	"comite/internal/calendario"
	"comite/internal/contrato"
	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/etiquetas"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/permisos"
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

// vistaCaso builds the whole case page for the signed-in role: it reads one
// snapshot of the case (db.LeerCaso), the people, the parsed evaluations
// (memoria) and the sessions, and hands them to the builders in templates.
func (h *handler) vistaCaso(c echo.Context, caso dominio.Caso) (templates.CasoDetalle, error) {
	ctx := c.Request().Context()
	cu := cuentaDe(c)
	// People by name, cargo and role, never by login.
	persona, err := h.personas(ctx)
	if err != nil {
		return templates.CasoDetalle{}, err
	}
	v := templates.CasoDe(caso, persona)
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
	v.Evaluacion.CreadaPor = persona(v.Evaluacion.CreadaPor)
	v.Graficos = ultima.graficos
	versiones := map[int64]int{}
	for _, e := range evs {
		versiones[e.ID] = e.Version
		var re *contrato.EvaluacionJSON
		if x, err := h.evaluacion(e); err == nil {
			re = &x.r
		}
		v.Versiones = append(v.Versiones, templates.VersionDe(e, re, persona))
	}
	cal := calendario.Nuevo(l.DiasInhabiles)
	var vence fecha.Fecha
	if r.PlazoReporte != "" {
		if vence, err = fecha.ParseISO(r.PlazoReporte); err != nil {
			return v, fmt.Errorf("plazo del reporte guardado ilegible en la evaluación del caso %s: %w", caso.Numero, err)
		}
	}
	v.Plazo = templates.PlazoDe(cal, h.d.Hoy(), caso, vence)
	if v.QueSigue, err = h.queSigue(ctx, cal, caso, l.Historia, l.Conceptos); err != nil {
		return v, err
	}
	v.Historia = templates.HistoriaDe(l.Historia, persona)
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
	pasos := flujo.Siguientes(cu.Rol, cx)
	var sesiones []dominio.SesionDeCaso
	if slices.ContainsFunc(pasos, func(p flujo.Paso) bool { return p.Accion == flujo.EmitirConcepto }) {
		if sesiones, err = h.d.SesionesDelCaso(ctx, caso.ID); err != nil {
			return v, err
		}
	}
	v.Acciones, v.Pendiente = templates.AccionesCaso(caso.ID, pasos, sesiones)
	// The Secretaría may still add to the first-step actions ("presentar" is
	// only offered when flujo allows it); tell what is missing.
	if cu.Rol == permisos.RolSecretaria && caso.Estado == flujo.EnEvaluacion {
		if _, err := flujo.Validar(flujo.Presentar, cu.Rol, cx); err != nil {
			v.Pendiente = "Para presentar al Comité: " + strings.TrimSuffix(err.Error(), ".") + "."
		}
	}
	_, errCrit := flujo.Validar(flujo.Reevaluar, cu.Rol, cx)
	v.PuedeCriterios = errCrit == nil
	v.Criterios = templates.CriteriosCasoDe(cx.SegundaRuta, caso.Criterios)
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
	for _, x := range l.Conceptos {
		k := templates.ConceptoDe(x, versiones)
		k.RegistradoPor = persona(k.RegistradoPor)
		v.Conceptos = append(v.Conceptos, k)
	}
	_, errCor := flujo.Validar(flujo.CorregirConcepto, cu.Rol, cx)
	v.PuedeCorregir = errCor == nil && len(l.Conceptos) > 0
	if pr := l.Propuesta; pr != nil {
		pv := templates.PropuestaDe(*pr, caso.SancionPrevista)
		pv.RegistradoPor = persona(pv.RegistradoPor)
		v.Propuesta = &pv
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
