package ical

import (
	"strings"
	"unicode/utf8"
)

// maxOctetos is the longest content line RFC 5545 §3.1 allows, without the
// CRLF that ends it.
const maxOctetos = 75

// Limpiar is the text a calendar can carry for s: invalid UTF-8 becomes
// U+FFFD, every line break (CRLF, CR or LF) becomes LF, and the control
// characters that RFC 5545 §3.3.11 excludes from TEXT are dropped
// (horizontal tab stays). Escapar applies it first, so reading a property
// back gives Limpiar(s).
func Limpiar(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' {
			return r
		}
		if r < 0x20 || r == 0x7F {
			return -1
		}
		return r
	}, s)
}

// Escapar writes s as a TEXT value (RFC 5545 §3.3.11): backslash,
// semicolon and comma are escaped with a backslash, a line break is written
// as \n.
func Escapar(s string) string {
	s = Limpiar(s)
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range s {
		switch r {
		case '\\':
			b.WriteString(`\\`)
		case ';':
			b.WriteString(`\;`)
		case ',':
			b.WriteString(`\,`)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Desescapar reads a TEXT value back: the inverse of Escapar.
func Desescapar(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch s[i] {
		case 'n', 'N':
			b.WriteByte('\n')
		default: // \\ \; \, (and, leniently, any other escaped character)
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// Plegar folds one content line (RFC 5545 §3.1) so that no physical line
// passes 75 octets, never cutting a UTF-8 character; every physical line
// ends in CRLF and each continuation starts with one space, which counts
// in its 75 octets.
func Plegar(linea string) string {
	var b strings.Builder
	b.Grow(len(linea) + len(linea)/maxOctetos*3 + 2)
	const limite = maxOctetos
	n := 0 // octets in the current physical line
	for i := 0; i < len(linea); {
		_, tam := utf8.DecodeRuneInString(linea[i:]) // an invalid byte counts as one
		if n+tam > limite {
			b.WriteString("\r\n ")
			n = 1
		}
		b.WriteString(linea[i : i+tam])
		n += tam
		i += tam
	}
	b.WriteString("\r\n")
	return b.String()
}

// Desplegar joins folded lines: a CRLF followed by one space or tab is
// removed (RFC 5545 §3.1).
func Desplegar(s string) string {
	s = strings.ReplaceAll(s, "\r\n ", "")
	return strings.ReplaceAll(s, "\r\n\t", "")
}
