package tamizaje

import (
	"testing"

	"github.com/shopspring/decimal"
)

// Art. 25 inc. 1 "0,5 % o más": a figure never reads as the line when the
// threshold is not met (S = 49.999 against a line of 50.000 is not 100,00 %,
// and its distance is not 0,0000).
func TestArt25_inc1_cifrasDelTamizajeNoSeLeenComoLaLinea(t *testing.T) {
	cases := []struct {
		name, suma, linea, want string
	}{
		{"art25_inc1_en_la_linea_100", "50000", "50000", "100"},
		{"art25_inc1_un_peso_debajo_99_99", "49999", "50000", "99.99"},
		{"art25_inc1_encima_redondea", "50003", "50000", "100.01"},
		{"art25_inc1_claramente_debajo", "40000", "50000", "80"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := PorcentajeDelUmbral(decimal.RequireFromString(c.suma), decimal.RequireFromString(c.linea))
			if !got.Equal(decimal.RequireFromString(c.want)) {
				t.Errorf("%s, se esperaba %s", got, c.want)
			}
		})
	}
	for _, c := range []struct {
		name       string
		dist, want int64
	}{
		{"art25_inc1_distancia_cero", 0, 0},
		{"art25_inc1_distancia_minima_no_se_lee_cero", 20_000_000, 1},
		{"art25_inc1_distancia_redondea_mitad_arriba", 150_000_000, 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Distancia4(c.dist); got != c.want {
				t.Errorf("%d, se esperaba %d", got, c.want)
			}
		})
	}
}
