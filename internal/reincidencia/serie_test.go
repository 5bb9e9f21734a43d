package reincidencia

import (
	"testing"

	"comite/internal/valores"
)

func TestArt25_serieAnual(t *testing.T) {
	e := ejemplo()
	e.Operaciones = append(e.Operaciones, Operaciones{Anio: 2024, Valor: dec("10000000000"), Numero: 10})
	s, err := Serie(e, valores.Integrada(), 2024, 2025)
	if err != nil {
		t.Fatal(err)
	}
	if len(s) != 2 {
		t.Fatalf("%d puntos", len(s))
	}
	// 2024: only E (50.000.000) counts; line = 50.000.000 → met, but one act.
	if s[0].NumeroActos != 1 || !s[0].Suma.Equal(dec("50000000")) || !s[0].Umbral.Equal(dec("50000000")) || s[0].CumpleUmbral != Si || s[0].CumpleMinimo {
		t.Errorf("2024 = %+v", s[0])
	}
	if s[1].NumeroActos != 3 || !s[1].Suma.Equal(dec("77000000")) || !s[1].Umbral.Equal(dec("74000000")) || s[1].CumpleUmbral != Si || !s[1].CumpleMinimo {
		t.Errorf("2025 = %+v", s[1])
	}
}

// A year whose operations were never loaded is a gap in the series (O, N and
// the line nil, the threshold unknown), never a zero; the rule set is named
// for each year.
func TestArt25_serieAnual_anioSinOperacionesEsHueco(t *testing.T) {
	e := ejemplo() // operations only for 2025
	s, err := Serie(e, valores.Integrada(), 2023, 2025)
	if err != nil {
		t.Fatal(err)
	}
	// 2024: E counts (S > 0) and no operations row → unknown.
	if p := s[1]; p.Operaciones != nil || p.Numero != nil || p.Umbral != nil || p.CumpleUmbral != Desconocido || p.Participacion != nil {
		t.Errorf("2024 = %+v", p)
	}
	// 2023: nothing counts and no row → not met (S = 0), still a gap.
	if p := s[0]; p.Operaciones != nil || p.Umbral != nil || p.CumpleUmbral != No {
		t.Errorf("2023 = %+v", p)
	}
	if p := s[2]; p.Umbral == nil || p.CumpleUmbral != Si || p.ConjuntoReglas != "DL920-2023" {
		t.Errorf("2025 = %+v", p)
	}
}
