package buferes

import (
	"bytes"
	"runtime"
	"testing"
)

func TestBuferes(t *testing.T) {
	// Only this test uses the package's buffers: drain what it may hold.
	for len(libres) > 0 {
		<-libres
	}
	casos := []struct {
		nombre   string
		cap      int
		guardado bool
	}{
		{"página común", 64 << 10, true},
		{"en el máximo", MaxReutilizable, true},
		{"mayor que el máximo", MaxReutilizable + 1, false},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			b := Tomar()
			b.Grow(c.cap)
			b.WriteString("contenido")
			if b.Cap() > MaxReutilizable != !c.guardado {
				t.Fatalf("Grow dio %d bytes de capacidad", b.Cap())
			}
			Devolver(b)
			runtime.GC() // a sync.Pool would lose it here
			runtime.GC()
			otro := Tomar()
			if (otro == b) != c.guardado {
				t.Fatalf("reutilizado = %v, se esperaba %v", otro == b, c.guardado)
			}
			if otro.Len() != 0 {
				t.Fatalf("el búfer devuelto no está vacío: %q", otro.String())
			}
			Devolver(otro)
			for len(libres) > 0 {
				<-libres
			}
		})
	}
	t.Run("cupo lleno", func(t *testing.T) {
		var bs []*bytes.Buffer
		for range Cupo + 5 {
			bs = append(bs, new(bytes.Buffer))
		}
		for _, b := range bs {
			Devolver(b)
		}
		if len(libres) != Cupo {
			t.Fatalf("%d guardados, cupo %d", len(libres), Cupo)
		}
		Devolver(nil)
	})
}
