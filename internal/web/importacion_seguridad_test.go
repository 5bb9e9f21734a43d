package web

import (
	"archive/zip"
	"bytes"
	"comite/internal/importar/filas"
	"compress/flate"
	"hash/crc32"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"comite/internal/importar"
	"comite/internal/web/pendientes"
)

// Pending uploads live in a directory of the server's own next to the
// database (mode 0700, files 0600, random names), never in the shared
// temporary directory where other local users could read or plant them.
func TestImportacion_pendientesEnDirectorioPrivadoJuntoALaBase(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("secretaria")
	vista := e.subir(&s, "sanciones", "sanciones.csv", []byte(csvSancionesBien)).Header().Get("Location")
	token := strings.TrimPrefix(vista, "/importar/")
	dir := e.d.Ruta + ".importaciones"
	info, err := os.Stat(dir)
	if err != nil {
		t.Fatalf("no existe %s: %v", dir, err)
	}
	if info.Mode().Perm() != 0o700 {
		t.Fatalf("directorio con modo %o, quiere 700", info.Mode().Perm())
	}
	entradas, err := os.ReadDir(dir)
	if err != nil || len(entradas) == 0 {
		t.Fatalf("directorio vacío: %v", err)
	}
	for _, en := range entradas {
		fi, _ := en.Info()
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("%s con modo %o, quiere 600", en.Name(), fi.Mode().Perm())
		}
		// The name does not reveal the token (it is a hash of it with the session).
		if strings.Contains(en.Name(), token) || !pendientes.TokenValido(token) {
			t.Errorf("el nombre %q lleva el token %q", en.Name(), token)
		}
		// The raw file is not kept: only the validated rows.
		if b, _ := os.ReadFile(filepath.Join(dir, en.Name())); bytes.Contains(b, []byte("RS-2026-0100;04/03/2025")) {
			t.Errorf("%s guarda el archivo subido tal cual", en.Name())
		}
	}
	if _, err := os.Stat(filepath.Join(os.TempDir(), "comite-importaciones", token+".json")); err == nil {
		t.Fatal("la importación quedó en el directorio temporal compartido")
	}
	// Confirming imports exactly the previewed rows and drops them.
	actos := e.contarActos()
	e.pedir("POST", vista+"/confirmar", &s, url.Values{})
	if e.contarActos() != actos+2 {
		t.Fatalf("actos %d, antes %d", e.contarActos(), actos)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*.lote")); len(m) != 0 {
		t.Fatalf("las filas siguen guardadas tras importar: %v", m)
	}
}

// The file is read once, at upload: the preview shows what was kept, even
// after the data it was compared with changed, and reading the preview
// again does not read or simulate again.
func TestImportacion_seAnalizaUnaSolaVezAlSubir(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("secretaria")
	vista := e.subir(&s, "sanciones", "sanciones.csv", []byte(csvSancionesBien)).Header().Get("Location")
	dir := e.d.Ruta + ".importaciones"
	lotes, _ := filepath.Glob(filepath.Join(dir, "*.lote"))
	if len(lotes) != 1 {
		t.Fatalf("filas guardadas: %v", lotes)
	}
	lote := lotes[0]
	antes, err := os.ReadFile(lote)
	if err != nil {
		t.Fatal(err)
	}
	// Were the preview to read the file again, it would need the file: there
	// is none. Were it to simulate again, it would take the write lock: hold
	// it in another connection, and the preview still answers at once.
	tx, err := e.d.BeginTx(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`CREATE TABLE bloqueo_prueba(x INTEGER)`); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		doc := documento(t, e.pedir("GET", vista, &s, nil))
		if got := testid(doc, "resumen-filas").Find("strong").Text(); got != "3" {
			t.Fatalf("filas = %q", got)
		}
		if testid(doc, "tabla-muestra").Find("tbody tr").Length() != 3 {
			t.Fatal("falta la muestra de filas")
		}
	}
	tx.Rollback()
	despues, _ := os.ReadFile(lote)
	if !bytes.Equal(antes, despues) {
		t.Fatal("la vista previa reescribió las filas guardadas")
	}
}

// zipDeclarado is a workbook whose sheet declares declarado bytes
// uncompressed while it holds a few KB.
func zipDeclarado(t *testing.T, declarado uint64) []byte {
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	hoja := bytes.Repeat([]byte("<row></row>"), 600)
	var comp bytes.Buffer
	fw, _ := flate.NewWriter(&comp, flate.BestCompression)
	fw.Write(hoja)
	fw.Close()
	for _, p := range []string{"[Content_Types].xml", "_rels/.rels", "xl/workbook.xml"} {
		f, _ := w.Create(p)
		f.Write([]byte("<x/>"))
	}
	rw, err := w.CreateRaw(&zip.FileHeader{Name: "xl/worksheets/sheet1.xml", Method: zip.Deflate, CRC32: crc32.ChecksumIEEE(hoja),
		CompressedSize64: uint64(comp.Len()), UncompressedSize64: declarado})
	if err != nil {
		t.Fatal(err)
	}
	rw.Write(comp.Bytes())
	w.Close()
	return b.Bytes()
}

// A 6 KB file that declares 15 GiB is refused at upload with a Spanish
// message naming the limit, without expanding it.
func TestImportacion_bombaXLSXSeRechazaAlSubir(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("secretaria")
	bomba := zipDeclarado(t, 15<<30)
	runtime.GC()
	var antes, despues runtime.MemStats
	runtime.ReadMemStats(&antes)
	inicio := time.Now()
	rec := e.subir(&s, "sanciones", "bomba.xlsx", bomba)
	duracion := time.Since(inicio)
	runtime.ReadMemStats(&despues)
	t.Logf("%d bytes de archivo: %v, %d KB asignados (dato informativo)", len(bomba), duracion, (despues.TotalAlloc-antes.TotalAlloc)>>10)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("subir: %d", rec.Code)
	}
	doc := documento(t, e.pedir("GET", rec.Header().Get("Location"), &s, nil))
	msg := testid(doc, "error-0").Find(`[data-testid="error-mensaje"]`).Text()
	if !strings.Contains(msg, "declara 15 GiB") || !strings.Contains(msg, "límite") {
		t.Fatalf("mensaje = %q", msg)
	}
	if testid(doc, "confirmar-importacion").Length() != 0 {
		t.Fatal("se ofrece confirmar una bomba")
	}
	if despues.TotalAlloc-antes.TotalAlloc > 100<<20 {
		t.Fatalf("asignó %d MB", (despues.TotalAlloc-antes.TotalAlloc)>>20)
	}
}

// An ESC in an uploaded cell is refused naming row and field; nothing of it
// is stored.
func TestImportacion_caracterDeControlNombraFilaYCampo(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("secretaria")
	malo := strings.Replace(csvSancionesBien, "RS-2026-0101", "RS-\x1b[2J0101", 1)
	doc := documento(t, e.pedir("GET", e.subir(&s, "sanciones", "s.csv", []byte(malo)).Header().Get("Location"), &s, nil))
	f := testid(doc, "error-0")
	if f.Find(`[data-testid="error-fila"]`).Text() != "3" || f.Find(`[data-testid="error-campo"]`).Text() != "numero_acto" ||
		!strings.Contains(f.Find(`[data-testid="error-mensaje"]`).Text(), "U+001B") {
		t.Fatalf("error = %q", f.Text())
	}
	if _, ps := importar.Leer(filas.Sanciones, "s.csv", strings.NewReader(malo)); len(ps) == 0 {
		t.Fatal("el lector aceptó el ESC")
	}
}
