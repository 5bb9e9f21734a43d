package informe

import (
	"strings"
	"testing"
)

// Art. 25 inc. 1: without an REA date the +1.000 UVT of the informe is
// provisional and says so.
func TestInforme_art25_inc1_incrementoProvisional(t *testing.T) {
	d := datosEjemplo(t)
	if d.Evaluacion.SancionIncrementada == nil || !d.Evaluacion.SancionIncrementada.Provisional {
		t.Fatalf("el ejemplo no tiene requerimiento: el incremento debe ser provisional: %+v", d.Evaluacion.SancionIncrementada)
	}
	ss, err := Secciones(d)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range ss {
		if s.Clave != "incremento" {
			continue
		}
		for _, b := range s.Bloques {
			for _, p := range b.Pares {
				if strings.Contains(p.Etiqueta+" "+p.Valor, "se recalcula con la UVT del año del requerimiento especial") {
					return
				}
			}
		}
	}
	t.Fatal("la sección del incremento no dice que es provisional")
}
