package demo

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"comite/internal/firma"
)

// Two loads with the same options, each into a new file opened by Abrir,
// give the same database file byte for byte, and the same audit key file.
// The comparison is of the file's bytes, not of a dump: SQLite lays the
// pages out in the order of the writes, and the load writes in the same
// order every time, so any instant, hash or document that came from the
// wall clock or from chance shows up as a differing byte. The actas are
// unsigned here (Generar); cmd/comite checks the signed load the same way.
func TestGenerarMismaSemillaMismoArchivo(t *testing.T) {
	o := Opciones{Usuarios: MinUsuarios, Anios: 2, Semilla: 11}
	// Each load runs in its own new directory with the same relative name,
	// as «comite demo --db demo.db» does: the path of the audit anchor is
	// recorded in the database, so two different absolute paths would be
	// two different (and rightly so) rows.
	cargar := func() (base, clave []byte) {
		t.Chdir(t.TempDir())
		ruta := "demo.db"
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

// The demonstration certificate and its key come from the seed: the same
// seed writes the same two files, another seed other ones, and the key
// loads as a signer.
func TestCertificadoDemoDeLaSemilla(t *testing.T) {
	t.Parallel()
	desde := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	escribir := func(semilla int64) (cert, clave []byte) {
		ruta := filepath.Join(t.TempDir(), "demo.db")
		c, k, err := CertificadoDemo(ruta, desde, semilla)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := firma.Cargar(c, k, ""); err != nil {
			t.Fatalf("el certificado de demostración no se carga: %v", err)
		}
		if cert, err = os.ReadFile(c); err != nil {
			t.Fatal(err)
		}
		if clave, err = os.ReadFile(k); err != nil {
			t.Fatal(err)
		}
		return cert, clave
	}
	c1, k1 := escribir(7)
	c2, k2 := escribir(7)
	c3, k3 := escribir(8)
	if !bytes.Equal(c1, c2) || !bytes.Equal(k1, k2) {
		t.Error("la misma semilla escribió certificados o claves distintos")
	}
	if bytes.Equal(c1, c3) || bytes.Equal(k1, k3) {
		t.Error("dos semillas distintas escribieron el mismo certificado o la misma clave")
	}
}
