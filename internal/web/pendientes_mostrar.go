package web

import (
	"net/http"

	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// pendientesMostrar is «Mis pendientes»: the cases waiting for the account,
// oldest in their state first, with the due date of each stage and the
// light explained on the page.
func (h *handler) pendientesMostrar(c echo.Context) error {
	ctx := c.Request().Context()
	v, err := h.vistaPendientes(ctx, cuentaDe(c))
	if err != nil {
		return err
	}
	return h.render(c, http.StatusOK, templates.PendientesPagina(h.pagina(c, "Mis pendientes", "pendientes"), v))
}
