package texto

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// CompararNombres orders two names as a Spanish list does: ñ is a letter of
// its own between n and o, and case and accents do not change a name's place
// («Cañón» before «Castaño», «Gómez» before «Guadalupe»). Only between names
// equal in everything else does the one without accents go first, then the
// one in upper case, then the bytes: so it is a total order, the one a SQLite
// collation needs (-1, 0 or +1; 0 only for the same text).
func CompararNombres(a, b string) int {
	if c := compararPor(a, b, pesoPrimario); c != 0 {
		return c
	}
	if c := compararPor(a, b, unicode.ToLower); c != 0 {
		return c
	}
	return strings.Compare(a, b)
}

// compararPor compares two texts rune by rune through peso, without
// allocating (a collation runs on every pair a sort compares).
func compararPor(a, b string, peso func(rune) rune) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		pa, pb := peso(ra), peso(rb)
		if pa != pb {
			if pa < pb {
				return -1
			}
			return 1
		}
		a, b = a[na:], b[nb:]
	}
	switch {
	case a == "" && b == "":
		return 0
	case a == "":
		return -1
	}
	return 1
}

// pesoEnie is the place of ñ: right after n (no letter or digit has the
// code point of n plus one half, so the weights are doubled).
const pesoEnie = 'n'*2 + 1

// pesoPrimario is the place of a rune in the order of names: lower case,
// without its accent, ñ between n and o.
func pesoPrimario(r rune) rune {
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		return r * 2
	}
	if r == 'ñ' || r == 'Ñ' {
		return pesoEnie
	}
	if r >= 0xC0 && r <= 0xFF {
		if base := letraBase[r-0xC0]; base != 0 {
			return rune(base) * 2
		}
	}
	return unicode.ToLower(r) * 2
}

// letraBase is the letter without its accent of U+00C0 to U+00FF (the
// Latin-1 letters of names); 0 = no plain letter (ñ is handled apart).
var letraBase = [64]byte{
	'a', 'a', 'a', 'a', 'a', 'a', 0, 'c', 'e', 'e', 'e', 'e', 'i', 'i', 'i', 'i', // À–Ï
	0, 0, 'o', 'o', 'o', 'o', 'o', 0, 0, 'u', 'u', 'u', 'u', 'y', 0, 0, // Ð–ß
	'a', 'a', 'a', 'a', 'a', 'a', 0, 'c', 'e', 'e', 'e', 'e', 'i', 'i', 'i', 'i', // à–ï
	0, 0, 'o', 'o', 'o', 'o', 'o', 0, 0, 'u', 'u', 'u', 'u', 'y', 0, 'y', // ð–ÿ
}
