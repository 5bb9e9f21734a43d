package web

import (
	"bytes"

	"comite/internal/tamizaje"

	"github.com/labstack/echo/v4"
)

// tamizajeExportarCSV downloads the rows of the screen's filter (all pages)
// as CSV for Excel in Spanish, written by tamizaje.EscribirCSV (the same
// export as `comite tamizaje --csv`).
func (h *handler) tamizajeExportarCSV(c echo.Context) error {
	return h.tamizajeExportar(c, "csv", tipoCSV, func(buf *bytes.Buffer, filas []tamizaje.Fila, _ string, nombre tamizaje.NombreSeccional) error {
		return tamizaje.EscribirCSV(buf, filas, nombre)
	})
}
