package pendientes

import (
	"os"
	"path/filepath"
	"testing"
)

// An existing directory with a loose mode is closed to 0700; a symbolic
// link or a file in its place is refused.
func TestPrepararDirPrivado(t *testing.T) {
	base := t.TempDir()
	abierto := filepath.Join(base, "abierto")
	os.Mkdir(abierto, 0o777)
	os.Chmod(abierto, 0o777)
	if _, err := PrepararDir(abierto); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(abierto); fi.Mode().Perm() != 0o700 {
		t.Fatalf("modo %o", fi.Mode().Perm())
	}
	enlace := filepath.Join(base, "enlace")
	os.Symlink(abierto, enlace)
	if _, err := PrepararDir(enlace); err == nil {
		t.Fatal("aceptó un enlace simbólico")
	}
	archivo := filepath.Join(base, "archivo")
	os.WriteFile(archivo, nil, 0o600)
	if _, err := PrepararDir(archivo); err == nil {
		t.Fatal("aceptó un archivo")
	}
}
