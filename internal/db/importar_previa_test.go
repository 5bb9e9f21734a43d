package db

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"testing"

	"comite/internal/importar/filas"
)

func TestNitsDe_distintosEnOrdenYTope(t *testing.T) {
	t.Parallel()
	parte := func(nits ...string) *filas.Lote {
		l := &filas.Lote{}
		for _, n := range nits {
			l.Sanciones = append(l.Sanciones, filas.FilaSancion{NIT: n})
		}
		return l
	}
	casos := []struct {
		nombre string
		partes []*filas.Lote
		max    int
		quiere []string
	}{
		{"repetidos entre partes una vez", []*filas.Lote{parte("1", "2", "1"), parte("3", "2")}, 3, []string{"1", "2", "3"}},
		{"más que el tope: nil (se lee el mapa entero)", []*filas.Lote{parte("1", "2"), parte("3")}, 2, nil},
		{"justo el tope", []*filas.Lote{parte("1", "1", "2")}, 2, []string{"1", "2"}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := nitsDe(c.partes, c.max); !slices.Equal(got, c.quiere) {
				t.Fatalf("%v, se esperaba %v", got, c.quiere)
			}
		})
	}
}

// The previa's map of a file's users is the whole map limited to them, also
// when the NITs take several queries.
func TestMapaNITsDe_igualAlMapaEnteroLimitado(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	ctx := context.Background()
	for i := 1; i <= 700; i++ {
		if _, err := d.Exec(`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en)
			VALUES (?, ?, 'Usuario', 'declarante', 'CARTAGENA', 'x', 'x')`, i, fmt.Sprintf("9%08d-1", i)); err != nil {
			t.Fatal(err)
		}
	}
	entero, err := mapaNITs(ctx, d)
	if err != nil {
		t.Fatal(err)
	}
	var pedidos []string // every third user, and as many unregistered NITs
	for i := 1; i <= 1200; i++ {
		if i%3 == 0 || i > 700 {
			pedidos = append(pedidos, fmt.Sprintf("9%08d-1", i))
		}
	}
	got, err := mapaNITsDe(ctx, d, pedidos)
	if err != nil {
		t.Fatal(err)
	}
	quiere := map[string]int64{}
	for _, n := range pedidos {
		if id, ok := entero[n]; ok {
			quiere[n] = id
		}
	}
	if len(quiere) != 233 || !maps.Equal(got, quiere) {
		t.Fatalf("%d NIT, se esperaban %d", len(got), len(quiere))
	}
}
