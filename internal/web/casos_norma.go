package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// casosNorma records the Secretaría's decision on the applicable norm.
func (h *handler) casosNorma(c echo.Context) error {
	texto := c.FormValue("norma")
	if len(texto) > 20000 {
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	}
	aviso := "norma_registrada"
	return h.pasoCaso(c, &aviso, func(id int64) error {
		return h.x.RegistrarNormaAplicable(c.Request().Context(), id, texto, actorCaso(c))
	})
}
