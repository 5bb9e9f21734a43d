// Package nit validates the Número de Identificación Tributaria with its
// check digit (dígito de verificación, DV), as the DIAN computes it
// (docs/reglas.md §7; cita normas.DigitoVerificacion).
package nit

import (
	"fmt"
	"strings"
)

// pesos are the DIAN weights, applied to the digits from the right.
var pesos = [...]int{3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71}

// DV computes the check digit of the base number (digits only, at most 15).
func DV(base string) (int, error) {
	if base == "" || len(base) > len(pesos) {
		return 0, fmt.Errorf("el NIT debe tener entre 1 y %d dígitos antes del dígito de verificación", len(pesos))
	}
	suma := 0
	for i := 0; i < len(base); i++ {
		c := base[len(base)-1-i]
		if c < '0' || c > '9' {
			return 0, fmt.Errorf("el NIT solo puede tener dígitos antes del guion")
		}
		suma += int(c-'0') * pesos[i]
	}
	r := suma % 11
	if r == 0 || r == 1 {
		return r, nil
	}
	return 11 - r, nil
}

// NIT is a validated NIT.
type NIT struct {
	Base string // digits, without dots or leading zeros beyond the first
	DV   int
}

// String is the canonical form "800191045-1".
func (n NIT) String() string { return fmt.Sprintf("%s-%d", n.Base, n.DV) }

// Parse reads "800191045-1" or "800.191.045-1" (spaces allowed around the
// dash) and checks the digit; leading zeros are dropped (0901750435-6 is
// 901750435-6). A wrong digit is an error naming the right one.
func Parse(s string) (NIT, error) {
	t := strings.TrimSpace(s)
	t = strings.ReplaceAll(t, ".", "")
	t = strings.ReplaceAll(t, " ", "")
	i := strings.LastIndexByte(t, '-')
	if i < 0 {
		return NIT{}, fmt.Errorf("NIT %q sin dígito de verificación (use 800191045-1)", s)
	}
	base, dv := t[:i], t[i+1:]
	// Leading zeros do not change the number nor its check digit (their
	// weight multiplies a zero): 0901750435-6 is 901750435-6, one NIT.
	if b := strings.TrimLeft(base, "0"); b != "" {
		base = b
	} else if base != "" {
		base = "0"
	}
	if len(dv) != 1 || dv[0] < '0' || dv[0] > '9' {
		return NIT{}, fmt.Errorf("NIT %q: el dígito de verificación debe ser un solo dígito", s)
	}
	want, err := DV(base)
	if err != nil {
		return NIT{}, fmt.Errorf("NIT %q: %v", s, err)
	}
	if got := int(dv[0] - '0'); got != want {
		return NIT{}, fmt.Errorf("NIT %q: dígito de verificación %d incorrecto; el correcto es %d", s, got, want)
	}
	return NIT{Base: base, DV: want}, nil
}

// LeerConsulta reads what someone types to find a NIT and returns the
// prefixes of the canonical form ("901750435-6") that it may mean; nil when
// the text is not a number (it has letters or other signs). The search
// forgives dots, spaces, leading zeros, the hyphen and the check digit:
//
//   - "901750435-6", "901.750.435-6": the NIT itself ("901750435-6");
//   - "901750435": every NIT whose base starts so ("901750435");
//   - "9017504356": the check digit typed without its hyphen. The last digit
//     is the DV of the others, so it may be that NIT ("901750435-6"), or the
//     start of a longer base ("9017504356").
//
// A hyphen followed by a wrong digit still finds the base ("901750435-"),
// since the person meant that number.
func LeerConsulta(s string) []string {
	t := strings.NewReplacer(".", "", " ", "", "\u00a0", "").Replace(strings.TrimSpace(s))
	base, dv, guion := t, "", false
	if i := strings.LastIndexByte(t, '-'); i >= 0 {
		base, dv, guion = t[:i], t[i+1:], true
	}
	if base == "" || len(dv) > 1 || !soloDigitos(base) || !soloDigitos(dv) {
		return nil
	}
	if b := strings.TrimLeft(base, "0"); b != "" {
		base = b
	} else {
		base = "0"
	}
	if len(base) > len(pesos)+1 {
		return nil
	}
	if guion {
		if dv != "" && len(base) <= len(pesos) {
			if want, err := DV(base); err == nil && int(dv[0]-'0') == want {
				return []string{base + "-" + dv}
			}
		}
		return []string{base + "-"}
	}
	var out []string
	if len(base) >= 2 {
		corta, ultimo := base[:len(base)-1], int(base[len(base)-1]-'0')
		if want, err := DV(corta); err == nil && want == ultimo {
			out = append(out, corta+"-"+base[len(base)-1:])
		}
	}
	if len(base) <= len(pesos) {
		out = append(out, base)
	}
	return out
}

func soloDigitos(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
