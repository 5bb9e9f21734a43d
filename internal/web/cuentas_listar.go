package web

import (
	"net/http"

	"comite/internal/permisos"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// cuentasListar lists the accounts (admin manages them; auditor only reads).
func (h *handler) cuentasListar(c echo.Context) error {
	cuentas, err := h.d.ListarCuentas(c.Request().Context())
	if err != nil {
		return err
	}
	v := templates.CuentasDe(cuentas, permisos.Puede(cuentaDe(c).Rol, permisos.GestionarCuentas))
	return h.render(c, http.StatusOK, templates.CuentasPagina(h.pagina(c, "Cuentas", "cuentas"), v))
}
