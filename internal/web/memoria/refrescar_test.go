package memoria

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"

	"comite/internal/db"
)

type clavePagina struct{ pagina int }

func (clavePagina) PorObjeto()          {}
func (k clavePagina) Refrescable() bool { return k.pagina == 1 }

type claveOtra struct{}

// After a write of customs data, Refrescar computes again — in the
// background, from the previous value when it has one — the screenings and
// the keys that say they are refreshable, and nothing else; with no write,
// nothing.
func TestRefrescar_recalculaTrasEscribirSoloLoRefrescable(t *testing.T) {
	ctx := context.Background()
	d, err := db.Open(ctx, filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	m := Nueva(d)
	var tamizajes, pagina1, pagina2, otra atomic.Int32
	var anteriores []any
	calcularTamizaje := func(_ context.Context, anterior any, _ int64) (any, error) {
		anteriores = append(anteriores, anterior)
		return tamizajes.Add(1), nil
	}
	contar := func(n *atomic.Int32) func(context.Context) (any, error) {
		return func(context.Context) (any, error) { return n.Add(1), nil }
	}
	leer := func() {
		t.Helper()
		if _, err := m.ObtenerDesde(ctx, Tamizaje{Anio: 2026}, calcularTamizaje); err != nil {
			t.Fatal(err)
		}
		for _, x := range []struct {
			k any
			n *atomic.Int32
		}{{clavePagina{1}, &pagina1}, {clavePagina{2}, &pagina2}, {claveOtra{}, &otra}} {
			if _, err := m.Obtener(ctx, x.k, contar(x.n)); err != nil {
				t.Fatal(err)
			}
		}
	}
	refrescar := func() {
		t.Helper()
		esperar, err := m.Refrescar(ctx)
		if err != nil {
			t.Fatal(err)
		}
		esperar()
	}
	leer()
	refrescar() // nothing changed: nothing computed
	if tamizajes.Load() != 1 || pagina1.Load() != 1 || pagina2.Load() != 1 || otra.Load() != 1 {
		t.Fatalf("sin escritura: %d, %d, %d, %d cálculos; se esperaba uno de cada uno", tamizajes.Load(), pagina1.Load(), pagina2.Load(), otra.Load())
	}
	if _, err := d.Exec(`INSERT INTO usuarios_aduaneros(nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES ('900100001-1', 'Uno', 'agencia_de_aduanas', 'x', 'x', 'x')`); err != nil {
		t.Fatal(err)
	}
	refrescar()
	if tamizajes.Load() != 2 || pagina1.Load() != 2 || pagina2.Load() != 1 || otra.Load() != 1 {
		t.Fatalf("tras escribir: %d tamizajes, %d y %d páginas, %d otras; se esperaban 2, 2, 1 y 1", tamizajes.Load(), pagina1.Load(), pagina2.Load(), otra.Load())
	}
	if len(anteriores) != 2 || anteriores[0] != nil || anteriores[1] != int32(1) {
		t.Fatalf("el tamizaje se calculó desde %v; se esperaba [nil 1] (el segundo desde el primero)", anteriores)
	}
	leer() // what was refreshed is served as is
	if tamizajes.Load() != 2 || pagina1.Load() != 2 || pagina2.Load() != 2 || otra.Load() != 2 {
		t.Fatalf("al leer: %d, %d, %d, %d cálculos; se esperaban 2 de cada uno", tamizajes.Load(), pagina1.Load(), pagina2.Load(), otra.Load())
	}
}

// Esperar returns once every computation running when it was called is
// done (a benchmark reads what is held only after the background work a
// page started, as the portfolio of Inicio).
func TestEsperar_esperaLoQueSeCalculaEnSegundoPlano(t *testing.T) {
	m := Nueva(nil)
	ctx := ConVersiones(context.Background(), 1, 1)
	soltar := make(chan struct{})
	if _, listo, err := m.Consultar(ctx, claveOtra{}, func(context.Context) (any, error) { <-soltar; return 7, nil }); listo || err != nil {
		t.Fatalf("listo = %v, err = %v: quiere el cálculo en segundo plano", listo, err)
	}
	hecho := make(chan struct{})
	go func() { m.Esperar(); close(hecho) }()
	select {
	case <-hecho:
		t.Fatal("Esperar volvió antes de terminar el cálculo")
	default:
	}
	close(soltar)
	<-hecho
	if v, listo, err := m.Consultar(ctx, claveOtra{}, nil); !listo || err != nil || v != 7 {
		t.Fatalf("tras Esperar: %v, %v, %v", v, listo, err)
	}
}
