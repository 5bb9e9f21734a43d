package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// casosMostrar shows one case: the evaluation step by step, the deadline,
// charts, history, and the steps the role can take now.
func (h *handler) casosMostrar(c echo.Context) error {
	caso, err := h.cargarCaso(c)
	if err != nil {
		return err
	}
	return h.mostrarCaso(c, caso, http.StatusOK, "", nil)
}
