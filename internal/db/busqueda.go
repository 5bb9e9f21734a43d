package db

import (
	"database/sql/driver"
	"strings"
	"unicode/utf8"

	"comite/internal/nit"
	"comite/internal/sancion"

	"modernc.org/sqlite"
)

// Searches and filters ignore case and accents: «logistica» finds
// «Logística», «cucuta» finds «Cúcuta». SQLite's lower() and LIKE fold only
// ASCII, so the database gets one more SQL function, sin_tildes(x), the same
// fold the import uses for the words of a spreadsheet (sancion.Normalizar),
// registered in the driver for every connection. It is deterministic, so
// SQLite may use it in indexes and computes it once per row.
func init() {
	sqlite.MustRegisterDeterministicScalarFunction("sin_tildes", 1, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		switch v := args[0].(type) {
		case string:
			return SinTildes(v), nil
		case []byte:
			return SinTildes(string(v)), nil
		case nil:
			return nil, nil
		default:
			return v, nil
		}
	})
}

// SinTildes folds text for a search: lower case, no accents (ñ counts as n).
// The letters of Spanish (and the Latin-1 ones of names) fold here, byte by
// byte; any other non-ASCII text goes through sancion.Normalizar.
func SinTildes(s string) string {
	s = strings.TrimSpace(s)
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case r < utf8.RuneSelf:
			if 'A' <= r && r <= 'Z' {
				r += 'a' - 'A'
			}
			b.WriteByte(byte(r))
		case r >= 0xC0 && r <= 0xFF:
			if f := plegado[r-0xC0]; f != 0 {
				b.WriteByte(f)
			} else {
				return sancion.Normalizar(s)
			}
		default:
			return sancion.Normalizar(s)
		}
	}
	return b.String()
}

// plegado folds U+00C0 to U+00FF (Latin-1 letters); 0 = not a plain letter.
var plegado = [64]byte{
	'a', 'a', 'a', 'a', 'a', 'a', 0, 'c', 'e', 'e', 'e', 'e', 'i', 'i', 'i', 'i', // À–Ï
	0, 'n', 'o', 'o', 'o', 'o', 'o', 0, 0, 'u', 'u', 'u', 'u', 'y', 0, 0, // Ð–ß
	'a', 'a', 'a', 'a', 'a', 'a', 0, 'c', 'e', 'e', 'e', 'e', 'i', 'i', 'i', 'i', // à–ï
	0, 'n', 'o', 'o', 'o', 'o', 'o', 0, 0, 'u', 'u', 'u', 'u', 'y', 0, 'y', // ð–ÿ
}

// condicionNIT is the SQL alternative that finds the NITs a search text may
// mean (nit.LeerConsulta: with or without hyphen, dots or check digit) in
// the column col, which holds the canonical form; "" when the text is not a
// number. The prefixes are digits and a hyphen, never LIKE wildcards.
func condicionNIT(col, texto string) (string, []any) {
	prefijos := nit.LeerConsulta(texto)
	if len(prefijos) == 0 {
		return "", nil
	}
	alt := make([]string, len(prefijos))
	args := make([]any, len(prefijos))
	for i, p := range prefijos {
		alt[i], args[i] = col+` LIKE ?`, p+"%"
	}
	return strings.Join(alt, " OR "), args
}
