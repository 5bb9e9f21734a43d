package ical

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestEscapar_RFC5545_3_3_11(t *testing.T) {
	casos := []struct {
		nombre, entra, sale string
	}{
		{"3.3.11_texto_simple_con_tildes_y_enie", "Sesión ordinaria del Comité — año", "Sesión ordinaria del Comité — año"},
		{"3.3.11_coma_se_escapa", "Bogotá, D.C.", `Bogotá\, D.C.`},
		{"3.3.11_punto_y_coma_se_escapa", "Caso CF-2026-0001; plazo", `Caso CF-2026-0001\; plazo`},
		{"3.3.11_barra_invertida_se_escapa", `C:\actas\2026`, `C:\\actas\\2026`},
		{"3.3.11_salto_de_linea_LF", "línea 1\nlínea 2", `línea 1\nlínea 2`},
		{"3.3.11_salto_de_linea_CRLF", "línea 1\r\nlínea 2", `línea 1\nlínea 2`},
		{"3.3.11_salto_de_linea_CR", "línea 1\rlínea 2", `línea 1\nlínea 2`},
		{"3.3.11_dos_puntos_y_comillas_no_se_escapan", `Hora: 9:00 "sala"`, `Hora: 9:00 "sala"`},
		{"3.3.11_tabulador_se_conserva", "a\tb", "a\tb"},
		{"3.3.11_controles_se_quitan", "a\x00b\x07c\x7fd", "abcd"},
		{"3.3.11_todo_junto", "a\\;,\n", `a\\\;\,\n`},
		{"3.3.11_UTF8_invalido_se_reemplaza", "a\xffb", "a\uFFFDb"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := Escapar(c.entra); got != c.sale {
				t.Fatalf("Escapar(%q) = %q, se esperaba %q", c.entra, got, c.sale)
			}
			if got := Desescapar(Escapar(c.entra)); got != Limpiar(c.entra) {
				t.Fatalf("Desescapar(Escapar(%q)) = %q", c.entra, got)
			}
		})
	}
}

func TestPlegar_RFC5545_3_1_setentaYCincoOctetosSinPartirCaracteres(t *testing.T) {
	a := func(n int) string { return strings.Repeat("a", n) }
	casos := []struct {
		nombre string
		linea  string
		lineas []string // physical lines, without CRLF
	}{
		{"3.1_corta_no_se_pliega", "SUMMARY:Sesión", []string{"SUMMARY:Sesión"}},
		{"3.1_exactamente_75_octetos_no_se_pliega", a(75), []string{a(75)}},
		{"3.1_76_octetos_se_pliega", a(76), []string{a(75), " a"}},
		{"3.1_enie_que_cabe_justo_en_75", a(73) + "ñ" + "b", []string{a(73) + "ñ", " b"}},
		{"3.1_enie_que_no_cabe_pasa_entera_a_la_siguiente", a(74) + "ñb", []string{a(74), " ñb"}},
		{"3.1_tilde_que_no_cabe_pasa_entera", a(74) + "ó", []string{a(74), " ó"}},
		{"3.1_raya_de_tres_octetos_en_el_borde", a(73) + "—", []string{a(73), " —"}},
		{"3.1_raya_de_tres_octetos_cabe_en_75", a(72) + "—x", []string{a(72) + "—", " x"}},
		{"3.1_cuatro_octetos_en_el_borde", a(72) + "😀", []string{a(72), " 😀"}},
		{"3.1_continuacion_cuenta_el_espacio", a(75 + 74 + 1), []string{a(75), " " + a(74), " a"}},
		{"3.1_continuacion_con_tildes_en_su_borde", a(75) + a(72) + "éé", []string{a(75), " " + a(72) + "é", " é"}},
		{"3.1_vacia", "", []string{""}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			got := Plegar(c.linea)
			quiere := strings.Join(c.lineas, "\r\n") + "\r\n"
			if got != quiere {
				t.Fatalf("Plegar:\n%q\nse esperaba\n%q", got, quiere)
			}
			comprobarLineas(t, got, true)
			if d := Desplegar(got); d != c.linea+"\r\n" {
				t.Fatalf("Desplegar = %q", d)
			}
		})
	}
}

// comprobarLineas checks the physical lines of folded text: CRLF ends, at
// most 75 octets each, valid UTF-8 each, no bare CR or LF.
func comprobarLineas(t *testing.T, s string, unaLinea bool) {
	t.Helper()
	if !strings.HasSuffix(s, "\r\n") {
		t.Fatalf("no termina en CRLF: %q", s)
	}
	for i, l := range strings.Split(strings.TrimSuffix(s, "\r\n"), "\r\n") {
		if len(l) > maxOctetos {
			t.Errorf("línea física %d de %d octetos: %q", i+1, len(l), l)
		}
		if strings.ContainsAny(l, "\r\n") {
			t.Errorf("línea física %d con CR o LF sueltos: %q", i+1, l)
		}
		if !utf8.ValidString(l) {
			t.Errorf("línea física %d parte un carácter UTF-8: %q", i+1, l)
		}
		if unaLinea && i > 0 && !strings.HasPrefix(l, " ") {
			t.Errorf("continuación %d sin espacio inicial: %q", i+1, l)
		}
	}
}

// FuzzEscaparPlegar: whatever the text, its property folds into valid
// physical lines and unfolds and unescapes back to the text (as Limpiar
// leaves it; text that is already clean comes back unchanged).
func FuzzEscaparPlegar(f *testing.F) {
	for _, s := range []string{"", "Bogotá, D.C.; sala 3\\4\nfin", strings.Repeat("ñ", 80), strings.Repeat("a", 66) + "—é😀,;", "\r\n\r", "\xff\xfe", "\\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		const prop = "DESCRIPTION:"
		plegada := Plegar(prop + Escapar(s))
		comprobarLineas(t, plegada, true)
		linea := strings.TrimSuffix(Desplegar(plegada), "\r\n")
		if !strings.HasPrefix(linea, prop) || strings.ContainsAny(linea, "\r\n") {
			t.Fatalf("desplegada: %q", linea)
		}
		got := Desescapar(strings.TrimPrefix(linea, prop))
		if got != Limpiar(s) {
			t.Fatalf("ida y vuelta de %q dio %q", s, got)
		}
		if utf8.ValidString(s) && Limpiar(s) == s && got != s {
			t.Fatalf("un texto limpio cambió: %q → %q", s, got)
		}
	})
}
