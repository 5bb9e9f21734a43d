// Package adjunto holds the rules for the files attached to a case as
// evidence (the report of the Dirección Seccional, inspection records,
// declarations, photographs, administrative acts): the kinds of
// attachment, the accepted formats recognised by their content and never by
// their name, the size limits, and the marks a suspicious but acceptable
// file carries. It neither stores nor serves a file.
package adjunto

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path"
	"strings"
	"unicode/utf8"

	"comite/internal/flujo"
	"comite/internal/importar"
	"comite/internal/permisos"
)

// Tipo is the kind of an attachment in the expediente.
type Tipo string

const (
	InformeSeccional   Tipo = "informe_seccional"
	Acta               Tipo = "acta_inspeccion"
	Declaracion        Tipo = "declaracion"
	DocumentoSoporte   Tipo = "documento_soporte"
	Fotografia         Tipo = "fotografia"
	ActoAdministrativo Tipo = "acto_administrativo"
	Otro               Tipo = "otro"
)

// Tipos are the kinds of attachment in the order a case page lists them.
var Tipos = []Tipo{InformeSeccional, Acta, Declaracion, DocumentoSoporte, Fotografia, ActoAdministrativo, Otro}

// TipoValido says whether t is one of Tipos.
func TipoValido(t string) bool {
	for _, x := range Tipos {
		if string(x) == t {
			return true
		}
	}
	return false
}

// Formato is an accepted file format, as recognised by content.
type Formato string

const (
	PDF  Formato = "pdf"
	PNG  Formato = "png"
	JPEG Formato = "jpeg"
	XLSX Formato = "xlsx"
	CSV  Formato = "csv"
	DOCX Formato = "docx"
)

// Formatos are the accepted formats.
var Formatos = []Formato{PDF, PNG, JPEG, XLSX, CSV, DOCX}

// nombres are the formats as people read them in a message.
var nombres = map[Formato]string{
	PDF: "un documento PDF", PNG: "una imagen PNG", JPEG: "una imagen JPEG",
	XLSX: "un libro de Excel (XLSX)", CSV: "un archivo de texto CSV", DOCX: "un documento de Word (DOCX)",
}

// MIME is the media type a download of f declares.
func (f Formato) MIME() string {
	switch f {
	case PDF:
		return "application/pdf"
	case PNG:
		return "image/png"
	case JPEG:
		return "image/jpeg"
	case XLSX:
		return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	case DOCX:
		return "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
	case CSV:
		return "text/csv; charset=utf-8"
	}
	return "application/octet-stream"
}

// Limits of what may be attached.
const (
	MaxArchivo int64 = 10 << 20 // bytes of one file
	MaxCaso    int64 = 50 << 20 // bytes of all the files of one case, withdrawn ones included
)

// Marca flags a file accepted but to be handled with care: the server
// never opens such a PDF, and the page says why.
type Marca string

const (
	PDFJavaScript Marca = "pdf_javascript"
	PDFIncrustado Marca = "pdf_incrustado"
)

// Revisado is a file that may be attached.
type Revisado struct {
	Formato Formato
	Marcas  []Marca
	SHA256  string // hex, lower case
	Tamano  int64
}

// ErrRechazado is the kind of error of a file that may not be attached.
var ErrRechazado = errors.New("el archivo no se puede adjuntar")

func rechazo(formato string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrRechazado, fmt.Sprintf(formato, args...))
}

// FormatoDeNombre is the format a file name declares by its extension
// (".jpg" and ".jpeg" are JPEG); ok is false for any other extension.
func FormatoDeNombre(nombre string) (Formato, bool) {
	switch strings.ToLower(path.Ext(strings.ReplaceAll(nombre, "\\", "/"))) {
	case ".pdf":
		return PDF, true
	case ".png":
		return PNG, true
	case ".jpg", ".jpeg":
		return JPEG, true
	case ".xlsx":
		return XLSX, true
	case ".csv":
		return CSV, true
	case ".docx":
		return DOCX, true
	}
	return "", false
}

// Revisar checks a file named nombre before it is attached to a case whose
// files already take enCaso bytes: its size and the case's, its content
// against the format its name declares, and a container against the
// import's limits. A PDF with JavaScript or embedded files is accepted with
// its marks.
func Revisar(ctx context.Context, nombre string, datos []byte, enCaso int64) (Revisado, error) {
	n := int64(len(datos))
	if n == 0 {
		return Revisado{}, rechazo("«%s» está vacío", nombre)
	}
	if n > MaxArchivo {
		return Revisado{}, rechazo("«%s» pesa %s y el límite por archivo es %s", nombre, Tamano(n), Tamano(MaxArchivo))
	}
	if enCaso+n > MaxCaso {
		return Revisado{}, rechazo("con «%s» (%s) los adjuntos del caso pasarían de %s (ya suman %s)", nombre, Tamano(n), Tamano(MaxCaso), Tamano(enCaso))
	}
	declarado, ok := FormatoDeNombre(nombre)
	if !ok {
		return Revisado{}, rechazo("«%s» no tiene una extensión admitida (PDF, PNG, JPG, XLSX, CSV o DOCX); su contenido parece %s", nombre, Parece(datos))
	}
	f, err := Detectar(ctx, datos)
	if err != nil {
		return Revisado{}, fmt.Errorf("«%s»: %w", nombre, err)
	}
	if f != declarado {
		return Revisado{}, rechazo("«%s» se declara como %s por su nombre, pero su contenido parece %s", nombre, nombres[declarado], nombres[f])
	}
	suma := sha256.Sum256(datos)
	r := Revisado{Formato: f, SHA256: hex.EncodeToString(suma[:]), Tamano: n}
	if f == PDF {
		r.Marcas = MarcasPDF(datos)
	}
	return r, nil
}

