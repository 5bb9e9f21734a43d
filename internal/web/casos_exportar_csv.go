package web

import (
	"bytes"
	"net/http"

	"comite/internal/exportar"

	"github.com/labstack/echo/v4"
)

// casosExportarCSV exports every case of the list's query (all pages) as CSV.
func (h *handler) casosExportarCSV(c echo.Context) error {
	filas, err := h.filasExportacion(c)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := exportar.EscribirCSV(&b, tablaCasos, len(filas), celdasCasos(filas)); err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", `attachment; filename="casos.csv"`)
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", b.Bytes())
}
