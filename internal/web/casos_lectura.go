package web

import (
	"encoding/json"

	"comite/internal/contrato"
	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/graficos"
	"comite/internal/reincidencia"
	"comite/web/templates"
)

// evaluacionLeida is one stored evaluation of a case, parsed once, with what
// the case page builds from it alone (the step-by-step view and the charts).
// A stored evaluation never changes (the database refuses UPDATE and DELETE
// on evaluaciones), so what is built from it is valid for as long as the
// stored JSON is the same; the cache compares it before use. Nobody writes
// to an entry once stored: pages only read it.
type evaluacionLeida struct {
	resultadoJSON, entradaJSON, valoresJSON string
	r                                       contrato.EvaluacionJSON
	ent                                     reincidencia.Entrada
	vista                                   templates.EvaluacionVista
	graficos                                []graficos.Grafico
}

// maxEvaluaciones bounds the parsed evaluations kept (h.evaluaciones).
const maxEvaluaciones = 512

// evaluacion parses a stored evaluation, or takes it from h.evaluaciones.
func (h *handler) evaluacion(ev dominio.Evaluacion) (*evaluacionLeida, error) {
	vigente := func(x *evaluacionLeida) bool {
		return x.resultadoJSON == ev.ResultadoJSON && x.entradaJSON == ev.EntradaJSON && x.valoresJSON == ev.ValoresJSON
	}
	return h.evaluaciones.Obtener(ev.ID, vigente, func() (*evaluacionLeida, error) {
		ref := h.d.Referencia()
		r, err := contrato.ResultadoDe(ev, ref)
		if err != nil {
			return nil, err
		}
		ent, err := contrato.EntradaDe(ev)
		if err != nil {
			return nil, err
		}
		x := &evaluacionLeida{resultadoJSON: ev.ResultadoJSON, entradaJSON: ev.EntradaJSON, valoresJSON: ev.ValoresJSON, r: r, ent: ent}
		x.vista = templates.EvaluacionDe(ev, r, ent, ref, uvtUsada(ev))
		if x.graficos, err = templates.GraficosDeCaso(r, ent, ref); err != nil {
			return nil, err
		}
		return x, nil
	})
}

// uvtUsada is the UVT the stored values of an evaluation name, nil when they
// name none or cannot be read (the page then leaves the line out).
func uvtUsada(ev dominio.Evaluacion) *templates.UVTUsada {
	var vu db.ValoresUsados
	if err := json.Unmarshal([]byte(ev.ValoresJSON), &vu); err != nil || vu.UVT == nil {
		return nil
	}
	return &templates.UVTUsada{Anio: vu.UVT.Anio, ValorCOP: vu.UVT.ValorCOP, Resolucion: vu.UVT.Resolucion}
}
