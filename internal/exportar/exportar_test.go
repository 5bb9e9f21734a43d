package exportar

import (
	"bytes"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"
)

var prueba = Tabla{Hoja: "Prueba", Titulo: "Prueba", Columnas: []string{"Texto", "Monto", "Cuenta", "Vacía"}}

func celdasPrueba(i int) []Celda {
	m := decimal.RequireFromString("1234567.89")
	if i == 0 {
		return []Celda{Texto("Ñandú & Cía."), Numero(m, Pesos), Cuenta(1600), NumeroNulo(nil, Porcentaje4)}
	}
	return []Celda{Texto("=HIPERVINCULO(\"x\")"), Numero(decimal.RequireFromString("0.5203"), Porcentaje4), CuentaNula(nil), Texto("")}
}

// CSV for Excel in Spanish: byte-order mark, semicolon, CRLF, decimal comma
// without thousands separator, an apostrophe before a text that a
// spreadsheet would read as a formula, empty where nothing applies.
func TestEscribirCSV_excelEnEspanol(t *testing.T) {
	var b bytes.Buffer
	if err := EscribirCSV(&b, prueba, 2, celdasPrueba); err != nil {
		t.Fatal(err)
	}
	want := "\ufeffTexto;Monto;Cuenta;Vacía\r\nÑandú & Cía.;1234567,89;1600;\r\n\"'=HIPERVINCULO(\"\"x\"\")\";0,5203;;\r\n"
	if b.String() != want {
		t.Errorf("\n got  %q\n want %q", b.String(), want)
	}
}

// XLSX: numbers are numeric cells with their format, texts are text cells
// (never formulas), the header is the columns.
func TestEscribirXLSX_numerosYTextos(t *testing.T) {
	var b bytes.Buffer
	if err := EscribirXLSX(&b, prueba, 2, celdasPrueba); err != nil {
		t.Fatal(err)
	}
	x, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	regs, err := x.GetRows("Prueba", excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(regs) != 3 || strings.Join(regs[0], "|") != "Texto|Monto|Cuenta|Vacía" || regs[1][1] != "1234567.89" || regs[1][2] != "1600" || regs[2][0] != "=HIPERVINCULO(\"x\")" {
		t.Fatalf("filas %q", regs)
	}
	if tipo, _ := x.GetCellType("Prueba", "B2"); tipo == excelize.CellTypeSharedString || tipo == excelize.CellTypeInlineString {
		t.Errorf("el monto es texto (%v)", tipo)
	}
	if f, _ := x.GetCellFormula("Prueba", "A3"); f != "" {
		t.Errorf("un texto se escribió como fórmula: %q", f)
	}
	estilo, _ := x.GetCellStyle("Prueba", "B3")
	if st, err := x.GetStyle(estilo); err != nil || st.CustomNumFmt == nil || *st.CustomNumFmt != FormatoXLSX(Porcentaje4) {
		t.Errorf("formato de la participación: %+v %v", st, err)
	}
}
