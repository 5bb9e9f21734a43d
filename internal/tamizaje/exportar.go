package tamizaje

import (
	"encoding/csv"
	"fmt"
	"io"
	"strings"

	"comite/internal/etiquetas"
	"comite/internal/reincidencia"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"
)

// Columnas are the headers of the CSV and XLSX exports, in order.
var Columnas = []string{
	"Posición", "NIT", "Razón social", "Tipo de usuario", "Dirección Seccional",
	"Año del tamizaje", "Año de referencia", "Registro vigente",
	"Actos que cuentan", "Suma de sanciones (COP)", "Operaciones (COP)", "Número de operaciones",
	"Participación (%)", "Umbral 0,5 % (COP)", "Sanciones sobre el umbral (%)",
	"Cumple umbral", "Mínimo tres actos", "Procede el Comité",
	"Alertas", "Distancia",
	"Actos año anterior", "Participación año anterior (%)", "Variación de actos", "Variación de participación (p. p.)",
	"Datos incompletos",
}

// celda is one exported value: text, or a number (a decimal or a whole
// count) with the display format of its column.
type celda struct {
	texto  string
	numero *decimal.Decimal
	entero *int64
	fmtNum int // index in formatosXLSX
}

const (
	fmtEntero = iota
	fmtPesos
	fmtPorcentaje4
	fmtPorcentaje2
	fmtDistancia
	numFormatos
)

// formatosXLSX are the Excel number formats of the columns (Excel shows them
// with the reader's separators: "1.234.567" and "0,5203 %" in Spanish).
var formatosXLSX = [numFormatos]string{
	fmtEntero:      "#,##0",
	fmtPesos:       `"$ "#,##0`,
	fmtPorcentaje4: `0.0000" %"`,
	fmtPorcentaje2: `0.00" %"`,
	fmtDistancia:   "0.0000",
}

func txt(s string) celda { return celda{texto: s} }
func num(d decimal.Decimal, f int) celda {
	return celda{numero: &d, fmtNum: f}
}
func numNulo(d *decimal.Decimal, f int) celda {
	if d == nil {
		return celda{}
	}
	return num(*d, f)
}
func ent(n int64) celda { return celda{entero: &n, fmtNum: fmtEntero} }
func siNo(b bool) celda {
	if b {
		return txt("Sí")
	}
	return txt("No")
}

// entNulo is an empty cell for an unknown count.
func entNulo(n *int64) celda {
	if n == nil {
		return celda{}
	}
	return ent(*n)
}

// tri writes a three-valued answer; unknown is "Datos incompletos", never Sí or No.
func tri(t reincidencia.Tri) celda {
	if !t.Conocido() {
		return txt("Datos incompletos")
	}
	return siNo(t.EsSi())
}

// motivoIncompleto is the reason a row is incomplete, or "".
func motivoIncompleto(f Fila) string {
	if !f.FaltanOperaciones() || (f.CumpleUmbral.Conocido() && f.ProcedeComite.Conocido()) {
		return ""
	}
	return reincidencia.TextoDatosIncompletos(f.AnioReferencia)
}

// TextoAlertas joins the labels of the early warnings and the core's
// alerts, as people read them: "Dos actos; Sin operaciones".
func TextoAlertas(f Fila) string {
	var ps []string
	for _, a := range f.Tempranas {
		ps = append(ps, string(a))
	}
	for _, a := range f.Alertas {
		if a != reincidencia.AnclajeDifiere { // never raised here: both dates are 1 January
			ps = append(ps, string(a))
		}
	}
	return etiquetas.Alertas(ps)
}