// Detectar recognises an accepted format by content alone. A file of no
// accepted format, or a truncated one, is refused saying what it looks like.
func Detectar(ctx context.Context, datos []byte) (Formato, error) {
	switch {
	case bytes.HasPrefix(datos, []byte("%PDF-")):
		if !bytes.Contains(cola(datos, 1024), []byte("%%EOF")) {
			return "", rechazo("parece un documento PDF incompleto (le falta el final «%%EOF»)")
		}
		return PDF, nil
	case bytes.HasPrefix(datos, firmaPNG):
		if len(datos) < 8+25 || !bytes.Equal(datos[12:16], []byte("IHDR")) || !bytes.HasSuffix(datos, finPNG) {
			return "", rechazo("parece una imagen PNG incompleta o dañada")
		}
		return PNG, nil
	case bytes.HasPrefix(datos, []byte{0xFF, 0xD8, 0xFF}):
		if !bytes.Contains(cola(datos, 64), []byte{0xFF, 0xD9}) {
			return "", rechazo("parece una imagen JPEG incompleta o dañada")
		}
		return JPEG, nil
	case bytes.HasPrefix(datos, []byte("PK\x03\x04")):
		return detectarZIP(ctx, datos)
	}
	if esCSV(datos) {
		return CSV, nil
	}
	return "", rechazo("no es de un formato admitido (PDF, PNG, JPEG, XLSX, CSV o DOCX); parece %s", Parece(datos))
}

var (
	firmaPNG = []byte("\x89PNG\r\n\x1a\n")
	finPNG   = []byte("\x00\x00\x00\x00IEND\xaeB`\x82")
)

func cola(datos []byte, n int) []byte {
	if len(datos) > n {
		return datos[len(datos)-n:]
	}
	return datos
}

// detectarZIP tells an XLSX from a DOCX by their main part, and then holds
// either to the import's limits for a container.
func detectarZIP(ctx context.Context, datos []byte) (Formato, error) {
	z, err := zip.NewReader(bytes.NewReader(datos), int64(len(datos)))
	if err != nil {
		return "", rechazo("parece un archivo ZIP incompleto o dañado")
	}
	var f Formato
	paquete := importar.XLSX
	for _, p := range z.File {
		switch p.Name {
		case "xl/workbook.xml":
			f = XLSX
		case "word/document.xml":
			f, paquete = DOCX, importar.DOCX
		}
		if f != "" {
			break
		}
	}
	if f == "" {
		return "", rechazo("parece un archivo comprimido ZIP que no es un libro de Excel (XLSX) ni un documento de Word (DOCX)")
	}
	if err := importar.InspeccionarOOXML(ctx, datos, importar.Limites, paquete); err != nil {
		if errors.Is(err, importar.ErrLimiteXLSX) {
			causa := strings.TrimPrefix(err.Error(), importar.ErrLimiteXLSX.Error()+": ")
			return "", rechazo("%s supera un límite: %s", nombres[f], causa)
		}
		if ctx.Err() != nil {
			return "", err
		}
		return "", fmt.Errorf("%w: %s", ErrRechazado, err.Error())
	}
	return f, nil
}

// esCSV says whether datos reads as delimited text: no NUL or other control
// characters but tab and line ends, and a separator in the first line. Text
// in Windows-1252, as Excel in Spanish saves it, is accepted as well.
func esCSV(datos []byte) bool {
	for _, b := range datos {
		if b < 0x20 && b != '\t' && b != '\r' && b != '\n' || b == 0x7F {
			return false
		}
	}
	primera := datos
	if i := bytes.IndexByte(datos, '\n'); i >= 0 {
		primera = datos[:i]
	}
	return bytes.ContainsAny(primera, ",;\t")
}

