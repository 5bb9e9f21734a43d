package importar

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// The files under testdata/importar/reales were saved by LibreOffice Calc
// (scripts/archivos-reales.sh): they carry what a spreadsheet program really
// writes, not what this package would write.

func leerReal(t *testing.T, clase Clase, nombre string) (*Lote, []Problema) {
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
	l, ps := leerReal(t, Sanciones, "sanciones_1904.xlsx")
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
	_, ps := leerReal(t, Sanciones, "sanciones_fecha_hora.xlsx")
	if len(ps) != 1 {
		t.Fatalf("problemas %v, quiere uno (la firmeza con hora)", ps)
	}
	p := ps[0]
	quiere := "la celda tiene fecha y hora (04/03/2025 14:30) y la columna admite solo la fecha: en Excel dé a la columna el formato de fecha dd/mm/aaaa y quite la hora (por ejemplo con =ENTERO(celda))"
	if p.Fila != 2 || p.Campo != "fecha_firmeza" || p.Mensaje != quiere {
		t.Errorf("problema %+v\nquiere fila 2, fecha_firmeza: %s", p, quiere)
	}
}
