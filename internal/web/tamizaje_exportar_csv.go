package web

import (
	"io"

	"comite/internal/tamizaje"

	"github.com/labstack/echo/v4"
)

// tamizajeExportarCSV downloads the rows of the screen's filter (all pages)
// as CSV for Excel in Spanish, written by tamizaje.EscribirCSV (the same
// export as `comite tamizaje --csv`).
func (h *handler) tamizajeExportarCSV(c echo.Context) error {
	return h.tamizajeExportar(c, "csv", tipoCSV, func(w io.Writer, n int, fila func(int) tamizaje.Fila, _ string, nombre tamizaje.NombreSeccional) error {
		return tamizaje.EscribirCSVDe(w, n, fila, nombre)
	})
}
