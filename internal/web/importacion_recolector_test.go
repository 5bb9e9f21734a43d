package web

import (
	"testing"
)

// recolectorDePrueba is a collector setting of its own: the test never
// changes the percentage of the process, where other tests run in parallel.
type recolectorDePrueba struct{ porcentaje int }

func (p *recolectorDePrueba) fijar(n int) int {
	antes := p.porcentaje
	p.porcentaje = n
	return antes
}

func TestRecolectorEstricto_bajaDuranteLasImportacionesYRestaura(t *testing.T) {
	t.Parallel()
	casos := []struct {
		nombre  string
		antes   int
		durante int
	}{
		{"servidor (400) baja a la del CLI", 400, porcentajeGCImportacion},
		{"ya más estricto (50) se queda", 50, 50},
		{"recolector apagado (GOGC=off) se queda", -1, -1},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			t.Parallel()
			gc := &recolectorDePrueba{porcentaje: c.antes}
			r := &regulador{fijar: gc.fijar}
			primera := r.estricto()
			if gc.porcentaje != c.durante {
				t.Fatalf("durante una importación: %d, se esperaba %d", gc.porcentaje, c.durante)
			}
			segunda := r.estricto()
			primera()
			primera() // a second call of the same function changes nothing
			if gc.porcentaje != c.durante {
				t.Fatalf("con otra importación aún en curso: %d, se esperaba %d", gc.porcentaje, c.durante)
			}
			segunda()
			if gc.porcentaje != c.antes {
				t.Fatalf("tras la última importación: %d, se esperaba el de antes (%d)", gc.porcentaje, c.antes)
			}
			tercera := r.estricto() // a new import after all ended lowers again
			if gc.porcentaje != c.durante {
				t.Fatalf("una importación más: %d, se esperaba %d", gc.porcentaje, c.durante)
			}
			tercera()
			if gc.porcentaje != c.antes {
				t.Fatalf("tras la importación más: %d, se esperaba %d", gc.porcentaje, c.antes)
			}
		})
	}
}
