package web

import (
	"errors"
	"net/http"
	"net/url"
	"strings"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// The Comité's concepto: form → confirmation page showing exactly what will
// be recorded → record, always inside a session of the Comité (the date and
// the members come from it). After that it is read-only: no route edits or deletes
// a concepto; a correction is a new linked record with its reason.

// leerConcepto reads the concepto form.
func leerConcepto(c echo.Context) (flujo.Concepto, url.Values, map[string]string) {
	form, _ := c.FormParams()
	errs := map[string]string{}
	var k flujo.Concepto
	if s := strings.TrimSpace(form.Get("fecha_sesion")); s != "" {
		f, msg := leerFechaFormulario(s)
		if msg != "" {
			errs["fecha_sesion"] = msg
		}
		k.FechaSesion = f
	}
	for _, m := range strings.Split(form.Get("miembros"), "\n") {
		if m = strings.TrimSpace(m); m != "" {
			k.Miembros = append(k.Miembros, m)
		}
	}
	k.Decision = flujo.Decision(form.Get("decision"))
	k.Motivacion = map[string]string{}
	for _, cr := range flujo.CriteriosComite {
		k.Motivacion[cr.Clave] = form.Get("motivacion." + cr.Clave)
	}
	k.CriteriosCancelacion = form["criterios_cancelacion"]
	return k, form, errs
}

func (h *handler) formConcepto(caso dominio.Caso, k flujo.Concepto, correccion bool, motivo string, errs map[string]string, segundaRuta bool) templates.FormConcepto {
	f := templates.FormConcepto{
		CasoID: caso.ID, Numero: caso.Numero, Usuario: caso.RazonSocial + " · " + caso.NIT, Correccion: correccion,
		Miembros: strings.Join(k.Miembros, "\n"), Decision: string(k.Decision), MotivoCorreccion: motivo,
		Errores: templates.Errores{}, Volver: urls.Caso(caso.ID),
	}
	if correccion {
		f.Accion = urls.CasoCorreccion(caso.ID)
	}
	if !k.FechaSesion.IsZero() {
		f.FechaSesion = formato.Fecha(k.FechaSesion)
	}
	f.SegundaRuta = segundaRuta
	for _, d := range flujo.Decisiones(segundaRuta) {
		if correccion && d != k.Decision {
			continue
		}
		f.Decisiones = append(f.Decisiones, templates.Opcion{Valor: string(d), Texto: d.Etiqueta(), Seleccionada: d == k.Decision})
	}
	for _, cr := range flujo.CriteriosComite {
		f.Motivacion = append(f.Motivacion, templates.CriterioVista{Clave: cr.Clave, Etiqueta: cr.Etiqueta, Texto: k.Motivacion[cr.Clave]})
	}
	marcado := map[string]bool{}
	for _, x := range k.CriteriosCancelacion {
		marcado[x] = true
	}
	for _, cr := range flujo.CriteriosCancelacion {
		f.Criterios = append(f.Criterios, templates.OpcionMarcada{Valor: cr.Clave, Texto: cr.Etiqueta, Marcada: marcado[cr.Clave]})
	}
	for c, m := range errs {
		f.Errores[c] = m
	}
	return f
}

// sesionFija looks up the session the concepto in force of a case was
// recorded in: a correction keeps its date (f shows it instead of asking it;
// k takes it when the form sent none).
func (h *handler) sesionFija(c echo.Context, casoID int64, f *templates.FormConcepto, k *flujo.Concepto) error {
	ctx := c.Request().Context()
	cs, err := h.d.Conceptos(ctx, casoID)
	if err != nil || len(cs) == 0 || cs[len(cs)-1].SesionID == 0 {
		return err
	}
	s, err := h.d.SesionComite(ctx, cs[len(cs)-1].SesionID)
	if err != nil {
		return err
	}
	if f != nil {
		f.SesionFija = "Sesión " + s.Numero + " del " + s.Sesion.Fecha.DMA() + ", " + s.Sesion.Hora
	}
	if k != nil {
		k.FechaSesion = s.Sesion.Fecha
	}
	return nil
}

func (h *handler) conceptoPagina(c echo.Context, correccion bool) error {
	ctx := c.Request().Context()
	caso, err := h.cargarCaso(c)
	if err != nil {
		return err
	}
	cx, err := h.x.Contexto(ctx, caso)
	if err != nil {
		return err
	}
	accion := flujo.EmitirConcepto
	if correccion {
		accion = flujo.CorregirConcepto
	}
	if msg := pasoNoPermitido(cuentaDe(c), accion, cx); msg != "" {
		return h.mostrarCaso(c, caso, http.StatusConflict, msg, nil)
	}
	ses, err := h.sesionDeRuta(c)
	if err != nil {
		return err
	}
	if !correccion && ses == nil {
		return echo.NewHTTPError(http.StatusNotFound) // every concepto is born in a session
	}
	k := flujo.Concepto{FechaSesion: h.d.Hoy()}
	var original *templates.ConceptoVista
	if correccion {
		cs, err := h.d.Conceptos(ctx, caso.ID)
		if err != nil {
			return err
		}
		if len(cs) > 0 {
			k = cs[len(cs)-1].Concepto
			v := templates.ConceptoDe(cs[len(cs)-1], nil)
			original = &v
		}
	}
	f := h.formConcepto(caso, k, correccion, "", nil, cx.SegundaRuta)
	f.Original = original
	templates.ConceptoEnSesion(&f, ses)
	if correccion {
		if err := h.sesionFija(c, caso.ID, &f, nil); err != nil {
			return err
		}
	}
	return h.render(c, http.StatusOK, templates.ConceptoFormPagina(h.pagina(c, "Concepto del Comité · "+caso.Numero, "casos"), f))
}

func (h *handler) conceptoPost(c echo.Context, correccion bool) error {
	ctx := c.Request().Context()
	caso, err := h.cargarCaso(c)
	if err != nil {
		return err
	}
	ses, err := h.sesionDeRuta(c)
	if err != nil {
		return err
	}
	if !correccion && ses == nil {
		return echo.NewHTTPError(http.StatusNotFound) // every concepto is born in a session
	}
	k, form, errs := leerConcepto(c)
	if ses != nil {
		// The date and the members come from the session, never from the form.
		delete(errs, "fecha_sesion")
		k.FechaSesion, k.Miembros = ses.Sesion.Fecha, nil
		for _, m := range ses.Sesion.Miembros {
			k.Miembros = append(k.Miembros, m.Texto())
		}
	}
	if correccion && k.FechaSesion.IsZero() {
		// A concepto recorded in a session keeps its date: the form does not ask it.
		if err := h.sesionFija(c, caso.ID, nil, &k); err != nil {
			return err
		}
	}
	motivo := strings.TrimSpace(form.Get("motivo_correccion"))
	titulo := "Concepto del Comité · " + caso.Numero
	cx, err := h.x.Contexto(ctx, caso)
	if err != nil {
		return err
	}
	formulario := func(status int, errs map[string]string) error {
		f := h.formConcepto(caso, k, correccion, motivo, errs, cx.SegundaRuta)
		templates.ConceptoEnSesion(&f, ses)
		if correccion {
			if err := h.sesionFija(c, caso.ID, &f, nil); err != nil {
				return err
			}
		}
		if correccion { // a correction keeps the decision in force: offer only it
			if cs, err := h.d.Conceptos(ctx, caso.ID); err == nil && len(cs) > 0 {
				d := cs[len(cs)-1].Concepto.Decision
				f.Decisiones = []templates.Opcion{{Valor: string(d), Texto: d.Etiqueta(), Seleccionada: true}}
			}
		}
		return h.render(c, status, templates.ConceptoFormPagina(h.pagina(c, titulo, "casos"), f))
	}
	if len(errs) > 0 {
		return formulario(http.StatusUnprocessableEntity, errs)
	}
	if form.Get("paso") == "editar" {
		return formulario(http.StatusOK, nil)
	}
	if form.Get("paso") == "confirmar" {
		var err error
		aviso := "concepto_registrado"
		switch {
		case correccion:
			_, err = h.x.CorregirConcepto(ctx, caso.ID, k, motivo, actorCaso(c))
			aviso = "concepto_corregido"
		default:
			_, err = h.x.RegistrarConceptoEnSesion(ctx, ses.ID, caso.ID, k, actorCaso(c))
			if err == nil {
				return redirigir(c, urls.Sesion(ses.ID)+"?aviso=concepto_registrado")
			}
		}
		if err == nil {
			return redirigir(c, urls.Caso(caso.ID)+"?aviso="+aviso)
		}
		var ec *db.ErrConcepto
		if errors.As(err, &ec) {
			return formulario(http.StatusUnprocessableEntity, ec.Campos)
		}
		msg, _, otro := errorDeCaso(err)
		if otro != nil {
			return otro
		}
		return h.mostrarCaso(c, caso, http.StatusConflict, msg, nil)
	}
	// paso=revisar: the step must be allowed now, and the concepto valid.
	accion := flujo.EmitirConcepto
	if correccion {
		accion = flujo.CorregirConcepto
	}
	if msg := pasoNoPermitido(cuentaDe(c), accion, cx); msg != "" {
		return h.mostrarCaso(c, caso, http.StatusConflict, msg, nil)
	}
	var problemas map[string]string
	if correccion {
		problemas, err = h.x.ValidarCorreccionCaso(ctx, caso.ID, k, motivo)
	} else {
		problemas, err = h.x.ValidarConceptoCaso(ctx, caso.ID, k)
	}
	if err != nil {
		return err
	}
	if len(problemas) > 0 {
		return formulario(http.StatusUnprocessableEntity, problemas)
	}
	// What is confirmed is what will be recorded: trimmed, without repeated members.
	k = flujo.NormalizarConcepto(k)
	f := h.formConcepto(caso, k, correccion, motivo, nil, cx.SegundaRuta)
	templates.ConceptoEnSesion(&f, ses)
	if correccion {
		if err := h.sesionFija(c, caso.ID, &f, nil); err != nil {
			return err
		}
	}
	vista := templates.ConceptoDe(dominio.ConceptoGuardado{Concepto: k}, nil)
	var ocultos []templates.Par
	ocultos = append(ocultos, templates.Par{Etiqueta: "fecha_sesion", Valor: k.FechaSesion.String()},
		templates.Par{Etiqueta: "miembros", Valor: strings.Join(k.Miembros, "\n")},
		templates.Par{Etiqueta: "decision", Valor: string(k.Decision)})
	for _, cr := range flujo.CriteriosComite {
		ocultos = append(ocultos, templates.Par{Etiqueta: "motivacion." + cr.Clave, Valor: strings.TrimSpace(k.Motivacion[cr.Clave])})
	}
	for _, x := range k.CriteriosCancelacion {
		ocultos = append(ocultos, templates.Par{Etiqueta: "criterios_cancelacion", Valor: x})
	}
	if correccion {
		ocultos = append(ocultos, templates.Par{Etiqueta: "motivo_correccion", Valor: motivo})
	}
	return h.render(c, http.StatusOK, templates.ConceptoConfirmarPagina(h.pagina(c, "Confirmar · "+titulo, "casos"),
		templates.ConfirmarConcepto{Form: f, Vista: vista, Ocultos: ocultos}))
}