func celdas(f Fila) []celda {
	return []celda{
		ent(int64(f.Posicion)), txt(f.Usuario.NIT), txt(f.Usuario.RazonSocial), txt(etiquetas.TipoUsuario(f.Usuario.Tipo)), txt(f.Usuario.DireccionSeccional),
		ent(int64(f.Anio)), ent(int64(f.AnioReferencia)), siNo(f.RegistroVigente),
		ent(int64(f.NumeroActos)), num(f.Suma, fmtPesos), numNulo(f.TotalOperaciones, fmtPesos), entNulo(f.NumeroOperaciones),
		numNulo(f.Participacion, fmtPorcentaje4), numNulo(f.Linea, fmtPesos), numNulo(f.PorcentajeUmbral, fmtPorcentaje2),
		tri(f.CumpleUmbral), siNo(f.MinimoTresActos), tri(f.ProcedeComite),
		txt(TextoAlertas(f)), distanciaCelda(f),
		ent(int64(f.Anterior.NumeroActos)), numNulo(f.Anterior.Participacion, fmtPorcentaje4), ent(int64(f.VariacionActos)), numNulo(f.VariacionParticipacion, fmtPorcentaje4),
		txt(motivoIncompleto(f)),
	}
}

// distanciaCelda is empty for a row whose result is unknown: no distance is
// known without the operations.
func distanciaCelda(f Fila) celda {
	if f.DatosIncompletos() {
		return celda{}
	}
	return num(f.Distancia.Round(4), fmtDistancia)
}

// numeroCSV writes a decimal for Excel in Spanish: comma as the decimal
// separator, no thousands separator, no rounding ("1234567,89", "0,5203").
func numeroCSV(d decimal.Decimal) string {
	return strings.Replace(d.String(), ".", ",", 1)
}

