package nit

import (
	"strings"
	"testing"
)

func TestDV_dominio7_ejemplos(t *testing.T) {
	for _, c := range []struct{ nit, want string }{
		{"800191045-1", "800191045-1"},
		{"899999068-1", "899999068-1"},
		{"800197268-4", "800197268-4"},
		{"800.191.045-1", "800191045-1"},
	} {
		n, err := Parse(c.nit)
		if err != nil {
			t.Fatalf("%s: %v", c.nit, err)
		}
		if n.String() != c.want {
			t.Errorf("%s: %s, want %s", c.nit, n, c.want)
		}
	}
}

func TestDV_dominio7_digitoErradoNombraElCorrecto(t *testing.T) {
	_, err := Parse("800191045-2")
	if err == nil || !strings.Contains(err.Error(), "el correcto es 1") {
		t.Fatalf("err = %v", err)
	}
	for _, bad := range []string{"800191045", "80019104a-1", "-1", "800191045-12", ""} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("%q aceptado", bad)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"800191045-1", "800.191.045-1", "1-1", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := Parse(s)
		if err != nil {
			return
		}
		if _, err := Parse(n.String()); err != nil {
			t.Fatalf("canonical %q of %q rejected: %v", n, s, err)
		}
	})
}

// A NIT written with leading zeros (a text cell padded to a fixed width) is
// the same NIT: compared and stored without them.
func TestParse_cerosALaIzquierda(t *testing.T) {
	for _, s := range []string{"0901750435-6", "00901750435-6", "0.901.750.435-6", "901750435-6"} {
		n, err := Parse(s)
		if err != nil || n.String() != "901750435-6" {
			t.Errorf("Parse(%q) = %v, %v; quiere 901750435-6", s, n, err)
		}
	}
	if n, err := Parse("0000000000000000-0"); err != nil || n.String() != "0-0" {
		t.Errorf("Parse de solo ceros = %v, %v; quiere 0-0", n, err)
	}
	if _, err := Parse("0901750435-7"); err == nil || err.Error() != `NIT "0901750435-7": dígito de verificación 7 incorrecto; el correcto es 6` {
		t.Errorf("DV errado con ceros: %v", err)
	}
}
