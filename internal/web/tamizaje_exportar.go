package web

import (
	"io"
	"net/http"
	"strconv"

	"comite/internal/tamizaje"

	"github.com/labstack/echo/v4"
)

const (
	tipoCSV  = "text/csv; charset=utf-8"
	tipoXLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
)

func (h *handler) tamizajeExportar(c echo.Context, ext, tipo string, escribir func(io.Writer, int, func(int) tamizaje.Fila, string, tamizaje.NombreSeccional) error) error {
	ctx := c.Request().Context()
	q := h.leerConsultaTamizaje(c)
	if q.errAnio != "" {
		return echo.NewHTTPError(http.StatusBadRequest, q.errAnio)
	}
	t, err := h.tamizajeDe(ctx, q.anio)
	if err != nil {
		return err
	}
	// The rows of the export are made one at a time from the compact rows
	// as the file is written (never all at once, never kept with the
	// screening), in rank order whatever the column order of the screen.
	q.orden, q.desc = "", false
	// Each row leaves its cells behind as garbage: collected as in the CLI
	// meanwhile (recolectorEstricto), not at the server's 400 %.
	defer recolectorEstricto()()
	vista, _ := filasDeVista(t, cuentaDe(c), q, true)
	cat, err := h.memo.Catalogo(ctx)
	if err != nil {
		return err
	}
	dir, err := h.pendientes.Ruta()
	if err != nil {
		return err
	}
	titulo := "Tamizaje del Comité de Fiscalización " + strconv.Itoa(q.anio) + " (año de referencia " + strconv.Itoa(q.anio-1) + ")"
	return entregarArchivo(c, dir, tipo, nombreExportacion(q, ext), func(w io.Writer) error {
		return escribir(w, vista.Len(), vista.Fila, titulo, cat.Nombre)
	})
}
