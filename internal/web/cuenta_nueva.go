package web

import (
	"net/http"

	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// cuentaNueva shows the empty create-account form.
func (h *handler) cuentaNueva(c echo.Context) error {
	f := templates.FormCuenta{Roles: templates.OpcionesRol(""), Errores: templates.Errores{}}
	return h.render(c, http.StatusOK, templates.CuentaNuevaPagina(h.pagina(c, "Crear cuenta", "cuentas"), f))
}
