package main

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"context"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"comite/internal/db"
)

// An ESC in an imported razón social is refused naming row and field, so
// `comite tamizaje` can never print it: it is never stored.
func TestImportar_ESCNoSeGuardaYTamizajeNoLoImprime(t *testing.T) {
	t.Parallel()
	ruta, _ := baseTamizaje(t)
	archivo := filepath.Join(t.TempDir(), "usuarios.csv")
	contenido := "nit;razon_social;tipo;registro_vigente_desde\n" +
		"800191045-1;Agencia\x1b[2J\x1b[H Borrada S.A.S.;agencia_de_aduanas;01/01/2020\n"
	if err := os.WriteFile(archivo, []byte(contenido), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	rc := correr([]string{"importar", "usuarios", archivo, "--db", ruta}, strings.NewReader(""), &out, &errb)
	if rc != 1 {
		t.Fatalf("rc = %d, quiere 1\n%s", rc, errb.String())
	}
	if !strings.Contains(errb.String(), "fila 2, razon_social: carácter de control U+001B") {
		t.Fatalf("stderr no nombra fila y campo:\n%s", errb.String())
	}
	if strings.Contains(errb.String(), "\x1b") {
		t.Fatal("el error imprimió el ESC")
	}
	rc, salida, errs := correrTamizaje("--anio", "2026", "--db", ruta)
	if rc != 0 {
		t.Fatalf("tamizaje: rc %d: %s", rc, errs)
	}
	if strings.Contains(salida, "\x1b") || strings.Contains(salida, "Borrada") {
		t.Fatal("el tamizaje imprime lo que no debió guardarse")
	}
}

// Text stored before these checks existed (written by SQL here) is shown
// with its control characters as codes, never raw.
func TestTamizaje_datosAntiguosConControlesSeEscapanEnLaTerminal(t *testing.T) {
	t.Parallel()
	ruta, res := baseTamizaje(t)
	d, err := db.Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	nit := res.MuyPorEncima[0].NIT
	if _, err := d.Exec(`UPDATE usuarios_aduaneros SET razon_social = ? WHERE nit = ?`, "Vieja\x1b[2J\u202eSA\x00", nit); err != nil {
		t.Fatal(err)
	}
	d.Close()
	rc, salida, errs := correrTamizaje("--anio", "2026", "--db", ruta)
	if rc != 0 {
		t.Fatalf("rc %d: %s", rc, errs)
	}
	if strings.ContainsAny(salida, "\x1b\u202e\x00") {
		t.Fatal("la tabla imprime caracteres de control crudos")
	}
	if !strings.Contains(salida, `Vieja\u001b[2J\u202eSA\u0000`) {
		t.Fatalf("no se ve el dato escapado:\n%s", salida)
	}
}

// The command line reads XLSX files with the same limits as the web: a
// file that declares 15 GiB is refused at once, saying which limit, and
// nothing is written.
func TestImportar_bombaXLSXSeRechazaConElLimite(t *testing.T) {
	t.Parallel()
	ruta := filepath.Join(t.TempDir(), "c.db")
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for _, p := range []string{"[Content_Types].xml", "_rels/.rels", "xl/workbook.xml"} {
		f, _ := w.Create(p)
		f.Write([]byte("<x/>"))
	}
	hoja := bytes.Repeat([]byte("<row></row>"), 500)
	var comp bytes.Buffer
	fw, _ := flate.NewWriter(&comp, flate.BestCompression)
	fw.Write(hoja)
	fw.Close()
	rw, err := w.CreateRaw(&zip.FileHeader{Name: "xl/worksheets/sheet1.xml", Method: zip.Deflate, CRC32: crc32.ChecksumIEEE(hoja),
		CompressedSize64: uint64(comp.Len()), UncompressedSize64: 15 << 30})
	if err != nil {
		t.Fatal(err)
	}
	rw.Write(comp.Bytes())
	w.Close()
	archivo := filepath.Join(t.TempDir(), "bomba.xlsx")
	os.WriteFile(archivo, b.Bytes(), 0o600)
	var out, errb bytes.Buffer
	rc := correr([]string{"importar", "sanciones", archivo, "--db", ruta}, strings.NewReader(""), &out, &errb)
	if rc != 1 || !strings.Contains(errb.String(), "declara 15 GiB descomprimida y el límite por parte es 100 MiB") {
		t.Fatalf("rc %d\n%s", rc, errb.String())
	}
}
