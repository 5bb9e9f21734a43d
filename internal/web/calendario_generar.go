package web

import (
	"net/http"
	"net/url"

	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// calendarioGenerar creates a new link (revoking the one in force) and shows it once.
func (h *handler) calendarioGenerar(c echo.Context) error {
	cu := cuentaDe(c)
	token, err := h.d.GenerarTokenCalendario(c.Request().Context(), cu.ID, actor(c))
	if err != nil {
		return err
	}
	enlace := h.origen(c) + urls.CalendarioFeed + "?t=" + url.QueryEscape(token)
	v, err := h.vistaCalendario(c, enlace)
	if err != nil {
		return err
	}
	return h.render(c, http.StatusOK, templates.CalendarioPagina(h.pagina(c, "Calendario de vencimientos", "calendario"), v))
}
