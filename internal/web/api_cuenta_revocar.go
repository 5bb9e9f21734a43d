package web

import (
	"errors"
	"net/http"

	"comite/internal/db"
	"comite/internal/web/urls"

	"github.com/labstack/echo/v4"
)

// apiCuentaRevocar revokes a service account: its token stops at once.
func (h *handler) apiCuentaRevocar(c echo.Context) error {
	err := h.d.RevocarCuentaServicio(c.Request().Context(), c.Param("nombre"), actor(c))
	if errors.Is(err, db.ErrCuentaServicioNoExiste) {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	if err != nil {
		return err
	}
	return redirigir(c, urls.AdminAPI+"?aviso=cuenta_api_revocada")
}
