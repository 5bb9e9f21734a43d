package informe

import (
	"bytes"
	"fmt"
	"strconv"

	"comite/internal/formato"

	"github.com/go-pdf/fpdf"
)

// Page geometry (mm), US Letter ("carta", the usual paper in Colombia).
const (
	margenIzq    = 20.0
	margenDer    = 20.0
	margenSup    = 24.0
	margenInf    = 20.0
	fuente       = "go"
	tituloInf    = "Informe gerencial — Comité de Fiscalización"
	anchoImagen  = 170.0
	altoLinea    = 4.6 // body text, 9.5 pt
	altoFila     = 4.0 // table text, 8.5 pt
	anchoEtiq    = 68.0
	aliasPaginas = "{nb}"
)

// PDF writes the informe gerencial as PDF bytes. The same Datos give the same
// bytes: every date comes from Datos (never the clock), resources are written
// in a fixed order, and fonts and charts are rendered deterministically.
func PDF(d Datos) ([]byte, error) {
	secciones, err := Secciones(d)
	if err != nil {
		return nil, err
	}
	graficos := map[string]Grafico{}
	anchos := map[string]int{}
	for i, g := range Graficos(d) {
		graficos[g.Clave] = g
		// fpdf v0.9.0 with SetCatalogSort orders image objects by pixel
		// width only, so images of equal width come out in map order and
		// the bytes change from run to run. Each chart gets its own width
		// (2 px apart: invisible at 170 mm) to keep the order fixed.
		anchos[g.Clave] = anchoPx + 2*i
	}
	autor := "Secretaría Técnica del Comité de Fiscalización"
	if d.Emision.EmitidoPor != "" {
		autor = d.Emision.EmitidoPor + " — " + autor
	}
	doc := Documento{Clase: "informe",
		Meta: Metadatos{Titulo: "Informe gerencial de resultados — Caso " + d.Caso, Autor: autor,
			Asunto:     fmt.Sprintf("Informe gerencial del caso %s (NIT %s), versión %d", d.Caso, d.Usuario.NIT, d.Emision.Version),
			Referencia: d.Caso, Palabras: []string{"informe gerencial", "Comité de Fiscalización", "reincidencia", "DIAN", d.Caso, d.Usuario.NIT},
			Instante: d.Emision.Instante},
		Titulo: tituloInf, Referencia: "Caso " + d.Caso, PieFirma: pieFirma(d.Emision.FirmaSujeto),
		Pie:       fmt.Sprintf("Caso %s · Informe gerencial, versión %d · emitido el %s", d.Caso, d.Emision.Version, formato.Instante(d.Emision.Instante)),
		Secciones: secciones, Graficos: graficos, Anchos: anchos,
		TituloFirmas: "Firmas", Firmantes: d.Emision.Firmantes, Leyenda: LeyendaFirma(d.Emision.FirmaSujeto, d.Emision.Instante),
		Cierre: Cierre{Alto: 10, Antes: 1, Texto: "Documento generado por la aplicación del Comité de Fiscalización a partir de los datos guardados del caso. " +
			"La huella SHA-256 de este PDF se registra con el caso al emitirlo; cualquier copia puede verificarse contra ella."},
	}
	if d.Emision.Borrador() {
		doc.Pie = fmt.Sprintf("Caso %s · Borrador del informe gerencial, sin emitir · datos registrados al %s", d.Caso, formato.Instante(d.Emision.Instante))
	}
	if len(d.EvaluacionJSON) > 0 {
		doc.Adjuntos = []fpdf.Attachment{{Content: d.EvaluacionJSON, Filename: d.NombreAdjuntoEvaluacion(),
			Description: "Evaluación guardada v" + strconv.Itoa(d.Instantanea.Version) + " del caso " + d.Caso + " (formato del contrato)"}}
	}
	razon := d.Usuario.RazonSocial
	if razon == "" {
		razon = "usuario sin razón social registrada"
	}
	doc.Portada = Portada{Titulo: "Informe gerencial de resultados",
		Objeto:  fmt.Sprintf("Caso %s · %s · NIT %s", d.Caso, razon, textoOGuion(d.Usuario.NIT)),
		Emision: textoEmision(d.Emision.Version, d.Emision.EmitidoPor, formato.Instante(d.Emision.Instante), d.Emision.Borrador()) + " Resultado de la evaluación: " + TextoResultado(d.Evaluacion) + "."}
	return doc.PDF()
}

