package web

import (
	"comite/internal/flujo"

	"github.com/labstack/echo/v4"
)

// casosIniciar: reportado → en_evaluacion (Secretaría Técnica).
func (h *handler) casosIniciar(c echo.Context) error {
	return h.transicion(c, flujo.IniciarEvaluacion, "evaluacion_iniciada")
}
