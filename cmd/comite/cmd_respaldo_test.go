package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"comite/internal/db"
	"comite/internal/demo"
	"comite/internal/respaldo"
)

func correrCmd(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	rc := correr(args, strings.NewReader(""), &out, &errb)
	return rc, out.String(), errb.String()
}

// baseDePrueba is a small demo database at dir/comite.db.
func baseDePrueba(t *testing.T, dir string) string {
	t.Helper()
	ruta := filepath.Join(dir, "comite.db")
	if rc, _, errs := correrCmd("demo", "--db", ruta, "--usuarios", "19", "--anios", "2"); rc != 0 {
		t.Fatalf("demo: %s", errs)
	}
	return ruta
}

func TestCmdRespaldoYRestaurar(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ruta := baseDePrueba(t, dir)
	destino := filepath.Join(dir, "respaldo.db")
	rc, out, errs := correrCmd("respaldo", "--db", ruta, "-o", destino)
	if rc != 0 {
		t.Fatalf("rc = %d: %s", rc, errs)
	}
	h, err := respaldo.SHA256(destino)
	if err != nil {
		t.Fatal(err)
	}
	primera, _, _ := strings.Cut(out, "\n")
	if primera != h+"  "+destino {
		t.Fatalf("la primera línea no es el SHA-256 del respaldo (formato sha256sum): %q", primera)
	}
	for _, s := range []string{"escrito y verificado", "integridad    ok", "cadena íntegra", "esquema       " + db.VersionEsquema(), "casos", "informes"} {
		if !strings.Contains(out, s) {
			t.Errorf("la salida no dice %q:\n%s", s, out)
		}
	}
	clave := db.RutaClaveAuditoria(ruta)
	// The backup is checked with the key and anchor of its database: named
	// by --db, or file by file; without them the keyed rows cannot be checked.
	for _, args := range [][]string{
		{"respaldo", "verificar", destino, "--db", ruta},
		{"respaldo", "verificar", "--clave-auditoria", clave, "--ancla", db.RutaAnclaAuditoria(ruta), destino},
	} {
		rc, out, errs = correrCmd(args...)
		if rc != 0 || !strings.HasPrefix(out, h+"  ") || !strings.Contains(out, "clave         el archivo "+clave) || !strings.Contains(out, "coincide") {
			t.Fatalf("%v: rc = %d, %s%s", args, rc, out, errs)
		}
	}
	rc, _, errs = correrCmd("respaldo", "verificar", destino)
	if rc != 1 || !strings.Contains(errs, "la clave no está en "+destino+".clave-auditoria") || !strings.Contains(errs, "--clave-auditoria") {
		t.Fatalf("verificar sin la clave: rc = %d, %s", rc, errs)
	}

	otra := filepath.Join(t.TempDir(), "restaurada.db")
	rc, out, errs = correrCmd("restaurar", "--desde", destino, "--db", otra, "--clave-auditoria", clave)
	if rc != 0 {
		t.Fatalf("restaurar: rc = %d: %s", rc, errs)
	}
	for _, s := range []string{"Restaurado " + destino + " en " + otra, "casos", "conceptos", "informes", "filas, cadena íntegra", "datos hasta",
		"Ancla de auditoría " + db.RutaAnclaAuditoria(otra) + ": se le anexó una línea «restauracion»"} {
		if !strings.Contains(out, s) {
			t.Errorf("la restauración no dice %q:\n%s", s, out)
		}
	}
	if rc, out, errs := correrCmd("auditoria", "verificar", "--db", otra, "--clave-auditoria", clave); rc != 0 {
		t.Fatalf("la base restaurada no verifica: %s%s", out, errs)
	}
	// The key named once to the restore is remembered beside the new
	// database: later commands find it without the option.
	if !strings.Contains(out, "Configuración escrita en "+otra+".conf") {
		t.Errorf("la restauración no dice que recordó la clave:\n%s", out)
	}
	if rc, out, errs := correrCmd("auditoria", "verificar", "--db", otra); rc != 0 || !strings.Contains(out, "íntegro") {
		t.Fatalf("sin --clave-auditoria después de restaurar: %s%s", out, errs)
	}
	if _, err := os.Stat(db.RutaClaveAuditoria(otra)); err == nil {
		t.Fatal("se creó una clave junto a la base restaurada")
	}
}

