package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

func (s *servidor) casosListar(c echo.Context) error        { return pendiente() }
func (s *servidor) casoMostrar(c echo.Context) error        { return pendiente() }
func (s *servidor) documentoDescargar(c echo.Context) error { return pendiente() }
func (s *servidor) tamizajeListar(c echo.Context) error     { return pendiente() }

func pendiente() error {
	return problema(http.StatusNotImplemented, "no implementado", "Esta lectura aún no está disponible.")
}
