package web

import (
	"net/http"

	"comite/internal/importar"

	"github.com/labstack/echo/v4"
)

// importacionPlantilla downloads a template: /importar/plantillas/sanciones.csv.
func (h *handler) importacionPlantilla(c echo.Context) error {
	archivo := c.Param("archivo")
	var clase, formatoArchivo, tipo string
	for _, p := range importar.PlantillasDisponibles {
		switch archivo {
		case p + ".csv":
			clase, formatoArchivo, tipo = p, "csv", "text/csv; charset=utf-8"
		case p + ".xlsx":
			clase, formatoArchivo, tipo = p, "xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
		}
	}
	if clase == "" {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	b, err := importar.Plantilla(clase, formatoArchivo)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", `attachment; filename="plantilla_`+archivo+`"`)
	return c.Blob(http.StatusOK, tipo, b)
}
