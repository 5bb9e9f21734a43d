package web

import (
	"net/http"

	"comite/internal/fecha"
	"comite/internal/web/urls"

	"github.com/labstack/echo/v4"
)

// diaInhabilQuitar removes a non-business day.
func (h *handler) diaInhabilQuitar(c echo.Context) error {
	f, err := fecha.ParseISO(c.Param("fecha"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	err = h.d.QuitarDiaInhabil(c.Request().Context(), f, actor(c))
	if err != nil { // a date not registered is db.ErrDiaInhabilNoExiste: 404 by its code
		return err
	}
	return redirigir(c, urls.DiasInhabiles+"?aviso=dia_quitado")
}
