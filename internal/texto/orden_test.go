package texto

import (
	"slices"
	"testing"
)

// The order of a Spanish list of names: ñ after n, accents and case ignored
// (Ortografía de la lengua española, 2010, on the alphabet: ñ is a letter of
// its own; ch and ll are not).
func TestCompararNombres_ordenEspanol(t *testing.T) {
	casos := []struct {
		nombre, a, b string
		quiere       int
	}{
		{"enie_tras_ene", "Cañón", "Castaño", -1},
		{"tilde_ignorada", "Gómez", "Guadalupe", -1},
		{"enie_despues_de_n", "Nuñez", "Nunez", 1},
		{"enie_antes_de_o", "Añil", "Aorta", -1},
		{"mayusculas_ignoradas", "agencia", "Banco", -1},
		{"ch_no_es_letra_aparte", "Chávez", "Cortés", -1},
		{"ll_no_es_letra_aparte", "Llanos", "Lozano", -1},
		{"sin_tilde_primero_entre_iguales", "Gomez", "Gómez", -1},
		{"mayuscula_primero_entre_iguales", "Gómez", "gómez", -1},
		{"prefijo_primero", "Gómez", "Gómez Ríos", -1},
		{"identicos", "Ñandú", "Ñandú", 0},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := CompararNombres(c.a, c.b); got != c.quiere {
				t.Fatalf("CompararNombres(%q, %q) = %d, quiere %d", c.a, c.b, got, c.quiere)
			}
			if got := CompararNombres(c.b, c.a); got != -c.quiere {
				t.Fatalf("CompararNombres(%q, %q) = %d, quiere %d (no es simétrica)", c.b, c.a, got, -c.quiere)
			}
		})
	}
	lista := []string{"Guadalupe", "Castaño", "Ñandú S.A.S.", "Gómez", "Cañón", "Nuñez", "Ávila", "Nunez", "Oviedo", "castro"}
	slices.SortFunc(lista, CompararNombres)
	quiere := []string{"Ávila", "Cañón", "Castaño", "castro", "Gómez", "Guadalupe", "Nunez", "Nuñez", "Ñandú S.A.S.", "Oviedo"}
	if !slices.Equal(lista, quiere) {
		t.Fatalf("orden = %q\nquiere  %q", lista, quiere)
	}
}
