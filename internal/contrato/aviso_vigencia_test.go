package contrato

import (
	"strings"
	"testing"
)

// The notice of the validity of the law read back from a stored evaluation
// (C-072 de 2025 deferred the end of DL920-2023 to 20/06/2026).
func TestAvisoVigencia_C072(t *testing.T) {
	hasta := "2026-06-20"
	conj := func(estado string) *ConjuntoJSON {
		return &ConjuntoJSON{ID: "DL920-2023", Desde: "2023-06-06", Hasta: &hasta, Estado: estado}
	}
	for _, c := range []struct {
		nombre string
		v      EvaluacionJSON
		quiere []string // empty: no notice
	}{
		{"dl920_en_vigencia_sin_aviso", EvaluacionJSON{ConjuntoReglas: "DL920-2023", ConjuntoVigencia: conj("en_vigencia")}, nil},
		{"dl920_posterior_a_vigencias", EvaluacionJSON{ConjuntoReglas: "DL920-2023", ConjuntoVigencia: conj("posterior_a_vigencias"), Alertas: []string{"norma_sin_vigencia_confirmada"}},
			[]string{"Norma sin vigencia confirmada: confirme la norma aplicable", "DL920-2023", "20/06/2026"}},
		{"dl920_solo_la_alerta_guardada", EvaluacionJSON{ConjuntoReglas: "DL920-2023", Alertas: []string{"norma_sin_vigencia_confirmada"}},
			[]string{"Norma sin vigencia confirmada: confirme la norma aplicable", "DL920-2023"}},
		{"dl920_hecho_anterior", EvaluacionJSON{ConjuntoReglas: "DL920-2023", ConjuntoVigencia: conj("anterior_a_vigencias")},
			[]string{"Hecho anterior a la vigencia", "confirme la norma aplicable", "06/06/2023"}},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			got := c.v.AvisoVigencia()
			if len(c.quiere) == 0 && got != "" {
				t.Fatalf("aviso inesperado: %q", got)
			}
			for _, q := range c.quiere {
				if !strings.Contains(got, q) {
					t.Errorf("aviso %q sin %q", got, q)
				}
			}
		})
	}
}
