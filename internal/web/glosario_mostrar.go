package web

import (
	"net/http"

	"comite/internal/etiquetas"
	"comite/internal/normas"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// glosarioMostrar is the glossary (etiquetas.Glosario), each word with the
// rules it rests on from the one table of citations.
func (h *handler) glosarioMostrar(c echo.Context) error {
	ts := make([]templates.TerminoGlosario, 0, len(etiquetas.Glosario))
	for _, g := range etiquetas.Glosario {
		t := templates.TerminoGlosario{Clave: g.Clave, Palabra: g.Palabra, Definicion: g.Definicion}
		for _, k := range g.Citas {
			cita := normas.De(k)
			t.Citas = append(t.Citas, templates.Par{Etiqueta: cita.Referencia(), Valor: cita.Texto})
		}
		ts = append(ts, t)
	}
	return h.render(c, http.StatusOK, templates.GlosarioPagina(h.pagina(c, "Glosario", ""), ts))
}
