package main

import (
	"context"
	"database/sql"
	"io"
	"os"
	"strings"
	"testing"

	"path/filepath"

	"comite/internal/db"
)

// The tail of the log and the anchor deleted together, then a command
// writes again: the database remembers the head it published, so the new
// anchor that command would start is refused and verificar fails naming
// both; a shorter anchor too. --aceptar-ancla-nueva starts one, audited.
func TestAncla_borradaConLaColaNoPasaInadvertida(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	base := iniciada(t, filepath.Join(dir, "comite.db"))
	for _, u := range []string{"ana", "beto", "carla", "dario"} {
		if rc, _, errs := correrEn("usuarios", "crear", "--db", base, "--usuario", u, "--nombre", "Cuenta "+u, "--rol", "auditor"); rc != 0 {
			t.Fatal(errs)
		}
	}
	ancla := db.RutaAnclaAuditoria(base)
	completa, _ := os.ReadFile(ancla)
	// Who holds the file: the last two rows go, and the anchor with them.
	s, err := sql.Open("sqlite", base)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`DROP TRIGGER auditoria_sin_delete`, `DELETE FROM auditoria WHERE id > 2`} {
		if _, err := s.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	os.Remove(ancla)
	// A command writes again: its row is kept, but no new anchor is started.
	if rc, _, errs := correrEn("usuarios", "crear", "--db", base, "--usuario", "elena", "--nombre", "Elena", "--rol", "auditor"); rc != 0 {
		t.Fatal(errs)
	}
	if _, err := os.Stat(ancla); err == nil {
		t.Fatal("un comando empezó un ancla nueva sin que nadie lo pidiera")
	}
	rc, out, errs := correrEn("auditoria", "verificar", "--db", base)
	if rc != 1 || !strings.Contains(errs, "hasta la fila 4") || !strings.Contains(errs, "el ancla "+ancla+" no existe") || !strings.Contains(errs, "--aceptar-ancla-nueva") {
		t.Fatalf("ancla borrada: %d %s%s", rc, out, errs)
	}
	// An older copy of the anchor (its first line only) is shorter: refused too.
	primera, _, _ := strings.Cut(string(completa), "\n")
	os.WriteFile(ancla, []byte(primera+"\n"), 0o600)
	rc, _, errs = correrEn("auditoria", "verificar", "--db", base)
	if rc != 1 || !strings.Contains(errs, "termina en la fila 1") {
		t.Fatalf("ancla más corta: %d %s", rc, errs)
	}
	os.Remove(ancla)
	// The server refuses to start on it, saying why (nothing to wait for:
	// it returns before listening).
	var errServe strings.Builder
	if rc := servir(context.Background(), opcionesServe{addr: "127.0.0.1:0", ruta: base, cookieSegura: "auto", formatoLog: "json"}, io.Discard, &errServe); rc != 1 ||
		!strings.Contains(errServe.String(), "comite serve: la base publicó la cabeza del registro de auditoría hasta la fila 4") {
		t.Fatalf("serve con el ancla borrada: %d %s", rc, errServe.String())
	}
	// Accepted explicitly: the row says what was recorded and what was found.
	rc, out, errs = correrEn("auditoria", "verificar", "--db", base, "--aceptar-ancla-nueva")
	if rc != 0 || !strings.Contains(out, "ancla nueva aceptada en "+ancla) || !strings.Contains(out, "hasta la fila 4") {
		t.Fatalf("aceptar: %d %s%s", rc, out, errs)
	}
	d, err := db.Open(context.Background(), base, db.SinCrearClaveAuditoria())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var detalle string
	if err := d.QueryRow(`SELECT detalle_json FROM auditoria WHERE accion = 'auditoria.ancla_nueva'`).Scan(&detalle); err != nil || !strings.Contains(detalle, `"fila_registrada":4`) {
		t.Fatalf("la aceptación no quedó en la auditoría: %q %v", detalle, err)
	}
	if rc, out, errs := correrEn("auditoria", "verificar", "--db", base); rc != 0 {
		t.Fatalf("después de aceptar: %d %s%s", rc, out, errs)
	}
	// The record is signed: lowering it by hand (to hide a shorter anchor)
	// is caught.
	s, err = sql.Open("sqlite", base)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Exec(`UPDATE ancla_publicada SET fila = 1`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if rc, _, errs := correrEn("auditoria", "verificar", "--db", base); rc != 1 || !strings.Contains(errs, "alguien lo editó fuera de comite") {
		t.Fatalf("registro editado: %d %s", rc, errs)
	}
}
