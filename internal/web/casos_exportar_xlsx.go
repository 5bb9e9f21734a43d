package web

import (
	"bytes"
	"net/http"

	"comite/internal/exportar"

	"github.com/labstack/echo/v4"
)

// casosExportarXLSX exports every case of the list's query (all pages) as XLSX.
func (h *handler) casosExportarXLSX(c echo.Context) error {
	filas, err := h.filasExportacion(c)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := exportar.EscribirXLSX(&b, tablaCasos, len(filas), celdasCasos(filas)); err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", `attachment; filename="casos.xlsx"`)
	return c.Blob(http.StatusOK, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", b.Bytes())
}
