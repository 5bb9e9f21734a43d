package web

import (
	"runtime/debug"
	"sync"
)

// porcentajeGCImportacion is the collector's percentage while a file is
// read, simulated or written (an import, or an export of the screening):
// Go's default, the one `comite importar` runs with. The server otherwise
// lets the heap grow to five times what is alive (cmd/comite), which suits
// pages that leave little garbage but not an import, whose live rows and acts
// already read from the database are hundreds of MB: with 400 a 200.000-row
// file took the server to 1,7 times the peak of the same file through the
// CLI, with 100 to 1,1 times.
const porcentajeGCImportacion = 100

// regulador lowers the collector's percentage while imports are in progress
// and keeps the percentage that was set before the first one began. fijar
// sets the percentage and returns the previous one (debug.SetGCPercent in
// the server).
type regulador struct {
	fijar func(int) int

	mu       sync.Mutex
	enCurso  int
	previo   int
	cambiado bool
}

// recolectorImportacion is the process's regulator.
var recolectorImportacion = &regulador{fijar: debug.SetGCPercent}

// recolectorEstricto lowers the process's collector percentage to
// porcentajeGCImportacion until the returned function is called.
func recolectorEstricto() (restaurar func()) { return recolectorImportacion.estricto() }

// estricto lowers the percentage to porcentajeGCImportacion until the
// returned function is called (each call must be paired with one call of its
// function). Several imports at once share the lowered setting; the last one
// to finish restores what was set before. A percentage already at or below
// it, or the collector turned off (GOGC=off: the operator's word), is left as
// it is.
func (r *regulador) estricto() (restaurar func()) {
	r.mu.Lock()
	if r.enCurso == 0 {
		r.previo = r.fijar(porcentajeGCImportacion)
		r.cambiado = r.previo > porcentajeGCImportacion
		if !r.cambiado {
			r.fijar(r.previo)
		}
	}
	r.enCurso++
	r.mu.Unlock()
	var una sync.Once
	return func() {
		una.Do(func() {
			r.mu.Lock()
			defer r.mu.Unlock()
			if r.enCurso--; r.enCurso == 0 && r.cambiado {
				r.fijar(r.previo)
			}
		})
	}
}
