package importar

import (
	"archive/zip"
	"bytes"
	"comite/internal/importar/filas"
	"compress/flate"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"hash/crc32"
	"runtime"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// parteZip is one entry of a ZIP built by a test. declarado, when not zero,
// replaces the uncompressed size the entry declares (a lying header).
type parteZip struct {
	nombre    string
	datos     []byte
	declarado uint64
}

// libroMinimo are the parts of a workbook around its first sheet.
func libroMinimo(hoja []byte) []parteZip {
	return []parteZip{
		{nombre: "[Content_Types].xml", datos: []byte(`<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`)},
		{nombre: "_rels/.rels", datos: []byte(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`)},
		{nombre: "xl/workbook.xml", datos: []byte(`<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Hoja1" sheetId="1" r:id="rId1"/></sheets></workbook>`)},
		{nombre: "xl/_rels/workbook.xml.rels", datos: []byte(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`)},
		{nombre: "xl/worksheets/sheet1.xml", datos: hoja},
	}
}

// construirZip writes the parts, deflated at the best compression, each with
// the size it declares.
func construirZip(t testing.TB, partes []parteZip) []byte {
	t.Helper()
	var b bytes.Buffer
	w := zip.NewWriter(&b)
	for _, p := range partes {
		var comp bytes.Buffer
		fw, _ := flate.NewWriter(&comp, flate.BestCompression)
		fw.Write(p.datos)
		fw.Close()
		h := &zip.FileHeader{Name: p.nombre, Method: zip.Deflate, CRC32: crc32.ChecksumIEEE(p.datos),
			CompressedSize64: uint64(comp.Len()), UncompressedSize64: uint64(len(p.datos))}
		if p.declarado != 0 {
			h.UncompressedSize64 = p.declarado
		}
		rw, err := w.CreateRaw(h)
		if err != nil {
			t.Fatal(err)
		}
		rw.Write(comp.Bytes())
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// encabezadoSanciones is the header row of a sanciones sheet.
const encabezadoSanciones = `<row r="1"><c r="A1" t="inlineStr"><is><t>nit</t></is></c><c r="B1" t="inlineStr"><is><t>numero_acto</t></is></c><c r="C1" t="inlineStr"><is><t>fecha_firmeza</t></is></c><c r="D1" t="inlineStr"><is><t>gravedad</t></is></c><c r="E1" t="inlineStr"><is><t>sancion</t></is></c><c r="F1" t="inlineStr"><is><t>valor</t></is></c><c r="G1" t="inlineStr"><is><t>allanamiento</t></is></c></row>`

func hojaXML(filas string) []byte {
	return []byte(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` + filas + `</sheetData></worksheet>`)
}

// filasVacias: n empty rows, the body of a "sheet bomb".
func filasVacias(n int) string {
	var b strings.Builder
	b.Grow(n * 24)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, `<row r="%d"></row>`, i)
	}
	return b.String()
}

// Every kind of bomb is refused before excelize expands it, with a Spanish
// message that says which limit it broke, using little memory (measured
// with runtime.ReadMemStats; the bound is loose on purpose).
func TestLeerXLSX_bombasSeRechazanDiciendoQueLimite(t *testing.T) {
	encabezado := `<row r="1"><c r="A1" t="inlineStr"><is><t>nit</t></is></c></row>`
	ceros := make([]byte, 8<<20)
	muchas := libroMinimo(hojaXML(encabezado))
	for i := 0; len(muchas) <= Limites.Partes; i++ {
		muchas = append(muchas, parteZip{nombre: fmt.Sprintf("xl/media/imagen%d.png", i), datos: []byte("x")})
	}
	casos := []struct {
		nombre string
		datos  func() []byte
		quiere string
	}{
		{"una parte que declara 15 GiB en pocos KB", func() []byte {
			p := libroMinimo(hojaXML(encabezado + filasVacias(200)))
			p[4].declarado = 15 << 30
			return construirZip(t, p)
		}, "declara 15 GiB descomprimida"},
		{"sheet bomb: millones de filas vacías idénticas, razón 1.000 a 1", func() []byte {
			return construirZip(t, libroMinimo(hojaXML(encabezado+strings.Repeat("<row></row>", 2_000_000))))
		}, "razón de"},
		{"sheet bomb: un millón de filas vacías numeradas (razón baja)", func() []byte {
			return construirZip(t, libroMinimo(hojaXML(strings.Replace(encabezadoSanciones, "A1", "A1", 1)+filasVacias(1_000_000)[len(`<row r="1"></row>`):])))
		}, "filas vacías seguidas"},
		{"XML enorme (cadenas compartidas de más de 100 MiB)", func() []byte {
			p := libroMinimo(hojaXML(encabezado))
			return construirZip(t, append(p, parteZip{nombre: "xl/sharedStrings.xml", datos: []byte("<sst/>"), declarado: 150 << 20}))
		}, "límite por parte es 100 MiB"},
		{"partes que suman más que el total", func() []byte {
			p := libroMinimo(hojaXML(encabezado))
			ruido := make([]byte, 1<<20)
			rand.Read(ruido)
			for i := 0; i < 3; i++ {
				p = append(p, parteZip{nombre: fmt.Sprintf("xl/media/imagen%d.png", i), datos: ruido, declarado: 90 << 20})
			}
			return construirZip(t, p)
		}, "en total"},
		{"razón de compresión absurda (8 MiB de ceros)", func() []byte {
			return construirZip(t, append(libroMinimo(hojaXML(encabezado)), parteZip{nombre: "xl/media/imagen1.png", datos: ceros}))
		}, "razón de"},
		{"cabecera que miente: declara 1 KiB y se expande a 8 MiB", func() []byte {
			return construirZip(t, append(libroMinimo(hojaXML(encabezado)), parteZip{nombre: "xl/media/imagen1.png", datos: ceros, declarado: 1024}))
		}, "más de lo que declara"},
		{"parte con ruta de escape ../", func() []byte {
			return construirZip(t, append(libroMinimo(hojaXML(encabezado)), parteZip{nombre: "xl/../../etc/passwd", datos: []byte("x")}))
		}, "parte inesperada"},
		{"parte fuera de un libro de Excel", func() []byte {
			return construirZip(t, append(libroMinimo(hojaXML(encabezado)), parteZip{nombre: "programa.exe", datos: []byte("MZ")}))
		}, "parte inesperada"},
		{"parte con ruta absoluta", func() []byte {
			return construirZip(t, append(libroMinimo(hojaXML(encabezado)), parteZip{nombre: "/xl/worksheets/sheet2.xml", datos: []byte("x")}))
		}, "parte inesperada"},
		{"parte con barra invertida", func() []byte {
			return construirZip(t, append(libroMinimo(hojaXML(encabezado)), parteZip{nombre: `xl\worksheets\sheet2.xml`, datos: []byte("x")}))
		}, "parte inesperada"},
		{"parte repetida", func() []byte {
			p := libroMinimo(hojaXML(encabezado))
			return construirZip(t, append(p, p[4]))
		}, "aparece dos veces"},
		{"demasiadas partes", func() []byte { return construirZip(t, muchas) }, "partes internas"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			datos := c.datos()
			runtime.GC()
			var antes, despues runtime.MemStats
			runtime.ReadMemStats(&antes)
			l, ps := Leer(filas.Sanciones, "bomba.xlsx", bytes.NewReader(datos))
			runtime.ReadMemStats(&despues)
			if l != nil || len(ps) != 1 {
				t.Fatalf("se aceptó o dio %d problemas: %v", len(ps), ps)
			}
			if !strings.Contains(ps[0].Mensaje, c.quiere) {
				t.Fatalf("mensaje = %q, quiere %q", ps[0].Mensaje, c.quiere)
			}
			asignado := despues.TotalAlloc - antes.TotalAlloc
			t.Logf("%d KB de archivo; %q; %d MB asignados", len(datos)>>10, ps[0].Mensaje, asignado>>20)
			if asignado > 100<<20 {
				t.Fatalf("asignó %d MB para rechazarlo", asignado>>20)
			}
		})
	}
}

// The inspection stops when the request ends.
func TestInspeccionarXLSX_seDetieneConElContexto(t *testing.T) {
	datos := construirZip(t, libroMinimo(hojaXML(filasVacias(1000))))
	ctx, cancelar := context.WithCancel(context.Background())
	cancelar()
	if err := InspeccionarXLSX(ctx, datos, Limites); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v", err)
	}
	_, ps := LeerContexto(ctx, filas.Sanciones, "s.xlsx", bytes.NewReader(datos), nil)
	if len(ps) != 1 || !strings.Contains(ps[0].Mensaje, "se canceló") {
		t.Fatalf("problemas = %v", ps)
	}
}

// A workbook as excelize (and Excel) writes it, with thousands of rows of
// repeated values, stays within the limits and imports.
func TestLeerXLSX_libroRealDentroDeLosLimites(t *testing.T) {
	f := excelize.NewFile()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	sw.SetRow("A1", []any{"nit", "numero_acto", "fecha_firmeza", "gravedad", "sancion", "valor", "allanamiento"})
	const n = 30000
	for i := 0; i < n; i++ {
		celda, _ := excelize.CoordinatesToCellName(1, i+2)
		sw.SetRow(celda, []any{"800191045-1", fmt.Sprintf("RS-%d", i), "01/03/2025", "grave", "multa", 1000, "no"})
	}
	sw.Flush()
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	z, _ := zip.NewReader(bytes.NewReader(b.Bytes()), int64(b.Len()))
	for _, p := range z.File {
		if p.CompressedSize64 > 0 {
			t.Logf("%s: %d → %d bytes (razón %d)", p.Name, p.CompressedSize64, p.UncompressedSize64, p.UncompressedSize64/p.CompressedSize64)
		}
	}
	l, ps := Leer(filas.Sanciones, "s.xlsx", bytes.NewReader(b.Bytes()))
	if len(ps) > 0 || len(l.Sanciones) != n {
		t.Fatalf("problemas: %v", ps[:min(len(ps), 3)])
	}
}

// BenchmarkRechazarBombaXLSX: how long and how much memory refusing each
// kind of bomb takes (the target: under 2 s and 100 MB).
//
//	go test ./internal/importar -run '^$' -bench RechazarBombaXLSX -benchmem -benchtime 3x
func BenchmarkRechazarBombaXLSX(b *testing.B) {
	encabezado := `<row r="1"><c r="A1" t="inlineStr"><is><t>nit</t></is></c></row>`
	declara := libroMinimo(hojaXML(encabezado + filasVacias(200)))
	declara[4].declarado = 15 << 30
	bombas := []struct {
		nombre string
		datos  []byte
	}{
		{"declara_15GiB", construirZip(b, declara)},
		{"filas_vacias_identicas", construirZip(b, libroMinimo(hojaXML(encabezado+strings.Repeat("<row></row>", 2_000_000))))},
		{"filas_vacias_numeradas", construirZip(b, libroMinimo(hojaXML(encabezadoSanciones+filasVacias(1_000_000)[len(`<row r="1"></row>`):])))},
		{"cabecera_que_miente", construirZip(b, append(libroMinimo(hojaXML(encabezado)), parteZip{nombre: "xl/media/imagen1.png", datos: make([]byte, 8<<20), declarado: 1024}))},
	}
	for _, bo := range bombas {
		b.Run(bo.nombre, func(b *testing.B) {
			b.SetBytes(int64(len(bo.datos)))
			for b.Loop() {
				if l, ps := Leer(filas.Sanciones, "bomba.xlsx", bytes.NewReader(bo.datos)); l != nil || len(ps) != 1 {
					b.Fatal(ps)
				}
			}
		})
	}
}

// Any bytes: the inspection answers (nil or an error), never panics, and a
// file it lets through is one excelize can be given.
func FuzzInspeccionarXLSX(f *testing.F) {
	if p, err := Plantilla("sanciones", "xlsx"); err == nil {
		f.Add(p)
	}
	f.Add(construirZip(f, libroMinimo(hojaXML(filasVacias(10)))))
	f.Add([]byte("PK\x03\x04"))
	f.Fuzz(func(t *testing.T, datos []byte) {
		if err := InspeccionarXLSX(context.Background(), datos, Limites); err == nil {
			Leer(filas.Sanciones, "f.xlsx", bytes.NewReader(datos))
		}
	})
}
