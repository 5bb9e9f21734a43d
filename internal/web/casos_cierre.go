package web

import (
	"net/http"
	"strings"

	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// casosCierre: paso=revisar computes the proposal (by the core) and shows it;
// paso=confirmar records it and closes the case.
func (h *handler) casosCierre(c echo.Context) error {
	ctx := c.Request().Context()
	caso, err := h.cargarCaso(c)
	if err != nil {
		return err
	}
	f := templates.FormCierre{CasoID: caso.ID, Numero: caso.Numero, Usuario: caso.RazonSocial + " · " + caso.NIT,
		FechaREA: strings.TrimSpace(c.FormValue("fecha_rea")), Errores: templates.Errores{}}
	fallo := func(err error) error {
		msg, campos, otro := errorDeCaso(err)
		if otro != nil {
			return otro
		}
		f.Error, f.Propuesta = msg, nil
		for k, m := range campos {
			f.Errores[k] = m
		}
		status := http.StatusUnprocessableEntity
		if campos == nil {
			status = http.StatusConflict
		}
		return h.render(c, status, templates.CierrePagina(h.pagina(c, "Cerrar el caso "+caso.Numero, "casos"), f))
	}
	var rea fecha.Fecha
	if f.FechaREA != "" {
		var msg string
		if rea, msg = leerFechaFormulario(f.FechaREA); msg != "" {
			f.Errores["fecha_rea"] = msg
			return h.render(c, http.StatusUnprocessableEntity, templates.CierrePagina(h.pagina(c, "Cerrar el caso "+caso.Numero, "casos"), f))
		}
	}
	if c.FormValue("paso") == "confirmar" {
		if _, err := h.x.CerrarCaso(ctx, caso.ID, rea, actorCaso(c)); err != nil {
			return fallo(err)
		}
		return redirigir(c, urls.Caso(caso.ID)+"?aviso=caso_cerrado")
	}
	// Show the proposal only to a role that may close now (flujo decides).
	cx, err := h.x.Contexto(ctx, caso)
	if err != nil {
		return err
	}
	if msg := pasoNoPermitido(cuentaDe(c), flujo.Cerrar, cx); msg != "" {
		f.Error = msg
		return h.render(c, http.StatusConflict, templates.CierrePagina(h.pagina(c, "Cerrar el caso "+caso.Numero, "casos"), f))
	}
	p, err := h.x.ProponerREA(ctx, caso.ID, rea)
	if err != nil {
		return fallo(err)
	}
	pv := templates.PropuestaDe(p, caso.SancionPrevista)
	f.Propuesta = &pv
	f.FechaREA = formato.Fecha(rea)
	return h.render(c, http.StatusOK, templates.CierrePagina(h.pagina(c, "Cerrar el caso "+caso.Numero, "casos"), f))
}
