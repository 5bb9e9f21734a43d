package importar

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"comite/internal/entrada"
)

// An XLSX file is a ZIP of XML parts. A small ZIP can expand to gigabytes
// (a "zip bomb": one part that declares 15 GiB in 6 KB, or a sheet of
// millions of empty rows compressed a thousand times), and the XLSX library
// would hold it in memory or write it to a temporary file. So the ZIP is
// inspected first, with the sizes it declares and then with the bytes it
// really expands to, and only a file within LimitesXLSX reaches excelize
// (which is opened with the same limits).

// LimitesXLSX bound what an XLSX file may expand to.
type LimitesXLSX struct {
	Partes int   // entries in the ZIP
	Parte  int64 // uncompressed bytes of one part
	Total  int64 // uncompressed bytes of all parts together
	// Razon is the largest uncompressed/compressed ratio of a part larger
	// than RazonDesde bytes (small parts compress as they like).
	Razon      int64
	RazonDesde int64
}

// Limites is what the web and `comite importar` accept. A sheet as Excel
// writes it compresses 5 to 20 times; 100 MiB of sheet is about 300.000
// rows of sanciones (a larger file goes better as CSV, which has no such
// limit beyond its size).
var Limites = LimitesXLSX{Partes: 1000, Parte: 100 << 20, Total: 200 << 20, Razon: 100, RazonDesde: 1 << 20}

// ErrLimiteXLSX is the kind of error an XLSX beyond LimitesXLSX gives.
var ErrLimiteXLSX = errors.New("el archivo XLSX supera un límite")

// mib shows a size in MiB for the messages ("100 MiB").
func mib(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

func limite(formato string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrLimiteXLSX, fmt.Sprintf(formato, args...))
}

// PaqueteOOXML names an Office Open XML package (ECMA-376 / ISO/IEC 29500)
// for InspeccionarOOXML: what people call it, the program that writes it,
// what a document of it is called and the roots its parts live under.
type PaqueteOOXML struct {
	Nombre    string // "XLSX"
	Programa  string // "Excel"
	Documento string // "un libro de Excel"
	Raices    []string
}

// XLSX is the spreadsheet package.
var XLSX = PaqueteOOXML{Nombre: "XLSX", Programa: "Excel", Documento: "un libro de Excel",
	Raices: []string{"_rels/", "docProps/", "xl/", "customXml/"}}

// DOCX is the word-processing package.
var DOCX = PaqueteOOXML{Nombre: "DOCX", Programa: "Word", Documento: "un documento de Word",
	Raices: []string{"_rels/", "docProps/", "word/", "customXml/"}}

// parteEsperada says whether a part name may be in a package of kind p: the
// parts of an Office Open XML package live under its roots. Anything else
// (another path, "..", an absolute path, a backslash, control characters)
// is refused.
func parteEsperada(nombre string, p PaqueteOOXML) bool {
	if nombre == "" || len(nombre) > 255 || !utf8.ValidString(nombre) || strings.ContainsAny(nombre, "\\:") ||
		strings.HasPrefix(nombre, "/") || entrada.ValidarTexto(nombre, false) != nil {
		return false
	}
	for _, seg := range strings.Split(strings.TrimSuffix(nombre, "/"), "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
	}
	if nombre == "[Content_Types].xml" {
		return true
	}
	for _, raiz := range p.Raices {
		if strings.HasPrefix(nombre, raiz) {
			return true
		}
	}
	return false
}

// InspeccionarXLSX checks a ZIP against lim before anything else reads it:
// the declared sizes first (nothing is expanded), then each part expanded
// into a counter, stopping at the first limit broken or when ctx ends. The
// message says which limit, in Spanish.
func InspeccionarXLSX(ctx context.Context, datos []byte, lim LimitesXLSX) error {
	return InspeccionarOOXML(ctx, datos, lim, XLSX)
}

