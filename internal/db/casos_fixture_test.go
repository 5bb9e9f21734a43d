package db

import (
	"fmt"
	"testing"
	"time"
)

// Fixtures of the store's tests that read cases and users. The operations
// on cases (open, step, concepto, close) belong to the application
// (internal/expediente) and are tested there.

const (
	secCartagena = "CARTAGENA"
	nitEjemplo   = "800191045-1" // the worked example of docs/reglas.md §2: procede
	nitDebajo    = "899999068-1" // the same acts with 15.500.000.000 of operations: 0,4968 %, no procede
)

// baseCasos is a fresh store with the worked example's user (Cartagena) and
// one just under the threshold, the clock on 17/03/2026 10:00 in Bogotá.
func baseCasos(t testing.TB) (*DB, *time.Time) {
	t.Helper()
	d := abrirTemporal(t)
	reloj := relojFijo(d, time.Date(2026, 3, 17, 15, 0, 0, 0, time.UTC))
	sembrarEjemplo(t, d, 1, nitEjemplo, secCartagena, 1480000000000)
	sembrarEjemplo(t, d, 2, nitDebajo, secCartagena, 1550000000000)
	return d, reloj
}

// sembrarEjemplo writes a user with the acts A–E of docs/reglas.md §2 and the
// given operations of 2025 (centavos) in 1.600 operations.
func sembrarEjemplo(t testing.TB, d *DB, id int64, n, seccional string, ops int64) {
	t.Helper()
	q := []string{
		fmt.Sprintf(`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (%d, '%s', 'Agencia Ejemplo %d S.A.S.', 'agencia_de_aduanas', '%s', 'x', 'x')`, id, n, id, seccional),
		fmt.Sprintf(`INSERT INTO registros(usuario_id, clase, numero, vigente_desde) VALUES (%d, 'autorizacion', '1', '2010-01-01')`, id),
		fmt.Sprintf(`INSERT INTO operaciones_anuales VALUES (%d, 2025, %d, 1600, 'x')`, id, ops),
		fmt.Sprintf(`INSERT INTO operaciones_anuales VALUES (%d, 2024, %d, 1500, 'x')`, id, ops*9/10),
	}
	for i, a := range []struct {
		firmeza, grav string
		valor         int64
		allan         int
	}{{"2025-03-04", "grave", 40000000, 0}, {"2025-07-22", "gravisima", 25000000, 0}, {"2025-11-28", "grave", 12000000, 0},
		{"2025-09-01", "grave", 30000000, 1}, {"2024-12-31", "grave", 50000000, 0}} {
		q = append(q, fmt.Sprintf(`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en)
			VALUES (%d, 'RS-%d-%c', '%s', '%s', 'multa', %d, %d, 'x')`, id, id, 'A'+i, a.firmeza, a.grav, a.valor*100, a.allan))
	}
	for _, s := range q {
		if _, err := d.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
}
