package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"comite/internal/db"
)

func audCorrer(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := correr(append([]string{"auditoria"}, args...), strings.NewReader(""), &out, &errb)
	return code, out.String(), errb.String()
}

// The tail of the audit log deleted from the database: `comite auditoria
// verificar` names the first missing row (from the anchor next to the base);
// with the key moved away it cannot verify, and says so.
func TestCmdAuditoria_colaBorradaYClaveAusente(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	base := iniciada(t, filepath.Join(dir, "comite.db"))
	if code, _, errs := impCorrer("importar", "usuarios", filepath.Join(impEjemplos, "usuarios.csv"), "--db", base); code != 0 {
		t.Fatal(errs)
	}
	if code, _, errs := impCorrer("importar", "sanciones", filepath.Join(impEjemplos, "sanciones.csv"), "--db", base); code != 0 {
		t.Fatal(errs)
	}
	if st, err := os.Stat(db.RutaClaveAuditoria(base)); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("clave de auditoría junto a la base: %v %v", st, err)
	}
	code, out, _ := audCorrer("cabeza", "--db", base)
	if code != 0 || !strings.HasPrefix(out, "cabeza del registro de auditoría: fila 2, hash ") {
		t.Fatalf("cabeza: %d %q", code, out)
	}
	d, err := db.Open(context.Background(), base)
	if err != nil {
		t.Fatal(err)
	}
	d.Exec(`DROP TRIGGER auditoria_sin_delete`)
	if _, err := d.Exec(`DELETE FROM auditoria WHERE id = 2`); err != nil {
		t.Fatal(err)
	}
	d.Close()
	code, out, errs := audCorrer("verificar", "--db", base)
	if code != 1 || out != "" || !strings.HasPrefix(errs, "la fila 2 del registro de auditoría no coincide: falta la cola del registro") {
		t.Fatalf("cola borrada: %d %q %q", code, out, errs)
	}
	os.Rename(db.RutaClaveAuditoria(base), filepath.Join(dir, "clave-guardada"))
	code, _, errs = audCorrer("verificar", "--db", base)
	if code != 1 || !strings.Contains(errs, "la clave no está en "+db.RutaClaveAuditoria(base)) || !strings.Contains(errs, "--clave-auditoria") {
		t.Fatalf("sin la clave: %d %q", code, errs)
	}
	if _, err := os.Stat(db.RutaClaveAuditoria(base)); err == nil {
		t.Fatal("verificar creó una clave nueva")
	}
	// With the key named by --clave-auditoria it verifies (and still finds the missing tail).
	code, _, errs = audCorrer("verificar", "--db", base, "--clave-auditoria", filepath.Join(dir, "clave-guardada"))
	if code != 1 || !strings.Contains(errs, "falta la cola") {
		t.Fatalf("con --clave-auditoria: %d %q", code, errs)
	}
}

// rotar-clave adds key 2; the chain still verifies.
func TestCmdAuditoria_rotarClave(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	base := iniciada(t, filepath.Join(dir, "comite.db"))
	if code, _, errs := impCorrer("importar", "usuarios", filepath.Join(impEjemplos, "usuarios.csv"), "--db", base); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := audCorrer("rotar-clave", "--db", base)
	if code != 0 || !strings.Contains(out, "clave de auditoría 2 agregada") {
		t.Fatalf("rotar: %d %q %q", code, out, errs)
	}
	texto, _ := os.ReadFile(db.RutaClaveAuditoria(base))
	if !strings.Contains(string(texto), "\n1 ") || !strings.Contains(string(texto), "\n2 ") {
		t.Fatalf("archivo de claves:\n%s", texto)
	}
	code, out, errs = audCorrer("verificar", "--db", base)
	if code != 0 || !strings.Contains(out, "2 filas verificadas") {
		t.Fatalf("tras rotar: %d %q %q", code, out, errs)
	}
}