// TestCmdRestaurar_sobreSuBaseConElAnclaDelante: the database went on
// writing after the backup; restoring it over that database leaves the
// anchor ahead, and «comite auditoria verificar» passes and explains it.
func TestCmdRestaurar_sobreSuBaseConElAnclaDelante(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ruta := baseDePrueba(t, dir)
	destino := filepath.Join(t.TempDir(), "respaldo.db")
	if rc, _, errs := correrCmd("respaldo", "--db", ruta, "-o", destino); rc != 0 {
		t.Fatal(errs)
	}
	if rc, _, errs := correrCmd("auditoria", "rotar-clave", "--db", ruta); rc != 0 { // one more audited row
		t.Fatal(errs)
	}
	rc, out, errs := correrCmd("restaurar", "--desde", destino, "--db", ruta, "--reemplazar")
	if rc != 0 {
		t.Fatalf("restaurar: rc = %d: %s", rc, errs)
	}
	if !strings.Contains(out, "había publicado hasta la fila") || !strings.Contains(out, "las líneas anteriores se conservan") {
		t.Errorf("la restauración no explica el ancla:\n%s", out)
	}
	rc, out, errs = correrCmd("auditoria", "verificar", "--db", ruta)
	if rc != 0 || !strings.Contains(out, "registro de auditoría íntegro") || !strings.Contains(out, "restauración registrada en el ancla") {
		t.Fatalf("auditoria verificar tras restaurar: rc = %d, %s%s", rc, out, errs)
	}
}

// The refusals of the commands, in Spanish, with their exit status.
func TestCmdRespaldoYRestaurar_negativas(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ruta := baseDePrueba(t, dir)
	bueno := filepath.Join(dir, "bueno.db")
	if rc, _, errs := correrCmd("respaldo", "--db", ruta, "-o", bueno); rc != 0 {
		t.Fatal(errs)
	}
	corrupto := filepath.Join(dir, "corrupto.db")
	os.WriteFile(corrupto, bytes.Repeat([]byte("no soy una base\n"), 300), 0o600)
	enUso := filepath.Join(t.TempDir(), "en-uso.db")
	bloqueo, err := respaldo.BloquearServidor(enUso) // as a running `comite serve` holds it
	if err != nil {
		t.Fatal(err)
	}
	defer bloqueo.Soltar()
	existente := filepath.Join(dir, "existente.db")
	os.WriteFile(existente, []byte("x"), 0o600)

	for _, c := range []struct {
		nombre string
		args   []string
		rc     int
		dice   []string
	}{
		{"respaldo_sin_destino", []string{"respaldo", "--db", ruta}, 2, []string{"falta -o RESPALDO"}},
		{"respaldo_opcion_desconocida", []string{"respaldo", "--destino", "x"}, 2, []string{"--destino: opción desconocida"}},
		{"respaldo_sobre_un_archivo", []string{"respaldo", "--db", ruta, "-o", existente}, 1, []string{"nunca sobrescribe"}},
		{"respaldo_sin_base", []string{"respaldo", "--db", filepath.Join(dir, "no.db"), "-o", filepath.Join(dir, "r.db")}, 1, []string{"no se encontró la base de datos"}},
		{"verificar_corrupto", []string{"respaldo", "verificar", corrupto}, 1, []string{"no es válido", "no es una base de datos SQLite legible"}},
		{"verificar_sin_archivo", []string{"respaldo", "verificar"}, 2, []string{"indique un solo archivo"}},
		{"restaurar_sin_desde", []string{"restaurar", "--db", ruta}, 2, []string{"falta --desde"}},
		{"restaurar_corrupto", []string{"restaurar", "--desde", corrupto, "--db", filepath.Join(dir, "nueva.db")}, 1, []string{"no es válido", "No se restauró nada"}},
		{"restaurar_en_uso", []string{"restaurar", "--desde", bueno, "--db", enUso, "--reemplazar", "--clave-auditoria", db.RutaClaveAuditoria(ruta)}, 1, []string{"está en uso", "comite serve", "detenga el servicio", "No se restauró nada"}},
		{"restaurar_sobre_existente", []string{"restaurar", "--desde", bueno, "--db", existente, "--clave-auditoria", db.RutaClaveAuditoria(ruta)}, 1, []string{"ya existe la base de datos", "--reemplazar"}},
		{"restaurar_en_otra_ruta_sin_la_clave", []string{"restaurar", "--desde", bueno, "--db", filepath.Join(dir, "sin-clave.db")}, 1, []string{"la clave no está en", "No se restauró nada"}},
		{"verificar_con_la_clave_equivocada", []string{"respaldo", "verificar", bueno, "--clave-auditoria", claveAjena(t), "--ancla", db.RutaAnclaAuditoria(ruta)}, 1, []string{"no es válido", "HMAC con la clave de auditoría"}},
		{"version_con_argumento", []string{"version", "--corta"}, 2, []string{"argumento de más"}},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			rc, _, errs := correrCmd(c.args...)
			if rc != c.rc {
				t.Fatalf("rc = %d; quiere %d (%s)", rc, c.rc, errs)
			}
			for _, s := range c.dice {
				if !strings.Contains(errs, s) {
					t.Errorf("stderr no dice %q:\n%s", s, errs)
				}
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "nueva.db")); err == nil {
		t.Error("una restauración rechazada dejó una base")
	}
	if b, _ := os.ReadFile(existente); string(b) != "x" {
		t.Error("una restauración rechazada cambió la base existente")
	}
}

