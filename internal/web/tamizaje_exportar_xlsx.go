package web

import (
	"comite/internal/tamizaje"

	"github.com/labstack/echo/v4"
)

// tamizajeExportarXLSX downloads the same rows as an Excel workbook
// (tamizaje.EscribirXLSX, as `comite tamizaje --xlsx`).
func (h *handler) tamizajeExportarXLSX(c echo.Context) error {
	return h.tamizajeExportar(c, "xlsx", tipoXLSX, tamizaje.EscribirXLSXDe)
}
