package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// sesionMostrar shows a session.
func (h *handler) sesionMostrar(c echo.Context) error {
	s, err := h.sesionDeRuta(c)
	if err != nil {
		return err
	}
	return h.mostrarSesion(c, *s, http.StatusOK, "", nil, "")
}
