package db

import (
	"comite/internal/dominio"
	"context"
	"database/sql"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"comite/internal/flujo"
	"comite/internal/seccionales"
)

// TestMigracion0030y0031_desdeUnaBaseDeLaVersionAnterior opens a database
// made by the previous release (migrations 0001 and 0002 only, Direcciones
// Seccionales as free text, a closed case with a concepto, its correction and
// its REA proposal) with this version: the free text becomes catalogue
// codes, what cannot be converted is listed (table and audit log), the
// concepto and the proposal keep their rows, links and insert-only triggers,
// and the second route's decisions are accepted.
func TestMigracion0030y0031_desdeUnaBaseDeLaVersionAnterior(t *testing.T) {
	t.Parallel()
	ruta := filepath.Join(t.TempDir(), "vieja.db")
	sqldb, err := sql.Open("sqlite", DSN(ruta))
	if err != nil {
		t.Fatal(err)
	}
	sqldb.SetMaxOpenConns(1)
	if _, err := sqldb.Exec(`CREATE TABLE migraciones (nombre TEXT PRIMARY KEY, aplicada_en TEXT NOT NULL) STRICT`); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"0001_esquema.sql", "0002_actos_checks.sql"} {
		b, err := migraciones.ReadFile("migraciones/" + n)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sqldb.Exec(string(b)); err != nil {
			t.Fatal(n, err)
		}
		if _, err := sqldb.Exec(`INSERT INTO migraciones VALUES (?, '2026-11-30T00:00:00Z')`, n); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range []string{
		`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES
			(1, '800191045-1', 'Uno', 'otro', 'Dirección Seccional de Aduanas de Cartagena', 'x', 'x'),
			(2, '899999068-1', 'Dos', 'otro', 'Cartagena', 'x', 'x'),
			(3, '800197268-4', 'Tres', 'otro', 'CARTAGENA ', 'x', 'x'),
			(4, '900300400-5', 'Cuatro', 'otro', 'Dirección Seccional de Impuestos y Aduanas de Bogotá', 'x', 'x'),
			(5, '860000001-9', 'Cinco', 'otro', 'Seccional Inventada', 'x', 'x'),
			(6, '860000002-7', 'Seis', 'otro', '', 'x', 'x')`,
		`INSERT INTO cuentas(id, usuario, rol, direccion_seccional, clave_hash, creada_en) VALUES
			(1, 'sec', 'seccional', 'dirección seccional de aduanas de cartagena', 'x', 'x'), (2, 'com', 'comite', '', 'x', 'x')`,
		`INSERT INTO casos(id, numero, usuario_id, direccion_seccional, estado, fecha_comision, fecha_verificacion, fecha_reporte, gravedad, sancion,
			sancion_prevista_centavos, creado_por, creado_en) VALUES (1, 'CF-2026-0001', 1, 'Dirección Seccional de Aduanas de Cartagena', 'cerrado',
			'2026-02-10', '2026-03-02', '2026-03-03', 'grave', 'multa', 1047500000, 'sec', 'x')`,
		`INSERT INTO evaluaciones(id, caso_id, version, conjunto_reglas, entrada_json, resultado_json, valores_json, creado_por, creado_en)
			VALUES (1, 1, 1, 'DL920-2023', '{}', '{}', '{}', 'sec', 'x')`,
		`INSERT INTO conceptos(id, caso_id, fecha_sesion, miembros, decision, motivacion_json, evaluacion_id, registrado_por, registrado_en)
			VALUES (1, 1, '2026-03-10', '["A"]', 'multa_incrementada', '{}', 1, 'com', 'x')`,
		`INSERT INTO conceptos(id, caso_id, fecha_sesion, miembros, decision, motivacion_json, evaluacion_id, corrige_id, motivo_correccion, registrado_por, registrado_en)
			VALUES (2, 1, '2026-03-10', '["A","B"]', 'multa_incrementada', '{}', 1, 1, 'faltaba B', 'com', 'x')`,
		`INSERT INTO propuestas_rea(id, caso_id, concepto_id, propuesta, fecha_rea, uvt_anio, uvt_valor, total_centavos, registrado_por, registrado_en)
			VALUES (1, 1, 2, 'multa_incrementada', '2026-03-17', 2026, 52374, 6284900000, 'sec', 'x')`,
	} {
		if _, err := sqldb.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	sqldb.Close()

	d, err := Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ctx := context.Background()
	for _, c := range []struct {
		q, quiere string
	}{
		{`SELECT group_concat(direccion_seccional, '|') FROM (SELECT direccion_seccional FROM usuarios_aduaneros ORDER BY id)`, "CARTAGENA|CARTAGENA|CARTAGENA|BOGOTA|Seccional Inventada|"},
		{`SELECT direccion_seccional FROM cuentas WHERE id = 1`, "CARTAGENA"},
		{`SELECT direccion_seccional FROM casos WHERE id = 1`, "CARTAGENA"},
		{`SELECT tabla || ':' || valor || ':' || filas FROM seccionales_sin_convertir`, "usuarios_aduaneros:Seccional Inventada:1"},
		{`SELECT count(*) FROM seccionales`, strconv.Itoa(len(seccionales.Semilla))},
		// The conceptos and the proposal keep their rows and links.
		{`SELECT group_concat(id || '/' || coalesce(corrige_id, '-') || '/' || decision, ' ') FROM conceptos`, "1/-/multa_incrementada 2/1/multa_incrementada"},
		{`SELECT concepto_id || '/' || total_centavos FROM propuestas_rea`, "2/6284900000"},
		{`PRAGMA integrity_check`, "ok"},
		{`SELECT count(*) FROM pragma_foreign_key_check`, "0"},
	} {
		var got sql.NullString
		if err := d.QueryRow(c.q).Scan(&got); err != nil || got.String != c.quiere {
			t.Errorf("%s = %q, %v; quiere %q", c.q, got.String, err, c.quiere)
		}
	}
	var det string
	if err := d.QueryRow(`SELECT detalle_json FROM auditoria WHERE accion = 'seccional.migrar'`).Scan(&det); err != nil || !strings.Contains(det, "Seccional Inventada") {
		t.Fatalf("auditoría de la migración: %q %v", det, err)
	}
	sin, err := d.SeccionalesSinConvertir(ctx)
	if err != nil || len(sin) != 1 || sin[0].Valor != "Seccional Inventada" {
		t.Fatalf("sin convertir: %+v %v", sin, err)
	}
	if n, err := d.VerificarAuditoria(ctx); err != nil || n != 1 {
		t.Fatalf("cadena de auditoría: %d %v", n, err)
	}
	// Insert-only as before; the second route's decisions are accepted.
	for _, q := range []string{`UPDATE conceptos SET decision = 'cancelacion' WHERE id = 1`, `DELETE FROM conceptos WHERE id = 2`,
		`UPDATE propuestas_rea SET total_centavos = 1`, `DELETE FROM propuestas_rea`} {
		if _, err := d.Exec(q); err == nil {
			t.Errorf("la base aceptó %s", q)
		}
	}
	if _, err := d.Exec(`INSERT INTO conceptos(caso_id, fecha_sesion, miembros, decision, motivacion_json, evaluacion_id, registrado_por, registrado_en)
		VALUES (1, '2026-03-10', '["A"]', ?, '{}', 1, 'com', 'x')`, string(flujo.DecisionSinVistoBueno)); err != nil {
		t.Fatal(err)
	}
	// The account of Cartagena sees the three users written three ways.
	cu, err := d.CuentaPorID(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	us, total, err := d.BuscarUsuarios(ctx, FiltroUsuarios{Seccional: cu.DireccionSeccional})
	if err != nil || total != 3 || len(us) != 3 {
		t.Fatalf("usuarios de Cartagena: %d %v", total, err)
	}
	// The administrator adds the unknown value as a name of a Seccional:
	// the rows that kept it become its code and leave the list.
	if err := d.GuardarSeccional(ctx, seccionales.Seccional{Codigo: "MEDELLIN", Nombre: "Dirección Seccional de Aduanas de Medellín",
		Cortos: []string{"Medellín", "Seccional Inventada"}}, dominio.Actor{Cuenta: "admin"}); err != nil {
		t.Fatal(err)
	}
	var s string
	d.QueryRow(`SELECT direccion_seccional FROM usuarios_aduaneros WHERE id = 5`).Scan(&s)
	if sin, _ := d.SeccionalesSinConvertir(ctx); s != "MEDELLIN" || len(sin) != 0 {
		t.Fatalf("tras agregar el nombre: %q, sin convertir %v", s, sin)
	}
}
