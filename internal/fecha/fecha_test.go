package fecha

import (
	"testing"
	"time"
)

func TestParse_formatosDominio6(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"2025-03-04", "2025-03-04"},
		{"04/03/2025", "2025-03-04"},
		{"4/3/2025", "2025-03-04"},
		{" 2024-02-29 ", "2024-02-29"},
	} {
		f, err := Parse(c.in)
		if err != nil || f.String() != c.want {
			t.Errorf("%q → %v, %v", c.in, f, err)
		}
	}
	for _, in := range []string{"2025-13-01", "2025-02-29", "2025/03/04", "03-04-2025", "32/01/2025", "2025-3-4", "", "0000-01-01", "04/03/25"} {
		if _, err := Parse(in); err == nil {
			t.Errorf("%q aceptada", in)
		}
	}
}

func TestFecha_aritmeticaYFormato(t *testing.T) {
	f := Debe(2025, 12, 31)
	if g := f.MasDias(1); g != Debe(2026, 1, 1) || f.DiasHasta(g) != 1 || !f.Antes(g) {
		t.Errorf("31/12 + 1 = %v", g)
	}
	if f.DMA() != "31/12/2025" || (Fecha{}).String() != "" {
		t.Errorf("formato %s", f.DMA())
	}
	// 23:30 in Bogotá on 31 Dec is 04:30 UTC on 1 Jan: the civil date is Bogotá's.
	if g := DeTiempo(time.Date(2026, 1, 1, 4, 30, 0, 0, time.UTC)); g != f {
		t.Errorf("DeTiempo = %v", g)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"2025-03-04", "04/03/2025", "1/1/0001", "9999-12-31"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := Parse(s)
		if err != nil {
			return
		}
		if e, err := ParseISO(d.String()); err != nil || e != d {
			t.Fatalf("%q → %v no vuelve: %v", s, d, err)
		}
	})
}
