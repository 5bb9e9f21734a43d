package informe

// What makes a document fit for the expediente: who signs it (full name,
// cargo and role in the procedure), whether it carries a digital signature
// (said on its first page and in every footer), the data it was computed
// from (attached to the file) and its metadata (the Info dictionary and an
// XMP packet with the same title, author, subject, language and reference).

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"comite/internal/formato"

	"github.com/go-pdf/fpdf"
)

// SinFirmaDigital is what an unsigned document says on its first page and
// in its footer.
const SinFirmaDigital = "Documento sin firma digital"

// Firmante is a person in a document's signature block.
type Firmante struct {
	Nombre string
	Cargo  string // "" when none is recorded
	Papel  string // the role in the procedure: «Secretaría Técnica», «Preside la sesión»
}

// LeyendaFirma says whether the document carries a digital signature: who
// signed (the certificate's subject) and when, or SinFirmaDigital.
func LeyendaFirma(sujeto string, instante time.Time) string {
	if sujeto == "" {
		return SinFirmaDigital
	}
	return "Firmado digitalmente (PAdES) por " + sujeto + " el " + formato.Instante(instante)
}

// pieFirma is the short form of LeyendaFirma for the footer.
func pieFirma(sujeto string) string {
	if sujeto == "" {
		return SinFirmaDigital
	}
	return "Firmado digitalmente por " + sujeto
}

// leyendaFirma writes LeyendaFirma on the first page, in bold.
func (w *escritor) leyendaFirma(texto string) {
	f := w.f
	f.SetFont(fuente, "B", 9.5)
	if strings.HasPrefix(texto, SinFirmaDigital) {
		f.SetTextColor(150, 40, 30)
	} else {
		f.SetTextColor(31, 90, 50)
	}
	f.MultiCell(w.ancho(), altoLinea, texto+".", "", "L", false)
	f.SetTextColor(0, 0, 0)
	f.SetFont(fuente, "", 9.5)
}

// bloqueFirmas writes the signature block: one line for each signer with
// their name, cargo and role, and whether the file is digitally signed.
func (w *escritor) bloqueFirmas(titulo string, fs []Firmante, leyenda string) {
	f := w.f
	w.cabe(14 + 13*float64(min(len(fs), 3)))
	f.Ln(4)
	f.SetFont(fuente, "B", 11)
	f.SetTextColor(31, 56, 100)
	f.MultiCell(w.ancho(), 6, titulo, "", "L", false)
	f.SetTextColor(0, 0, 0)
	if len(fs) == 0 {
		f.SetFont(fuente, "I", 9.5)
		f.MultiCell(w.ancho(), altoLinea, "Sin firmantes: borrador sin emitir.", "", "L", false)
	}
	for _, x := range fs {
		w.cabe(14)
		f.Ln(3)
		y := f.GetY()
		f.SetDrawColor(120, 120, 120)
		f.Line(margenIzq, y, margenIzq+80, y)
		f.SetDrawColor(0, 0, 0)
		f.Ln(1)
		f.SetFont(fuente, "B", 9.5)
		f.MultiCell(w.ancho(), altoLinea, x.Nombre, "", "L", false)
		f.SetFont(fuente, "", 9)
		linea := x.Papel
		if x.Cargo != "" {
			linea = x.Cargo + " — " + x.Papel
		}
		f.MultiCell(w.ancho(), altoFila, linea, "", "L", false)
	}
	f.Ln(2)
	f.SetFont(fuente, "I", 8.5)
	f.MultiCell(w.ancho(), altoFila, leyenda+".", "", "L", false)
	f.SetFont(fuente, "", 9.5)
}

// Metadatos are what a document says about itself, in the Info dictionary
// and in XMP alike.
type Metadatos struct {
	Titulo, Autor, Asunto, Referencia string // Referencia: the case or session number
	Palabras                          []string
	Instante                          time.Time
}

// poner writes the metadata into the document (Info and XMP), in Spanish
// (Colombia).
func (m Metadatos) poner(f *fpdf.Fpdf) {
	t := m.Instante.UTC()
	f.SetCreationDate(t)
	f.SetModificationDate(t)
	f.SetTitle(m.Titulo, true)
	f.SetAuthor(m.Autor, true)
	f.SetSubject(m.Asunto, true)
	f.SetKeywords(strings.Join(m.Palabras, ", "), true)
	f.SetCreator("comite", true)
	f.SetProducer("comite (go-pdf/fpdf)", true)
	f.SetLang("es-CO")
	f.SetXmpMetadata(m.xmp())
}

func esc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// xmp is the XMP packet of the document (Dublin Core, XMP basic, PDF).
func (m Metadatos) xmp() []byte {
	t := m.Instante.UTC().Format("2006-01-02T15:04:05Z")
	return []byte(fmt.Sprintf(`<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">%s</rdf:li></rdf:Alt></dc:title>
<dc:creator><rdf:Seq><rdf:li>%s</rdf:li></rdf:Seq></dc:creator>
<dc:description><rdf:Alt><rdf:li xml:lang="x-default">%s</rdf:li></rdf:Alt></dc:description>
<dc:language><rdf:Bag><rdf:li>es-CO</rdf:li></rdf:Bag></dc:language>
<dc:identifier>%s</dc:identifier>
<pdf:Keywords>%s</pdf:Keywords>
<pdf:Producer>comite (go-pdf/fpdf)</pdf:Producer>
<xmp:CreatorTool>comite</xmp:CreatorTool>
<xmp:CreateDate>%s</xmp:CreateDate>
<xmp:ModifyDate>%s</xmp:ModifyDate>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="r"?>`, esc(m.Titulo), esc(m.Autor), esc(m.Asunto), esc(m.Referencia), esc(strings.Join(m.Palabras, ", ")), t, t))
}

var (
	reObjeto    = regexp.MustCompile(`\n(\d+) 0 obj\n<<\n/Type /Catalog\n`)
	reStartxref = regexp.MustCompile(`startxref\n(\d+)\n%%EOF\n?$`)
)

// referenciarXMP makes the catalog point to the XMP packet. fpdf v0.9.0
// writes the metadata stream (the object just before the Info dictionary,
// two before the catalog) but never names it in the catalog, so readers do
// not find it. The catalog is the last object: adding a line to it moves
// only the cross-reference table, whose offset startxref gives.
func referenciarXMP(pdf []byte) ([]byte, error) {
	m := reObjeto.FindSubmatchIndex(pdf)
	x := reStartxref.FindSubmatchIndex(pdf)
	if m == nil || x == nil {
		return nil, fmt.Errorf("no se encontró el catálogo del PDF para referenciar sus metadatos XMP")
	}
	n, _ := strconv.Atoi(string(pdf[m[2]:m[3]]))
	linea := []byte(fmt.Sprintf("/Metadata %d 0 R\n", n-2))
	if !bytes.Contains(pdf, []byte(fmt.Sprintf("\n%d 0 obj\n<< /Type /Metadata /Subtype /XML", n-2))) {
		return nil, fmt.Errorf("el objeto de metadatos XMP no está donde se esperaba")
	}
	xref, _ := strconv.Atoi(string(pdf[x[2]:x[3]]))
	var b bytes.Buffer
	b.Grow(len(pdf) + len(linea) + 4)
	b.Write(pdf[:m[1]])
	b.Write(linea)
	b.Write(pdf[m[1]:x[2]])
	b.WriteString(strconv.Itoa(xref + len(linea)))
	b.Write(pdf[x[3]:])
	return b.Bytes(), nil
}
