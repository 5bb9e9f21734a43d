package web

import (
	"net/http"

	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// cuentaClaveRestablecer gives another account a temporary password, shown
// once in the answer (never in a redirect or a log); the person must change
// it at the next login. Administrators change their own password with
// "Cambiar mi clave", which asks for the current one.
func (h *handler) cuentaClaveRestablecer(c echo.Context) error {
	cu, err := h.cuentaDeRuta(c)
	if err != nil {
		return err
	}
	if cu.ID == cuentaDe(c).ID {
		return echo.NewHTTPError(http.StatusForbidden)
	}
	temporal, err := h.d.RestablecerClave(c.Request().Context(), cu.ID, actor(c))
	if err != nil { // an unknown account is db.ErrCuentaNoExiste: 404 by its code
		return err
	}
	return h.render(c, http.StatusOK, templates.ClaveTemporalPagina(h.pagina(c, "Clave restablecida", "cuentas"),
		templates.ClaveTemporal{Cuenta: templates.CuentaFilaDe(cu), Temporal: temporal}))
}
