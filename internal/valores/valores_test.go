package valores

import (
	"errors"
	"strings"
	"testing"

	"comite/internal/fecha"

	"github.com/shopspring/decimal"
)

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// The dated table has no gaps and only rises (docs/reglas.md §7; openfisca/Catala coverage test).
func TestUVT_ET868_tablaSinHuecosYCreciente(t *testing.T) {
	for i := 1; i < len(TablaUVT); i++ {
		a, b := TablaUVT[i-1], TablaUVT[i]
		if b.Anio != a.Anio+1 {
			t.Errorf("hueco entre %d y %d", a.Anio, b.Anio)
		}
		if !b.Valor.GreaterThan(a.Valor) {
			t.Errorf("la UVT %d (%s) no sube respecto de %d (%s)", b.Anio, b.Valor, a.Anio, a.Valor)
		}
		if !strings.HasPrefix(b.Resolucion, "Resolución DIAN") {
			t.Errorf("%d sin resolución", b.Anio)
		}
	}
}

func TestUVT_ET868_valoresDeDominio(t *testing.T) {
	for anio, v := range map[int]string{2015: "28279", 2020: "35607", 2023: "42412", 2024: "47065", 2025: "49799", 2026: "52374"} {
		u, err := UVTDe(anio)
		if err != nil || !u.Valor.Equal(d(v)) {
			t.Errorf("UVT %d = %v, %v; want %s", anio, u.Valor, err, v)
		}
	}
}

func TestUVT_ET868_anioFueraDeTablaNombraElAnio(t *testing.T) {
	for _, anio := range []int{2014, 2027, 0} {
		_, err := UVTDe(anio)
		var e ErrSinUVT
		if !errors.As(err, &e) || e.Anio != anio || !strings.Contains(err.Error(), "año") {
			t.Errorf("%d: %v", anio, err)
		}
	}
}

func TestET868_aproximacion(t *testing.T) {
	cases := []struct {
		name string
		uvt  string
		anio int
		want string
	}{
		{"et868_10_uvt_2026_mas_de_10000_al_mil", "10", 2026, "524000"},
		{"et868_150_uvt_2026", "150", 2026, "7856000"},
		{"et868_200_uvt_2026", "200", 2026, "10475000"},
		{"et868_150_uvt_2025", "150", 2025, "7470000"},
		{"et868_1000_uvt_2026", "1000", 2026, "52374000"},
		{"et868_1000_uvt_2025", "1000", 2025, "49799000"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, _, err := Pesos(d(c.uvt), c.anio)
			if err != nil || !got.Equal(d(c.want)) {
				t.Fatalf("%s UVT %d = %s, %v; want %s", c.uvt, c.anio, got, err, c.want)
			}
		})
	}
	for _, c := range []struct{ in, want string }{
		{"10000", "10000"}, // exactly 10.000: multiple of 100 rule
		{"10050", "10000"}, // above 10.000: nearest 1.000 (10.050 → 10.000)
		{"10500", "11000"}, // half rounds up
		{"9950", "10000"},  // 100 to 10.000: nearest 100; half up
		{"9949", "9900"},
		{"100", "100"},
		{"99.5", "100"}, // up to 100: nearest peso, half up
		{"99.49", "99"},
		{"50.5", "51"},
		{"0", "0"},
	} {
		if got := Aproximar868(d(c.in)); !got.Equal(d(c.want)) {
			t.Errorf("Aproximar868(%s) = %s, want %s", c.in, got, c.want)
		}
	}
}

func TestParametros_conjuntoVigente(t *testing.T) {
	if p, err := Vigentes(fecha.Debe(2026, 3, 1)); err != nil || p.ID != DL920.ID {
		t.Errorf("2026: %v %v", p.ID, err)
	}
	if _, err := Vigentes(fecha.Debe(2020, 1, 1)); err == nil {
		t.Error("2020 precedes every rule set")
	}
	if !DL920.UmbralPorMil.Equal(d("5")) || DL920.MinimoActos != 3 || DL920.DiasReporte != 10 || !DL920.IncrementoComiteUVT.Equal(d("1000")) {
		t.Error("art. 25 parameters")
	}
}
