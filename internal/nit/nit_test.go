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

// The search of a NIT (dominio §7) forgives the hyphen, dots, spaces,
// leading zeros and the check digit typed without its hyphen.
func TestLeerConsulta_dominio7(t *testing.T) {
	for _, c := range []struct {
		nombre, q string
		want      []string
	}{
		{"canónico", "901750435-6", []string{"901750435-6"}},
		{"con puntos", "901.750.435-6", []string{"901750435-6"}},
		{"con espacios", " 901 750 435 - 6 ", []string{"901750435-6"}},
		{"DV sin guion", "9017504356", []string{"901750435-6", "9017504356"}},
		{"DV sin guion con puntos", "901.750.435.6", []string{"901750435-6", "9017504356"}},
		{"DV sin guion con ceros", "09017504356", []string{"901750435-6", "9017504356"}},
		{"sin DV", "800191045", []string{"800191045"}},
		{"sin DV que también se lee con DV", "901750435", []string{"90175043-5", "901750435"}},
		{"prefijo", "9017", []string{"9017"}},
		{"un dígito", "9", []string{"9"}},
		{"DV errado con guion busca la base", "901750435-7", []string{"901750435-"}},
		{"guion sin DV", "901750435-", []string{"901750435-"}},
		{"último dígito que no es DV", "9017504357", []string{"9017504357"}},
		{"ceros", "000", []string{"0"}},
		{"letras", "logística", nil},
		{"número de caso", "CF-2026-0001", nil},
		{"mezcla", "9017a", nil},
		{"vacío", "", nil},
		{"solo guion", "-", nil},
		{"DV de dos cifras", "901750435-66", nil},
		{"demasiado largo", "12345678901234567", nil},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			got := LeerConsulta(c.q)
			if strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("LeerConsulta(%q) = %q, quiere %q", c.q, got, c.want)
			}
		})
	}
}

// Every valid NIT, written with its DV but no hyphen, is found exactly.
func FuzzLeerConsulta(f *testing.F) {
	for _, s := range []string{"800191045-1", "1-1", "9017504356"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := Parse(s)
		if err != nil {
			return
		}
		sin := n.Base + n.String()[len(n.Base)+1:]
		got := LeerConsulta(sin)
		if len(got) == 0 || got[0] != n.String() {
			t.Fatalf("LeerConsulta(%q) = %q, quiere primero %q", sin, got, n)
		}
	})
}
