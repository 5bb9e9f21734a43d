package web

import (
	"bytes"
	"net/http"
	"strconv"

	"comite/internal/tamizaje"

	"github.com/labstack/echo/v4"
)

const (
	tipoCSV  = "text/csv; charset=utf-8"
	tipoXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
)

// tamizajeExportarCSV downloads the rows of the screen's filter (all pages)
// as CSV for Excel in Spanish, written by tamizaje.EscribirCSV (the same
// export as `comite tamizaje --csv`).
func (h *handler) tamizajeExportarCSV(c echo.Context) error {
	return h.tamizajeExportar(c, "csv", tipoCSV, func(buf *bytes.Buffer, filas []tamizaje.Fila, _ string, nombre tamizaje.NombreSeccional) error {
		return tamizaje.EscribirCSV(buf, filas, nombre)
	})
}

// tamizajeExportarXLSX downloads the same rows as an Excel workbook
// (tamizaje.EscribirXLSX, as `comite tamizaje --xlsx`).
func (h *handler) tamizajeExportarXLSX(c echo.Context) error {
	return h.tamizajeExportar(c, "xlsx", tipoXLSX, func(buf *bytes.Buffer, filas []tamizaje.Fila, titulo string, nombre tamizaje.NombreSeccional) error {
		return tamizaje.EscribirXLSX(buf, filas, titulo, nombre)
	})
}

func (h *handler) tamizajeExportar(c echo.Context, ext, tipo string, escribir func(*bytes.Buffer, []tamizaje.Fila, string, tamizaje.NombreSeccional) error) error {
	ctx := c.Request().Context()
	q := h.leerConsultaTamizaje(c)
	if q.errAnio != "" {
		return echo.NewHTTPError(http.StatusBadRequest, q.errAnio)
	}
	t, err := h.tamizajeDe(ctx, q.anio)
	if err != nil {
		return err
	}
	filas := filasVisibles(cuentaDe(c), t, q)
	cat, err := h.memo.Catalogo(ctx)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	titulo := "Tamizaje del Comité de Fiscalización " + strconv.Itoa(q.anio) + " (año de referencia " + strconv.Itoa(q.anio-1) + ")"
	if err := escribir(&buf, filas, titulo, cat.Nombre); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="`+nombreExportacion(q, ext)+`"`)
	return c.Blob(http.StatusOK, tipo, buf.Bytes())
}
