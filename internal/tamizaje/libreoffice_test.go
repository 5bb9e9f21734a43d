package tamizaje

import (
	"bytes"
	"encoding/csv"
	"testing"

	"comite/internal/pruebas"
)

// The screening's XLSX opened by a real spreadsheet program: LibreOffice
// saves it as CSV as shown (en-US), and the years come back as 2026 and
// 2025, never 2,026; the sum as an amount.
func TestEscribirXLSX_idaYVueltaLibreOffice(t *testing.T) {
	var b bytes.Buffer
	filas := filasExportar()
	if err := EscribirXLSX(&b, filas, "Tamizaje 2026", nil); err != nil {
		t.Fatal(err)
	}
	datos := pruebas.LibreOfficeCSV(t, b.Bytes(), "59,34,76,1,,1033,false,false,true")
	r := csv.NewReader(bytes.NewReader(datos))
	r.Comma = ';'
	regs, err := r.ReadAll()
	if err != nil || len(regs) != 3 {
		t.Fatalf("CSV de LibreOffice (%v):\n%s", err, datos)
	}
	col := func(n string) int {
		for i, c := range Columnas {
			if c == n {
				return i
			}
		}
		t.Fatalf("sin columna %q", n)
		return -1
	}
	for _, c := range []struct{ columna, quiere string }{
		{"Año del tamizaje", "2026"}, {"Año de referencia", "2025"}, {"Posición", "1"},
	} {
		if got := regs[1][col(c.columna)]; got != c.quiere {
			t.Errorf("%s: %q, quiere %q", c.columna, got, c.quiere)
		}
	}
	if got, quiere := regs[1][col("Suma de sanciones (COP)")], "$ "+conComas(filas[0].Suma.StringFixed(0)); got != quiere {
		t.Errorf("suma %q, quiere %q", got, quiere)
	}
}

// conComas groups the digits in thousands with commas (en-US, as
// LibreOffice shows "$ "#,##0 there).
func conComas(s string) string {
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
