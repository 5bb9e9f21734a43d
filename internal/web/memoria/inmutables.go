package memoria

import "sync"

// Inmutables keeps what is built from records that never change once stored
// (the stored evaluations of cases: the database refuses UPDATE and DELETE
// on evaluaciones), so no data version applies: an entry is used only while
// the record it was built from is the same (vigente). At most max entries
// are kept; past it any one leaves (they are cheap to build again).
type Inmutables[V any] struct {
	mu       sync.Mutex
	entradas map[int64]V
	max      int

	// SinCache: every lookup builds again and nothing is kept (the web's
	// Config.SinCachePaginas).
	SinCache bool
}

// NuevosInmutables keeps at most max values.
func NuevosInmutables[V any](max int) *Inmutables[V] {
	return &Inmutables[V]{entradas: map[int64]V{}, max: max}
}

// Obtener is the value kept for id when vigente accepts it; otherwise
// construir builds it, and it is kept.
func (c *Inmutables[V]) Obtener(id int64, vigente func(V) bool, construir func() (V, error)) (V, error) {
	c.mu.Lock()
	x, ok := c.entradas[id]
	c.mu.Unlock()
	if ok && !c.SinCache && vigente(x) {
		return x, nil
	}
	x, err := construir()
	if err != nil || c.SinCache {
		return x, err
	}
	c.mu.Lock()
	if len(c.entradas) >= c.max {
		for k := range c.entradas { // any one out: they are cheap to build again
			delete(c.entradas, k)
			break
		}
	}
	c.entradas[id] = x
	c.mu.Unlock()
	return x, nil
}
