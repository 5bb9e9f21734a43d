package db

import (
	"context"
	"path/filepath"
	"testing"
)

// TestMigracion0119_multaExacta opens a database whose cases kept the foreseen
// fine only in centavos: after the migration each case reads the same amount,
// now kept as a decimal string, and a case reported afterwards keeps every
// decimal entered.
func TestMigracion0119_multaExacta(t *testing.T) {
	t.Parallel()
	// A base with every migration, then taken back to before 0119.
	ruta := filepath.Join(t.TempDir(), "vieja.db")
	ctx := context.Background()
	d, err := Open(ctx, ruta)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`DELETE FROM migraciones WHERE nombre >= '0119' AND nombre < '0120'`,
		`ALTER TABLE casos DROP COLUMN sancion_prevista_cop`,
		`ALTER TABLE propuestas_rea DROP COLUMN total_cop`,
		`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (1, '901750435-6', 'Uno S.A.S.', 'otro', '', 'x', 'x')`,
		`INSERT INTO casos(id, numero, usuario_id, direccion_seccional, estado, fecha_comision, fecha_verificacion, fecha_reporte, gravedad, sancion, sancion_prevista_centavos, creado_por, creado_en) VALUES
			(1, 'CF-2026-0001', 1, 'BOGOTA', 'reportado', '2026-02-10', '2026-03-02', '2026-03-03', 'grave', 'multa', 1047500005, 'x', '2026-03-03T10:00:00Z'),
			(2, 'CF-2026-0002', 1, 'BOGOTA', 'reportado', '2026-02-10', '2026-03-02', '2026-03-03', 'grave', 'multa', 7, 'x', '2026-03-03T10:00:00Z'),
			(3, 'CF-2026-0003', 1, 'BOGOTA', 'reportado', '2026-02-10', '2026-03-02', '2026-03-03', 'grave', 'amonestacion', 0, 'x', '2026-03-03T10:00:00Z')`,
	} {
		if _, err := d.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	d.Close()

	d, err = Open(ctx, ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for id, quiere := range map[int64]string{1: "10475000.05", 2: "0.07", 3: "0"} {
		c, err := d.Caso(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		var texto string
		if err := d.QueryRow(`SELECT sancion_prevista_cop FROM casos WHERE id = ?`, id).Scan(&texto); err != nil {
			t.Fatal(err)
		}
		var centavos int64
		d.QueryRow(`SELECT sancion_prevista_centavos FROM casos WHERE id = ?`, id).Scan(&centavos)
		if !c.SancionPrevista.Equal(PesosDeCentavos(centavos)) || c.SancionPrevista.String() != quiere {
			t.Errorf("caso %d: multa %s (guardada «%s»); quiere %s, lo de sus %d centavos", id, c.SancionPrevista, texto, quiere, centavos)
		}
	}
}
