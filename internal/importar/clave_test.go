package importar

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"comite/internal/importar/filas"
)

func TestParseTipoUsuario_mayusculasYTildes(t *testing.T) {
	for in, want := range map[string]string{"Agencia de Aduanas": "agencia_de_aduanas", "OEA": "oea", "usuario_zona_franca": "usuario_zona_franca",
		"Usuario de zona franca": "usuario_zona_franca", "Depósito habilitado": "deposito_habilitado", "Importador": "declarante"} {
		if got, err := filas.ParseTipoUsuario(in); err != nil || got != want {
			t.Errorf("ParseTipoUsuario(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := filas.ParseTipoUsuario("banco"); err == nil {
		t.Error("ParseTipoUsuario(banco) aceptado")
	}
}

// FuzzFilaSancion feeds arbitrary cells to the row reader of sanciones.
func FuzzFilaSancion(f *testing.F) {
	f.Add("800191045-1", "RS-1", "2025-02-10", "2025-03-04", "grave", "multa", "1.234.567,89", "no")
	f.Add("800191045-2", "", "31/02/2025", "x", "muy grave", "pena", "12,5,3", "tal vez")
	f.Fuzz(func(t *testing.T, nit, acto, exp, firmeza, grav, sanc, valor, allan string) {
		cab := "nit;numero_acto;fecha_expedicion;fecha_firmeza;gravedad;sancion;valor;allanamiento\n"
		limpio := func(s string) string {
			s = strings.ToValidUTF8(s, "")
			return strings.NewReplacer(";", "", "\"", "", "\n", "", "\r", "", ",", "").Replace(s)
		}
		fila := strings.Join([]string{limpio(nit), limpio(acto), limpio(exp), limpio(firmeza), limpio(grav), limpio(sanc), limpio(valor), limpio(allan)}, ";")
		if strings.TrimSpace(strings.ReplaceAll(fila, ";", "")) == "" {
			return // a blank row is skipped
		}
		lote, probs := Leer(filas.Sanciones, "f.csv", strings.NewReader(cab+fila+"\n"))
		if lote == nil && len(probs) == 0 {
			t.Fatal("sin lote y sin problemas")
		}
		for _, p := range probs {
			if p.Fila != 2 || p.Campo == "" || !utf8.ValidString(p.Mensaje) {
				t.Fatalf("problema sin fila 2 o sin campo: %+v", p)
			}
			if !strings.HasPrefix(p.String(), "fila 2, "+p.Campo+": ") {
				t.Fatalf("texto del problema: %q", p.String())
			}
		}
	})
}

// One declaration, one key, whatever its format; a number Excel turned into
// scientific notation is refused (its last digits are gone).
func TestParseClave_formatosDeExcel(t *testing.T) {
	for _, c := range []struct {
		entrada string
		xlsx    bool
		quiere  string
	}{
		{"482027000123456", false, "482027000123456"},
		{"482.027.000.123.456", false, "482027000123456"},
		{"482,027,000,123,456", false, "482027000123456"},
		{" 482 027 000 123 456 ", false, "482027000123456"},
		{"482\u00a0027\u00a0000\u00a0123\u00a0456", false, "482027000123456"},
		{"RS-2025-0001", false, "RS-2025-0001"},
		{"D920-36-2.1", false, "D920-36-2.1"},
		{"12.34", false, "12.34"},                         // not thousands: kept as written
		{"1.234,567", false, "1.234,567"},                 // two separators: kept as written
		{"4.82027000123456E+14", true, "482027000123456"}, // a number cell keeps its digits
	} {
		got, err := ParseClave(c.entrada, c.xlsx)
		if err != nil || got != c.quiere {
			t.Errorf("ParseClave(%q, xlsx=%v) = %q, %v; quiere %q", c.entrada, c.xlsx, got, err, c.quiere)
		}
	}
	for _, c := range []struct {
		entrada string
		xlsx    bool
	}{{"4,82027E+14", false}, {"2,02501E+11", false}, {"4.82027e14", false}, {"4,82027E+14", true}} {
		_, err := ParseClave(c.entrada, c.xlsx)
		quiere := fmt.Sprintf("%q: el número fue convertido por Excel en notación científica: dé formato de texto a la columna y vuelva a exportar", c.entrada)
		if err == nil || err.Error() != quiere {
			t.Errorf("ParseClave(%q) = %v; quiere %s", c.entrada, err, quiere)
		}
	}
}

func FuzzParseClave(f *testing.F) {
	for _, s := range []string{"482027000123456", "482.027.000.123.456", "4,82027E+14", "2,02501E+11", "RS-2025-0001", "1 234", "E+1", "1e", ""} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, xlsx bool) {
		k, err := ParseClave(s, xlsx)
		if err != nil {
			if !strings.Contains(err.Error(), "notación científica") {
				t.Fatalf("rechazo inesperado de %q: %v", s, err)
			}
			return
		}
		if filas.NotacionCientifica(k) {
			t.Fatalf("ParseClave(%q) = %q sigue en notación científica", s, k)
		}
		// One key, one spelling: reading the key again gives the same key.
		if k2, err := ParseClave(k, xlsx); err != nil || k2 != k {
			t.Fatalf("ParseClave(%q) = %q, pero releída da %q, %v", s, k, k2, err)
		}
	})
}
