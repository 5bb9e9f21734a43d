package main

import (
	"bytes"
	"comite/internal/dominio"
	"comite/internal/pruebas"
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"comite/internal/db"
	"comite/internal/demo"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

// casoInforme writes a database with the worked example of docs/reglas.md §2 and
// one reported case.
func casoInforme(t *testing.T) (string, dominio.Caso) {
	t.Helper()
	ruta := filepath.Join(t.TempDir(), "comite.db")
	d, err := db.Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	d.Now = func() time.Time { return time.Date(2026, 3, 17, 15, 0, 0, 0, time.UTC) }
	for _, q := range []string{
		`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (1, '800191045-1', 'Agencia Ejemplo S.A.S.', 'agencia_de_aduanas', 'Dirección Seccional de Aduanas de Cartagena', 'x', 'x')`,
		`INSERT INTO registros(usuario_id, clase, numero, vigente_desde) VALUES (1, 'autorizacion', '1', '2010-01-01')`,
		`INSERT INTO operaciones_anuales VALUES (1, 2025, 1480000000000, 1600, 'x')`,
		`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (1, 'RS-A', '2025-03-04', 'grave', 'multa', 4000000000, 0, 'x')`,
		`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (1, 'RS-B', '2025-07-22', 'gravisima', 'multa', 2500000000, 0, 'x')`,
		`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (1, 'RS-C', '2025-11-28', 'grave', 'multa', 1200000000, 0, 'x')`,
	} {
		if _, err := d.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	c, err := expediente.Nuevo(d).AbrirCaso(context.Background(), dominio.NuevoCaso{NIT: "800191045-1", FechaComision: fecha.Debe(2026, 2, 10), FechaVerificacion: fecha.Debe(2026, 3, 2),
		FechaExpediente: fecha.Debe(2026, 3, 13), Gravedad: sancion.Gravisima, Sancion: sancion.Multa, SancionPrevista: decimal.NewFromInt(10475000)},
		dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "seccional"}, Rol: flujo.RolSeccional, Seccional: "Dirección Seccional de Aduanas de Cartagena"})
	if err != nil {
		t.Fatal(err)
	}
	return ruta, c
}

func TestInforme_contrato_mismosBytesDosVecesYNumeroDelCaso(t *testing.T) {
	ruta, c := casoInforme(t)
	dir := t.TempDir()
	var salidas [][]byte
	for i, ref := range []string{c.Numero, "1"} {
		arch := filepath.Join(dir, "informe"+string(rune('a'+i))+".pdf")
		var out, errb bytes.Buffer
		if code := correr([]string{"informe", "--caso", ref, "--db", ruta, "-o", arch}, nil, &out, &errb); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		b, err := os.ReadFile(arch)
		if err != nil {
			t.Fatal(err)
		}
		salidas = append(salidas, b)
	}
	if !bytes.Equal(salidas[0], salidas[1]) || !bytes.HasPrefix(salidas[0], []byte("%PDF")) {
		t.Fatal("el mismo caso guardado dio bytes distintos")
	}
	pruebas.Herramienta(t, "poppler-utils", "pdftotext")
	txt, err := exec.Command("pdftotext", filepath.Join(dir, "informea.pdf"), "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, quiere := range []string{"CF-2026-0001", "Página 1 de", "77.000.000"} {
		if !strings.Contains(string(txt), quiere) {
			t.Errorf("el PDF no contiene %q", quiere)
		}
	}
}

func TestInforme_contrato_erroresEnEspanol(t *testing.T) {
	ruta, _ := casoInforme(t)
	casos := []struct {
		nombre string
		args   []string
		code   int
		dice   string
	}{
		{"sin_caso", []string{"informe", "--db", ruta, "-o", "x.pdf"}, 2, "--caso"},
		{"sin_salida", []string{"informe", "--caso", "1", "--db", ruta}, 2, "-o"},
		{"caso_inexistente", []string{"informe", "--caso", "CF-2026-0099", "--db", ruta, "-o", filepath.Join(t.TempDir(), "x.pdf")}, 1, "no existe el caso"},
		{"base_inexistente", []string{"informe", "--caso", "1", "--db", filepath.Join(t.TempDir(), "no.db"), "-o", "x.pdf"}, 1, "no existe la base"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			var out, errb bytes.Buffer
			if code := correr(c.args, nil, &out, &errb); code != c.code || !strings.Contains(errb.String(), c.dice) {
				t.Fatalf("exit %d, stderr %q", code, errb.String())
			}
		})
	}
}

var actualizarDemo = flag.Bool("actualizar-informe-demo", false, "reescribe testdata/informe/demo.sha256")

// TestInforme_huellaDoradaDelCasoDemo ties the PDF of the demo's cases to a
// recorded SHA-256: `comite demo` is deterministic and the informe
// is built from stored data only, so an accidental change of layout shows
// here. The hash depends on the Go version (fonts, zlib), which it records.
func TestInforme_huellaDoradaDelCasoDemo(t *testing.T) {
	if testing.Short() {
		pruebas.Omitir(t, "genera la base de demostración (omitida con -short)")
	}
	ruta := filepath.Join(t.TempDir(), "demo.db")
	// The informes the demo issued print the head of the audit chain, keyed
	// with the database's audit key: a fixed key gives the same files. The
	// load is the one «comite demo» writes, without the signed actas (a
	// signature is never the same twice, and the audit rows of their issue
	// come before later informes).
	if err := os.WriteFile(db.RutaClaveAuditoria(ruta), []byte("sellado 0\n1 "+strings.Repeat("5a", 32)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	d, err := db.Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	_, err = demo.Generar(context.Background(), d, demo.Opciones{AnioFinal: demo.AnioFinalPorDefecto})
	d.Close()
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	var lineas []string
	// One case of each kind of informe: cerrado, concepto emitido (with a
	// corrected concepto), no procede, reportado (numbered in report order).
	for _, caso := range []string{"CF-2026-0001", "CF-2026-0002", "CF-2026-0003", "CF-2026-0009"} {
		arch := filepath.Join(t.TempDir(), caso+".pdf")
		if code := correr([]string{"informe", "--caso", caso, "--db", ruta, "-o", arch}, nil, &out, &errb); code != 0 {
			t.Fatalf("informe %s: exit %d: %s", caso, code, errb.String())
		}
		b, err := os.ReadFile(arch)
		if err != nil {
			t.Fatal(err)
		}
		lineas = append(lineas, fmt.Sprintf("%s %x", caso, sha256.Sum256(b)))
	}
	actual := runtime.Version() + "\n" + strings.Join(lineas, "\n") + "\n"
	const dorada = "../../testdata/informe/demo.sha256"
	if *actualizarDemo {
		if err := os.WriteFile(dorada, []byte(actual), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	quiere, err := os.ReadFile(dorada)
	if err != nil {
		t.Fatalf("sin huella dorada (créela con -actualizar-informe-demo): %v", err)
	}
	version, _, _ := strings.Cut(string(quiere), "\n")
	if version != runtime.Version() {
		pruebas.Omitir(t, "la huella es de "+version+" y este Go es "+runtime.Version()+" (go.mod fija la versión con su línea toolchain): regenérela con -actualizar-informe-demo tras revisar las páginas")
	}
	if actual != string(quiere) {
		t.Fatalf("el PDF de los casos de demostración cambió:\n%s\nantes:\n%s\nSi el cambio es intencional, revise las páginas (pdftoppm) y regenere con -actualizar-informe-demo", actual, quiere)
	}
}
