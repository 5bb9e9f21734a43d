package adjunto

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

func zipCon(t testing.TB, partes map[string][]byte, orden ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for _, n := range orden {
		w, err := z.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(partes[n])
	}
	z.Close()
	return b.Bytes()
}

func TestAdjuntoRevisarAcepta(t *testing.T) {
	for _, f := range Formatos {
		nombre := "prueba." + string(f)
		t.Run(nombre, func(t *testing.T) {
			datos := Muestra(f, "acta de aprehensión")
			r, err := Revisar(context.Background(), nombre, datos, 0)
			if err != nil {
				t.Fatal(err)
			}
			if r.Formato != f || r.Tamano != int64(len(datos)) || len(r.SHA256) != 64 || len(r.Marcas) != 0 {
				t.Fatalf("%+v", r)
			}
		})
	}
	if _, err := Revisar(context.Background(), "FOTO.JPG", Muestra(JPEG, "x"), 0); err != nil {
		t.Fatalf(".JPG: %v", err)
	}
}

func TestAdjuntoRevisarRechaza(t *testing.T) {
	docxBomba := zipCon(t, map[string][]byte{
		"[Content_Types].xml": []byte("<Types/>"),
		"word/document.xml":   bytes.Repeat([]byte{0}, 3<<20),
	}, "[Content_Types].xml", "word/document.xml")
	docxIntrusa := zipCon(t, map[string][]byte{
		"word/document.xml": []byte("<w:document/>"),
		"../../etc/passwd":  []byte("x"),
	}, "word/document.xml", "../../etc/passwd")
	zipSuelto := zipCon(t, map[string][]byte{"a.txt": []byte("hola")}, "a.txt")
	pdf := Muestra(PDF, "x")
	casos := []struct {
		nombre  string
		datos   []byte
		enCaso  int64
		contien string
	}{
		{"vacio.pdf", nil, 0, "está vacío"},
		{"grande.csv", append([]byte("a;b\n"), bytes.Repeat([]byte("x"), int(MaxArchivo))...), 0, "límite por archivo es 10 MiB"},
		{"caso_lleno.pdf", pdf, MaxCaso - int64(len(pdf)) + 1, "pasarían de 50 MiB"},
		{"imagen.pdf", Muestra(PNG, "x"), 0, "se declara como un documento PDF por su nombre, pero su contenido parece una imagen PNG"},
		{"libro.docx", Muestra(XLSX, "x"), 0, "parece un libro de Excel (XLSX)"},
		{"pagina.pdf", []byte("<!DOCTYPE html><html><script>alert(1)</script></html>"), 0, "parece una página HTML"},
		{"programa.exe", []byte("MZ\x90\x00\x03"), 0, "no tiene una extensión admitida"},
		{"foto.png", []byte("GIF89a\x01\x00\x01\x00"), 0, "parece una imagen GIF"},
		{"cortado.pdf", pdf[:len(pdf)/2], 0, "PDF incompleto"},
		{"cortada.png", Muestra(PNG, "x")[:40], 0, "PNG incompleta"},
		{"cortada.jpg", Muestra(JPEG, "x")[:100], 0, "JPEG incompleta"},
		{"cortado.xlsx", Muestra(XLSX, "x")[:200], 0, "ZIP incompleto"},
		{"bomba.docx", docxBomba, 0, "bomba de descompresión"},
		{"intrusa.docx", docxIntrusa, 0, "parte inesperada"},
		{"suelto.xlsx", zipSuelto, 0, "ZIP que no es un libro de Excel"},
		{"binario.csv", []byte{0, 1, 2, 3, 0xff}, 0, "binario de tipo desconocido"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			_, err := Revisar(context.Background(), c.nombre, c.datos, c.enCaso)
			if err == nil || !errors.Is(err, ErrRechazado) || !strings.Contains(err.Error(), c.contien) {
				t.Fatalf("error %v, se esperaba uno con %q", err, c.contien)
			}
		})
	}
}

