// Package formato writes amounts, ratios, dates and instants the way people in
// Colombia read them (es-CO): "$ 1.234.567", "$ 1.234.567,89", "0,5203 %",
// "31/12/2025", "31/12/2025 14:05". It is display only: it never rounds a value
// that a rule then uses, and it never changes a value beyond what it shows.
package formato

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"comite/internal/fecha"

	"github.com/shopspring/decimal"
)

// Pesos shows an amount in COP: "$ 1.234.567", and with centavos only when the
// amount has them ("$ 1.234.567,89"; a single decimal is shown as two: ",50").
// Negative amounts (never stored, but possible in a difference) carry a minus
// sign before the symbol: "-$ 1.000".
func Pesos(v decimal.Decimal) string {
	signo := ""
	if v.IsNegative() {
		signo = "-"
		v = v.Neg()
	}
	// Amounts are at most centavos; anything finer is rounded half-up only for display.
	v = v.Round(2)
	if v.Equal(v.Truncate(0)) {
		return signo + "$ " + miles(v.Truncate(0).String())
	}
	return signo + "$ " + Numero(v, 2)
}

// PesosEnteros shows an amount rounded to the peso (half away from zero): "$ 1.234.568".
func PesosEnteros(v decimal.Decimal) string {
	return Pesos(v.Round(0))
}

// Numero shows v with exactly dec decimals (half away from zero), "." for
// thousands and "," for decimals: Numero(1234.5, 2) = "1.234,50".
func Numero(v decimal.Decimal, dec int32) string {
	s := v.StringFixed(dec)
	signo := ""
	if strings.HasPrefix(s, "-") {
		signo, s = "-", s[1:]
	}
	entero, frac, _ := strings.Cut(s, ".")
	if frac != "" {
		return signo + miles(entero) + "," + frac
	}
	return signo + miles(entero)
}

// Exacto shows v with every decimal it has and no trailing zeros, "." for
// thousands and "," for decimals: 150 → "150", 1000 → "1.000", 20.50 →
// "20,5", 1234567890.05 → "1.234.567.890,05". For comparisons shown to
// people: two different amounts never read the same.
func Exacto(v decimal.Decimal) string {
	_, frac, _ := strings.Cut(v.String(), ".")
	return Numero(v, int32(len(frac)))
}

// Entero shows a count with thousands separators: 1600 → "1.600".
func Entero(n int64) string {
	return Numero(decimal.NewFromInt(n), 0)
}

// Porcentaje shows a ratio that is already a percentage with dec decimals:
// Porcentaje(0.52027, 4) = "0,5203 %".
func Porcentaje(v decimal.Decimal, dec int32) string {
	return Numero(v, dec) + " %"
}

// Fecha shows a civil date as DD/MM/AAAA; the zero date shows as "—".
func Fecha(f fecha.Fecha) string {
	if f.IsZero() {
		return "—"
	}
	return twoDigits(f.Dia()) + "/" + twoDigits(int(f.Mes())) + "/" + fourDigits(f.Anio())
}

// Instante shows an instant in Bogotá time: "31/12/2025 14:05".
func Instante(t time.Time) string {
	if t.IsZero() {
		return "—"
	}
	return t.In(fecha.Bogota).Format("02/01/2006 15:04")
}

// InstanteTexto shows an instant stored as RFC 3339 text (as internal/db
// stores them) in Bogotá time; text that does not parse is shown as it is.
func InstanteTexto(s string) string {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return s
	}
	return Instante(t)
}

// miles inserts "." every three digits of a string of digits.
func miles(digitos string) string {
	if len(digitos) <= 3 {
		return digitos
	}
	var b strings.Builder
	pre := len(digitos) % 3
	if pre > 0 {
		b.WriteString(digitos[:pre])
	}
	for i := pre; i < len(digitos); i += 3 {
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(digitos[i : i+3])
	}
	return b.String()
}

func twoDigits(n int) string {
	if n < 10 {
		return "0" + string(rune('0'+n))
	}
	return itoa(n)
}

func fourDigits(n int) string {
	s := itoa(n)
	for len(s) < 4 {
		s = "0" + s
	}
	return s
}

func itoa(n int) string { return decimal.NewFromInt(int64(n)).String() }

// FechaTexto shows a stored AAAA-MM-DD date as DD/MM/AAAA: "" shows as "—" and
// text that is not a date is shown as it is.
func FechaTexto(s string) string {
	if s == "" {
		return "—"
	}
	f, err := fecha.ParseISO(s)
	if err != nil {
		return s
	}
	return Fecha(f)
}

// Plural writes a count with its noun in agreement: «1 caso», «0 casos»,
// «2 casos», «1.234 casos». In Spanish only one takes the singular.
func Plural(n int, singular, plural string) string {
	return Entero(int64(n)) + " " + Concordar(n, singular, plural)
}

// Concordar is the form that agrees with n, without the number: for a
// sentence where the count is shown apart («3» + «casos esperan…»).
func Concordar(n int, singular, plural string) string {
	if n == 1 || n == -1 {
		return singular
	}
	return plural
}

// MayusculaInicial writes the first letter of a text in capitals, as a label
// or a sentence begins («gravísima» → «Gravísima», «dé el valor…» →
// «Dé el valor…»). It is the one capitaliser of comite: accented letters and
// ñ are capitalised too, and the rest of the text is left as it is.
func MayusculaInicial(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// SiNo is how a yes or no reads: "Sí" or "No".
func SiNo(si bool) string {
	if si {
		return "Sí"
	}
	return "No"
}
