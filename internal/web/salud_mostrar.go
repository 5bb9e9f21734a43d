package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// saludMostrar answers 200 when the application can read its database.
func (h *handler) saludMostrar(c echo.Context) error {
	if err := h.d.PingContext(c.Request().Context()); err != nil {
		return c.String(http.StatusServiceUnavailable, "sin base de datos\n")
	}
	return c.String(http.StatusOK, "ok\n")
}
