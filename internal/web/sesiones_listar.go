package web

import (
	"net/http"

	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// sesionesListar shows the sessions (and the quorum form to the administrator).
func (h *handler) sesionesListar(c echo.Context) error {
	return h.sesionesPagina(c, http.StatusOK, templates.FormSesion{Modalidad: "presencial"}, "")
}