type escritor struct {
	f *fpdf.Fpdf
	// What every page repeats: the header's title and reference (the case
	// or the session number) and the footer's text before "Página X de Y".
	titulo, referencia, pieTexto string
	// pieFirma is the footer's second line: whether the file is digitally signed.
	pieFirma string
}

func (w *escritor) ancho() float64 {
	pw, _ := w.f.GetPageSize()
	return pw - margenIzq - margenDer
}

func (w *escritor) limite() float64 {
	_, ph := w.f.GetPageSize()
	return ph - margenInf
}

// cabe starts a new page unless h mm still fit on this one.
func (w *escritor) cabe(h float64) {
	if w.f.GetY()+h > w.limite() {
		w.f.AddPage()
	}
}

func (w *escritor) encabezado() {
	f := w.f
	pw, _ := f.GetPageSize()
	f.SetY(10)
	f.SetFont(fuente, "B", 9)
	f.SetTextColor(31, 56, 100)
	f.SetX(margenIzq)
	f.CellFormat(w.ancho()*0.7, 5, w.titulo, "", 0, "L", false, 0, "")
	f.CellFormat(w.ancho()*0.3, 5, w.referencia, "", 0, "R", false, 0, "")
	f.SetDrawColor(31, 56, 100)
	f.SetLineWidth(0.4)
	f.Line(margenIzq, 16, pw-margenDer, 16)
	f.SetTextColor(0, 0, 0)
	f.SetDrawColor(0, 0, 0)
	f.SetLineWidth(0.2)
}

func (w *escritor) pie() {
	f := w.f
	pw, ph := f.GetPageSize()
	y := ph - margenInf + 6
	f.SetDrawColor(150, 150, 150)
	f.SetLineWidth(0.2)
	f.Line(margenIzq, y, pw-margenDer, y)
	f.SetDrawColor(0, 0, 0)
	f.SetFont(fuente, "", 8)
	f.SetTextColor(80, 80, 80)
	f.SetXY(margenIzq, y+1)
	f.CellFormat(w.ancho()*0.75, 4.5, w.pieTexto, "", 0, "L", false, 0, "")
	// The alias is replaced by the page count after layout, so its width is
	// not the final one: the text starts at a fixed place instead of being
	// right-aligned, and never moves with the number.
	texto := "Página " + strconv.Itoa(f.PageNo()) + " de " + aliasPaginas
	reserva := f.GetStringWidth("Página 999 de 999")
	f.SetXY(pw-margenDer-reserva, y+1)
	f.CellFormat(reserva, 4.5, texto, "", 0, "L", false, 0, "")
	if w.pieFirma != "" {
		f.SetXY(margenIzq, y+5)
		f.CellFormat(w.ancho(), 4.5, w.pieFirma, "", 0, "L", false, 0, "")
	}
	f.SetTextColor(0, 0, 0)
}

// seccion writes a section title; it never stays alone at the bottom of a
// page: the title and sigue mm of what follows must fit.
func (w *escritor) seccion(s Seccion, sigue float64) {
	f := w.f
	w.cabe(14 + sigue)
	f.Ln(3)
	f.SetFont(fuente, "B", 12)
	f.SetTextColor(31, 56, 100)
	f.MultiCell(w.ancho(), 6.5, s.Titulo, "", "L", false)
	y := f.GetY()
	f.SetDrawColor(31, 56, 100)
	f.Line(margenIzq, y, margenIzq+w.ancho(), y)
	f.SetDrawColor(0, 0, 0)
	f.SetTextColor(0, 0, 0)
	f.Ln(2)
}

