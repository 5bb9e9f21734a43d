package importar

import (
	"bytes"
	"comite/internal/importar/filas"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The files under testdata/importar/reales were saved by LibreOffice Calc
// (scripts/archivos-reales.sh): they carry what a spreadsheet program really
// writes, not what this package would write.

func leerReal(t *testing.T, clase filas.Clase, nombre string) (*filas.Lote, []filas.Problema) {
	t.Helper()
	datos, err := os.ReadFile(filepath.Join("..", "..", "testdata", "importar", "reales", nombre))
	if err != nil {
		t.Fatal(err)
	}
	return Leer(clase, nombre, bytes.NewReader(datos))
}

// A workbook in Excel's 1904 date system stores 04/03/2025 as 44258, not
// 45720: read in the 1900 system it would be 1.462 days early (2021-03-03).
func TestArchivoReal_fecha1904(t *testing.T) {
	l, ps := leerReal(t, filas.Sanciones, "sanciones_1904.xlsx")
	if len(ps) != 0 {
		t.Fatalf("problemas: %v", ps)
	}
	if len(l.Sanciones) != 2 {
		t.Fatalf("%d filas, quiere 2", len(l.Sanciones))
	}
	quiere := [][2]string{{"2025-02-10", "2025-03-04"}, {"2025-06-30", "2025-07-22"}}
	for i, s := range l.Sanciones {
		if got := [2]string{s.FechaExpedicion.String(), s.FechaFirmeza.String()}; got != quiere[i] {
			t.Errorf("fila %d: fechas %v, quiere %v", s.Fila, got, quiere[i])
		}
	}
	if v := l.Sanciones[0].Valor.String(); v != "40000000" {
		t.Errorf("valor %s, quiere 40000000", v)
	}
}

// A date-time cell at 00:00 is a date; at 14:30 it is refused showing what
// the cell shows.
func TestArchivoReal_fechaHora(t *testing.T) {
	_, ps := leerReal(t, filas.Sanciones, "sanciones_fecha_hora.xlsx")
	if len(ps) != 1 {
		t.Fatalf("problemas %v, quiere uno (la firmeza con hora)", ps)
	}
	p := ps[0]
	quiere := "la celda tiene fecha y hora (04/03/2025 14:30) y la columna admite solo la fecha: en Excel dé a la columna el formato de fecha dd/mm/aaaa y quite la hora (por ejemplo con =ENTERO(celda))"
	if p.Fila != 2 || p.Campo != "fecha_firmeza" || p.Mensaje != quiere {
		t.Errorf("problema %+v\nquiere fila 2, fecha_firmeza: %s", p, quiere)
	}
}

// LibreOffice es-CO writes as shown: a key in a #,##0 cell as
// 482.027.000.123.456 (the same declaration as 482027000123456), and one in
// scientific format as 4,82027E+14 (its last digits lost: refused). The NIT
// written with a leading zero is the same NIT.
func TestArchivoReal_clavesDeExcel(t *testing.T) {
	l, ps := leerReal(t, filas.Operaciones, "declaraciones_claves.csv")
	var got []string
	for _, p := range ps {
		got = append(got, p.String())
	}
	quiere := []string{
		`fila 4, Número de declaración: "4,82027E+14": el número fue convertido por Excel en notación científica: dé formato de texto a la columna y vuelva a exportar`,
		`fila 5, Número de declaración: "2,02501E+11": el número fue convertido por Excel en notación científica: dé formato de texto a la columna y vuelva a exportar`,
	}
	if strings.Join(got, "\n") != strings.Join(quiere, "\n") {
		t.Fatalf("problemas:\n%s\nquiere:\n%s", strings.Join(got, "\n"), strings.Join(quiere, "\n"))
	}
	if l != nil {
		t.Fatalf("con problemas no hay lote: %+v", l)
	}
	// The first rows of the same file, above the refused ones, are read as
	// one NIT and plain keys.
	datos, err := os.ReadFile(filepath.Join("..", "..", "testdata", "importar", "reales", "declaraciones_claves.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lineas := bytes.SplitAfter(datos, []byte("\n"))
	l, ps = Leer(filas.Operaciones, "declaraciones_claves.csv", bytes.NewReader(bytes.Join(lineas[:3], nil)))
	if len(ps) != 0 {
		t.Fatalf("problemas: %v", ps)
	}
	var filas []string
	for _, o := range l.Operaciones {
		filas = append(filas, fmt.Sprintf("%d %s %s %s %s", o.Fila, o.NIT, o.Fecha, o.Declaracion, o.Valor))
	}
	if g := strings.Join(filas, "|"); g != "2 901750435-6 2025-03-04 482027000123456 125000000|3 901750435-6 2025-03-05 482027000123457 98500000" {
		t.Errorf("filas leídas: %s", g)
	}
}

// LibreOffice es-CO writes the currency format "$" #,##0 as "$ 12.500": with
// the currency sign the dot groups thousands.
func TestArchivoReal_monedaEsCO(t *testing.T) {
	l, ps := leerReal(t, filas.Sanciones, "sanciones_moneda.csv")
	if len(ps) != 0 {
		t.Fatalf("problemas: %v", ps)
	}
	var got []string
	for _, s := range l.Sanciones {
		got = append(got, s.NumeroActo+"="+s.Valor.StringFixed(2))
	}
	if g := strings.Join(got, " "); g != "RS-1=12500.00 RS-2=999999.00 RS-3=40000000.00 RS-4=850.00" {
		t.Errorf("valores %s", g)
	}
}

// A number cell is a number: 100.125 has three decimals (not "ambiguous");
// the same text in a text cell stays ambiguous (mil, or cien coma...).
func TestArchivoReal_decimalesDeCeldaNumerica(t *testing.T) {
	_, ps := leerReal(t, filas.Sanciones, "sanciones_decimales.xlsx")
	var got []string
	for _, p := range ps {
		got = append(got, p.String())
	}
	quiere := []string{
		`fila 2, Valor: el número 100.125 tiene 3 decimales; los montos admiten 2: redondee la celda a centavos (=REDONDEAR(celda;2)) o corrija el valor`,
		`fila 3, Valor: monto ambiguo "100.125": un solo separador seguido de tres dígitos puede ser de miles o decimal; si son pesos escríbalo sin separador (100125) o con centavos (100.125,00)`,
	}
	if strings.Join(got, "\n") != strings.Join(quiere, "\n") {
		t.Errorf("problemas:\n%s\nquiere:\n%s", strings.Join(got, "\n"), strings.Join(quiere, "\n"))
	}
}

// The shape of the file, said as it is: UTF-16 («Texto Unicode»), tabs, a
// title row above the header, the data on the second sheet.
func TestArchivoReal_formaDelArchivo(t *testing.T) {
	for _, c := range []struct{ archivo, quiere string }{
		{"sanciones_utf16.csv", "archivo: el archivo está en UTF-16 (Excel lo llama «Texto Unicode»): en Excel use «Guardar como» y elija «CSV UTF-8 (delimitado por comas)» o «Libro de Excel (.xlsx)»"},
		{"sanciones_tabulaciones.csv", "archivo: el archivo está separado por tabulaciones (Excel lo llama «Texto (delimitado por tabulaciones)»): en Excel use «Guardar como» y elija «CSV (delimitado por comas)», «CSV UTF-8» o «Libro de Excel (.xlsx)»"},
		{"sanciones_fila_titulo.xlsx", "fila 3: hoja «Sanciones»: el encabezado está en la fila 3: borre las filas de título (de la 1 a la 2) y guarde de nuevo el archivo"},
		{"sanciones_segunda_hoja.xlsx", "archivo: se leyó la hoja «Instrucciones», que no tiene el encabezado; el encabezado esperado está en la hoja «Sanciones»: en Excel mueva esa hoja al primer lugar o borre las demás y guarde de nuevo"},
	} {
		l, ps := leerReal(t, filas.Sanciones, c.archivo)
		var got []string
		for _, p := range ps {
			got = append(got, p.String())
		}
		if l != nil || strings.Join(got, "\n") != c.quiere {
			t.Errorf("%s: %q\nquiere %q", c.archivo, got, c.quiere)
		}
	}
}
