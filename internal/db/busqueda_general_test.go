package db

import (
	"context"
	"strings"
	"testing"
)

// The header's search ranks what it finds: the NIT typed whole (even with
// its check digit but no hyphen, dominio §7) before a NIT that only starts
// so, a name that begins with the text before one that has it inside; a
// Dirección Seccional limits it.
func TestBuscarGeneral_relevanciaYSeccional(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	for i, s := range []string{
		`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (1, '800191045-1', 'Transportes Andina Ltda.', 'transportador', 'CARTAGENA', 'x', 'x')`,
		`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (2, '8001910459-0', 'Andina Logística S.A.S.', 'agencia_de_aduanas', 'BOGOTA', 'x', 'x')`,
		`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (3, '900123456-8', 'Importadora Panandina', 'declarante', 'CARTAGENA', 'x', 'x')`,
	} {
		if _, err := d.Exec(s); err != nil {
			t.Fatalf("fila %d: %v", i, err)
		}
	}
	nits := func(hs []HallazgoUsuario) string {
		var out []string
		for _, h := range hs {
			out = append(out, h.NIT)
		}
		return strings.Join(out, " ")
	}
	for _, c := range []struct {
		texto, seccional, quiere string
		total                    int
	}{
		{"8001910451", "", "800191045-1", 1},
		{"800.191.045-1", "", "800191045-1", 1},
		{"800191045", "", "800191045-1 8001910459-0", 2},
		{"ANDINA", "", "8001910459-0 800191045-1 900123456-8", 3},
		{"andina", "CARTAGENA", "800191045-1 900123456-8", 2},
		{"logistica", "CARTAGENA", "", 0},
		{"%", "", "", 0},
	} {
		hs, total, err := d.BuscarUsuariosGeneral(context.Background(), c.texto, c.seccional, 10)
		if err != nil {
			t.Fatal(err)
		}
		if got := nits(hs); got != c.quiere || total != c.total {
			t.Errorf("buscar %q en %q: %q (%d), quiere %q (%d)", c.texto, c.seccional, got, total, c.quiere, c.total)
		}
	}
	hs, total, err := d.BuscarUsuariosGeneral(context.Background(), "a", "", 1)
	if err != nil || len(hs) != 1 || total != 3 {
		t.Fatalf("el límite corta las filas, no el total: %d filas de %d, %v", len(hs), total, err)
	}
}

// Cases are found by number (whole first), NIT or razón social, newest
// report first among equals; sessions by number, date or place.
func TestBuscarGeneral_casosYSesiones(t *testing.T) {
	t.Parallel()
	d, _ := baseCasos(t)
	sembrarCasosSQL(t, d, 12)
	ctx := context.Background()
	hs, total, err := d.BuscarCasosGeneral(ctx, "cf-2026-00001", "", 5)
	if err != nil {
		t.Fatal(err)
	}
	if total != 1 || hs[0].Numero != "CF-2026-00001" || hs[0].Relevancia != 0 {
		t.Fatalf("por número entero: %d, %+v", total, hs)
	}
	if hs, total, _ = d.BuscarCasosGeneral(ctx, "CF-2026-0001", "", 2); total != 3 || len(hs) != 2 || hs[0].Relevancia != 1 || hs[0].FechaReporte.Antes(hs[1].FechaReporte) {
		t.Fatalf("por parte del número: %d, %+v", total, hs)
	}
	if _, total, _ := d.BuscarCasosGeneral(ctx, strings.ReplaceAll(nitEjemplo, "-", ""), "", 5); total != 12 {
		t.Fatalf("por NIT sin guion: %d casos, quiere 12", total)
	}
	if _, total, _ := d.BuscarCasosGeneral(ctx, "ejemplo", "BOGOTA", 5); total != 0 {
		t.Fatalf("otra Dirección Seccional: %d casos, quiere 0", total)
	}
	if _, err := d.Exec(`INSERT INTO sesiones_comite(id, numero, fecha, hora, modalidad, lugar, preside, secretario, creada_por, creada_en)
		VALUES (1, 'SC-2026-001', '2026-03-05', '09:00', 'presencial', 'Sala Bogotá', 'p', 's', 'x', 'x'),
		       (2, 'SC-2026-002', '2026-04-02', '09:00', 'virtual', 'Sala virtual', 'p', 's', 'x', 'x')`); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		texto, quiere string
	}{{"sc-2026-001", "SC-2026-001"}, {"SC-2026", "SC-2026-002 SC-2026-001"}, {"05/03/2026", "SC-2026-001"}, {"bogota", "SC-2026-001"}, {"zzz", ""}} {
		ss, _, err := d.BuscarSesionesGeneral(ctx, c.texto, 5)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range ss {
			got = append(got, s.Numero)
		}
		if strings.Join(got, " ") != c.quiere {
			t.Errorf("sesiones %q: %v, quiere %q", c.texto, got, c.quiere)
		}
	}
}
