package db

import (
	"comite/internal/dominio"
	"context"
	"fmt"
	"testing"
)

// sembrarCasosSQL writes n reported cases of the worked example's user with plain SQL.
func sembrarCasosSQL(t testing.TB, d *DB, n int) {
	t.Helper()
	tx, err := d.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= n; i++ {
		if _, err := tx.Exec(`INSERT INTO casos(numero, usuario_id, direccion_seccional, estado, fecha_comision, fecha_verificacion, fecha_reporte, gravedad, sancion, sancion_prevista_centavos, creado_por, creado_en)
			VALUES (?, 1, ?, 'reportado', '2026-01-01', '2026-01-01', ?, 'grave', 'multa', 100, 'x', 'x')`,
			fmt.Sprintf("CF-2026-%05d", i), secCartagena, fmt.Sprintf("2026-%02d-%02d", 1+i%12, 1+i%28)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// The search text is data, never SQL nor a LIKE pattern: % and _ match
// themselves, quotes do nothing, and accents and case are folded.
func TestBuscarCasos_textoSinComodinesNiTildes(t *testing.T) {
	t.Parallel()
	d, _ := baseCasos(t)
	sembrarCasosSQL(t, d, 30)
	if _, err := d.Exec(`UPDATE usuarios_aduaneros SET razon_social = 'Agencia Peñón Ángel S.A.S.' WHERE id = 1`); err != nil {
		t.Fatal(err)
	}
	casos := []struct {
		texto string
		total int
	}{
		{"%", 0}, {"_", 0}, {"' OR 1=1 --", 0}, {"penon angel", 30}, {"PEÑÓN ÁNGEL", 30}, {"800.191.045-1", 30}, {"800191045", 30},
		{"8001910451", 30}, {"800 191 045 1", 30}, {"800191045-2", 30}, {"8001910452", 0}, {"cf-2026-0001", 10}, {"CF-2026-00030", 1},
	}
	for _, c := range casos {
		r, err := d.BuscarCasos(context.Background(), ConsultaCasos{Texto: c.texto})
		if err != nil {
			t.Fatalf("%q: %v", c.texto, err)
		}
		if r.Total != c.total {
			t.Errorf("%q: %d casos; quiere %d", c.texto, r.Total, c.total)
		}
	}
	if _, err := d.BuscarCasos(context.Background(), ConsultaCasos{Orden: "1; DROP TABLE casos"}); err == nil {
		t.Fatal("una columna de orden desconocida se aceptó")
	}
}

func FuzzBuscarCasos_texto(f *testing.F) {
	d, _ := baseCasos(f)
	sembrarCasosSQL(f, d, 5)
	for _, s := range []string{"", "%", "\\", "ñ", "800191045-1", "CF-", "'\"", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := d.BuscarCasos(context.Background(), ConsultaCasos{Texto: s, PorPagina: 3})
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if r.Total < 0 || r.Total > 5 || len(r.Filas) > 3 {
			t.Fatalf("%q: %d casos, %d filas", s, r.Total, len(r.Filas))
		}
	})
}

// BenchmarkBuscarCasos measures one page of the list over 20.000 cases,
// sorted by the report date (the default) and by the razón social.
func BenchmarkBuscarCasos(b *testing.B) {
	d, _ := baseCasos(b)
	sembrarCasosSQL(b, d, 20000)
	for _, orden := range []string{"reporte", "usuario"} {
		b.Run(orden, func(b *testing.B) {
			for b.Loop() {
				if _, err := d.BuscarCasos(context.Background(), ConsultaCasos{Orden: orden, Pagina: 7}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("texto", func(b *testing.B) {
		for b.Loop() {
			if _, err := d.BuscarCasos(context.Background(), ConsultaCasos{Texto: "agencia"}); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// The sort by razón social reads the folded name kept on each case; it stays
// equal to its user's through a new case, a renamed user and a case moved to
// another user, so the order is the folded name's (accents and case aside)
// with the case id breaking ties, in both directions.
func TestBuscarCasos_ordenPorRazonSocialSigueAlUsuario(t *testing.T) {
	t.Parallel()
	d, _ := baseCasos(t)
	ctx := context.Background()
	if _, err := d.Exec(`UPDATE usuarios_aduaneros SET razon_social = 'Ñandú Zona Franca S.A.S.' WHERE id = 1`); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Exec(`UPDATE usuarios_aduaneros SET razon_social = 'ÁGUILA Logística Ltda.' WHERE id = 2`); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 4; i++ {
		if _, err := d.Exec(`INSERT INTO casos(numero, usuario_id, direccion_seccional, estado, fecha_comision, fecha_verificacion, fecha_reporte, gravedad, sancion, sancion_prevista_centavos, creado_por, creado_en)
			VALUES (?, ?, ?, 'reportado', '2026-01-01', '2026-01-01', '2026-01-02', 'grave', 'multa', 100, 'x', 'x')`, fmt.Sprintf("CF-2026-%04d", i), 1+i%2, secCartagena); err != nil {
			t.Fatal(err)
		}
	}
	orden := func(asc bool) []string {
		t.Helper()
		r, err := d.BuscarCasos(ctx, ConsultaCasos{Orden: "usuario", Ascendente: asc})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, f := range r.Filas {
			out = append(out, f.Numero)
		}
		return out
	}
	copiasIguales := func() {
		t.Helper()
		var n int
		if err := d.QueryRow(`SELECT count(*) FROM casos c JOIN usuarios_aduaneros u ON u.id = c.usuario_id WHERE c.razon_social_busqueda IS NOT u.razon_social_busqueda`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Fatalf("%d casos con una razón social plegada distinta de la de su usuario", n)
		}
	}
	copiasIguales()
	// «aguila logistica» (user 2: cases 1 and 3) before «nandu zona franca» (user 1: 2 and 4).
	if g, q := fmt.Sprint(orden(true)), "[CF-2026-0001 CF-2026-0003 CF-2026-0002 CF-2026-0004]"; g != q {
		t.Fatalf("ascendente %s, quería %s", g, q)
	}
	if g, q := fmt.Sprint(orden(false)), "[CF-2026-0004 CF-2026-0002 CF-2026-0003 CF-2026-0001]"; g != q {
		t.Fatalf("descendente %s, quería %s", g, q)
	}
	// Renaming the user moves its cases.
	if _, _, err := d.GuardarUsuario(ctx, dominio.UsuarioAduanero{NIT: nitDebajo, RazonSocial: "Zorzal Comercio S.A.", Tipo: "agencia_de_aduanas", DireccionSeccional: secCartagena}, dominio.Actor{Cuenta: "s"}); err != nil {
		t.Fatal(err)
	}
	copiasIguales()
	if g, q := fmt.Sprint(orden(true)), "[CF-2026-0002 CF-2026-0004 CF-2026-0001 CF-2026-0003]"; g != q {
		t.Fatalf("tras renombrar: %s, quería %s", g, q)
	}
	// A case moved to the other user takes that user's name.
	if _, err := d.Exec(`UPDATE casos SET usuario_id = 1 WHERE numero = 'CF-2026-0003'`); err != nil {
		t.Fatal(err)
	}
	copiasIguales()
	if g, q := fmt.Sprint(orden(true)), "[CF-2026-0002 CF-2026-0003 CF-2026-0004 CF-2026-0001]"; g != q {
		t.Fatalf("tras mover un caso: %s, quería %s", g, q)
	}
}
