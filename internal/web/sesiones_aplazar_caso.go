package web

import (
	"errors"
	"net/http"
	"strconv"

	"comite/internal/dominio"

	"comite/internal/db"
	"comite/internal/flujo"

	"github.com/labstack/echo/v4"
)

// sesionAplazarCaso records why a case of the agenda is not decided in the session.
func (h *handler) sesionAplazarCaso(c echo.Context) error {
	motivo := c.FormValue("motivo")
	if len(motivo) > 8000 {
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	}
	return h.pasoSesion(c, func(s *dominio.SesionComite) error {
		id, err := strconv.ParseInt(c.Param("id"), 10, 64)
		if err != nil || id <= 0 {
			return echo.NewHTTPError(http.StatusNotFound)
		}
		err = h.x.AplazarCaso(c.Request().Context(), s.ID, id, motivo, actorCaso(c))
		var ef *db.ErrFormulario
		if errors.As(err, &ef) {
			return &flujo.ErrPaso{Mensaje: ef.Campos["motivo"]}
		}
		return err
	}, "", "caso_aplazado")
}
