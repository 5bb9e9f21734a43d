package web

import (
	"comite/internal/dominio"

	"github.com/labstack/echo/v4"
)

// actaEmitir issues a new version of the acta (signed when configured).
func (h *handler) actaEmitir(c echo.Context) error {
	return h.pasoSesion(c, func(s *dominio.SesionComite) error {
		_, err := h.x.EmitirActa(c.Request().Context(), s.ID, actorCaso(c))
		return err
	}, "", "acta_emitida")
}