func TestAdjuntoMarcasPDF(t *testing.T) {
	base := string(Muestra(PDF, "x"))
	casos := []struct {
		nombre string
		extra  string
		marcas []Marca
	}{
		{"limpio", "", nil},
		{"javascript", "6 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj\n", []Marca{PDFJavaScript}},
		{"javascript_escapado", "6 0 obj << /S /J#61vaScript >> endobj\n", []Marca{PDFJavaScript}},
		{"incrustado", "6 0 obj << /Type /EmbeddedFile /Length 0 >> endobj\n", []Marca{PDFIncrustado}},
		{"ambos", "<< /JS 7 0 R /EmbeddedFiles 8 0 R >>\n", []Marca{PDFJavaScript, PDFIncrustado}},
		{"nombre_parecido", "<< /JSON 1 /EmbeddedFileX 2 >>\n", nil},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			datos := []byte(strings.Replace(base, "xref", c.extra+"xref", 1))
			r, err := Revisar(context.Background(), "a.pdf", datos, 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Marcas) != len(c.marcas) {
				t.Fatalf("marcas %v, se esperaban %v", r.Marcas, c.marcas)
			}
			for i := range c.marcas {
				if r.Marcas[i] != c.marcas[i] {
					t.Fatalf("marcas %v, se esperaban %v", r.Marcas, c.marcas)
				}
			}
		})
	}
}

func TestAdjuntoNombreSeguro(t *testing.T) {
	casos := []struct{ nombre, f, quiere string }{
		{"Informe Seccional.pdf", "pdf", "Informe_Seccional.pdf"},
		{`C:\Users\ana\acta "final".pdf`, "pdf", "acta__final.pdf"},
		{"../../etc/passwd", "csv", "passwd.csv"},
		{"foto.JPEG", "jpeg", "foto.jpg"},
		{"declaración\r\nX-Evil: 1.docx", "docx", "declaración__X-Evil__1.docx"},
		{"...", "png", "adjunto.png"},
	}
	for _, c := range casos {
		if got := NombreSeguro(c.nombre, Formato(c.f)); got != c.quiere {
			t.Errorf("NombreSeguro(%q) = %q, se esperaba %q", c.nombre, got, c.quiere)
		}
	}
}

func TestAdjuntoTipos(t *testing.T) {
	if len(Tipos) != 7 || !TipoValido("informe_seccional") || TipoValido("") || TipoValido("virus") {
		t.Fatal(Tipos)
	}
	if Tamano(10<<20) != "10 MiB" || Tamano(1536<<10) != "1,5 MiB" || Tamano(2048) != "2 KiB" {
		t.Fatal(Tamano(1536 << 10))
	}
}

// FuzzAdjuntoDetectar feeds the detection truncated and mixed files: it
// must never panic, and what it accepts as a format must pass Revisar under
// that format's extension.
func FuzzAdjuntoDetectar(f *testing.F) {
	for _, fm := range Formatos {
		m := Muestra(fm, "semilla")
		f.Add(m)
		f.Add(m[:len(m)/2])
		f.Add(m[len(m)/3:])
	}
	f.Add(append(Muestra(PDF, "a"), Muestra(XLSX, "b")...))
	f.Add(append([]byte("%PDF-1.7\n"), Muestra(DOCX, "c")...))
	f.Add(append(Muestra(PNG, "a"), Muestra(JPEG, "b")...))
	f.Fuzz(func(t *testing.T, datos []byte) {
		fm, err := Detectar(context.Background(), datos)
		_ = Parece(datos)
		_ = MarcasPDF(datos)
		if err != nil {
			if !errors.Is(err, ErrRechazado) {
				t.Fatalf("error sin ErrRechazado: %v", err)
			}
			return
		}
		if len(datos) == 0 || int64(len(datos)) > MaxArchivo {
			return
		}
		if _, err := Revisar(context.Background(), "x."+string(fm), datos, 0); err != nil {
			t.Fatalf("Detectar dijo %s y Revisar rechaza: %v", fm, err)
		}
	})
}
