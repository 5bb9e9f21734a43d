// Package buferes keeps the page buffers the server reuses: a page is tens to
// hundreds of kilobytes, and growing a new buffer for each request was a good
// part of the garbage under load.
//
// The buffers are kept in a fixed number of places rather than in a
// sync.Pool: a pool is emptied by the garbage collector, and the first pages
// after a heavy computation (the screening brought up to date after an
// import) paid for growing their buffers again. At most Cupo buffers of at
// most MaxReutilizable bytes each are kept, so what they hold is bounded.
package buferes

import "bytes"

const (
	// Cupo is how many idle buffers are kept.
	Cupo = 32
	// MaxReutilizable is the largest capacity kept: a huge page's buffer is
	// left to the collector.
	MaxReutilizable = 1 << 20
)

var libres = make(chan *bytes.Buffer, Cupo)

// Tomar gives an empty buffer, reused when one is idle.
func Tomar() *bytes.Buffer {
	select {
	case b := <-libres:
		return b
	default:
		return new(bytes.Buffer)
	}
}

// Devolver empties b and keeps it for the next request, unless it is too
// large or Cupo buffers are already idle. b must not be used afterwards.
func Devolver(b *bytes.Buffer) {
	if b == nil || b.Cap() > MaxReutilizable {
		return
	}
	b.Reset()
	select {
	case libres <- b:
	default:
	}
}
