package web

import (
	"runtime/debug"
	"testing"
)

// porcentajeGC reads the collector's percentage without changing it.
func porcentajeGC() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

func TestRecolectorEstricto_bajaDuranteLasImportacionesYRestaura(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
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
			debug.SetGCPercent(c.antes)
			primera := recolectorEstricto()
			if p := porcentajeGC(); p != c.durante {
				t.Fatalf("durante una importación: %d, se esperaba %d", p, c.durante)
			}
			segunda := recolectorEstricto()
			primera()
			primera() // a second call of the same function changes nothing
			if p := porcentajeGC(); p != c.durante {
				t.Fatalf("con otra importación aún en curso: %d, se esperaba %d", p, c.durante)
			}
			segunda()
			if p := porcentajeGC(); p != c.antes {
				t.Fatalf("tras la última importación: %d, se esperaba el de antes (%d)", p, c.antes)
			}
		})
	}
}
