package web

import (
	"net/http"
	"strings"

	"comite/internal/flujo"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// sesionConvocar records a new session.
func (h *handler) sesionConvocar(c echo.Context) error {
	f := templates.FormSesion{Fecha: strings.TrimSpace(c.FormValue("fecha")), Hora: strings.TrimSpace(c.FormValue("hora")), Modalidad: c.FormValue("modalidad"),
		Lugar: c.FormValue("lugar"), Preside: c.FormValue("preside"), Secretario: c.FormValue("secretario"), Miembros: c.FormValue("miembros"), Errores: templates.Errores{}}
	if len(f.Miembros) > 12000 || len(f.Lugar) > 1200 || len(f.Preside) > 800 || len(f.Secretario) > 800 {
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	}
	s := flujo.Sesion{Hora: leerHora(f.Hora), Modalidad: f.Modalidad, Lugar: f.Lugar, Preside: f.Preside, Secretario: f.Secretario, Miembros: leerMiembros(f.Miembros)}
	if f.Fecha != "" {
		d, msg := leerFechaFormulario(f.Fecha)
		if msg != "" {
			f.Errores["fecha"] = msg
			return h.sesionesPagina(c, http.StatusUnprocessableEntity, f, "Revise los campos marcados.")
		}
		s.Fecha = d
	}
	nueva, err := h.x.ConvocarSesion(c.Request().Context(), s, actorCaso(c))
	if err != nil {
		status, msg, campos, otro := errorDePaso(err)
		if otro != nil {
			return otro
		}
		for k, m := range campos {
			f.Errores[k] = m
		}
		return h.sesionesPagina(c, status, f, msg)
	}
	return redirigir(c, urls.Sesion(nueva.ID)+"?aviso=sesion_convocada")
}
