package db

import (
	"strings"
	"testing"
)

// The filters of the pages read an index, never the whole table: the query
// plan of each shape the pages use (the case list, the queues, the sessions,
// the audit log) has no full SCAN of the table it filters.
func TestPlanes_filtrosUsanIndices(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	casos := []struct {
		nombre, tabla, sql string
		args               []any
		recorre            string // the index a sorted page may walk (up to its LIMIT)
	}{
		{"caso por número sin mayúsculas", "c", `SELECT c.id FROM casos c WHERE c.numero = ? COLLATE NOCASE`, []any{"cf-2026-0001"}, ""},
		{"lista por razón social", "c", `SELECT c.id FROM casos c ORDER BY c.razon_social_busqueda DESC, c.id DESC LIMIT 50 OFFSET 300`, nil, "casos_razon_busqueda"},
		{"lista por Seccional", "c", `SELECT c.id FROM casos c WHERE c.direccion_seccional = ? ORDER BY c.fecha_reporte DESC, c.id DESC LIMIT 50`, []any{"CARTAGENA"}, ""},
		{"casos de un usuario", "casos", `SELECT count(*) FROM casos WHERE usuario_id = ? AND fecha_comision = ?`, []any{1, "2026-01-01"}, ""},
		{"cola por estado", "c", `SELECT c.id FROM casos c WHERE c.estado IN (?, ?)`, []any{"reportado", "en_evaluacion"}, ""},
		{"conceptos de una sesión", "conceptos", `SELECT count(*) FROM conceptos WHERE sesion_id = ? AND corrige_id IS NULL`, []any{1}, ""},
		{"conceptos de un caso", "k", `SELECT k.decision FROM conceptos k WHERE k.caso_id = ? ORDER BY k.id DESC LIMIT 1`, []any{1}, ""},
		{"sesiones próximas", "sesiones_comite", `SELECT id FROM sesiones_comite WHERE fecha >= ? ORDER BY fecha, hora, id`, []any{"2026-03-01"}, ""},
		{"sesión de un caso", "sesion_orden", `SELECT sesion_id FROM sesion_orden WHERE caso_id = ?`, []any{1}, ""},
		{"evaluación vigente de un caso", "e", `SELECT e.resultado_json FROM evaluaciones e WHERE e.caso_id = ? ORDER BY e.version DESC LIMIT 1`, []any{1}, ""},
		{"auditoría por cuenta", "auditoria", `SELECT count(*) FROM auditoria WHERE cuenta = ? COLLATE NOCASE`, []any{"admin"}, ""},
		{"auditoría por acción", "auditoria", `SELECT count(*) FROM auditoria WHERE accion >= ? AND accion < ?`, []any{"caso.", "caso.\U0010FFFF"}, ""},
		{"auditoría por fecha", "auditoria", `SELECT count(*) FROM auditoria WHERE en >= ? AND en < ?`, []any{"2026-03-01T05:00:00", "2026-03-02T05:00:00"}, ""},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			filas, err := d.Query(`EXPLAIN QUERY PLAN `+c.sql, c.args...)
			if err != nil {
				t.Fatal(err)
			}
			defer filas.Close()
			var plan []string
			for filas.Next() {
				var id, padre, nada int
				var detalle string
				if err := filas.Scan(&id, &padre, &nada, &detalle); err != nil {
					t.Fatal(err)
				}
				plan = append(plan, detalle)
			}
			for _, p := range plan {
				// A page sorted by an index walks it and stops at its
				// LIMIT: the one SCAN allowed, and only over that index.
				if c.recorre != "" && p == "SCAN "+c.tabla+" USING COVERING INDEX "+c.recorre {
					continue
				}
				if p == "SCAN "+c.tabla || strings.HasPrefix(p, "SCAN "+c.tabla+" ") {
					t.Fatalf("recorre la tabla o un índice entero: %v", plan)
				}
			}
		})
	}
}

// The deadline of a case's current evaluation (migration 0118) and whether
// the Comité proceeds by it (0205) are read from the index on the same
// expression, in each query that shows them: the stored result, ≈ 12 KB of
// JSON per case, is not parsed on every page.
func TestPlanes_plazoDeLaEvaluacionDesdeElIndice(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	for q, indice := range map[string]string{
		`SELECT c.id, coalesce((SELECT json_extract(e.resultado_json, '$.plazo_reporte') FROM evaluaciones e WHERE e.caso_id = c.id ORDER BY e.version DESC LIMIT 1), '') FROM casos c`: "evaluaciones_plazo_reporte",
		`SELECT json_extract(e.resultado_json, '$.plazo_reporte') FROM evaluaciones e WHERE e.caso_id = ? ORDER BY e.version DESC LIMIT 1`:                                              "evaluaciones_plazo_reporte",
		// The case list's column and its filter by result (BuscarCasos).
		`SELECT c.id, (SELECT json_extract(e.resultado_json, '$.procede_comite') FROM evaluaciones e WHERE e.caso_id = c.id ORDER BY e.version DESC LIMIT 1) AS procede FROM casos c`: "evaluaciones_procede",
		`SELECT c.id FROM casos c WHERE (SELECT json_extract(e.resultado_json, '$.procede_comite') FROM evaluaciones e WHERE e.caso_id = c.id ORDER BY e.version DESC LIMIT 1) = ?`:   "evaluaciones_procede",
	} {
		filas, err := d.Query(`EXPLAIN QUERY PLAN `+q, 1)
		if err != nil && strings.Contains(err.Error(), "argument") {
			filas, err = d.Query(`EXPLAIN QUERY PLAN ` + q)
		}
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for filas.Next() {
			var id, padre, nada int
			var detalle string
			if err := filas.Scan(&id, &padre, &nada, &detalle); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detalle)
		}
		filas.Close()
		if !strings.Contains(strings.Join(plan, "; "), "SEARCH e USING COVERING INDEX "+indice+" (caso_id=?)") {
			t.Errorf("%s\nno lee la evaluación del índice %s: %v", q, indice, plan)
		}
	}
}
