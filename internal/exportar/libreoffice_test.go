package exportar

import (
	"bytes"
	"strings"
	"testing"

	"comite/internal/fecha"
	"comite/internal/pruebas"

	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"
)

var pruebaDatos = Tabla{Hoja: "Datos", Columnas: []string{"Caso", "Fecha del reporte", "Año de referencia", "Monto", "Vence"}}

func celdasDatos(i int) []Celda {
	return []Celda{Texto("CF-2026-0001"), Fecha(fecha.Debe(2026, 10, 22)), Anio(2025), Numero(decimal.RequireFromString("1234567.89"), Pesos), FechaOTexto("Desconocido")}
}

// XLSX: a date is a date cell (the serial of the day, formatted dd/mm/yyyy),
// a year a number without thousands separator; the columns fit.
func TestEscribirXLSX_fechasYAnios(t *testing.T) {
	var b bytes.Buffer
	if err := EscribirXLSX(&b, pruebaDatos, 1, celdasDatos); err != nil {
		t.Fatal(err)
	}
	x, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	regs, err := x.GetRows("Datos", excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	// 46317 is 22/10/2026 in Excel's 1900 system.
	if got := strings.Join(regs[1], "|"); got != "CF-2026-0001|46317|2025|1234567.89|Desconocido" {
		t.Fatalf("fila %q", got)
	}
	for celda, quiere := range map[string]string{"B2": "dd/mm/yyyy", "C2": "0"} {
		estilo, _ := x.GetCellStyle("Datos", celda)
		if st, err := x.GetStyle(estilo); err != nil || st.CustomNumFmt == nil || *st.CustomNumFmt != quiere {
			t.Errorf("formato de %s: %+v %v; quiere %s", celda, st, err, quiere)
		}
	}
	if w, _ := x.GetColWidth("Datos", "B"); w != 12 {
		t.Errorf("ancho de la fecha %v, quiere 12 (dd/mm/aaaa y margen)", w)
	}
	if w, _ := x.GetColWidth("Datos", "A"); w != 14 {
		t.Errorf("ancho del caso %v, quiere 14", w)
	}
}

// CSV: the date as dd/mm/aaaa, the year as is.
func TestEscribirCSV_fechasYAnios(t *testing.T) {
	var b bytes.Buffer
	if err := EscribirCSV(&b, pruebaDatos, 1, celdasDatos); err != nil {
		t.Fatal(err)
	}
	if got := strings.Split(b.String(), "\r\n")[1]; got != "CF-2026-0001;22/10/2026;2025;1234567,89;Desconocido" {
		t.Errorf("fila %q", got)
	}
}

// A round trip through a real spreadsheet program: LibreOffice opens the
// XLSX and saves it as CSV twice. With the raw contents, the date comes back
// as a date (LibreOffice writes the day in its own en-US form, 10/22/2026,
// which a text cell "22/10/2026" would not become), the year and the amount
// as numbers; as shown, the date is 22/10/2026 and the year 2025 (never
// 2.025 nor 2,025).
func TestEscribirXLSX_idaYVueltaLibreOffice(t *testing.T) {
	var b bytes.Buffer
	if err := EscribirXLSX(&b, pruebaDatos, 1, celdasDatos); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		comoSeMuestra, quiere string
	}{
		{"false", `CF-2026-0001;"10/22/2026";"2025";"1234567.89";Desconocido`},
		{"true", `CF-2026-0001;22/10/2026;2025;$ 1,234,568;Desconocido`},
	} {
		t.Run("como se muestra="+c.comoSeMuestra, func(t *testing.T) {
			t.Parallel()
			csv := pruebas.LibreOfficeCSV(t, b.Bytes(), "59,34,76,1,,1033,false,false,"+c.comoSeMuestra)
			lineas := strings.Split(strings.TrimSpace(string(csv)), "\n")
			if len(lineas) != 2 || strings.TrimSpace(lineas[0]) != "Caso;Fecha del reporte;Año de referencia;Monto;Vence" {
				t.Fatalf("CSV de LibreOffice:\n%s", csv)
			}
			if got := strings.TrimSpace(lineas[1]); got != c.quiere {
				t.Errorf("como se muestra=%s: fila releída por LibreOffice %q, quiere %q", c.comoSeMuestra, got, c.quiere)
			}
		})
	}
}
