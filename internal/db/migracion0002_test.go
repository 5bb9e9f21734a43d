package db

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
)

// TestMigracion0002_conservaActosYRestricciones: rebuilding actos keeps its
// rows, its key, its index and every CHECK (same accepted values).
func TestMigracion0002_conservaActosYRestricciones(t *testing.T) {
	t.Parallel()
	sqldb, err := sql.Open("sqlite", DSN(filepath.Join(t.TempDir(), "vieja.db")))
	if err != nil {
		t.Fatal(err)
	}
	defer sqldb.Close()
	sqldb.SetMaxOpenConns(1)
	leer := func(n string) string {
		b, err := migraciones.ReadFile("migraciones/" + n)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if _, err := sqldb.Exec(leer("0001_esquema.sql")); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, creado_en, actualizado_en) VALUES (1, '800191045-1', 'A', 'otro', 'x', 'x')`,
		`INSERT INTO actos(id, usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (7, 1, 'RS-1', '2025-03-04', 'gravisima', 'cancelacion', 0, 1, 'x')`,
	} {
		if _, err := sqldb.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := sqldb.Exec(leer("0002_actos_checks.sql")); err != nil {
		t.Fatal(err)
	}
	var n int
	var grav string
	if err := sqldb.QueryRow(`SELECT count(*), max(gravedad) FROM actos WHERE id = 7 AND numero_acto = 'RS-1' AND allanamiento = 1`).Scan(&n, &grav); err != nil || n != 1 || grav != "gravisima" {
		t.Fatalf("acto tras la migración: %d %q %v", n, grav, err)
	}
	malos := []struct{ nombre, sql, quiere string }{
		{"gravedad_desconocida", `INSERT INTO actos(usuario_id, numero_acto, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (1, 'X1', 'media', 'multa', 0, 0, 'x')`, "CHECK"},
		{"sancion_desconocida", `INSERT INTO actos(usuario_id, numero_acto, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (1, 'X2', 'leve', 'pena', 0, 0, 'x')`, "CHECK"},
		{"valor_negativo", `INSERT INTO actos(usuario_id, numero_acto, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (1, 'X3', 'leve', 'multa', -1, 0, 'x')`, "CHECK"},
		{"clave_repetida", `INSERT INTO actos(usuario_id, numero_acto, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (1, 'RS-1', 'leve', 'multa', 0, 0, 'x')`, "UNIQUE"},
		{"usuario_inexistente", `INSERT INTO actos(usuario_id, numero_acto, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (99, 'X4', 'leve', 'multa', 0, 0, 'x')`, "FOREIGN KEY"},
		{"monto_real", `INSERT INTO actos(usuario_id, numero_acto, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (1, 'X5', 'leve', 'multa', 1.5, 0, 'x')`, "cannot store REAL"},
	}
	for _, m := range malos {
		if _, err := sqldb.Exec(m.sql); err == nil || !strings.Contains(err.Error(), m.quiere) {
			t.Errorf("%s: err = %v; quiere %s", m.nombre, err, m.quiere)
		}
	}
	var idx int
	sqldb.QueryRow(`SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'actos_firmeza' AND tbl_name = 'actos'`).Scan(&idx)
	if idx != 1 {
		t.Fatal("falta el índice actos_firmeza")
	}
}
