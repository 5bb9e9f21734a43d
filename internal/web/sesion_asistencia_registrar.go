package web

import (
	"net/http"

	"comite/internal/dominio"

	"github.com/labstack/echo/v4"
)

// sesionAsistencia records who attends, presides and acts as secretary.
func (h *handler) sesionAsistencia(c echo.Context) error {
	texto := c.FormValue("miembros")
	if len(texto) > 12000 {
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	}
	return h.pasoSesion(c, func(s *dominio.SesionComite) error {
		return h.x.RegistrarAsistencia(c.Request().Context(), s.ID, c.FormValue("preside"), c.FormValue("secretario"), leerMiembros(texto), actorCaso(c))
	}, texto, "asistencia_guardada")
}
