package web

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"comite/internal/calendario"
	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/plazos"
	"comite/web/templates"
)

// queSigue is the «¿Qué sigue?» box of a case: the steps that move it on
// from its state and who takes each (flujo.Pasos and the permisos table),
// and until when the stage's internal term runs (plazos.Actual and
// plazos.Vence, as Mis pendientes and the list compute it). No rule is
// decided here.
func (h *handler) queSigue(ctx context.Context, cal *calendario.Calendario, caso dominio.Caso, hist []dominio.EventoCaso, cs []dominio.ConceptoGuardado) (templates.QueSigue, error) {
	q := templates.QueSigue{Estado: caso.Estado.Etiqueta()}
	if caso.Estado.Final() {
		q.Terminado = "El caso está en «" + q.Estado + "»: no sigue ningún paso en la aplicación."
		return q, nil
	}
	for _, p := range flujo.Pasos {
		if p.Hasta == "" || !slices.Contains(p.Desde, caso.Estado) {
			continue
		}
		var quien []string
		for _, r := range p.Roles() {
			quien = append(quien, r.EnFrase())
		}
		q.Pasos = append(q.Pasos, templates.PasoSigue{Nombre: p.Nombre, Quien: formato.MayusculaInicial(strings.Join(quien, " o "))})
	}
	var presentado, concepto fecha.Fecha
	for _, x := range hist {
		if x.AEstado == flujo.EnComite {
			if t, err := time.Parse(time.RFC3339Nano, x.En); err == nil {
				presentado = fecha.DeTiempo(t)
			}
		}
	}
	for _, k := range cs {
		if f := fecha.DeTiempo(k.Instante()); !k.Instante().IsZero() && f.Despues(concepto) {
			concepto = f
		}
	}
	e, desde, ok := plazos.Actual(caso.Estado, caso.FechaReporte, presentado, concepto)
	if !ok {
		return q, nil
	}
	dias, err := h.x.DiasPorEtapa(ctx)
	if err != nil {
		return q, err
	}
	q.Etapa = e.Etiqueta()
	q.Termino = strconv.Itoa(dias[e]) + " días hábiles (término interno, no de la ley)"
	vence := plazos.Vence(cal, desde, dias[e])
	if vence.IsZero() {
		q.Vence = "Vencimiento desconocido: no se sabe cuándo empezó la etapa"
		return q, nil
	}
	q.Vence = "Vence el " + formato.Fecha(vence)
	q.Semaforo = templates.SemaforoDe(plazos.Decidir(cal, h.d.Hoy(), vence, fecha.Fecha{}))
	return q, nil
}
