package informe

// The one way a document of the expediente (the informe gerencial of a
// case, the acta of a session) becomes PDF bytes. Each kind says what it
// is — its metadata, page header and footer, first page, sections, signers
// and closing note — as a Documento; Documento.PDF draws every kind with
// the same page style and the same deterministic output (every date from
// the document, resources in a fixed order).

import (
	"bytes"
	"fmt"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
)

// Documento is the page model of one document, all from stored data.
type Documento struct {
	// Clase names the kind in errors ("informe", "acta").
	Clase    string
	Meta     Metadatos
	Adjuntos []fpdf.Attachment
	// What every page repeats: the header's title and reference (the case
	// or session number), the footer's text before "Página X de Y" and its
	// second line (whether the file is digitally signed).
	Titulo, Referencia, Pie, PieFirma string
	Portada                           Portada
	Secciones                         []Seccion
	// Graficos are the charts the sections name (BloqueGrafico), with the
	// pixel width each is rendered at.
	Graficos map[string]Grafico
	Anchos   map[string]int
	// The signature block: its title, the signers and the signature legend.
	TituloFirmas string
	Firmantes    []Firmante
	Leyenda      string
	Cierre       Cierre
}

// Portada is the top of the first page: the title, the issuer's line, an
// optional line naming the object, and the issue (version, instant, by whom).
type Portada struct {
	Titulo, Objeto, Emision string
}

// Cierre is the note that ends the document; Alto is the room it asks for
// and Antes the space before it (mm).
type Cierre struct {
	Alto, Antes float64
	Texto       string
}

// textoEmision is how the first page states an issue, or that it is a draft.
func textoEmision(version int, por string, instante string, borrador bool) string {
	if borrador {
		return fmt.Sprintf("Borrador sin emitir, con los datos registrados al %s.", instante)
	}
	return fmt.Sprintf("Versión %d, emitida el %s por %s.", version, instante, textoOGuion(por))
}

// PDF draws the document as PDF bytes: the same Documento gives the same bytes.
func (p Documento) PDF() ([]byte, error) {
	f := fpdf.New("P", "mm", "Letter", "")
	f.SetCatalogSort(true)
	// fpdf writes the date with no zone offset, which readers take as UTC:
	// Metadatos writes it in UTC so the instant is right everywhere.
	p.Meta.poner(f)
	if len(p.Adjuntos) > 0 {
		f.SetAttachments(p.Adjuntos)
	}
	f.AddUTF8FontFromBytes(fuente, "", goregular.TTF)
	f.AddUTF8FontFromBytes(fuente, "B", gobold.TTF)
	f.AddUTF8FontFromBytes(fuente, "I", goitalic.TTF)
	f.SetMargins(margenIzq, margenSup, margenDer)
	f.SetAutoPageBreak(true, margenInf)
	f.AliasNbPages(aliasPaginas)

	w := &escritor{f: f, titulo: p.Titulo, referencia: p.Referencia, pieTexto: p.Pie, pieFirma: p.PieFirma}
	f.SetHeaderFuncMode(w.encabezado, true)
	f.SetFooterFunc(w.pie)
	f.AddPage()
	w.portada(p.Portada, p.Leyenda)
	for _, s := range p.Secciones {
		sigue := 12.0 // what must fit under a title: at least its first block's start
		if len(s.Bloques) > 0 && s.Bloques[0].Tipo == BloqueGrafico {
			sigue = w.altoGrafico(p.Graficos[s.Bloques[0].Grafico])
		}
		w.seccion(s, sigue)
		for _, b := range s.Bloques {
			switch b.Tipo {
			case BloquePares:
				w.pares(b.Pares)
			case BloqueParrafo:
				w.parrafo(b.Texto)
			case BloqueAviso:
				w.aviso(b.Texto)
			case BloqueSubtitulo:
				w.subtitulo(b.Texto)
			case BloqueTabla:
				w.tabla(b.Tabla)
			case BloqueGrafico:
				g, ok := p.Graficos[b.Grafico]
				if !ok {
					return nil, fmt.Errorf("%s: gráfico desconocido %q", p.Clase, b.Grafico)
				}
				if err := w.grafico(g, p.Anchos[g.Clave]); err != nil {
					return nil, err
				}
			}
		}
	}
	// A document without a signature block (a computation, not an act)
	// leaves TituloFirmas empty.
	if p.TituloFirmas != "" {
		w.bloqueFirmas(p.TituloFirmas, p.Firmantes, p.Leyenda)
	}
	w.cierre(p.Cierre)
	if err := f.Error(); err != nil {
		return nil, fmt.Errorf("%s: no se pudo componer el PDF: %w", p.Clase, err)
	}
	var buf bytes.Buffer
	if err := f.Output(&buf); err != nil {
		return nil, fmt.Errorf("%s: no se pudo escribir el PDF: %w", p.Clase, err)
	}
	return referenciarXMP(buf.Bytes())
}

// portada writes the top of the first page.
func (w *escritor) portada(p Portada, leyenda string) {
	f := w.f
	f.SetFont(fuente, "B", 17)
	f.SetTextColor(31, 56, 100)
	f.MultiCell(w.ancho(), 8, p.Titulo, "", "L", false)
	f.SetFont(fuente, "", 11)
	f.MultiCell(w.ancho(), 5.5, "Comité de Fiscalización — Dirección de Impuestos y Aduanas Nacionales (DIAN)", "", "L", false)
	f.SetTextColor(0, 0, 0)
	if p.Objeto != "" {
		f.Ln(1.5)
		f.SetFont(fuente, "B", 11)
		f.MultiCell(w.ancho(), 5.5, p.Objeto, "", "L", false)
	}
	f.SetFont(fuente, "", 9.5)
	f.MultiCell(w.ancho(), altoLinea, p.Emision, "", "L", false)
	w.leyendaFirma(leyenda)
	f.Ln(2)
}

// cierre writes the closing note.
func (w *escritor) cierre(c Cierre) {
	f := w.f
	w.cabe(c.Alto)
	f.Ln(c.Antes)
	f.SetFont(fuente, "I", 8.5)
	f.SetTextColor(70, 70, 70)
	f.MultiCell(w.ancho(), altoFila, c.Texto, "", "L", false)
	f.SetTextColor(0, 0, 0)
}
