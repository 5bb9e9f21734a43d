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
