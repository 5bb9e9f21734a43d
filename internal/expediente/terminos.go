package expediente

import (
	"context"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/plazos"
)

// TerminoInterno is the internal term of a stage: the one the administrator
// set, or the stated default (Predeterminado true) when none was set.
type TerminoInterno struct {
	Etapa          plazos.Etapa
	Dias           int
	Predeterminado bool
	FijadoPor      string
	FijadoEn       string
}

// TerminosInternos returns the term of every stage, in workflow order.
func (x *Expediente) TerminosInternos(ctx context.Context) ([]TerminoInterno, error) {
	fijados, err := x.d.TerminosFijados(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]TerminoInterno, 0, len(plazos.Etapas))
	for _, e := range plazos.Etapas {
		t := TerminoInterno{Etapa: e, Dias: plazos.Predeterminados[e], Predeterminado: true}
		if f, ok := fijados[string(e)]; ok {
			t = TerminoInterno{Etapa: e, Dias: f.Dias, FijadoPor: f.FijadoPor, FijadoEn: f.FijadoEn}
		}
		out = append(out, t)
	}
	return out, nil
}

// DiasPorEtapa is TerminosInternos as a map.
func (x *Expediente) DiasPorEtapa(ctx context.Context) (map[plazos.Etapa]int, error) {
	ts, err := x.TerminosInternos(ctx)
	if err != nil {
		return nil, err
	}
	out := map[plazos.Etapa]int{}
	for _, t := range ts {
		out[t.Etapa] = t.Dias
	}
	return out, nil
}

// FijarTerminosInternos checks the internal terms of the given stages and
// sets them in one transaction, each change with its audit row: all land or
// none does. A stage whose term does not change is left alone.
func (x *Expediente) FijarTerminosInternos(ctx context.Context, dias map[plazos.Etapa]int, quien dominio.Actor) error {
	for _, e := range plazos.Etapas {
		if n, ok := dias[e]; ok {
			if err := plazos.Validar(e, n); err != nil {
				return &dominio.ErrValidacion{Campo: "dias_" + string(e), Mensaje: err.Error()}
			}
		}
	}
	for e := range dias {
		if _, ok := plazos.Predeterminados[e]; !ok {
			return &dominio.ErrValidacion{Campo: "etapa", Mensaje: "etapa desconocida"}
		}
	}
	var cambios []db.CambioTermino
	for _, e := range plazos.Etapas {
		if n, ok := dias[e]; ok {
			cambios = append(cambios, db.CambioTermino{Etapa: string(e), Dias: n, Predeterminado: plazos.Predeterminados[e]})
		}
	}
	return x.d.FijarTerminosInternos(ctx, cambios, quien)
}
