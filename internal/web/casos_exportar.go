package web

import (
	"net/http"

	"comite/internal/exportar"

	"github.com/labstack/echo/v4"
)

// columnasExportacion are the headers of the case list's exports: labels
// people read, never the codes stored.
var columnasExportacion = []string{
	"Caso", "NIT", "Razón social", "Dirección Seccional", "Estado", "Fecha del reporte",
	"Plazo legal del reporte", "Semáforo del reporte", "Etapa actual (término interno)", "Vence la etapa", "Semáforo de la etapa",
	"Resultado de la evaluación", "Concepto del Comité",
}

// tablaCasos is the case list's export (exportar: CSV and XLSX).
var tablaCasos = exportar.Tabla{Hoja: "Casos", Titulo: "Casos del Comité de Fiscalización", Columnas: columnasExportacion}

// columnasFecha are the positions of the dates in columnasExportacion (the
// report, its legal term, the stage's term): date cells in the XLSX, so a
// spreadsheet sorts and filters them as dates ("Desconocido" stays a text).
var columnasFecha = map[int]bool{5: true, 6: true, 9: true}

// celdasCasos is row i of filas as export cells.
func celdasCasos(filas [][]string) func(i int) []exportar.Celda {
	var cs []exportar.Celda
	return func(i int) []exportar.Celda {
		cs = cs[:0]
		for k, s := range filas[i] {
			if columnasFecha[k] {
				cs = append(cs, exportar.FechaOTexto(s))
			} else {
				cs = append(cs, exportar.Texto(s))
			}
		}
		return cs
	}
}

// filasExportacion runs the list's query without pages (up to
// db.MaxExportacion cases) and writes each case in words.
func (h *handler) filasExportacion(c echo.Context) ([][]string, error) {
	q, _ := consultaLista(c)
	q.Exportar = true
	res, err := h.d.BuscarCasos(c.Request().Context(), q)
	if err != nil {
		return nil, err
	}
	if res.Total > len(res.Filas) {
		return nil, echo.NewHTTPError(http.StatusUnprocessableEntity, "La consulta tiene más casos de los que se exportan de una vez; agregue un filtro.")
	}
	ls, err := h.lineasLista(c.Request().Context(), res.Filas)
	if err != nil {
		return nil, err
	}
	out := make([][]string, len(ls))
	for i, l := range ls {
		k := l.caso
		out[i] = []string{k.Numero, k.NIT, k.RazonSocial, k.DireccionSeccional, l.estado, l.reporte,
			l.plazo, l.semaforoLegal.Texto, l.etapa, l.vence, l.semaforoEtapa.Texto, l.resultado, l.ruta}
	}
	return out, nil
}
