package main

import (
	"bytes"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func correrDemo(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	rc := correr(append([]string{"demo"}, args...), strings.NewReader(""), &out, &errb)
	return rc, out.String(), errb.String()
}

func TestCmdDemo(t *testing.T) {
	t.Parallel()
	ruta := filepath.Join(t.TempDir(), "demo.db")
	rc, out, errs := correrDemo("--db", ruta, "--usuarios", "40", "--anios", "3", "--semilla", "7")
	if rc != 0 {
		t.Fatalf("rc = %d, stderr: %s", rc, errs)
	}
	for _, s := range []string{ruta, "usuarios aduaneros", "40", "años 2024 a 2026", "Agencia de Aduanas Reincidente Demo S.A.S.", "Clave de auditoría de DEMOSTRACIÓN"} {
		if !strings.Contains(out, s) {
			t.Errorf("la salida no dice %q:\n%s", s, out)
		}
	}
	// The instants the opening writes (each migration, the seeded UVT
	// table) are the demo's, never the wall clock's: the same seed, the same file.
	base, err := sql.Open("sqlite", "file:"+ruta+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`SELECT group_concat(DISTINCT aplicada_en) FROM migraciones`,
		`SELECT group_concat(DISTINCT registrado_en) FROM uvt`,
	} {
		var en string
		if err := base.QueryRow(q).Scan(&en); err != nil {
			t.Fatal(err)
		}
		if en != "2026-01-02T13:00:00Z" {
			t.Errorf("%s = %q; se esperaba el instante de la carga, 2026-01-02T13:00:00Z", q, en)
		}
	}
	base.Close()
	// A second load into the same file is refused, with a Spanish message and exit 1.
	rc, _, errs = correrDemo("--db", ruta)
	if rc != 1 || !strings.Contains(errs, "ya tiene datos") {
		t.Errorf("segunda carga: rc = %d, stderr: %s", rc, errs)
	}
	for _, c := range []struct {
		nombre string
		args   []string
		dice   string
	}{
		{"opcion_desconocida", []string{"--db", ruta, "--filas", "3"}, "--filas: opción desconocida"},
		{"usuarios_no_numerico", []string{"--db", ruta, "--usuarios", "muchos"}, `--usuarios: "muchos" no es un número entero`},
		{"falta_valor", []string{"--db"}, "--db: falta el valor"},
		{"usuarios_bajo_el_minimo", []string{"--db", ruta, "--usuarios", "3"}, "--usuarios debe estar entre"},
		{"un_solo_anio", []string{"--db", ruta, "--anios", "1"}, "--anios debe estar entre"},
		{"semilla_cero", []string{"--db", ruta, "--semilla", "0"}, "--semilla"},
		{"argumento_de_mas", []string{"--db", ruta, "extra"}, "argumento de más"},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			rc, _, errs := correrDemo(c.args...)
			if rc != 2 || !strings.Contains(errs, c.dice) {
				t.Errorf("rc = %d, stderr: %s", rc, errs)
			}
		})
	}
}

// Two «comite demo» runs with the same seed, each in a new directory with
// the same relative file name as the README runs it, write the same
// database byte for byte, signed actas included, and the same files beside
// it (audit key and anchor, demonstration certificate and key).
func TestCmdDemo_mismaSemillaMismosArchivosFirmados(t *testing.T) {
	archivos := []string{"demo.db", "demo.db.clave-auditoria", "demo.db.ancla-auditoria", "demo.db.firma-demo.crt", "demo.db.firma-demo.key"}
	cargar := func() map[string][]byte {
		t.Chdir(t.TempDir())
		rc, out, errs := correrDemo("--db", "demo.db", "--usuarios", "40", "--anios", "2", "--semilla", "5")
		if rc != 0 {
			t.Fatalf("rc = %d, stderr: %s", rc, errs)
		}
		if !strings.Contains(out, "Actas de las sesiones pasadas firmadas") {
			t.Fatalf("la carga no firmó las actas:\n%s", out)
		}
		leidos := map[string][]byte{}
		for _, n := range archivos {
			b, err := os.ReadFile(n)
			if err != nil {
				t.Fatal(err)
			}
			leidos[n] = b
		}
		return leidos
	}
	a, b := cargar(), cargar()
	for _, n := range archivos {
		if !bytes.Equal(a[n], b[n]) {
			i := 0
			for i < len(a[n]) && i < len(b[n]) && a[n][i] == b[n][i] {
				i++
			}
			t.Errorf("%s difiere entre dos cargas con la misma semilla (%d y %d bytes; desde el byte %d)", n, len(a[n]), len(b[n]), i)
		}
	}
	// The comparison covers signed actas: the story's past sessions issued some.
	base, err := sql.Open("sqlite", "file:demo.db?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer base.Close()
	var firmadas int
	if err := base.QueryRow(`SELECT count(*) FROM actas WHERE firma_sujeto <> ''`).Scan(&firmadas); err != nil {
		t.Fatal(err)
	}
	if firmadas == 0 {
		t.Error("la carga no emitió ningún acta firmada")
	}
}
