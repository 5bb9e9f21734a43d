package importar

import (
	"comite/internal/importar/filas"
	"strings"
	"testing"
)

// Control characters and bidi overrides in a cell are refused naming the row
// and the column: they would reach the database and, from there, a terminal
// (ESC clears it) or a page (a right-to-left override reverses what people
// read). The file's header is row 1.
func TestLeer_caracteresDeControlSeRechazanConFilaYCampo(t *testing.T) {
	casos := []struct {
		nombre, celda, campo string
		columna              int // 1: numero_acto, 2: infraccion, 0: nit
	}{
		{"ESC en el número de acto (borra la terminal)", "RS-\x1b[2J1", "numero_acto", 1},
		{"NUL en la infracción", "D920\x00-36", "infraccion", 2},
		{"BEL en el número de acto", "RS-\a1", "numero_acto", 1},
		{"DEL en la infracción", "D920\x7f", "infraccion", 2},
		{"C1 CSI (U+009B) en la infracción", "D920\u009b2J", "infraccion", 2},
		{"override derecha a izquierda U+202E en el número de acto", "RS-\u202e1", "numero_acto", 1},
		{"embedding U+202A en la infracción", "\u202aD920", "infraccion", 2},
		{"isolate U+2066 en el número de acto", "RS\u20661", "numero_acto", 1},
		{"pop isolate U+2069 en el NIT", "800191045-1\u2069", "nit", 0},
		{"tabulador dentro del número de acto", "RS\t1", "numero_acto", 1},
		{"salto de línea dentro de la infracción (celda entre comillas)", "D920\n36", "infraccion", 2},
		{"espacio de ancho cero U+200B en el número de acto", "RS-\u200b1", "numero_acto", 1},
		{"separador de línea U+2028 en la infracción", "D920\u202836", "infraccion", 2},
		{"marca de dirección U+200F en el NIT", "800191045-1\u200f", "nit", 0},
		{"carácter de uso privado U+E000 en la infracción", "D920\ue000", "infraccion", 2},
		{"etiqueta U+E0041 en el número de acto", "RS-\U000e00411", "numero_acto", 1},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			celdas := []string{"800191045-1", "RS-1", "D920-36"}
			celdas[c.columna] = c.celda
			for i, v := range celdas {
				celdas[i] = `"` + v + `"`
			}
			texto := "nit;numero_acto;infraccion;fecha_firmeza;gravedad;sancion;valor;allanamiento\n" +
				"800191045-1;RS-0;D920;01/03/2025;grave;multa;1000;no\n" +
				strings.Join(celdas, ";") + ";01/03/2025;grave;multa;1000;no\n"
			l, ps := Leer(filas.Sanciones, "s.csv", strings.NewReader(texto))
			if l != nil || len(ps) == 0 {
				t.Fatalf("se aceptó %q", c.celda)
			}
			p := ps[0]
			if p.Fila != 3 || p.Campo != c.campo || !strings.Contains(p.Mensaje, "carácter") {
				t.Fatalf("problema = %+v", ps)
			}
			if strings.ContainsAny(p.String(), "\x1b\x00\a\x7f\u009b\u202e\u202a\u2066\u2069\t") {
				t.Fatalf("el mensaje repite el carácter: %q", p.String())
			}
		})
	}
}

// Letters with accents, ñ, the no-break space Excel writes and symbols are text.
func TestLeer_textoConTildesYSimbolosSeAcepta(t *testing.T) {
	texto := "nit;numero_acto;infraccion;fecha_firmeza;gravedad;sancion;valor;allanamiento\n" +
		"800191045-1;Resolución Nº 1-ñ;Art. 36 «núm. 2» – grave;01/03/2025;grave;multa;1000;no\n"
	l, ps := Leer(filas.Sanciones, "s.csv", strings.NewReader(texto))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	if l.Sanciones[0].NumeroActo != "Resolución Nº 1-ñ" {
		t.Fatalf("%q", l.Sanciones[0].NumeroActo)
	}
}