func (w *escritor) subtitulo(t string) {
	f := w.f
	w.cabe(16)
	f.Ln(1)
	f.SetFont(fuente, "B", 10)
	f.MultiCell(w.ancho(), 5.5, t, "", "L", false)
	f.Ln(0.5)
}

func (w *escritor) parrafo(t string) {
	f := w.f
	f.SetFont(fuente, "", 9.5)
	f.MultiCell(w.ancho(), altoLinea, t, "", "J", false)
	f.Ln(1.5)
}

func (w *escritor) aviso(t string) {
	f := w.f
	f.SetFont(fuente, "B", 9.5)
	h := float64(len(f.SplitText(t, w.ancho()-4)))*altoLinea + 3
	w.cabe(h)
	f.SetFillColor(255, 243, 205)
	f.SetDrawColor(204, 153, 0)
	x, y := f.GetXY()
	f.Rect(x, y, w.ancho(), h, "FD")
	f.SetXY(x+2, y+1.5)
	f.MultiCell(w.ancho()-4, altoLinea, t, "", "L", false)
	f.SetXY(x, y+h)
	f.SetDrawColor(0, 0, 0)
	f.Ln(2)
}

func (w *escritor) pares(ps []Par) {
	f := w.f
	anchoValor := w.ancho() - anchoEtiq
	for _, p := range ps {
		f.SetFont(fuente, "", 9.5)
		le := f.SplitText(p.Etiqueta, anchoEtiq)
		lv := f.SplitText(p.Valor, anchoValor)
		n := max(len(le), len(lv), 1)
		h := float64(n)*altoLinea + 1
		w.cabe(h)
		y := f.GetY()
		f.SetTextColor(70, 70, 70)
		for i, l := range le {
			f.SetXY(margenIzq, y+float64(i)*altoLinea)
			f.CellFormat(anchoEtiq, altoLinea, l, "", 0, "L", false, 0, "")
		}
		f.SetTextColor(0, 0, 0)
		f.SetFont(fuente, "B", 9.5)
		lv = f.SplitText(p.Valor, anchoValor) // bold is wider: split again
		if len(lv) > n {
			n = len(lv)
			h = float64(n)*altoLinea + 1
		}
		for i, l := range lv {
			f.SetXY(margenIzq+anchoEtiq, y+float64(i)*altoLinea)
			f.CellFormat(anchoValor, altoLinea, l, "", 0, "L", false, 0, "")
		}
		f.SetDrawColor(225, 225, 225)
		f.Line(margenIzq, y+h-0.4, margenIzq+w.ancho(), y+h-0.4)
		f.SetDrawColor(0, 0, 0)
		f.SetXY(margenIzq, y+h)
	}
	f.Ln(2)
}

