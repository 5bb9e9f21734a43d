package web

import (
	"net/http"

	"comite/internal/flujo"
	"comite/internal/web/urls"

	"github.com/labstack/echo/v4"
)

// pasoCaso runs one step on the route's case; a refused step shows the case
// again with the Spanish message (409), a form problem beside its field (422).
func (h *handler) pasoCaso(c echo.Context, aviso *string, f func(id int64) error) error {
	caso, err := h.cargarCaso(c)
	if err != nil {
		return err
	}
	if err := f(caso.ID); err != nil {
		msg, campos, otro := errorDeCaso(err)
		if otro != nil {
			return otro
		}
		status := http.StatusConflict
		if campos != nil {
			status = http.StatusUnprocessableEntity
		}
		if caso, err = h.d.Caso(c.Request().Context(), caso.ID); err != nil {
			return err
		}
		return h.mostrarCaso(c, caso, status, msg, campos)
	}
	return redirigir(c, urls.Caso(caso.ID)+"?aviso="+*aviso)
}

func (h *handler) transicion(c echo.Context, a flujo.Accion, aviso string) error {
	return h.pasoCaso(c, &aviso, func(id int64) error {
		_, err := h.x.Transicion(c.Request().Context(), id, a, c.FormValue("nota"), actorCaso(c))
		return err
	})
}
