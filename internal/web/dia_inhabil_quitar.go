package web

import (
	"errors"
	"net/http"

	"comite/internal/db"
	"comite/internal/fecha"

	"github.com/labstack/echo/v4"
)

// diaInhabilQuitar removes a non-business day.
func (h *handler) diaInhabilQuitar(c echo.Context) error {
	f, err := fecha.ParseISO(c.Param("fecha"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	err = h.d.QuitarDiaInhabil(c.Request().Context(), f, actor(c))
	if errors.Is(err, db.ErrDiaInhabilNoExiste) {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	if err != nil {
		return err
	}
	return redirigir(c, "/admin/dias-inhabiles?aviso=dia_quitado")
}
