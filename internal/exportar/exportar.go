// Package exportar writes every table the application exports, as CSV for
// Excel in Spanish and as an Excel workbook: the screening, the case list and
// any other screen's download go through here, so the conventions (encoding,
// separators, number formats, protection against formulas, frozen header,
// autofilter) are the same everywhere.
//
// CSV for Excel in Spanish (es-CO): UTF-8 with a byte-order mark (so Excel
// detects the encoding and shows ñ and accents), semicolon as the separator
// (the list separator of a Spanish Windows, where the comma is the decimal
// mark), CRLF line ends, numbers with a decimal comma and no thousands
// separator ("1234567,89", "0,5203"), which Excel in Spanish reads as
// numbers; a text starting with = + - @ or a control character gets a
// leading apostrophe, so no spreadsheet reads it as a formula (CSV
// injection).
//
// XLSX: one sheet, streamed (50.000 rows take little memory), bold frozen
// header and an autofilter; numbers are numeric cells with a number format
// (amounts "$ #,##0", percentages "0,0000 %", years "0" without thousands
// separator), dates are date cells "dd/mm/aaaa", so Excel can sum, sort and
// filter them; texts are text cells, which a spreadsheet never evaluates;
// columns without a given width fit their contents.
package exportar

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"comite/internal/fecha"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"
)

// Formato is the display format of a numeric cell.
type Formato int

const (
	Entero       Formato = iota // 1.234
	Pesos                       // $ 1.234.567
	Porcentaje4                 // 0,5203 %
	Porcentaje2                 // 104,05 %
	Decimales4                  // 0,4333
	FormatoAnio                 // 2026 (a year: no thousands separator)
	FormatoFecha                // 22/10/2026 (a date cell)
	numFormatos
)

// formatosXLSX are the Excel number formats (Excel shows them with the
// reader's separators: "1.234.567" and "0,5203 %" in Spanish).
var formatosXLSX = [numFormatos]string{
	Entero:       "#,##0",
	Pesos:        `"$ "#,##0`,
	Porcentaje4:  `0.0000" %"`,
	Porcentaje2:  `0.00" %"`,
	Decimales4:   "0.0000",
	FormatoAnio:  "0",
	FormatoFecha: "dd/mm/yyyy",
}

// FormatoXLSX is the Excel number format of f.
func FormatoXLSX(f Formato) string { return formatosXLSX[f] }

// Celda is one exported value: a text, a decimal or a whole number with its
// format, or empty (the zero Celda) where a figure does not apply.
type Celda struct {
	texto   string
	numero  *decimal.Decimal
	entero  *int64
	fecha   fecha.Fecha
	formato Formato
}

// Texto is a text cell.
func Texto(s string) Celda { return Celda{texto: s} }

// Numero is a decimal cell.
func Numero(d decimal.Decimal, f Formato) Celda { return Celda{numero: &d, formato: f} }

// NumeroNulo is a decimal cell, empty when d is nil (unknown or not applicable).
func NumeroNulo(d *decimal.Decimal, f Formato) Celda {
	if d == nil {
		return Celda{}
	}
	return Numero(*d, f)
}

// Cuenta is a whole-number cell.
func Cuenta(n int64) Celda { return Celda{entero: &n, formato: Entero} }

// CuentaNula is a whole-number cell, empty when n is nil.
func CuentaNula(n *int64) Celda {
	if n == nil {
		return Celda{}
	}
	return Cuenta(*n)
}

// Anio is a year: a whole number written without thousands separator (2026,
// never 2.026).
func Anio(n int) Celda {
	e := int64(n)
	return Celda{entero: &e, formato: FormatoAnio}
}

// Fecha is a date cell (dd/mm/aaaa); empty for the zero date.
func Fecha(f fecha.Fecha) Celda { return Celda{fecha: f, formato: FormatoFecha} }

// FechaOTexto is a date cell when s is a date as people write it
// (22/10/2026, 2026-10-22), and a text cell otherwise ("Desconocido").
func FechaOTexto(s string) Celda {
	if f, err := fecha.Parse(strings.TrimSpace(s)); err == nil {
		return Fecha(f)
	}
	return Texto(s)
}

// Tabla describes one export.
type Tabla struct {
	Hoja     string    // sheet name (XLSX)
	Titulo   string    // document title (XLSX), may be empty
	Columnas []string  // headers, in order
	Anchos   []float64 // column widths (XLSX); a column without one fits its contents
}

