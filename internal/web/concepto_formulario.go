package web

import (
	"github.com/labstack/echo/v4"
)

// conceptoFormulario shows the concepto form (or the correction form).
func (h *handler) conceptoFormulario(c echo.Context) error {
	return h.conceptoPagina(c, false)
}

// conceptoCorreccionFormulario shows the correction form, prefilled with the concepto in force.
func (h *handler) conceptoCorreccionFormulario(c echo.Context) error {
	return h.conceptoPagina(c, true)
}
