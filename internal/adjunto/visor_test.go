package adjunto

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"testing"
)

// trozoPNG is a PNG chunk with its CRC.
func trozoPNG(tipo string, datos []byte) []byte {
	b := make([]byte, 4, 12+len(datos))
	binary.BigEndian.PutUint32(b, uint32(len(datos)))
	b = append(b, tipo...)
	b = append(b, datos...)
	return binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(append([]byte(tipo), datos...)))
}

// conTexto puts a tEXt chunk after the IHDR of a PNG.
func conTexto(p []byte, texto string) []byte {
	fin := 8 + 25 // signature and IHDR
	out := append([]byte{}, p[:fin]...)
	out = append(out, trozoPNG("tEXt", append([]byte("Comment\x00"), texto...))...)
	return append(out, p[fin:]...)
}

func TestParaMostrar_quitaLosMetadatosDeLaImagen(t *testing.T) {
	const secreto = "GPS 10.3910 -75.4794 camara del funcionario"
	cases := []struct {
		name    string
		formato Formato
		datos   []byte
	}{
		{"JPEG con Exif", JPEG, FotoConExif("foto", secreto)},
		{"PNG con tEXt", PNG, conTexto(Muestra(PNG, "foto"), secreto)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if f, err := Detectar(t.Context(), c.datos); err != nil || f != c.formato {
				t.Fatalf("la muestra no es %s: %v %v", c.formato, f, err)
			}
			if !bytes.Contains(c.datos, []byte(secreto)) {
				t.Fatal("la muestra no lleva los metadatos")
			}
			out, err := ParaMostrar(c.formato, c.datos)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(out, []byte(secreto)) || bytes.Contains(out, []byte("Exif")) || bytes.Contains(out, []byte("tEXt")) {
				t.Fatal("la imagen para mostrar conserva los metadatos")
			}
			if f, err := Detectar(t.Context(), out); err != nil || f != c.formato {
				t.Fatalf("la imagen para mostrar no es %s: %v %v", c.formato, f, err)
			}
		})
	}
}

// A PNG whose header claims 100.000 × 100.000 pixels is refused from its
// header, before any pixel is allocated.
func TestParaMostrar_bombaDeDescompresionSeRechazaPorElEncabezado(t *testing.T) {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], 100_000)
	binary.BigEndian.PutUint32(ihdr[4:], 100_000)
	ihdr[8], ihdr[9] = 8, 2 // 8 bits, RGB
	bomba := append([]byte("\x89PNG\r\n\x1a\n"), trozoPNG("IHDR", ihdr)...)
	bomba = append(bomba, trozoPNG("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})...)
	bomba = append(bomba, trozoPNG("IEND", nil)...)
	_, err := ParaMostrar(PNG, bomba)
	if !errors.Is(err, ErrRechazado) || !bytes.Contains([]byte(err.Error()), []byte("100000 × 100000 píxeles")) {
		t.Fatalf("%v", err)
	}
}

func TestVisible_soloPDFSinMarcasEImagenes(t *testing.T) {
	cases := []struct {
		formato Formato
		marcas  []string
		quiere  bool
	}{
		{PDF, nil, true}, {PDF, []string{string(PDFJavaScript)}, false}, {PNG, nil, true}, {JPEG, nil, true},
		{XLSX, nil, false}, {CSV, nil, false}, {DOCX, nil, false},
	}
	for _, c := range cases {
		if got := Visible(c.formato, c.marcas); got != c.quiere {
			t.Errorf("%s %v: %v", c.formato, c.marcas, got)
		}
	}
}
