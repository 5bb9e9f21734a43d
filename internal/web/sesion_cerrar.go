package web

import (
	"github.com/labstack/echo/v4"

	"comite/internal/web/urls"
)

// sesionCerrar ends the session on the server and clears the cookie.
func (h *handler) sesionCerrar(c echo.Context) error {
	if t, _ := c.Get(claveToken).(string); t != "" {
		if err := h.d.CerrarSesion(c.Request().Context(), t, actor(c)); err != nil {
			return err
		}
	}
	h.borrarCookie(c, cookieSesion)
	return redirigir(c, urls.Login+"?salio=1")
}
