//go:build linux

package respaldo

import (
	"path/filepath"
	"syscall"
	"testing"
)

// A server that stops releases its lock even when another reference to the
// same open file exists: the one a child process holds between its fork and
// its exec (modelled here with dup(2), which shares the open file as fork
// does). A restore started right then finds the database free.
func TestBloqueo_soltarLiberaAunqueOtroProcesoCompartaElArchivo(t *testing.T) {
	t.Parallel()
	ruta := filepath.Join(t.TempDir(), "comite.db")
	b, err := BloquearServidor(ruta)
	if err != nil {
		t.Fatal(err)
	}
	copia, err := syscall.Dup(int(b.f.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(copia)
	b.Soltar()
	ex, err := bloquearExclusivo(ruta)
	if err != nil {
		t.Fatalf("tras soltar el bloqueo del servidor, la restauración no lo toma: %v", err)
	}
	ex.Soltar()
}
