package web

import (
	"bytes"

	"comite/internal/tamizaje"

	"github.com/labstack/echo/v4"
)

// tamizajeExportarXLSX downloads the same rows as an Excel workbook
// (tamizaje.EscribirXLSX, as `comite tamizaje --xlsx`).
func (h *handler) tamizajeExportarXLSX(c echo.Context) error {
	return h.tamizajeExportar(c, "xlsx", tipoXLSX, func(buf *bytes.Buffer, filas []tamizaje.Fila, titulo string, nombre tamizaje.NombreSeccional) error {
		return tamizaje.EscribirXLSX(buf, filas, titulo, nombre)
	})
}
