package entrada

import (
	"strings"
	"testing"
	"unicode/utf8"
)

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
