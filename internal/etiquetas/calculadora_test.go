package etiquetas

import (
	"testing"

	"comite/internal/importar/filas"
	"comite/internal/liquidacion"
)

// Every code the calculator and the import offer has its label, and an
// unknown one reads in words, never bare.
func TestCalculadoraEImportacion_cadaCodigoConSuEtiqueta(t *testing.T) {
	for _, e := range liquidacion.Etapas {
		if _, ok := etapas[e]; !ok {
			t.Errorf("etapa %q sin etiqueta", e)
		}
	}
	for _, r := range liquidacion.Reducciones {
		if _, ok := reducciones[r]; !ok {
			t.Errorf("reducción %q sin etiqueta", r)
		}
	}
	for _, c := range filas.Clases {
		if _, ok := clasesImportacion[c]; !ok {
			t.Errorf("clase %q sin etiqueta", c)
		}
	}
	casos := []struct{ nombre, got, quiere string }{
		{"etapa", Etapa(liquidacion.TerminoRecurso), "Dentro del término del recurso"},
		{"reducción", Reduccion(liquidacion.CumplimientoExtemporaneo), "Cumplimiento extemporáneo"},
		{"clase", ClaseImportacion(filas.Sanciones), "Actos sancionatorios"},
		{"desconocida", Etapa("otra_etapa"), "Otra etapa"},
		{"vacía", ClaseImportacion(""), Guion},
	}
	for _, c := range casos {
		if c.got != c.quiere {
			t.Errorf("%s: %q, se esperaba %q", c.nombre, c.got, c.quiere)
		}
	}
}