// Parece says, for a message, what a file looks like.
func Parece(datos []byte) string {
	inicio := bytes.ToLower(bytes.TrimLeft(datos[:min(len(datos), 512)], " \t\r\n\xef\xbb\xbf"))
	switch {
	case len(datos) == 0:
		return "un archivo vacío"
	case bytes.HasPrefix(datos, []byte("%PDF-")):
		return nombres[PDF]
	case bytes.HasPrefix(datos, firmaPNG):
		return nombres[PNG]
	case bytes.HasPrefix(datos, []byte{0xFF, 0xD8, 0xFF}):
		return nombres[JPEG]
	case bytes.HasPrefix(datos, []byte("GIF8")):
		return "una imagen GIF"
	case bytes.HasPrefix(datos, []byte("RIFF")) && len(datos) >= 12 && string(datos[8:12]) == "WEBP":
		return "una imagen WebP"
	case bytes.HasPrefix(datos, []byte("II*\x00")), bytes.HasPrefix(datos, []byte("MM\x00*")):
		return "una imagen TIFF"
	case bytes.HasPrefix(datos, []byte("PK\x03\x04")):
		return "un archivo comprimido ZIP"
	case bytes.HasPrefix(datos, []byte{0x1F, 0x8B}):
		return "un archivo comprimido GZIP"
	case bytes.HasPrefix(datos, []byte("Rar!")), bytes.HasPrefix(datos, []byte("7z\xbc\xaf")):
		return "un archivo comprimido RAR o 7z"
	case bytes.HasPrefix(datos, []byte("\xd0\xcf\x11\xe0")):
		return "un documento de Office antiguo (DOC o XLS)"
	case bytes.HasPrefix(datos, []byte("MZ")), bytes.HasPrefix(datos, []byte("\x7fELF")):
		return "un programa ejecutable"
	case bytes.HasPrefix(inicio, []byte("<!doctype html")), bytes.HasPrefix(inicio, []byte("<html")):
		return "una página HTML"
	case bytes.HasPrefix(inicio, []byte("<svg")), bytes.Contains(inicio, []byte("<svg")):
		return "una imagen SVG"
	case bytes.HasPrefix(inicio, []byte("<?xml")):
		return "un documento XML"
	case esCSV(datos):
		return nombres[CSV]
	case utf8.Valid(datos) && bytes.IndexByte(datos, 0) < 0:
		return "un texto sin formato"
	}
	return "un archivo binario de tipo desconocido"
}

// MarcasPDF finds in a PDF the names of JavaScript actions and embedded
// files, also when written with #xx escapes. The file is scanned, never
// interpreted.
func MarcasPDF(datos []byte) []Marca {
	var m []Marca
	if nombrePDF(datos, "JavaScript") || nombrePDF(datos, "JS") {
		m = append(m, PDFJavaScript)
	}
	if nombrePDF(datos, "EmbeddedFile") || nombrePDF(datos, "EmbeddedFiles") {
		m = append(m, PDFIncrustado)
	}
	return m
}

// nombrePDF says whether the name /n occurs in datos, as a whole name:
// what follows is a delimiter, and any letter may be #xx-escaped.
func nombrePDF(datos []byte, n string) bool {
	for i := 0; i < len(datos); i++ {
		if datos[i] != '/' {
			continue
		}
		j, k := i+1, 0
		for k < len(n) && j < len(datos) {
			c := datos[j]
			if c == '#' && j+2 < len(datos) {
				var v byte
				if _, err := fmt.Sscanf(string(datos[j+1:j+3]), "%02x", &v); err == nil {
					c, j = v, j+2
				}
			}
			if c != n[k] {
				break
			}
			j, k = j+1, k+1
		}
		if k == len(n) && (j == len(datos) || strings.IndexByte(" \t\r\n\f\x00/<>[]()%", datos[j]) >= 0) {
			return true
		}
	}
	return false
}

// NombreSeguro is a name a download may carry: the base name without
// directories, letters, digits and a few signs kept, anything else as "_",
// at most 100 characters, with the extension of its format.
func NombreSeguro(nombre string, f Formato) string {
	nombre = path.Base(strings.ReplaceAll(nombre, "\\", "/"))
	base := strings.TrimSuffix(nombre, path.Ext(nombre))
	var b strings.Builder
	for _, r := range base {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		case strings.ContainsRune("áéíóúüñÁÉÍÓÚÜÑ", r):
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
		if b.Len() >= 100 {
			break
		}
	}
	s := strings.Trim(b.String(), "._")
	if s == "" {
		s = "adjunto"
	}
	ext := string(f)
	if f == JPEG {
		ext = "jpg"
	}
	return s + "." + ext
}

// Tamano shows a size as people read it: "10 MiB", "230 KiB", "12 bytes".
func Tamano(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<20:
		decimas := n * 10 >> 20
		return fmt.Sprintf("%d,%d MiB", decimas/10, decimas%10)
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// PuedeAdjuntar says whether rol may attach files to, or withdraw them
// from, a case in estado: the Dirección Seccional while the case is
// reportado (it sends the report "junto con las pruebas y demás
// antecedentes de los hechos"), the Secretaría Técnica until it presents
// the informe to the Comité. Whether the account reaches the case at all
// is the case's own access rule.
func PuedeAdjuntar(rol permisos.Rol, estado flujo.Estado) bool {
	switch rol {
	case permisos.RolSeccional:
		return estado == flujo.Reportado
	case permisos.RolSecretaria:
		return estado == flujo.Reportado || estado == flujo.EnEvaluacion
	}
	return false
}
