package web

import (
	"net/http"
	"slices"
	"time"

	"comite/internal/formato"
	"comite/internal/informe"
	"comite/internal/liquidacion"
	"comite/internal/normas"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// liquidacionPDF sends the calculator's result as a PDF (informe's page
// style): the result, every step with its fundamento, and the text of each
// rule cited. The same query as the screen; nothing is stored.
func (h *handler) liquidacionPDF(c echo.Context, l liquidacion.Liquidacion, r templates.ResultadoLiquidacion) error {
	doc := informe.Liquidacion{Total: r.Total, Alertas: r.Alertas, Vigencia: r.Vigencia, Instante: h.d.Now(),
		Datos: []informe.Par{{Etiqueta: "Sanción", Valor: r.Sancion}, {Etiqueta: "Régimen", Valor: r.Regimen},
			{Etiqueta: "Fecha de la liquidación", Valor: r.Fecha}, {Etiqueta: "Valor de la UVT", Valor: r.UVT}, {Etiqueta: "Conjunto de reglas", Valor: r.Reglas}}}
	for _, p := range r.Pasos {
		doc.Pasos = append(doc.Pasos, []string{p.Paso, formato.SiNo(p.Aplica), p.Antes, p.Despues, p.Fundamento, p.Detalle})
	}
	var vistas []string
	for _, p := range l.Pasos {
		if p.Fundamento == "" || slices.Contains(vistas, p.Fundamento) {
			continue
		}
		vistas = append(vistas, p.Fundamento)
		cita := normas.De(p.Fundamento)
		texto := cita.Texto
		if cita.Criterio {
			texto += " (criterio de la Secretaría Técnica, no texto de la ley)"
		}
		doc.Citas = append(doc.Citas, informe.Par{Etiqueta: cita.Referencia(), Valor: texto})
	}
	pdf, err := informe.PDFLiquidacion(doc)
	if err != nil {
		return err
	}
	nombre := "liquidacion-" + doc.Instante.In(time.UTC).Format("20060102-150405") + ".pdf"
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="`+nombre+`"`)
	return c.Blob(http.StatusOK, "application/pdf", pdf)
}
