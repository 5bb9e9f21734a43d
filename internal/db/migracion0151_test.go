package db

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"comite/internal/importar/filas"
)

// TestMigracion0151_clavesSinSeparadores opens a database whose act and
// declaration numbers were stored grouped in thousands: 1.234.567 beside
// 1234567 of the same user is merged into it (the plain one stays as it
// is), 2,345,678 and 2 345 678 of one user become one row 2345678 (the first
// stored), 9.876 of another user is only renamed, and what is not digits
// grouped as the import reads them (RS-1.234, 12.34, 1.2345, 1.234,567,
// 1234.567) stays as it was. claves_fusionadas lists every rename and merge.
func TestMigracion0151_clavesSinSeparadores(t *testing.T) {
	t.Parallel()
	// A base with every migration, then taken back to before 0151.
	ruta := filepath.Join(t.TempDir(), "vieja.db")
	d, err := Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range append(deshacer0161(), // and 0161
		`DELETE FROM migraciones WHERE nombre >= '0151'`,
		`DROP TABLE claves_fusionadas`,
		`DROP TABLE api_idempotencia`, // 0160 runs again after it
		`DROP TABLE cuentas_servicio`,
		`DROP TABLE adjuntos_retiros`, `DROP TABLE adjuntos`, // and 0180
		`ALTER TABLE cuentas DROP COLUMN origen`,                                                            // and 0190
		`DROP TABLE correos`, `DROP TABLE correo_avisos_apagados`, `ALTER TABLE cuentas DROP COLUMN correo`, // and 0200
		`DROP INDEX evaluaciones_procede`, // and 0205
		`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES
			(1, '901750435-6', 'Uno S.A.S.', 'otro', '', 'x', 'x'),
			(2, '800191045-1', 'Dos Ltda.', 'otro', '', 'x', 'x')`,
		`INSERT INTO actos(id, usuario_id, numero_acto, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES
			(1, 1, '1234567', 'grave', 'multa', 100, 0, 'x'),
			(2, 1, '1.234.567', 'leve', 'multa', 999, 0, 'y'),
			(3, 1, '2,345,678', 'grave', 'multa', 300, 0, 'x'),
			(4, 1, ' 2 345 678 ', 'grave', 'multa', 400, 0, 'x'),
			(5, 2, '9.876', 'grave', 'multa', 500, 0, 'x'),
			(6, 2, '1.234.567', 'grave', 'multa', 600, 0, 'x'),
			(7, 1, 'RS-1.234', 'grave', 'multa', 0, 0, 'x'),
			(8, 1, '12.34', 'grave', 'multa', 0, 0, 'x'),
			(9, 1, '1.2345', 'grave', 'multa', 0, 0, 'x'),
			(10, 1, '1.234,567', 'grave', 'multa', 0, 0, 'x'),
			(11, 1, '1234.567', 'grave', 'multa', 0, 0, 'x')`,
		`INSERT INTO declaraciones(id, usuario_id, numero_declaracion, fecha, anio, valor_centavos, actualizado_en) VALUES
			(1, 1, '482027000123456', '2025-03-04', 2025, 100, 'x'),
			(2, 1, '482.027.000.123.456', '2025-03-05', 2025, 200, 'x'),
			(3, 2, '482`+"\u00a0"+`027`+"\u00a0"+`000', '2025-03-06', 2025, 300, 'x')`,
	) {
		if _, err := d.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	d.Close()

	d, err = Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for _, c := range []struct{ q, quiere string }{
		{`SELECT group_concat(id || ':' || usuario_id || ':' || numero_acto || ':' || valor_centavos, ' ') FROM (SELECT * FROM actos ORDER BY id)`,
			"1:1:1234567:100 3:1:2345678:300 5:2:9876:500 6:2:1234567:600 7:1:RS-1.234:0 8:1:12.34:0 9:1:1.2345:0 10:1:1.234,567:0 11:1:1234.567:0"},
		{`SELECT group_concat(id || ':' || usuario_id || ':' || numero_declaracion || ':' || valor_centavos, ' ') FROM (SELECT * FROM declaraciones ORDER BY id)`,
			"1:1:482027000123456:100 3:2:482027000:300"},
		{`SELECT group_concat(tabla || ':' || fila_id || '>' || fila_destino || ':' || usuario_id || ':' || clave_anterior || '>' || clave, ' | ')
			FROM (SELECT * FROM claves_fusionadas ORDER BY tabla, fila_id)`,
			"actos:2>1:1:1.234.567>1234567 | actos:3>3:1:2,345,678>2345678 | actos:4>3:1: 2 345 678 >2345678 | actos:5>5:2:9.876>9876 | actos:6>6:2:1.234.567>1234567 | " +
				"declaraciones:2>1:1:482.027.000.123.456>482027000123456 | declaraciones:3>3:2:482\u00a0027\u00a0000>482027000"},
		{`SELECT json_extract(fila_descartada, '$.valor_centavos') || ':' || json_extract(fila_descartada, '$.gravedad') FROM claves_fusionadas WHERE tabla = 'actos' AND fila_id = 2`, "999:leve"},
		{`SELECT json_extract(fila_descartada, '$.fecha') FROM claves_fusionadas WHERE tabla = 'declaraciones' AND fila_id = 2`, "2025-03-05"},
		{`SELECT count(*) FROM claves_fusionadas WHERE fila_destino = fila_id AND fila_descartada IS NOT NULL`, "0"},
		{`PRAGMA integrity_check`, "ok"},
		{`SELECT count(*) FROM pragma_foreign_key_check`, "0"},
	} {
		var got sql.NullString
		if err := d.QueryRow(c.q).Scan(&got); err != nil || got.String != c.quiere {
			t.Errorf("%s = %q, %v; quiere %q", c.q, got.String, err, c.quiere)
		}
	}
}

// The migration reads a key as the import does (filas.ParseClave): each
// spelling, stored by a user of its own, ends as the import would store it
// when it is digits grouped in thousands, and as it was otherwise.
func TestMigracion0151_comoLaImportacion(t *testing.T) {
	t.Parallel()
	claves := []string{"1.234", "12.345.678", "1,234", "1 234", "1\u00a0234", "1\u202f234", "\t1.234 ", "1234", "1.23", "1.2345",
		"1234.567", ".123", "1.", "1..234", "1.234,567", "1. 234", "a.234", "1.23a", "RS-1.234", "1 234 5678", "١.٢٣٤", "1.234.56", "000.001"}
	ruta := filepath.Join(t.TempDir(), "vieja.db")
	d, err := Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range append(deshacer0161(), `DELETE FROM migraciones WHERE nombre >= '0151'`, `DROP TABLE claves_fusionadas`,
		`DROP TABLE api_idempotencia`, `DROP TABLE cuentas_servicio`, // 0160 and 0161 run again after it
		`DROP TABLE adjuntos_retiros`, `DROP TABLE adjuntos`, // and 0180
		`ALTER TABLE cuentas DROP COLUMN origen`,                                                            // and 0190
		`DROP TABLE correos`, `DROP TABLE correo_avisos_apagados`, `ALTER TABLE cuentas DROP COLUMN correo`, // and 0200
		`DROP INDEX evaluaciones_procede`) { // and 0205
		if _, err := d.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	for i, k := range claves {
		if _, err := d.Exec(`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (?, ?, 'x', 'otro', '', 'x', 'x')`, i+1, fmt.Sprint("n", i)); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(`INSERT INTO actos(id, usuario_id, numero_acto, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (?, ?, ?, 'grave', 'multa', 0, 0, 'x')`, i+1, i+1, k); err != nil {
			t.Fatal(err)
		}
	}
	d.Close()
	d, err = Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for i, k := range claves {
		quiere := k
		if p, err := filas.ParseClave(k); err == nil && p != strings.TrimSpace(k) {
			quiere = p
		}
		var got string
		if err := d.QueryRow(`SELECT numero_acto FROM actos WHERE id = ?`, i+1).Scan(&got); err != nil || got != quiere {
			t.Errorf("%q quedó %q, %v; la importación la guarda %q", k, got, err, quiere)
		}
	}
}
