package expediente

import (
	"context"
	"errors"
	"testing"

	"comite/internal/dominio"
	"comite/internal/plazos"
)

func TestTerminosInternos_predeterminadosYFijadosConAuditoria(t *testing.T) {
	d, _ := baseCasos(t)
	x := Nuevo(d)
	ctx := context.Background()
	ts, err := x.TerminosInternos(ctx)
	if err != nil || len(ts) != 3 || !ts[0].Predeterminado || ts[0].Dias != plazos.Predeterminados[plazos.EtapaEvaluacion] {
		t.Fatalf("%v %+v", err, ts)
	}
	var ev *dominio.ErrValidacion
	if err := x.FijarTerminosInternos(ctx, map[plazos.Etapa]int{plazos.EtapaREA: 8, plazos.EtapaComite: 0}, dominio.Actor{Cuenta: "admin"}); !errors.As(err, &ev) || ev.Campo != "dias_comite" {
		t.Fatalf("un término de 0 días: %v", err)
	}
	if n := contarFilas(t, d, `terminos_internos`); n != 0 {
		t.Fatal("se escribió a medias")
	}
	if err := x.FijarTerminosInternos(ctx, map[plazos.Etapa]int{plazos.EtapaREA: 8}, dominio.Actor{Cuenta: "admin"}); err != nil {
		t.Fatal(err)
	}
	// The same value again writes nothing and audits nothing.
	if err := x.FijarTerminosInternos(ctx, map[plazos.Etapa]int{plazos.EtapaREA: 8}, dominio.Actor{Cuenta: "admin"}); err != nil {
		t.Fatal(err)
	}
	if n := contarFilas(t, d, `auditoria WHERE accion = 'termino_interno.fijar'`); n != 1 {
		t.Fatalf("filas de auditoría = %d; quiere 1", n)
	}
	dias, _ := x.DiasPorEtapa(ctx)
	if dias[plazos.EtapaREA] != 8 || dias[plazos.EtapaEvaluacion] != plazos.Predeterminados[plazos.EtapaEvaluacion] {
		t.Fatalf("%v", dias)
	}
}
