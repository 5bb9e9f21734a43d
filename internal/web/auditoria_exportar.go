package web

import (
	"bytes"
	"io"
	"net/http"
	"strings"

	"comite/internal/exportar"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// maxExportacionAuditoria is the most rows of the log one export carries;
// a larger filter asks for a narrower one (never a silent cut).
const maxExportacionAuditoria = 100000

// tablaAuditoria is the audit log's export (exportar: CSV and XLSX).
var tablaAuditoria = exportar.Tabla{Hoja: "Auditoría", Titulo: "Registro de auditoría del Comité de Fiscalización",
	Columnas: []string{"N.º", "Fecha y hora", "Quién", "IP", "Acción", "Objeto", "Detalle"}}

func (h *handler) auditoriaExportarCSV(c echo.Context) error {
	return h.auditoriaExportar(c, "csv", tipoCSV, exportar.EscribirCSV)
}

func (h *handler) auditoriaExportarXLSX(c echo.Context) error {
	return h.auditoriaExportar(c, "xlsx", tipoXLSX, exportar.EscribirXLSX)
}

// auditoriaExportar writes every row of the filtered log (all pages), in
// the words of the screen, newest first.
func (h *handler) auditoriaExportar(c echo.Context, ext, tipo string, escribir func(io.Writer, exportar.Tabla, int, func(int) []exportar.Celda) error) error {
	ctx := c.Request().Context()
	f, v := filtroAuditoria(c.QueryParams())
	for _, m := range v.Errores {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, m)
	}
	f.PorPagina = 500
	var filas []templates.FilaAuditoria
	for f.Pagina = 1; ; f.Pagina++ {
		pagina, total, err := h.d.ListarAuditoria(ctx, f)
		if err != nil {
			return err
		}
		if total > maxExportacionAuditoria {
			return echo.NewHTTPError(http.StatusUnprocessableEntity, "El filtro tiene más registros de los que se exportan de una vez; acote las fechas o la acción.")
		}
		ls, err := h.lineasAuditoria(ctx, pagina)
		if err != nil {
			return err
		}
		filas = append(filas, ls...)
		if len(pagina) < f.PorPagina || len(filas) >= total {
			break
		}
	}
	var b bytes.Buffer
	err := escribir(&b, tablaAuditoria, len(filas), func(i int) []exportar.Celda {
		r := filas[i]
		var det []string
		for _, p := range r.Detalle {
			det = append(det, p.Etiqueta+": "+p.Valor)
		}
		return []exportar.Celda{exportar.Cuenta(r.ID), exportar.Texto(r.En), exportar.Texto(r.Cuenta), exportar.Texto(r.IP),
			exportar.Texto(r.Accion), exportar.Texto(r.Objeto), exportar.Texto(strings.Join(det, "; "))}
	})
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="auditoria.`+ext+`"`)
	return c.Blob(http.StatusOK, tipo, b.Bytes())
}
