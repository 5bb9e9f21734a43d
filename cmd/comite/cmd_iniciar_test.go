package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// iniciada runs «comite iniciar» on ruta, as the manual's first step, and
// returns ruta.
func iniciada(t *testing.T, ruta string, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if rc := correr(append([]string{"iniciar", "--db", ruta}, args...), strings.NewReader(""), &out, &errb); rc != 0 {
		t.Fatalf("comite iniciar: %d\n%s", rc, errb.String())
	}
	return ruta
}

func correrEn(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	rc := correr(args, strings.NewReader("una clave larga de prueba 2026\n"), &out, &errb)
	return rc, out.String(), errb.String()
}

func existe(ruta string) bool { _, err := os.Stat(ruta); return err == nil }

// The key and the anchor where the manual puts them (outside the database's
// directory), named once to «comite iniciar»: every later command, run
// without options or variables, signs with that key, and none makes another.
func TestIniciar_unaConfiguracionParaTodosLosComandos(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	base := filepath.Join(dir, "datos", "comite.db")
	os.MkdirAll(filepath.Dir(base), 0o700)
	clave := filepath.Join(dir, "etc", "clave-auditoria")
	ancla := filepath.Join(dir, "log", "ancla-auditoria")
	os.MkdirAll(filepath.Dir(clave), 0o700)
	os.MkdirAll(filepath.Dir(ancla), 0o700)
	rc, out, errs := correrEn("iniciar", "--db", base, "--clave-auditoria", clave, "--ancla-auditoria", ancla)
	if rc != 0 || !strings.Contains(out, "Clave de auditoría creada en "+clave) || !strings.Contains(out, "Configuración escrita en "+base+".conf") {
		t.Fatalf("iniciar: %d %s%s", rc, out, errs)
	}
	st, err := os.Stat(clave)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("la clave: %v %v", st, err)
	}
	antes, _ := os.ReadFile(clave)
	// The manual's first administrator, without options; its password refused first.
	var out2, errb bytes.Buffer
	if rc := correr([]string{"usuarios", "crear", "--db", base, "--usuario", "admin", "--rol", "admin"}, strings.NewReader("corta\n"), &out2, &errb); rc == 0 {
		t.Fatalf("una clave corta se aceptó: %s", out2.String())
	}
	if rc, _, errs := correrEn("usuarios", "crear", "--db", base, "--usuario", "admin", "--nombre", "Ana Admin", "--rol", "admin"); rc != 0 {
		t.Fatalf("usuarios crear: %d %s", rc, errs)
	}
	if rc, _, errs := correrEn("tamizaje", "--anio", "2026", "--db", base); rc != 0 {
		t.Fatalf("tamizaje: %d %s", rc, errs)
	}
	if existe(base+".clave-auditoria") || existe(base+".ancla-auditoria") {
		t.Fatal("un comando creó una clave o un ancla junto a la base en vez de usar las configuradas")
	}
	rc, out, errs = correrEn("auditoria", "verificar", "--db", base)
	if rc != 0 || !strings.Contains(out, "íntegro") {
		t.Fatalf("verificar: %d %s%s", rc, out, errs)
	}
	if b, _ := os.ReadFile(ancla); !strings.Contains(string(b), "\t") {
		t.Fatalf("el ancla configurada no recibió la cabeza: %q", b)
	}
	// Run again, it changes nothing.
	rc, out, _ = correrEn("iniciar", "--db", base)
	if despues, _ := os.ReadFile(clave); rc != 0 || !strings.Contains(out, "ya estaba iniciada") || !bytes.Equal(antes, despues) {
		t.Fatalf("iniciar otra vez: %d %s", rc, out)
	}
}

