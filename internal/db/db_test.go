package db

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"comite/internal/pruebas"
)

// TestMain removes the plantillas once every test has run.
func TestMain(m *testing.M) {
	os.Exit(pruebas.ConPlantillas(m))
}

// claveAuditoriaDePrueba is the audit key of every database abrirTemporal
// opens, so two databases fed the same data have the same audit hashes.
const claveAuditoriaDePrueba = "sellado 0\n1 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n"

// abrirTemporal opens a fresh database in a temporary directory, with cheap
// password hashing.
func abrirTemporal(t testing.TB) *DB {
	t.Helper()
	dir := t.TempDir()
	// The migrated, empty store is built once per test binary and copied:
	// migrating anew was most of the cost of the shorter tests.
	pruebas.CopiaDePlantilla(t, "vacia", dir, func(dir string) error {
		ruta := filepath.Join(dir, "comite.db")
		if err := os.WriteFile(RutaClaveAuditoria(ruta), []byte(claveAuditoriaDePrueba), 0o600); err != nil {
			return err
		}
		d, err := Open(context.Background(), ruta, ConArgon2(argon2Barato))
		if err != nil {
			return err
		}
		return d.Close()
	})
	d, err := Open(context.Background(), filepath.Join(dir, "comite.db"), ConArgon2(argon2Barato))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func TestOpen_aplicaMigracionesYPragmas(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	var fk int
	var modo string
	if err := d.QueryRow(`PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
		t.Fatalf("foreign_keys = %d, %v", fk, err)
	}
	if err := d.QueryRow(`PRAGMA journal_mode`).Scan(&modo); err != nil || modo != "wal" {
		t.Fatalf("journal_mode = %q, %v", modo, err)
	}
	var n int
	if err := d.QueryRow(`SELECT count(*) FROM migraciones`).Scan(&n); err != nil || n == 0 {
		t.Fatalf("migraciones = %d, %v", n, err)
	}
	// Opening again applies nothing twice.
	d2, err := Open(context.Background(), d.Ruta)
	if err != nil {
		t.Fatal(err)
	}
	d2.Close()
}

// A path with characters that mean something in a URI opens that very file.
func TestOpen_rutaConCaracteresDeURI(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, nombre := range []string{"a#1.db", "b?x=1.db", "c%20.db"} {
		ruta := filepath.Join(dir, nombre)
		d, err := Open(context.Background(), ruta)
		if err != nil {
			t.Fatalf("%s: %v", nombre, err)
		}
		d.Close()
		if _, err := os.Stat(ruta); err != nil {
			t.Errorf("%s: no se creó ese archivo: %v", nombre, err)
		}
	}
}
