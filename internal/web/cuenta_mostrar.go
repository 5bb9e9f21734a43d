package web

import (
	"comite/internal/dominio"
	"net/http"
	"strconv"

	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// cuentaMostrar shows one account with the forms to change its role and state.
func (h *handler) cuentaMostrar(c echo.Context) error {
	cu, err := h.cuentaDeRuta(c)
	if err != nil {
		return err
	}
	return h.render(c, http.StatusOK, templates.CuentaDetallePagina(h.pagina(c, "Cuenta "+cu.Usuario, "cuentas"), h.vistaCuenta(c, cu, templates.Errores{})))
}

// vistaCuenta is the account page with what the store adds: the signer's
// cargo and the e-mail of the account.
func (h *handler) vistaCuenta(c echo.Context, cu dominio.Cuenta, errs templates.Errores) templates.CuentaDetalle {
	v := templates.CuentaDetalleDe(cu, errs, cu.ID == cuentaDe(c).ID)
	if f, err := h.d.Firmante(c.Request().Context(), cu.Usuario); err == nil {
		v.Cargo = f.Cargo
	}
	if dir, err := h.d.CorreoDeCuenta(c.Request().Context(), cu.ID); err == nil {
		v.Correo = dir
	}
	return v
}

// cuentaDeRuta reads the account named by :id (404 when it does not exist).
func (h *handler) cuentaDeRuta(c echo.Context) (dominio.Cuenta, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return dominio.Cuenta{}, echo.NewHTTPError(http.StatusNotFound)
	}
	// An unknown account is db.ErrCuentaNoExiste: answered 404 by its code.
	return h.d.CuentaPorID(c.Request().Context(), id)
}