// A database with signed rows whose key is not where the command looks:
// every command stops before writing, names the file it looked for and how
// to point to it, and no key is created; verificar says the key is missing.
func TestSinClave_ningunComandoLaCreaNiEscribe(t *testing.T) {
	dir := t.TempDir()
	base := iniciada(t, filepath.Join(dir, "comite.db"))
	if rc, _, errs := correrEn("usuarios", "crear", "--db", base, "--usuario", "admin", "--nombre", "Ana Admin", "--rol", "admin"); rc != 0 {
		t.Fatal(errs)
	}
	clave := base + ".clave-auditoria"
	if err := os.Rename(clave, filepath.Join(dir, "guardada")); err != nil {
		t.Fatal(err)
	}
	antes, _ := os.ReadFile(base)
	for _, args := range [][]string{
		{"usuarios", "crear", "--db", base, "--usuario", "otro", "--nombre", "Otro", "--rol", "auditor"},
		{"tamizaje", "--anio", "2026", "--db", base},
		{"auditoria", "verificar", "--db", base},
		{"auditoria", "rotar-clave", "--db", base},
		{"demo", "--db", base},
		{"migrar", "--db", base},
	} {
		rc, out, errs := correrEn(args...)
		if rc != 1 || !strings.Contains(errs, "la clave no está en "+clave) || !strings.Contains(errs, "COMITE_CLAVE_AUDITORIA_ARCHIVO") || !strings.Contains(errs, base+".conf") {
			t.Errorf("%v: %d\n%s%s", args, rc, out, errs)
		}
		if existe(clave) {
			t.Fatalf("%v creó una clave", args)
		}
	}
	if despues, _ := os.ReadFile(base); !bytes.Equal(antes, despues) {
		t.Error("la base cambió aunque ningún comando tenía la clave")
	}
	// The variable wins over the configuration file and the default.
	t.Setenv("COMITE_CLAVE_AUDITORIA_ARCHIVO", filepath.Join(dir, "guardada"))
	if rc, out, errs := correrEn("auditoria", "verificar", "--db", base); rc != 0 {
		t.Fatalf("con la variable: %d %s%s", rc, out, errs)
	}
}

// A misspelt line of the configuration file is refused, naming the settings.
func TestConfiguracion_ajusteDesconocido(t *testing.T) {
	t.Parallel()
	base := iniciada(t, filepath.Join(t.TempDir(), "comite.db"))
	f, _ := os.OpenFile(base+".conf", os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("clave-auditria = /otra\n")
	f.Close()
	rc, _, errs := correrEn("tamizaje", "--anio", "2026", "--db", base)
	if rc != 1 || !strings.Contains(errs, "«clave-auditria», que no es un ajuste de comite") || !strings.Contains(errs, "clave-auditoria, ancla-auditoria") {
		t.Fatalf("%d %s", rc, errs)
	}
}

// Read-only commands on a database of an older release neither migrate it
// nor create any file: they say to run «comite migrar», which does.
func TestSoloLectura_noMigraNiCreaArchivos(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	base := filepath.Join(dir, "comite.db")
	b, err := os.ReadFile("../../testdata/esquemas/0002.db")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(base, b, 0o600)
	for _, args := range [][]string{
		{"tamizaje", "--anio", "2026", "--db", base},
		{"auditoria", "verificar", "--db", base},
		{"auditoria", "cabeza", "--db", base},
	} {
		rc, _, errs := correrEn(args...)
		if rc != 1 || !strings.Contains(errs, "le faltan") || !strings.Contains(errs, "«comite migrar --db "+base+"»") {
			t.Errorf("%v: %d %s", args, rc, errs)
		}
		es, _ := os.ReadDir(dir)
		if despues, _ := os.ReadFile(base); len(es) != 1 || !bytes.Equal(b, despues) {
			t.Fatalf("%v cambió la base o creó archivos: %d archivos", args, len(es))
		}
	}
	// A release without audit keys: migrating needs a key (a migration
	// records its conversion in the log), which only «comite iniciar» makes;
	// the failed run leaves the database as it was.
	if rc, _, errs := correrEn("migrar", "--db", base); rc != 1 || !strings.Contains(errs, "«comite iniciar --db "+base+"»") {
		t.Fatalf("migrar sin clave: %d %s", rc, errs)
	}
	if rc, _, errs := correrEn("auditoria", "cabeza", "--db", base); rc != 1 || !strings.Contains(errs, "tiene el esquema 0002_actos_checks.sql") {
		t.Fatalf("migrar a medias: %d %s", rc, errs)
	}
	if rc, out, errs := correrEn("iniciar", "--db", base); rc != 0 || !strings.Contains(out, "Clave de auditoría creada") {
		t.Fatalf("iniciar: %d %s%s", rc, out, errs)
	}
	if rc, out, errs := correrEn("migrar", "--db", base); rc != 0 || !strings.Contains(out, "al día") {
		t.Fatalf("migrar: %d %s%s", rc, out, errs)
	}
	if rc, _, errs := correrEn("tamizaje", "--anio", "2026", "--db", base); rc != 0 {
		t.Fatalf("tamizaje después de migrar: %s", errs)
	}
}
