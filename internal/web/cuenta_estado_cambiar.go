package web

import (
	"net/http"

	"comite/internal/web/urls"

	"github.com/labstack/echo/v4"
)

// cuentaEstadoCambiar enables or disables an account; disabling ends its
// sessions at once. An admin cannot disable their own account.
func (h *handler) cuentaEstadoCambiar(c echo.Context) error {
	cu, err := h.cuentaDeRuta(c)
	if err != nil {
		return err
	}
	var activa bool
	switch c.FormValue("activa") {
	case "si":
		activa = true
	case "no":
		activa = false
	default:
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	if cu.ID == cuentaDe(c).ID && !activa {
		return echo.NewHTTPError(http.StatusForbidden)
	}
	if err := h.d.CambiarEstadoCuenta(c.Request().Context(), cu.ID, activa, actor(c)); err != nil {
		return err
	}
	aviso := "cuenta_habilitada"
	if !activa {
		aviso = "cuenta_deshabilitada"
	}
	return redirigir(c, rutaCuentaDe(cu.ID)+"?aviso="+aviso)
}

func rutaCuentaDe(id int64) string { return urls.Cuenta(id) }
