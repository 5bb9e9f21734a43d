package etiquetas

import (
	"strings"
	"testing"

	"comite/internal/normas"
)

// Every word of the glossary cites rules of the one table (normas.De
// panics on an unknown key), has a unique anchor, and the words the issue
// asks for are there.
func TestGlosario_citasDeLaTablaYPalabras(t *testing.T) {
	claves := map[string]bool{}
	var palabras []string
	for _, g := range Glosario {
		if claves[g.Clave] || g.Clave == "" {
			t.Errorf("ancla repetida o vacía: %q", g.Clave)
		}
		claves[g.Clave] = true
		if len(g.Citas) == 0 || g.Definicion == "" {
			t.Errorf("%s: sin definición o sin citas", g.Palabra)
		}
		for _, c := range g.Citas {
			if normas.De(c).Texto == "" {
				t.Errorf("%s: la cita %q no tiene texto", g.Palabra, c)
			}
		}
		palabras = append(palabras, g.Palabra)
	}
	todas := strings.Join(palabras, "|")
	for _, w := range []string{"Allanamiento", "Firmeza", "UVT", "Requerimiento especial aduanero", "Segunda ruta"} {
		if !strings.Contains(todas, w) {
			t.Errorf("falta %q en el glosario", w)
		}
	}
}
