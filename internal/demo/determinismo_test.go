package demo

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
)

// Two loads with the same options, each into a new file opened by Abrir,
// give the same database file byte for byte, and the same audit key file.
// The comparison is of the file's bytes, not of a dump: SQLite lays the
// pages out in the order of the writes, and the load writes in the same
// order every time, so any instant, hash or document that came from the
// wall clock or from chance shows up as a differing byte. The actas are
// unsigned here (Generar): a signed acta carries the signing library's own
// wall-clock time and a random nonce.
func TestGenerarMismaSemillaMismoArchivo(t *testing.T) {
	o := Opciones{Usuarios: MinUsuarios, Anios: 2, Semilla: 11}
	cargar := func() (base, clave []byte) {
		ruta := filepath.Join(t.TempDir(), "demo.db")
		ctx := context.Background()
		d, err := Abrir(ctx, ruta, o)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Generar(ctx, d, o); err != nil {
			d.Close()
			t.Fatal(err)
		}
		if err := d.Close(); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(ruta + "-wal"); err == nil {
			t.Fatalf("quedó el registro WAL %s-wal tras cerrar: el archivo no tiene todo", ruta)
		}
		if base, err = os.ReadFile(ruta); err != nil {
			t.Fatal(err)
		}
		if clave, err = os.ReadFile(ruta + ".clave-auditoria"); err != nil {
			t.Fatal(err)
		}
		return base, clave
	}
	a, claveA := cargar()
	b, claveB := cargar()
	if !bytes.Equal(claveA, claveB) {
		t.Errorf("las claves de auditoría difieren:\n%s\n%s", claveA, claveB)
	}
	if len(a) != len(b) {
		t.Fatalf("las bases miden %d y %d bytes", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("las bases difieren desde el byte %d", i)
		}
	}
}
