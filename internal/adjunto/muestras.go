package adjunto

import (
	"archive/zip"
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
)

// Muestra is a small, valid file of format f whose content mentions texto:
// the demo's attachments and the tests' fixtures.
func Muestra(f Formato, texto string) []byte {
	switch f {
	case PDF:
		return muestraPDF(texto)
	case PNG, JPEG:
		// Large enough to be seen in the viewer: a gradient whose blue
		// channel depends on the text, so each sample differs.
		const ancho, alto = 240, 160
		img := image.NewRGBA(image.Rect(0, 0, ancho, alto))
		for y := range alto {
			for x := range ancho {
				img.Set(x, y, color.RGBA{R: uint8(x * 255 / ancho), G: uint8(y * 255 / alto), B: uint8(len(texto) * 37), A: 255})
			}
		}
		img.Set(0, 0, color.RGBA{R: 200, A: 255})
		var b bytes.Buffer
		if f == PNG {
			_ = png.Encode(&b, img)
		} else {
			_ = jpeg.Encode(&b, img, nil)
		}
		return b.Bytes()
	case CSV:
		return []byte("campo;valor\r\ndescripción;" + texto + "\r\n")
	case XLSX:
		return muestraZIP(map[string]string{
			"[Content_Types].xml":      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
			"_rels/.rels":              `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>`,
			"xl/workbook.xml":          `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>`,
			"xl/worksheets/sheet1.xml": `<?xml version="1.0" encoding="UTF-8"?><worksheet><sheetData/></worksheet>`,
			"xl/sharedStrings.xml":     `<sst><si><t>` + texto + `</t></si></sst>`,
		})
	case DOCX:
		return muestraZIP(map[string]string{
			"[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
			"_rels/.rels":         `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>`,
			"word/document.xml":   `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>` + texto + `</w:t></w:r></w:p></w:body></w:document>`,
		})
	}
	return nil
}

func muestraZIP(partes map[string]string) []byte {
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for _, n := range []string{"[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/worksheets/sheet1.xml", "xl/sharedStrings.xml", "word/document.xml"} {
		if c, ok := partes[n]; ok {
			w, _ := z.Create(n)
			_, _ = w.Write([]byte(c))
		}
	}
	_ = z.Close()
	return b.Bytes()
}

// muestraPDF writes a one-page PDF with a correct cross-reference table.
func muestraPDF(texto string) []byte {
	contenido := fmt.Sprintf("BT /F1 12 Tf 72 720 Td (%s) Tj ET", escaparPDF(texto))
	objetos := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(contenido), contenido),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	pos := make([]int, len(objetos))
	for i, o := range objetos {
		pos[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objetos)+1)
	for _, p := range pos {
		fmt.Fprintf(&b, "%010d 00000 n \n", p)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objetos)+1, xref)
	return b.Bytes()
}

func escaparPDF(s string) string {
	var b bytes.Buffer
	for _, r := range s {
		switch {
		case r == '(' || r == ')' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 128 && r >= 32:
			b.WriteRune(r)
		case r >= 0xA0 && r <= 0xFF: // Latin-1 letters: the same code in WinAnsiEncoding
			fmt.Fprintf(&b, "\\%03o", r)
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}

// FotoConExif is a small JPEG carrying exif in an APP1 Exif segment right
// after its start, as a camera writes it (the place, the device): the
// viewer must show it without.
func FotoConExif(texto, exif string) []byte {
	jpg := Muestra(JPEG, texto)
	carga := append([]byte("Exif\x00\x00"), exif...)
	seg := []byte{0xFF, 0xE1, byte((len(carga) + 2) >> 8), byte(len(carga) + 2)}
	out := append(append(append([]byte{}, jpg[:2]...), seg...), carga...)
	return append(out, jpg[2:]...)
}
