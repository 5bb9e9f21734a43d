package web

import (
	"net/http"

	"comite/internal/correo"
	"comite/internal/formato"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// cuentaCorreoFijar records the e-mail address of an account (audited);
// empty removes it (no notices reach the person).
func (h *handler) cuentaCorreoFijar(c echo.Context) error {
	cu, err := h.cuentaDeRuta(c)
	if err != nil {
		return err
	}
	valor := c.FormValue("correo")
	if len(valor) > 2000 {
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	}
	dir, err := correo.ValidarDireccion(valor)
	if err != nil {
		v := h.vistaCuenta(c, cu, templates.Errores{"correo": formato.MayusculaInicial(err.Error()) + "."})
		v.Correo = valor
		return h.render(c, http.StatusUnprocessableEntity, templates.CuentaDetallePagina(h.pagina(c, "Cuenta "+cu.Usuario, "cuentas"), v))
	}
	if err := h.d.FijarCorreoCuenta(c.Request().Context(), cu.ID, dir, actor(c)); err != nil {
		return err
	}
	return redirigir(c, rutaCuentaDe(cu.ID)+"?aviso=correo_guardado")
}