// InspeccionarOOXML is InspeccionarXLSX for any Office Open XML package p
// (a DOCX attached to a case passes the same limits as an imported XLSX).
func InspeccionarOOXML(ctx context.Context, datos []byte, lim LimitesXLSX, p PaqueteOOXML) error {
	z, err := zip.NewReader(bytes.NewReader(datos), int64(len(datos)))
	if err != nil {
		return fmt.Errorf("el archivo no es un %s válido (no se pudo leer como ZIP: %s): ábralo en %s y guárdelo de nuevo", p.Nombre, causaZip(err), p.Programa)
	}
	if len(z.File) > lim.Partes {
		return limite("tiene %d partes internas y se admiten a lo sumo %d", len(z.File), lim.Partes)
	}
	vistas := make(map[string]bool, len(z.File))
	var total uint64
	for _, f := range z.File {
		if !parteEsperada(f.Name, p) {
			return limite("contiene la parte inesperada %q, que no pertenece a %s", f.Name, p.Documento)
		}
		if k := strings.ToLower(f.Name); vistas[k] {
			return limite("la parte %q aparece dos veces", f.Name)
		} else {
			vistas[k] = true
		}
		if f.UncompressedSize64 > uint64(lim.Parte) {
			return limite("la parte %q declara %s descomprimida y el límite por parte es %s", f.Name, tamanoLegible(f.UncompressedSize64), mib(lim.Parte))
		}
		total += f.UncompressedSize64
		if total > uint64(lim.Total) {
			return limite("sus partes declaran más de %s descomprimidas en total (límite %s)", tamanoLegible(total), mib(lim.Total))
		}
		if err := razon(f.Name, f.UncompressedSize64, f.CompressedSize64, lim); err != nil {
			return err
		}
		if f.Method != zip.Store && f.Method != zip.Deflate {
			return limite("la parte %q usa un método de compresión desconocido (%d)", f.Name, f.Method)
		}
	}
	// The declared sizes may lie: expand each part into a counter. archive/zip
	// also refuses a part that expands beyond what it declares.
	var real int64
	buf := make([]byte, 64<<10)
	for _, f := range z.File {
		if f.FileInfo().IsDir() {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return fmt.Errorf("el archivo %s está dañado (parte %q: %s): ábralo en %s y guárdelo de nuevo", p.Nombre, f.Name, causaZip(err), p.Programa)
		}
		var n int64
		for {
			if err := ctx.Err(); err != nil {
				rc.Close()
				return err
			}
			m, err := rc.Read(buf)
			n += int64(m)
			real += int64(m)
			if n > lim.Parte {
				rc.Close()
				return limite("la parte %q se descomprime en más de %s (límite por parte)", f.Name, mib(lim.Parte))
			}
			if real > lim.Total {
				rc.Close()
				return limite("sus partes se descomprimen en más de %s en total", mib(lim.Total))
			}
			if err := razon(f.Name, uint64(n), f.CompressedSize64, lim); err != nil {
				rc.Close()
				return err
			}
			if err == io.EOF {
				break
			}
			if errors.Is(err, zip.ErrFormat) {
				rc.Close()
				return limite("la parte %q se descomprime en más de lo que declara (%s): el archivo está dañado o es una «bomba de descompresión»", f.Name, tamanoLegible(f.UncompressedSize64))
			}
			if err != nil {
				rc.Close()
				return fmt.Errorf("el archivo %s está dañado (parte %q: %s): ábralo en %s y guárdelo de nuevo", p.Nombre, f.Name, causaZip(err), p.Programa)
			}
		}
		rc.Close()
	}
	return nil
}

// razon checks the compression ratio of a part.
func razon(nombre string, descomprimido, comprimido uint64, lim LimitesXLSX) error {
	if descomprimido <= uint64(lim.RazonDesde) {
		return nil
	}
	if comprimido == 0 || descomprimido/comprimido >= uint64(lim.Razon) {
		r := "infinita"
		if comprimido > 0 {
			r = fmt.Sprintf("%d a 1", descomprimido/comprimido)
		}
		return limite("la parte %q se comprime en una razón de %s y se admite a lo sumo %d a 1 (un archivo así es una «bomba de descompresión»)", nombre, r, lim.Razon)
	}
	return nil
}

// tamanoLegible shows a byte count as people read it: "15 GiB", "230 MiB".
func tamanoLegible(n uint64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// causaZip says in Spanish why archive/zip refused a file.
func causaZip(err error) string {
	switch {
	case errors.Is(err, zip.ErrChecksum):
		return "la suma de verificación no coincide"
	case errors.Is(err, zip.ErrFormat):
		return "formato ZIP inválido"
	case errors.Is(err, zip.ErrAlgorithm):
		return "método de compresión no admitido"
	case errors.Is(err, zip.ErrInsecurePath):
		return "ruta interna insegura"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "el archivo está incompleto"
	}
	return err.Error()
}
