package importar

import (
	"strings"
	"testing"
	"unicode/utf8"
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
			l, ps := Leer(Sanciones, "s.csv", strings.NewReader(texto))
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
	l, ps := Leer(Sanciones, "s.csv", strings.NewReader(texto))
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	if l.Sanciones[0].NumeroActo != "Resolución Nº 1-ñ" {
		t.Fatalf("%q", l.Sanciones[0].NumeroActo)
	}
}

func TestValidarTexto_formularios(t *testing.T) {
	casos := []struct {
		nombre, texto string
		multilinea    bool
		bien          bool
	}{
		{"una línea con tildes", "Agencia de Aduanas Ñandú S.A.S.", false, true},
		{"ESC en una línea", "a\x1bb", false, false},
		{"tabulador en una línea", "a\tb", false, false},
		{"salto de línea en una línea", "a\nb", false, false},
		{"saltos de línea CRLF en texto de varias líneas (motivación)", "uno\r\ndos\nTres", true, true},
		{"tabulador en texto de varias líneas", "uno\tdos", true, true},
		{"ESC en texto de varias líneas", "uno\x1b[2J", true, false},
		{"override bidi en texto de varias líneas", "uno\u202edos", true, false},
		{"UTF-8 inválido", "a\xffb", false, false},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			err := ValidarTexto(c.texto, c.multilinea)
			if (err == nil) != c.bien {
				t.Fatalf("ValidarTexto(%q) = %v", c.texto, err)
			}
		})
	}
}

func FuzzValidarTexto(f *testing.F) {
	for _, s := range []string{"", "abc", "a\x1bb", "\u202e", "ñ\t", "\xc2\x9b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		err := ValidarTexto(s, false)
		if err == nil {
			if !utf8.ValidString(s) {
				t.Fatalf("aceptó UTF-8 inválido %q", s)
			}
			for _, r := range s {
				if r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 {
					t.Fatalf("aceptó %q", s)
				}
			}
		} else if strings.ContainsAny(err.Error(), "\x1b\u202e") {
			t.Fatalf("el mensaje repite el carácter: %q", err)
		}
	})
}

func TestParaTerminal(t *testing.T) {
	casos := []struct{ nombre, entra, sale string }{
		{"texto con tildes y ñ queda igual", "Agencia Ñandú «Sur» – 1", "Agencia Ñandú «Sur» – 1"},
		{"ESC como código", "a\x1b[2Jb", `a\u001b[2Jb`},
		{"NUL, tabulador y salto de línea como código", "a\x00\t\n", `a\u0000\u0009\u000a`},
		{"override bidi como código", "x\u202ey", `x\u202ey`},
		{"C1 como código", "x\u009by", `x\u009by`},
		{"byte inválido como código", "x\xffy", `x\xffy`},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := ParaTerminal(c.entra); got != c.sale {
				t.Fatalf("ParaTerminal(%q) = %q, quiere %q", c.entra, got, c.sale)
			}
			if ValidarTexto(ParaTerminal(c.entra), false) != nil {
				t.Fatal("la salida aún tiene caracteres rechazados")
			}
		})
	}
}
