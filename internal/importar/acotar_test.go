package importar

import (
	"comite/internal/importar/filas"
	"strconv"
	"strings"
	"testing"
)

// Problems found elsewhere (the database's checks) are bounded the same
// way: the first MaxProblemas by row, then one line per column with the
// count and the rows of the rest.
func TestAcotar(t *testing.T) {
	var ps []filas.Problema
	for i := 1000; i >= 1; i-- { // out of order: the first ones by row are kept
		ps = append(ps, filas.Problema{Fila: i + 1, Campo: "nit", Mensaje: "el NIT " + strconv.Itoa(i) + " no está registrado"})
	}
	ps = append(ps, filas.Problema{Fila: 5, Campo: "valor", Mensaje: "monto inválido"})
	got := Acotar(ps)
	if len(got) != MaxProblemas+1 {
		t.Fatalf("%d problemas, quiere %d", len(got), MaxProblemas+1)
	}
	if got[0].Fila != 2 || got[MaxProblemas-1].Fila != MaxProblemas {
		t.Fatalf("no son los primeros por fila: %v … %v", got[0], got[MaxProblemas-1])
	}
	r := got[MaxProblemas]
	if r.Campo != "nit" || !strings.HasPrefix(r.Mensaje, "y 801 problemas más del mismo tipo en las filas 201 a 1.001 (el primero: el NIT 200 no está registrado)") {
		t.Fatalf("resumen: %+v", r)
	}
	if corta := ps[:10]; len(Acotar(corta)) != 10 {
		t.Fatal("una lista corta cambió")
	}
}
