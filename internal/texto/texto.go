// Package texto holds the rules for text of one line that people type or
// import (names, numbers, a Seccional, a resolution) and for the account
// names that identify people.
package texto

import (
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// ProhibidaEnLinea reports the runes refused in a field of one line, beyond
// the control characters: Unicode format characters (Cf: zero-width spaces
// and joiners, direction marks, the byte order mark, interlinear
// annotations, tag characters), the line and paragraph separators (Zl, Zp)
// and private-use characters (Co). None of them is visible, or they render
// differently on each machine, and they make two equal-looking values
// differ.
func ProhibidaEnLinea(r rune) bool {
	return unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Co)
}

// NombreTipo names the kind of a rune ProhibidaEnLinea refuses, for people.
func NombreTipo(r rune) string {
	switch {
	case unicode.Is(unicode.Zl, r), unicode.Is(unicode.Zp, r):
		return "separador de línea o de párrafo"
	case unicode.Is(unicode.Co, r):
		return "carácter de uso privado"
	}
	return "carácter invisible de formato"
}

var plegar = cases.Fold()

// ClaveCuenta is the form in which account names are compared and stored:
// without surrounding spaces, NFKC-normalised (full-width and other
// compatibility forms become the plain letters) and case-folded, so that
// «ｕｓｅｒ», «User» and «user» are the same account.
func ClaveCuenta(s string) string {
	s = norm.NFKC.String(strings.TrimSpace(s))
	return norm.NFKC.String(plegar.String(s))
}
