package db

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
)

// TestMigracion0150_nitsSinCeros opens a database whose users were stored
// with leading zeros in their NIT: 0901750435-6 beside 901750435-6 becomes
// one user (its acts, operations and cases pass to the kept one; the act
// both had stays as the kept user has it), and 00800191045-1, alone, is only
// renamed. nits_fusionados lists both.
func TestMigracion0150_nitsSinCeros(t *testing.T) {
	t.Parallel()
	// A base with every migration, then taken back to before 0150 (and 0151).
	ruta := filepath.Join(t.TempDir(), "vieja.db")
	d, err := Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range append(deshacer0161(), // and 0161
		`DELETE FROM migraciones WHERE nombre >= '0150'`,
		`DROP TABLE nits_fusionados`,
		`DROP TABLE claves_fusionadas`, // 0151 runs again after it
		`DROP TABLE api_idempotencia`,  // and 0160
		`DROP TABLE cuentas_servicio`,
		`DROP TABLE adjuntos_retiros`, `DROP TABLE adjuntos`, // and 0180
		`ALTER TABLE cuentas DROP COLUMN origen`,                                                            // and 0190
		`DROP TABLE correos`, `DROP TABLE correo_avisos_apagados`, `ALTER TABLE cuentas DROP COLUMN correo`, // and 0200
		`DROP INDEX evaluaciones_procede`, // and 0205
		`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES
			(1, '901750435-6', 'Uno S.A.S.', 'otro', '', 'x', 'x'),
			(2, '0901750435-6', 'Uno S.A.S.', 'otro', '', 'x', 'x'),
			(3, '00800191045-1', 'Dos Ltda.', 'otro', '', 'x', 'x')`,
		`INSERT INTO actos(id, usuario_id, numero_acto, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES
			(1, 1, 'RS-1', 'grave', 'multa', 100, 0, 'x'), (2, 2, 'RS-1', 'grave', 'multa', 999, 0, 'x'), (3, 2, 'RS-2', 'leve', 'multa', 200, 0, 'x')`,
		`INSERT INTO operaciones_anuales(usuario_id, anio, valor_centavos, numero, actualizado_en) VALUES (2, 2025, 500, 3, 'x')`,
		`INSERT INTO casos(id, numero, usuario_id, direccion_seccional, estado, fecha_comision, fecha_verificacion, fecha_reporte, gravedad, sancion, sancion_prevista_centavos, creado_por, creado_en)
			VALUES (1, 'CF-2026-0001', 2, 'BOGOTA', 'cerrado', '2026-02-10', '2026-03-02', '2026-03-03', 'grave', 'multa', 0, 'x', 'x')`,
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
		{`SELECT group_concat(id || ':' || nit, ' ') FROM (SELECT id, nit FROM usuarios_aduaneros ORDER BY id)`, "1:901750435-6 3:800191045-1"},
		{`SELECT group_concat(usuario_id || ':' || numero_acto || ':' || valor_centavos, ' ') FROM (SELECT * FROM actos ORDER BY id)`, "1:RS-1:100 1:RS-2:200"},
		{`SELECT usuario_id || ':' || anio FROM operaciones_anuales`, "1:2025"},
		{`SELECT usuario_id FROM casos WHERE id = 1`, "1"},
		{`SELECT group_concat(usuario_id || '>' || usuario_destino || ':' || nit_anterior || '>' || nit || ':' || razon_social || ':' || filas_descartadas, ' | ')
			FROM (SELECT * FROM nits_fusionados ORDER BY usuario_id)`, "2>1:0901750435-6>901750435-6:Uno S.A.S.:1 | 3>3:00800191045-1>800191045-1:Dos Ltda.:0"},
		{`PRAGMA integrity_check`, "ok"},
		{`SELECT count(*) FROM pragma_foreign_key_check`, "0"},
	} {
		var got sql.NullString
		if err := d.QueryRow(c.q).Scan(&got); err != nil || got.String != c.quiere {
			t.Errorf("%s = %q, %v; quiere %q", c.q, got.String, err, c.quiere)
		}
	}
}