// tabla draws a table; rows never split, and the header is repeated at the
// top of every page the table continues on.
func (w *escritor) tabla(t *Tabla) {
	f := w.f
	if len(t.Filas) == 0 {
		w.parrafo(t.Vacia)
		return
	}
	anchos := make([]float64, len(t.Columnas))
	for i, c := range t.Columnas {
		anchos[i] = c.Ancho * w.ancho()
	}
	altoDe := func(celdas []string, estilo string) (float64, [][]string) {
		f.SetFont(fuente, estilo, 8.5)
		lineas := make([][]string, len(celdas))
		n := 1
		for i, c := range celdas {
			lineas[i] = f.SplitText(c, anchos[i])
			n = max(n, len(lineas[i]))
		}
		return float64(n)*altoFila + 2, lineas
	}
	titulos := make([]string, len(t.Columnas))
	for i, c := range t.Columnas {
		titulos[i] = c.Titulo
	}
	dibujar := func(h float64, lineas [][]string, estilo string, fondo bool, gris int) {
		f.SetFont(fuente, estilo, 8.5)
		y := f.GetY()
		x := margenIzq
		f.SetDrawColor(190, 190, 190)
		f.SetFillColor(gris, gris, gris)
		for i := range t.Columnas {
			borde := "D"
			if fondo {
				borde = "FD"
			}
			f.Rect(x, y, anchos[i], h, borde)
			alinear := "L"
			if t.Columnas[i].Derecha {
				alinear = "R"
			}
			for j, l := range lineas[i] {
				f.SetXY(x, y+1+float64(j)*altoFila)
				f.CellFormat(anchos[i], altoFila, l, "", 0, alinear, false, 0, "")
			}
			x += anchos[i]
		}
		f.SetDrawColor(0, 0, 0)
		f.SetXY(margenIzq, y+h)
	}
	hCab, lCab := altoDe(titulos, "B")
	cabecera := func() { dibujar(hCab, lCab, "B", true, 222) }
	primera := true
	for k, fila := range t.Filas {
		h, lineas := altoDe(fila, "")
		if h <= w.limite()-margenSup-hCab {
			if primera {
				w.cabe(hCab + h)
				cabecera()
			} else if f.GetY()+h > w.limite() {
				f.AddPage()
				cabecera()
			}
			primera = false
			dibujar(h, lineas, "", k%2 == 1, 245)
			continue
		}
		// A row taller than a page (a very long text) continues on the next
		// page, under the repeated header, instead of running off the page.
		if primera {
			w.cabe(hCab + 3*altoFila + 2)
			cabecera()
			primera = false
		}
		for {
			disponibles := int((w.limite() - f.GetY() - 2) / altoFila)
			if disponibles < 3 {
				f.AddPage()
				cabecera()
				continue
			}
			parte := make([][]string, len(lineas))
			resto := make([][]string, len(lineas))
			n, quedan := 1, false
			for i, l := range lineas {
				c := min(len(l), disponibles)
				parte[i], resto[i] = l[:c], l[c:]
				n = max(n, c)
				quedan = quedan || len(resto[i]) > 0
			}
			dibujar(float64(n)*altoFila+2, parte, "", k%2 == 1, 245)
			if !quedan {
				break
			}
			lineas = resto
			f.AddPage()
			cabecera()
		}
	}
	f.Ln(3)
}

// grafico places a chart with its title and note; it never splits across pages.
func (w *escritor) grafico(g Grafico, anchoPixeles int) error {
	f := w.f
	png, err := g.png(anchoPixeles)
	if err != nil {
		return err
	}
	altoImg := anchoImagen * altoPx / float64(anchoPixeles)
	w.cabe(w.altoGrafico(g))
	f.SetFont(fuente, "B", 10)
	f.MultiCell(w.ancho(), 5.5, g.Titulo, "", "L", false)
	opts := fpdf.ImageOptions{ImageType: "PNG", ReadDpi: false}
	f.RegisterImageOptionsReader(g.Clave, opts, bytes.NewReader(png))
	x := margenIzq + (w.ancho()-anchoImagen)/2
	y := f.GetY() + 1
	f.ImageOptions(g.Clave, x, y, anchoImagen, altoImg, false, opts, 0, "")
	f.SetXY(margenIzq, y+altoImg+1)
	f.SetFont(fuente, "I", 8.5)
	f.SetTextColor(70, 70, 70)
	f.MultiCell(w.ancho(), altoFila, g.Nota, "", "L", false)
	f.SetTextColor(0, 0, 0)
	f.Ln(4)
	return nil
}

// altoGrafico is the height of a chart with its title and note.
func (w *escritor) altoGrafico(g Grafico) float64 {
	w.f.SetFont(fuente, "I", 8.5)
	nota := w.f.SplitText(g.Nota, w.ancho())
	return 7 + anchoImagen*altoPx/anchoPx + float64(len(nota))*altoFila + 2
}