// textoSeguro keeps a spreadsheet from reading a text cell as a formula
// (CSV injection): a text starting with = + - @ or a control character is
// written with a leading apostrophe.
func textoSeguro(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// EscribirCSV writes the rows as CSV for Excel in Spanish (es-CO): UTF-8 with
// a byte-order mark (so Excel detects the encoding and shows ñ and accents),
// semicolon as the separator (the list separator of a Spanish Windows, where
// the comma is the decimal mark), CRLF line ends, numbers with a decimal
// comma and no thousands separator ("1234567,89", "0,5203"), which Excel in
// Spanish reads as numbers; Sí/No for the requisites; an empty cell where a
// figure does not apply (participación without operations).
func EscribirCSV(w io.Writer, filas []Fila) error {
	cw, err := nuevoCSV(w, Columnas)
	if err != nil {
		return err
	}
	reg := make([]string, len(Columnas))
	for i := range filas {
		for k, c := range celdas(filas[i]) {
			switch {
			case c.numero != nil:
				reg[k] = numeroCSV(*c.numero)
			case c.entero != nil:
				reg[k] = fmt.Sprint(*c.entero)
			default:
				reg[k] = textoSeguro(c.texto)
			}
		}
		if err := cw.Write(reg); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// nuevoCSV starts a CSV for Excel in Spanish: byte-order mark, semicolon,
// CRLF, and the header row.
func nuevoCSV(w io.Writer, columnas []string) (*csv.Writer, error) {
	if _, err := io.WriteString(w, "\ufeff"); err != nil {
		return nil, err
	}
	cw := csv.NewWriter(w)
	cw.Comma = ';'
	cw.UseCRLF = true
	return cw, cw.Write(columnas)
}

// EscribirTablaCSV writes a table of text cells (labels, dates and amounts
// already written for people) with the conventions of EscribirCSV: BOM,
// semicolon, CRLF and the same protection against formulas. Other screens'
// exports use it, so there is one CSV writer.
func EscribirTablaCSV(w io.Writer, columnas []string, filas [][]string) error {
	cw, err := nuevoCSV(w, columnas)
	if err != nil {
		return err
	}
	reg := make([]string, len(columnas))
	for _, f := range filas {
		for k := range reg {
			reg[k] = ""
			if k < len(f) {
				reg[k] = textoSeguro(f[k])
			}
		}
		if err := cw.Write(reg); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// EscribirTablaXLSX writes a table of text cells as a workbook of one sheet,
// with a bold, frozen header, an autofilter and the same protection against
// formulas as the CSV (a cell is always text, never a formula).
func EscribirTablaXLSX(w io.Writer, hoja, titulo string, columnas []string, filas [][]string) error {
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", hoja); err != nil {
		return err
	}
	if titulo != "" {
		f.SetDocProps(&excelize.DocProperties{Title: titulo, Creator: "comite", Language: "es-CO"})
	}
	sw, err := f.NewStreamWriter(hoja)
	if err != nil {
		return err
	}
	negrita, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}})
	if err != nil {
		return err
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	cab := make([]any, len(columnas))
	for i, c := range columnas {
		cab[i] = excelize.Cell{StyleID: negrita, Value: c}
	}
	if err := sw.SetRow("A1", cab); err != nil {
		return err
	}
	fila := make([]any, len(columnas))
	for i, r := range filas {
		for k := range fila {
			fila[k] = ""
			if k < len(r) {
				fila[k] = textoSeguro(r[k])
			}
		}
		celda, err := excelize.CoordinatesToCellName(1, i+2)
		if err != nil {
			return err
		}
		if err := sw.SetRow(celda, fila); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	ultima, err := excelize.CoordinatesToCellName(len(columnas), len(filas)+1)
	if err != nil {
		return err
	}
	if err := f.AutoFilter(hoja, "A1:"+ultima, nil); err != nil {
		return err
	}
	return f.Write(w)
}

// HojaXLSX is the name of the sheet of the XLSX export.
const HojaXLSX = "Tamizaje"

// EscribirXLSX writes the rows as an Excel workbook (one sheet, streamed, so
// 50.000 rows take little memory): numbers are numeric cells with a number
// format (amounts "$ #,##0", participación "0,0000 %"), so Excel can sum and
// sort them; the header row is bold and frozen, with an autofilter. A numeric
// cell holds the decimal's shortest float64 form, which for amounts in
// centavos up to 10^13 pesos reads back as the same decimal.
func EscribirXLSX(w io.Writer, filas []Fila, titulo string) error {
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetName("Sheet1", HojaXLSX); err != nil {
		return err
	}
	if titulo != "" {
		f.SetDocProps(&excelize.DocProperties{Title: titulo, Creator: "comite", Language: "es-CO"})
	}
	sw, err := f.NewStreamWriter(HojaXLSX)
	if err != nil {
		return err
	}
	var estilos [numFormatos]int
	for i, nf := range formatosXLSX {
		nf := nf
		if estilos[i], err = f.NewStyle(&excelize.Style{CustomNumFmt: &nf}); err != nil {
			return err
		}
	}
	negrita, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}, Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}})
	if err != nil {
		return err
	}
	anchos := []float64{9, 14, 40, 20, 36, 9, 10, 9, 9, 18, 20, 12, 13, 18, 13, 9, 9, 9, 28, 10, 10, 13, 10, 13}
	for i, a := range anchos {
		if err := sw.SetColWidth(i+1, i+1, a); err != nil {
			return err
		}
	}
	if err := sw.SetPanes(&excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
		return err
	}
	cab := make([]any, len(Columnas))
	for i, c := range Columnas {
		cab[i] = excelize.Cell{StyleID: negrita, Value: c}
	}
	if err := sw.SetRow("A1", cab); err != nil {
		return err
	}
	fila := make([]any, len(Columnas))
	for i := range filas {
		for k, c := range celdas(filas[i]) {
			switch {
			case c.numero != nil:
				fila[k] = excelize.Cell{StyleID: estilos[c.fmtNum], Value: c.numero.InexactFloat64()}
			case c.entero != nil:
				fila[k] = excelize.Cell{StyleID: estilos[c.fmtNum], Value: *c.entero}
			case c.texto == "":
				fila[k] = nil
			default:
				fila[k] = c.texto
			}
		}
		ref, err := excelize.CoordinatesToCellName(1, i+2)
		if err != nil {
			return err
		}
		if err := sw.SetRow(ref, fila); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	ultima, _ := excelize.CoordinatesToCellName(len(Columnas), len(filas)+1)
	if err := f.AutoFilter(HojaXLSX, "A1:"+ultima, nil); err != nil {
		return err
	}
	_, err = f.WriteTo(w)
	return err
}
