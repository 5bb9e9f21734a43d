package filas

import (
	"fmt"
	"strings"
)

// ParseClave reads a key or identifier (act number, declaration number) as
// one spelling for one key: a number that Excel wrote in scientific notation
// ("4,82027E+14": its last digits are lost) is refused, and a number grouped
// in thousands ("482.027.000.123.456", "482 027 000 123 456") is the plain
// digits. Any other text (RS-2025-0001) is kept as written, trimmed.
func ParseClave(s string) (string, error) {
	t := strings.TrimSpace(s)
	if NotacionCientifica(t) {
		return "", fmt.Errorf("%q: el número fue convertido por Excel en notación científica: dé formato de texto a la columna y vuelva a exportar", s)
	}
	if d, ok := digitosAgrupados(t); ok {
		return d, nil
	}
	return t, nil
}

// NotacionCientifica: digits, a decimal separator and more digits
// optionally, then E, an optional sign and digits ("4,82027E+14", "2.02501e11").
func NotacionCientifica(t string) bool {
	i := strings.IndexAny(t, "eE")
	if i <= 0 || i == len(t)-1 {
		return false
	}
	mant, exp := t[:i], t[i+1:]
	if exp[0] == '+' || exp[0] == '-' {
		exp = exp[1:]
	}
	if exp == "" || strings.Trim(exp, "0123456789") != "" {
		return false
	}
	sep := false
	for k := 0; k < len(mant); k++ {
		switch c := mant[k]; {
		case c >= '0' && c <= '9':
		case (c == ',' || c == '.') && !sep && k > 0:
			sep = true
		default:
			return false
		}
	}
	return true
}

// digitosAgrupados reads digits grouped in thousands by dots, commas or
// spaces (the ordinary one and the non-breaking ones a spreadsheet writes):
// a first group of one to three digits, then groups of exactly three, all
// with the same separator.
func digitosAgrupados(t string) (string, bool) {
	var sep string
	for _, c := range []string{".", ",", " ", "\u00a0", "\u202f"} {
		if strings.Contains(t, c) {
			if sep != "" {
				return "", false
			}
			sep = c
		}
	}
	if sep == "" {
		return "", false
	}
	grupos := strings.Split(t, sep)
	for k, g := range grupos {
		if (k == 0 && (len(g) < 1 || len(g) > 3)) || (k > 0 && len(g) != 3) || strings.Trim(g, "0123456789") != "" {
			return "", false
		}
	}
	return strings.Join(grupos, ""), true
}
