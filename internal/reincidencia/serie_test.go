package reincidencia

import (
	"testing"

	"comite/internal/valores"
)

func TestArt25_serieAnual(t *testing.T) {
	e := ejemplo()
	e.Operaciones = append(e.Operaciones, Operaciones{Anio: 2024, Valor: dec("10000000000"), Numero: 10})
	s, err := Serie(e, valores.DL920, 2024, 2025)
	if err != nil {
		t.Fatal(err)
	}
	if len(s) != 2 {
		t.Fatalf("%d puntos", len(s))
	}
	// 2024: only E (50.000.000) counts; line = 50.000.000 → met, but one act.
	if s[0].NumeroActos != 1 || !s[0].Suma.Equal(dec("50000000")) || !s[0].Umbral.Equal(dec("50000000")) || !s[0].CumpleUmbral || s[0].CumpleMinimo {
		t.Errorf("2024 = %+v", s[0])
	}
	if s[1].NumeroActos != 3 || !s[1].Suma.Equal(dec("77000000")) || !s[1].Umbral.Equal(dec("74000000")) || !s[1].CumpleUmbral || !s[1].CumpleMinimo {
		t.Errorf("2025 = %+v", s[1])
	}
}
