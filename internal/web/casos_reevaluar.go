package web

import (
	"github.com/labstack/echo/v4"
)

// casosReevaluar stores a new snapshot of the evaluation, with its reason.
func (h *handler) casosReevaluar(c echo.Context) error {
	aviso := "caso_reevaluado"
	return h.pasoCaso(c, &aviso, func(id int64) error {
		_, err := h.x.Reevaluar(c.Request().Context(), id, c.FormValue("motivo"), actorCaso(c))
		return err
	})
}
