package web

import (
	"comite/internal/flujo"

	"github.com/labstack/echo/v4"
)

// casosNoProcede closes a case whose test fails as no_procede.
func (h *handler) casosNoProcede(c echo.Context) error {
	return h.transicion(c, flujo.DeclararNoProcede, "caso_no_procede")
}
