package db

import (
	"testing"
)

func TestSinTildes_pliegaMayusculasYTildes(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ entrada, want string }{
		{"Logística", "logistica"}, {"CÚCUTA", "cucuta"}, {"Año", "ano"}, {"Pingüino", "pinguino"},
		{"  Agencia S.A.S. ", "agencia s.a.s."}, {"", ""},
	} {
		if got := SinTildes(c.entrada); got != c.want {
			t.Errorf("SinTildes(%q) = %q, quiere %q", c.entrada, got, c.want)
		}
	}
}

// «logistica» finds «Logística»; «cucuta» finds «Cúcuta»; «LOGÍSTICA» too;
// the audit filter by object ignores accents the same way.
func TestBuscarUsuarios_sinMayusculasNiTildes(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	for i, s := range []string{
		`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (1, '800191045-1', 'Logística Integral S.A.S.', 'agencia_de_aduanas', 'Cúcuta', 'x', 'x')`,
		`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (2, '800197268-4', 'Transportes de Cúcuta Ltda.', 'transportador', 'Cúcuta', 'x', 'x')`,
		`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (3, '900123456-8', 'Importadora Andina', 'declarante', 'Bogotá', 'x', 'x')`,
	} {
		if _, err := d.Exec(s); err != nil {
			t.Fatalf("fila %d: %v", i, err)
		}
	}
	for _, c := range []struct {
		texto string
		want  int
	}{
		{"logistica", 1}, {"Logística", 1}, {"LOGÍSTICA", 1}, {"cucuta", 1}, {"Cúcuta", 1}, {"CUCUTA", 1},
		{"integral s.a.s", 1}, {"andina", 1},
		// dominio §7: the NIT with or without hyphen, dots or check digit.
		{"800191045-1", 1}, {"8001910451", 1}, {"800.191.045.1", 1}, {"800.191.045", 1}, {"80019", 2},
		{"9001234568", 1}, {"0900123456-8", 1}, {"9001234567", 0}, {"cúcuta logistica", 0}, {"a_", 0}, {"%", 0},
	} {
		_, n, err := d.BuscarUsuarios(fondo, FiltroUsuarios{Texto: c.texto})
		if err != nil {
			t.Fatal(err)
		}
		if n != c.want {
			t.Errorf("buscar %q: %d usuarios, quiere %d", c.texto, n, c.want)
		}
	}
	if _, err := d.Exec(`INSERT INTO auditoria(en, cuenta, accion, objeto, hash_anterior, hash) VALUES ('2026-01-01T00:00:00Z', 'sistema', 'usuario.crear', 'Logística Integral S.A.S.', '', 'h')`); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"logistica", "LOGÍSTICA", "integral"} {
		_, n, err := d.ListarAuditoria(fondo, FiltroAuditoria{Objeto: q})
		if err != nil {
			t.Fatal(err)
		}
		if n != 1 {
			t.Errorf("auditoría por objeto %q: %d registros, quiere 1", q, n)
		}
	}
}

// BenchmarkBuscarUsuarios measures the search by razón social over 50.000
// users whose names all carry an accent (the slow path of the fold):
//
//   - sin_tildes: the query the application runs;
//   - like_ascii: the former query (SQLite's LIKE, which folds only ASCII),
//     the baseline.
func BenchmarkBuscarUsuarios(b *testing.B) {
	d := abrirBench(b)
	defer d.Close()
	crearUsuariosMasivo(b, d, 50000)
	b.Run("sin_tildes", func(b *testing.B) {
		for b.Loop() {
			if _, _, err := d.BuscarUsuarios(fondo, FiltroUsuarios{Texto: "sintetico 4999"}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("like_ascii", func(b *testing.B) {
		for b.Loop() {
			var n int
			if err := d.QueryRow(`SELECT count(*) FROM usuarios_aduaneros WHERE razon_social LIKE ? ESCAPE '\'`, "%Sintético 4999%").Scan(&n); err != nil {
				b.Fatal(err)
			}
			rows, err := d.Query(`SELECT `+columnasUsuario+` FROM usuarios_aduaneros WHERE razon_social LIKE ? ESCAPE '\' ORDER BY razon_social COLLATE NOCASE, nit LIMIT 50 OFFSET 0`, "%Sintético 4999%")
			if err != nil {
				b.Fatal(err)
			}
			for rows.Next() {
			}
			rows.Close()
		}
	})
}
