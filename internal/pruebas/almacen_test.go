package pruebas

// The store only stores: internal/db reaches, through its own imports and
// theirs, only the domain's entities and the leaves with no rules of their
// own, and outside the standard library only the SQLite driver, decimal
// amounts and argon2. A rule, a label, a document or a validator that the
// store would call shows up here as a package it reaches.

import (
	"sort"
	"strings"
	"testing"
)

// almacenPuedeLlegar are the packages of the module internal/db may reach.
var almacenPuedeLlegar = map[string]bool{
	"internal/dominio":        true, // the entities it stores and loads
	"internal/fallo":          true, // coded errors
	"internal/fecha":          true, // civil dates
	"internal/nit":            true, // the key of a customs user
	"internal/sancion":        true, // words of the law: gravedad and tipo
	"internal/valores":        true, // dated values (UVT rows) it loads
	"internal/seccionales":    true, // the catalogue of Direcciones Seccionales
	"internal/permisos":       true, // the role type of an account
	"internal/importar/filas": true, // rows of an import, already checked
	"internal/texto":          true, // the normal form of an account name (its unique key)
	"internal/flujo":          true, // the state and decision types of a case (dominio's fields)
}

// almacenPuedeImportar are the outside modules internal/db's closure may
// import (what they pull in themselves is theirs).
var almacenPuedeImportar = map[string]bool{
	"modernc.org/sqlite":            true,
	"github.com/shopspring/decimal": true,
	"golang.org/x/crypto":           true,
	"golang.org/x/text":             true, // NFKC and accents of sancion and texto
}

func TestAlmacenSoloGuarda(t *testing.T) {
	ps := paquetesDelModulo(t)
	modulos := modulosRequeridos(t)
	if _, ok := ps["internal/db"]; !ok {
		t.Fatal("no se encontró internal/db")
	}
	// The closure of internal/db over the packages of the module, with the
	// way each was reached.
	camino := map[string]string{"internal/db": "internal/db"}
	pendientes := []string{"internal/db"}
	for len(pendientes) > 0 {
		r := pendientes[0]
		pendientes = pendientes[1:]
		for _, imp := range ps[r].imports {
			s, ok := strings.CutPrefix(imp, modulo+"/")
			if !ok {
				continue
			}
			if _, visto := camino[s]; !visto {
				camino[s] = camino[r] + " → " + s
				pendientes = append(pendientes, s)
			}
		}
	}
	var sobran []string
	for r := range camino {
		if r != "internal/db" && !almacenPuedeLlegar[r] {
			sobran = append(sobran, camino[r])
		}
	}
	sort.Strings(sobran)
	for _, s := range sobran {
		t.Errorf("internal/db llega a un paquete con reglas, etiquetas o documentos: %s", s)
	}
	var externos []string
	for r := range camino {
		_, ext := importsDe(ps[r], modulos)
		for _, m := range ext {
			if !almacenPuedeImportar[m] {
				externos = append(externos, camino[r]+" → "+m)
			}
		}
	}
	sort.Strings(externos)
	for _, e := range externos {
		t.Errorf("internal/db llega a una biblioteca externa que no es de un almacén: %s", e)
	}
	if len(camino) < 3 {
		t.Fatalf("internal/db llega solo a %d paquetes del módulo: ¿se leyó bien el grafo?", len(camino))
	}
}
