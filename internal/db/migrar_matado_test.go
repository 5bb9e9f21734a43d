package db

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

const envHijoMigracion = "COMITE_PRUEBA_MIGRACION_HIJO"

// hijoMigrar opens the database named in the environment and, once the last
// pending migration's SQL ran (before the commit), tells the parent by
// creating a file and waits to be killed.
func hijoMigrar(ruta string) {
	antesDeConfirmarMigracion = func(n string) {
		if n == VersionEsquema() {
			os.WriteFile(ruta+".migrando", nil, 0o600)
			select {}
		}
	}
	Open(context.Background(), ruta)
	os.Exit(3) // never reached while the parent kills it
}

// A process killed with SIGKILL in the middle of migrating a database of an
// older release (every migration applied but not yet committed) leaves the
// old schema intact: no migration recorded, the schema that release had;
// the next start migrates it whole.
func TestMigrar_matadoConSIGKILLDejaElEsquemaAnterior(t *testing.T) {
	t.Parallel()
	if v := os.Getenv(envHijoMigracion); v != "" {
		hijoMigrar(v)
		return
	}
	ctx := context.Background()
	ruta := filepath.Join(t.TempDir(), "comite.db")
	b, err := os.ReadFile("../../testdata/esquemas/0002.db")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(ruta, b, 0o600)
	antes, err := EsquemaMigrado(ctx, "0002_actos_checks.sql")
	if err != nil {
		t.Fatal(err)
	}
	hijo := exec.Command(os.Args[0], "-test.run=^TestMigrar_matadoConSIGKILLDejaElEsquemaAnterior$")
	hijo.Env = append(os.Environ(), envHijoMigracion+"="+ruta)
	if err := hijo.Start(); err != nil {
		t.Fatal(err)
	}
	fin := make(chan error, 1)
	go func() { fin <- hijo.Wait() }()
	for {
		if _, err := os.Stat(ruta + ".migrando"); err == nil {
			break
		}
		select {
		case err := <-fin:
			t.Fatalf("el hijo terminó antes de llegar a la última migración: %v", err)
		case <-time.After(10 * time.Millisecond):
		}
	}
	hijo.Process.Signal(syscall.SIGKILL)
	<-fin
	d, err := Open(ctx, ruta, SoloLectura())
	var faltan *ErrFaltanMigraciones
	if err == nil {
		d.Close()
	}
	if !errors.As(err, &faltan) || faltan.Esquema != "0002_actos_checks.sql" {
		t.Fatalf("la base no quedó en el esquema anterior: %v", err)
	}
	// Read as it is, without this program's migrations.
	s, err := sql.Open("sqlite", ruta)
	if err != nil {
		t.Fatal(err)
	}
	var n int
	s.QueryRow(`SELECT count(*) FROM migraciones`).Scan(&n)
	esquema, err := EsquemaDe(ctx, s)
	s.Close()
	if err != nil {
		t.Fatal(err)
	}
	if n != 2 {
		t.Fatalf("quedaron %d migraciones registradas; quiere las 2 de la versión anterior", n)
	}
	if difs := DiferenciasEsquema(antes, esquema); len(difs) > 0 {
		t.Fatalf("el esquema anterior cambió: %v", difs)
	}
	d, err = Open(ctx, ruta)
	if err != nil {
		t.Fatalf("la siguiente apertura no migra: %v", err)
	}
	defer d.Close()
	if v, _ := d.MigracionesAplicadas(ctx); len(v) != len(Migraciones()) {
		t.Fatalf("migraciones después: %v", v)
	}
	if _, err := d.VerificarAuditoria(ctx); err != nil {
		t.Fatal(err)
	}
}
