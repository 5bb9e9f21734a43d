package web

// The cargo of the person behind an account: the documents' signature
// blocks, the histories and the audit name people by name and cargo.

import (
	"comite/internal/dominio"
	"comite/internal/formato"
	"comite/web/templates"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
)

func init() {
	avisos["cargo_guardado"] = "Cargo guardado: los documentos que se emitan desde ahora lo llevan en el bloque de firmas."
}

// cuentaCargo records the cargo of an account (the administrator; audited).
func (h *handler) cuentaCargo(c echo.Context) error {
	cu, err := h.cuentaDeRuta(c)
	if err != nil {
		return err
	}
	cargo := c.FormValue("cargo")
	if len(cargo) > 2000 {
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	}
	err = h.d.FijarCargo(c.Request().Context(), cu.Usuario, cargo, actor(c))
	var ev *dominio.ErrValidacion
	switch {
	case errors.As(err, &ev):
		v := h.vistaCuenta(c, cu, templates.Errores{"cargo": formato.MayusculaInicial(ev.Mensaje) + "."})
		v.Cargo = cargo
		return h.render(c, http.StatusUnprocessableEntity, templates.CuentaDetallePagina(h.pagina(c, "Cuenta "+cu.Usuario, "cuentas"), v))
	case err != nil:
		return err
	}
	return redirigir(c, rutaCuentaDe(cu.ID)+"?aviso=cargo_guardado")
}