func TestCmdVersion(t *testing.T) {
	t.Parallel()
	rc, out, errs := correrCmd("version")
	if rc != 0 {
		t.Fatal(errs)
	}
	for _, s := range []string{"comite desarrollo", "esquema de la base: " + db.VersionEsquema(), "DL920-2023", "vigente desde 06/06/2023 hasta 20/06/2026", "C-072 de 2025"} {
		if !strings.Contains(out, s) {
			t.Errorf("comite version no dice %q:\n%s", s, out)
		}
	}
}

// TestServe_respaldosProgramadosYBloqueo: `comite serve --respaldos` makes
// its first backup at start, logs it, and while it runs a restore over its
// database is refused.
func TestServe_respaldosProgramadosYBloqueo(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ruta := filepath.Join(dir, "comite.db")
	d, err := db.Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := demo.Generar(context.Background(), d, demo.Opciones{Usuarios: demo.MinUsuarios, Anios: 2}); err != nil {
		t.Fatal(err)
	}
	d.Close()
	salida := filepath.Join(dir, "respaldos")
	os.Mkdir(salida, 0o700)
	if rc, _, errs := correrCmd("serve", "--db", ruta, "--respaldos", filepath.Join(dir, "no-existe")); rc != 2 || !strings.Contains(errs, "no existe") {
		t.Fatalf("carpeta de respaldos inexistente: rc = %d, %s", rc, errs)
	}
	ctx, parar := context.WithCancel(context.Background())
	var log bufferSeguro
	fin := make(chan int)
	go func() {
		fin <- servir(ctx, opcionesServe{addr: "127.0.0.1:0", ruta: ruta, formatoLog: "json", respaldos: salida, respaldoCada: time.Hour, conservar: 2}, io.Discard, &log)
	}()
	p := &respaldo.Programa{Dir: salida}
	limite := time.Now().Add(60 * time.Second)
	for {
		if gs, _ := p.Guardados(); len(gs) == 1 {
			break
		}
		if time.Now().After(limite) {
			parar()
			t.Fatal("el servidor no hizo su primer respaldo")
		}
		time.Sleep(20 * time.Millisecond)
	}
	rc, _, errs := correrCmd("restaurar", "--desde", filepath.Join(salida, mustGuardados(t, p)[0]), "--db", ruta, "--reemplazar")
	parar()
	if rc := <-fin; rc != 0 {
		t.Fatalf("serve terminó con %d", rc)
	}
	if rc != 1 || !strings.Contains(errs, "está en uso") {
		t.Fatalf("restaurar con el servidor corriendo: rc = %d, %s", rc, errs)
	}
	if !strings.Contains(log.String(), `"msg":"respaldo"`) || !strings.Contains(log.String(), `"sha256"`) {
		t.Fatalf("el registro no tiene el respaldo:\n%s", log.String())
	}
}

func mustGuardados(t *testing.T, p *respaldo.Programa) []string {
	gs, err := p.Guardados()
	if err != nil || len(gs) == 0 {
		t.Fatal(err)
	}
	return gs
}

// claveAjena writes a well-formed audit key file that is not the database's.
func claveAjena(t *testing.T) string {
	t.Helper()
	ruta := filepath.Join(t.TempDir(), "otra.clave-auditoria")
	if err := os.WriteFile(ruta, []byte("sellado 0\n1 "+strings.Repeat("cd", 32)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	return ruta
}

// Verifying a backup against a database without its audit key says which
// flag gives the key: the missing key is recognised by its error, through
// the backup's error chain, not by its text.
func TestCmdRespaldoVerificar_sinLaClaveDiceQueOpcionUsar(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ruta := baseDePrueba(t, dir)
	destino := filepath.Join(dir, "respaldo.db")
	if rc, _, errs := correrCmd("respaldo", "--db", ruta, "-o", destino); rc != 0 {
		t.Fatalf("respaldo: %s", errs)
	}
	rc, _, errs := correrCmd("respaldo", "verificar", destino, "--db", filepath.Join(dir, "otra.db"))
	if rc != 1 || !strings.Contains(errs, "Indique la clave de la base de origen con --clave-auditoria") {
		t.Fatalf("rc = %d: %s", rc, errs)
	}
}
