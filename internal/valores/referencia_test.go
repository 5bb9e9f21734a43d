package valores

import (
	"errors"
	"testing"

	"comite/internal/fecha"
)

// C-072 de 2025: Decreto Ley 920 de 2023 rules until the end of the 2025–2026
// legislature; the chooser follows the validity interval on both ends.
func TestDL920_C072de2025_conjuntoPorFechaDeLosHechos(t *testing.T) {
	r := Integrada()
	cases := []struct {
		name string
		f    fecha.Fecha
		vig  Vigencia
	}{
		{"dl920_primer_dia_de_vigencia_2023_06_06", fecha.Debe(2023, 6, 6), EnVigencia},
		{"dl920_dia_anterior_2023_06_05_usa_el_primero_y_lo_dice", fecha.Debe(2023, 6, 5), AnteriorAVigencias},
		{"c072_ultimo_dia_2026_06_20_en_vigencia", fecha.Debe(2026, 6, 20), EnVigencia},
		{"c072_dia_siguiente_2026_06_21_sin_vigencia_confirmada", fecha.Debe(2026, 6, 21), PosteriorAVigencias},
		{"c072_2027_sin_vigencia_confirmada", fecha.Debe(2027, 2, 1), PosteriorAVigencias},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, v := r.ConjuntoPara(c.f)
			if p.ID != "DL920-2023" || v != c.vig {
				t.Fatalf("ConjuntoPara(%s) = %s, %d; want DL920-2023, %d", c.f, p.ID, v, c.vig)
			}
		})
	}
	if _, err := r.Conjunto("DL920-2023"); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Conjunto("otro"); err == nil {
		t.Fatal("un conjunto desconocido debe ser un error")
	}
}

// The UVT table is data: a reference built from other rows answers from them,
// and a year outside them is an error naming the year (never a fallback).
func TestUVT_ET868_referenciaConFilasPropias(t *testing.T) {
	filas := append(append([]UVT(nil), TablaUVT...), UVT{2027, d("55000"), "Resolución DIAN de prueba"})
	r, err := Integrada().ConUVT(filas)
	if err != nil {
		t.Fatal(err)
	}
	v, u, err := r.Pesos(d("1000"), 2027)
	if err != nil || !v.Equal(d("55000000")) || u.Resolucion != "Resolución DIAN de prueba" {
		t.Fatalf("1000 UVT 2027 = %s, %v", v, err)
	}
	if _, err := Integrada().UVTDe(2027); err == nil {
		t.Fatal("la tabla integrada no tiene 2027")
	}
	_, err = r.UVTDe(2028)
	var e ErrSinUVT
	if !errors.As(err, &e) || e.Anio != 2028 || e.Hasta != 2027 {
		t.Fatalf("2028: %v", err)
	}
	for _, malas := range [][]UVT{
		{{2026, d("1"), "R"}, {2026, d("2"), "R"}},
		{{2026, d("0"), "R"}},
		{{2026, d("1"), ""}},
	} {
		if _, err := Integrada().ConUVT(malas); err == nil {
			t.Errorf("%v debía rechazarse", malas)
		}
	}
}
