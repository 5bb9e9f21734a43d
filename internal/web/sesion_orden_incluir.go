package web

import (
	"errors"
	"strconv"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/flujo"

	"github.com/labstack/echo/v4"
)

// sesionOrden puts a case en_comite on the agenda.
func (h *handler) sesionOrden(c echo.Context) error {
	return h.pasoSesion(c, func(s *dominio.SesionComite) error {
		id, err := strconv.ParseInt(c.FormValue("caso"), 10, 64)
		if err != nil || id <= 0 {
			return &flujo.ErrPaso{Mensaje: "Elija un caso presentado al Comité."}
		}
		if err := h.x.AgregarAlOrden(c.Request().Context(), s.ID, id, actorCaso(c)); errors.Is(err, db.ErrCasoNoExiste) {
			return &flujo.ErrPaso{Mensaje: "Ese caso no existe."}
		} else {
			return err
		}
	}, "", "caso_en_orden")
}
