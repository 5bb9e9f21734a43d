package web

import (
	"github.com/labstack/echo/v4"

	"comite/internal/web/urls"
)

// calendarioRevocar revokes the link in force.
func (h *handler) calendarioRevocar(c echo.Context) error {
	if err := h.d.RevocarTokenCalendario(c.Request().Context(), cuentaDe(c).ID, actor(c)); err != nil {
		return err
	}
	return redirigir(c, urls.Calendario+"?aviso=calendario_revocado")
}
