package texto

import (
	"testing"
	"unicode"

	"pgregory.net/rapid"
)

func TestProhibidaEnLinea(t *testing.T) {
	for _, r := range []rune{0x2028, 0x2029, 0x200B, 0x200E, 0x200F, 0x061C, 0xFEFF, 0xFFF9, 0xE0041, 0xE000, 0xF0000, 0x00AD} {
		if !ProhibidaEnLinea(r) {
			t.Errorf("U+%04X aceptado", r)
		}
	}
	for _, r := range "aZ09ñÑáü €$.,;-_/ºª¿¡" {
		if ProhibidaEnLinea(r) {
			t.Errorf("%q rechazado", r)
		}
	}
}

// Property: every rune of categories Cf, Zl, Zp and Co is refused, and
// no letter, number or punctuation is.
func TestProhibidaEnLinea_propiedad(t *testing.T) {
	prohibidas := rapid.RuneFrom(nil, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Co)
	permitidas := rapid.RuneFrom(nil, unicode.L, unicode.N, unicode.P, unicode.Zs)
	rapid.Check(t, func(t *rapid.T) {
		if r := prohibidas.Draw(t, "prohibida"); !ProhibidaEnLinea(r) {
			t.Fatalf("U+%04X aceptado", r)
		}
		if r := permitidas.Draw(t, "permitida"); ProhibidaEnLinea(r) {
			t.Fatalf("U+%04X rechazado", r)
		}
	})
}

func TestClaveCuenta(t *testing.T) {
	for _, c := range []struct{ entra, sale string }{
		{"ｕｓｅｒ", "user"}, {"  User ", "user"}, {"ADMIN", "admin"}, {"Straße", "strasse"}, {"ﬁscal", "fiscal"}, {"josé", "josé"}, {"JOSÉ", "josé"},
	} {
		if got := ClaveCuenta(c.entra); got != c.sale {
			t.Errorf("ClaveCuenta(%q) = %q, quiere %q", c.entra, got, c.sale)
		}
	}
}
