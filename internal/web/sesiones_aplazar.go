package web

// Postponing a session that will not be held on its date, or a case of its
// orden del día that the session does not decide; and the messages that
// confirm each change to a session.

import (
	"net/http"
	"strings"

	"comite/internal/web/urls"

	"comite/internal/db"

	"github.com/labstack/echo/v4"
)

// sesionAplazar moves the session to a later date and time.
func (h *handler) sesionAplazar(c echo.Context) error {
	motivo := c.FormValue("motivo_sesion")
	if len(motivo) > 8000 {
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	}
	s, err := h.sesionDeRuta(c)
	if err != nil {
		return err
	}
	texto, hora := strings.TrimSpace(c.FormValue("fecha")), leerHora(c.FormValue("hora"))
	nueva, msg := leerFechaFormulario(texto)
	err = nil
	if texto == "" {
		err = &db.ErrFormulario{Campos: map[string]string{"fecha": "Indique la nueva fecha de la sesión."}}
	} else if msg != "" {
		err = &db.ErrFormulario{Campos: map[string]string{"fecha": msg}}
	}
	if err == nil {
		err = h.x.AplazarSesion(c.Request().Context(), s.ID, nueva, hora, motivo, actorCaso(c))
	}
	if err == nil {
		return redirigir(c, urls.Sesion(s.ID)+"?aviso=sesion_aplazada")
	}
	status, msg, campos, otro := errorDePaso(err)
	if otro != nil {
		return otro
	}
	if campos != nil {
		msg = "Revise los datos del aplazamiento."
		for k, m := range campos {
			campos["aplazar_"+k] = m
		}
	}
	actual, err := h.d.SesionComite(c.Request().Context(), s.ID)
	if err != nil {
		return err
	}
	return h.mostrarSesion(c, actual, status, msg, campos, "")
}
