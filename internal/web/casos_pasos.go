package web

import (
	"net/http"
	"strconv"

	"comite/internal/flujo"
	"comite/internal/web/urls"

	"github.com/labstack/echo/v4"
)

// pasoCaso runs one step on the route's case; a refused step shows the case
// again with the Spanish message (409), a form problem beside its field (422).
// The operation decides whether the account may see the case (a case of
// another Dirección Seccional is one that does not exist: 404), reading it
// in its own transaction; the case is read here only to show it again.
func (h *handler) pasoCaso(c echo.Context, aviso *string, f func(id int64) error) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	if err := f(id); err != nil {
		status, msg, campos, otro := errorDePaso(err)
		if otro != nil {
			return otro
		}
		caso, err := h.cargarCaso(c)
		if err != nil {
			return err
		}
		return h.mostrarCaso(c, caso, status, msg, campos)
	}
	return redirigir(c, urls.Caso(id)+"?aviso="+*aviso)
}

func (h *handler) transicion(c echo.Context, a flujo.Accion, aviso string) error {
	return h.pasoCaso(c, &aviso, func(id int64) error {
		_, err := h.x.Transicion(c.Request().Context(), id, a, c.FormValue("nota"), actorCaso(c))
		return err
	})
}
