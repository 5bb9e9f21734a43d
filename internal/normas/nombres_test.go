package normas

import (
	"strings"
	"testing"
)

// Every rule of the table has a name for people, never its key.
func TestNombre_cadaReglaTieneNombre(t *testing.T) {
	for clave := range tabla {
		n := Nombre(clave)
		if _, ok := nombres[clave]; !ok {
			t.Errorf("la regla %q no tiene nombre (se mostraría %q)", clave, n)
		}
		if strings.Contains(n, "_") {
			t.Errorf("el nombre de %q parece un código: %q", clave, n)
		}
	}
	if got := Nombre(UmbralCeroCinco); got != "Umbral del 0,5 %" {
		t.Errorf("Nombre(umbral_cero_cinco) = %q", got)
	}
}
