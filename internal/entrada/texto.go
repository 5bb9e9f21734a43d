package entrada

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"comite/internal/texto"
)

// Text that reaches the database is shown later on pages, in PDFs and in a
// terminal (`comite tamizaje`). Control characters there are not text: ESC
// starts terminal commands (clear the screen, rewrite earlier lines), NUL
// cuts strings in other tools, and the bidirectional overrides and isolates
// (U+202A–U+202E, U+2066–U+2069) make a name or number read differently from
// what is stored. They are refused where text comes in: import files and
// forms.
//
// Tabs and line breaks: no field of an import file spans lines or needs a
// tab (a tab there is a pasting accident and would be invisible in the
// preview), so they are refused too. Free text typed in a form of several
// lines (a motivation, a reason) keeps its line breaks and tabs: multilinea.

// ErrCaracterControl is the kind of error ValidarTexto returns.
var ErrCaracterControl = errors.New("carácter de control")

// ValidarTexto says whether s is text that may be stored: valid UTF-8
// without C0 or C1 control characters, DEL or bidirectional overrides and
// isolates; in one line (not multilinea) also the invisible format
// characters, line and paragraph separators and private-use characters
// (texto.ProhibidaEnLinea). multilinea allows line breaks (\n, \r) and tabs. The message
// names the character by its code, never repeats it.
func ValidarTexto(s string, multilinea bool) error {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				if multilinea && (c == '\n' || c == '\r' || c == '\t') {
					i++
					continue
				}
				return errorCaracter(s, rune(c), i)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			return fmt.Errorf("%w: el texto no es UTF-8 válido (posición %d); guarde el archivo como UTF-8 o escriba de nuevo el valor", ErrCaracterControl, utf8.RuneCountInString(s[:i])+1)
		}
		if prohibida(r) || !multilinea && texto.ProhibidaEnLinea(r) {
			return errorCaracter(s, r, i)
		}
		i += n
	}
	return nil
}

// prohibida: C1 controls and the bidirectional embeddings, overrides and
// isolates (beyond ASCII).
func prohibida(r rune) bool {
	return r >= 0x80 && r <= 0x9f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069
}

// TextoLimpio is the fast test of the row reader: most cells are plain
// printable ASCII and need no decoding.
func TextoLimpio(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return ValidarTexto(s, false) == nil
		}
	}
	return true
}

func errorCaracter(s string, r rune, i int) error {
	nombre := ""
	switch {
	case r == 0:
		nombre = " (NUL)"
	case r == 0x1b:
		nombre = " (ESC, escape de terminal)"
	case r == '\t':
		nombre = " (tabulador)"
	case r == '\n' || r == '\r':
		nombre = " (salto de línea)"
	case r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069:
		nombre = " (control de dirección del texto)"
	case texto.ProhibidaEnLinea(r):
		nombre = " (" + texto.NombreTipo(r) + ")"
	}
	return fmt.Errorf("%w U+%04X%s en la posición %d: quítelo; no se admiten caracteres de control ni de dirección del texto", ErrCaracterControl, r, nombre, utf8.RuneCountInString(s[:i])+1)
}

// ParaTerminal is s ready to be printed on a terminal: every character
// ValidarTexto refuses (multilinea or not) is shown as its code, \u001b,
// and an invalid byte as \xff, so text stored before these checks existed
// cannot send commands to the operator's terminal. Letters, accents and
// symbols are left as they are.
func ParaTerminal(s string) string {
	if TextoLimpio(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < 0x20 || r == 0x7f || prohibida(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}
