package web

import (
	"comite/internal/flujo"

	"github.com/labstack/echo/v4"
)

// casosPresentar: en_evaluacion → en_comite (Secretaría Técnica).
func (h *handler) casosPresentar(c echo.Context) error {
	return h.transicion(c, flujo.Presentar, "caso_presentado")
}