// EscribirCSV writes n rows, row i given by fila, as CSV for Excel in Spanish.
func EscribirCSV(w io.Writer, t Tabla, n int, fila func(i int) []Celda) error {
	if _, err := io.WriteString(w, "\ufeff"); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	cw.Comma = ';'
	cw.UseCRLF = true
	if err := cw.Write(t.Columnas); err != nil {
		return err
	}
	reg := make([]string, len(t.Columnas))
	for i := 0; i < n; i++ {
		cs := fila(i)
		for k := range reg {
			reg[k] = ""
			if k >= len(cs) {
				continue
			}
			switch c := cs[k]; {
			case c.numero != nil:
				reg[k] = strings.Replace(c.numero.String(), ".", ",", 1)
			case c.entero != nil:
				reg[k] = strconv.FormatInt(*c.entero, 10)
			case !c.fecha.IsZero():
				reg[k] = c.fecha.DMA()
			default:
				reg[k] = TextoSeguro(c.texto)
			}
		}
		if err := cw.Write(reg); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// TextoSeguro keeps a spreadsheet from reading a CSV text as a formula: a
// text starting with = + - @ or a control character is written with a
// leading apostrophe.
func TextoSeguro(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// EscribirXLSX writes n rows, row i given by fila, as a workbook of one
// sheet. A numeric cell holds the decimal's shortest float64 form, which for
// amounts in centavos up to 10^13 pesos reads back as the same decimal.
func EscribirXLSX(w io.Writer, t Tabla, n int, fila func(i int) []Celda) error {
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", t.Hoja); err != nil {
		return err
	}
	if t.Titulo != "" {
		f.SetDocProps(&excelize.DocProperties{Title: t.Titulo, Creator: "comite", Language: "es-CO"})
	}
	sw, err := f.NewStreamWriter(t.Hoja)
	if err != nil {
		return err
	}
	var estilos [numFormatos]int
	for i, nf := range formatosXLSX {
		if estilos[i], err = f.NewStyle(&excelize.Style{CustomNumFmt: &nf}); err != nil {
			return err
		}
	}
	negrita, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}})
	if err != nil {
		return err
	}
	for i, a := range anchos(t, n, fila) {
		if err := sw.SetColWidth(i+1, i+1, a); err != nil {
			return err
		}
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	cab := make([]any, len(t.Columnas))
	for i, c := range t.Columnas {
		cab[i] = excelize.Cell{StyleID: negrita, Value: c}
	}
	if err := sw.SetRow("A1", cab); err != nil {
		return err
	}
	reg := make([]any, len(t.Columnas))
	for i := 0; i < n; i++ {
		cs := fila(i)
		for k := range reg {
			reg[k] = nil
			if k >= len(cs) {
				continue
			}
			switch c := cs[k]; {
			case c.numero != nil:
				reg[k] = excelize.Cell{StyleID: estilos[c.formato], Value: c.numero.InexactFloat64()}
			case c.entero != nil:
				reg[k] = excelize.Cell{StyleID: estilos[c.formato], Value: *c.entero}
			case !c.fecha.IsZero():
				// The serial counts from midnight UTC: a whole day, no hour.
				reg[k] = excelize.Cell{StyleID: estilos[c.formato], Value: time.Date(c.fecha.Anio(), c.fecha.Mes(), c.fecha.Dia(), 0, 0, 0, 0, time.UTC)}
			case c.texto != "":
				reg[k] = c.texto
			}
		}
		ref, err := excelize.CoordinatesToCellName(1, i+2)
		if err != nil {
			return err
		}
		if err := sw.SetRow(ref, reg); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	ultima, err := excelize.CoordinatesToCellName(len(t.Columnas), n+1)
	if err != nil {
		return err
	}
	if err := f.AutoFilter(t.Hoja, "A1:"+ultima, nil); err != nil {
		return err
	}
	_, err = f.WriteTo(w)
	return err
}

// anchoMaximo bounds a fitted column (in characters): a long text wraps.
const anchoMaximo = 60

// anchos are the column widths: the table's own, and for the other columns
// the widest value as shown (a date 10 characters, an amount with its
// separators), the header's words, at most anchoMaximo.
func anchos(t Tabla, n int, fila func(i int) []Celda) []float64 {
	out := make([]float64, len(t.Columnas))
	medir := func(k int, s string) {
		if w := float64(utf8.RuneCountInString(s) + 2); w > out[k] {
			out[k] = min(w, anchoMaximo)
		}
	}
	for k, c := range t.Columnas {
		// The header wraps: its longest word must fit.
		for _, p := range strings.Fields(c) {
			medir(k, p)
		}
		medir(k, "")
	}
	for i := 0; i < n; i++ {
		for k, c := range fila(i) {
			if k >= len(out) {
				break
			}
			switch {
			case c.numero != nil:
				medir(k, strings.Repeat("0", len(c.numero.StringFixed(0))*4/3+4))
			case c.entero != nil:
				medir(k, strings.Repeat("0", len(strconv.FormatInt(*c.entero, 10))*4/3+1))
			case !c.fecha.IsZero():
				medir(k, "00/00/0000")
			default:
				medir(k, c.texto)
			}
		}
	}
	for k, a := range t.Anchos {
		if k < len(out) && a > 0 {
			out[k] = a
		}
	}
	return out
}

// Textos is a table of text cells (labels, dates and amounts already written
// for people): row i of filas as cells.
func Textos(filas [][]string) func(i int) []Celda {
	var cs []Celda
	return func(i int) []Celda {
		cs = cs[:0]
		for _, s := range filas[i] {
			cs = append(cs, Texto(s))
		}
		return cs
	}
}
