package web

import (
	"bytes"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"time"

	"comite/internal/fallo"

	"github.com/labstack/echo/v4"
)

// Pages are built in turns: at most a few GET requests build their page at
// once, the others wait in line, first come first served.
//
// Building a page is CPU work (reading SQLite, the core, templ). With every
// request building at once, 20 requests on 2 cores share the processors in
// no order: the Go scheduler runs the newest first and a page that costs
// 1,5 ms waited up to 50 ms behind the later ones (p99 of the case pages at
// 20 clients). In turns the same work is done in the order it arrived and
// the wait is the queue's, the same for everyone: the same pages per second,
// a third less at p99 (README, «Páginas web bajo carga»).
//
// A turn is only for building: the page is kept in memory while it is
// built (up to maxEnTurno bytes) and sent to the client after the turn is
// given back, so a client that reads slowly never holds one. A larger body
// (an export) gives its turn back as soon as it passes that size and is sent
// as it is written. Requests with a body (POST: forms, uploads, which are
// read from the client) are not in turns, nor the embedded static files and
// /healthz. A request that waits more than esperaTurno gets 503 with
// Retry-After (the server is saturated), or ends if its client leaves.
type turnos struct {
	cupo   chan struct{}
	espera time.Duration
}

const (
	esperaTurno = 10 * time.Second
	maxEnTurno  = 1 << 20
)

// nuevosTurnos gives n turns; n <= 0: two per processor Go uses.
func nuevosTurnos(n int) *turnos {
	if n <= 0 {
		n = 2 * runtime.GOMAXPROCS(0)
	}
	return &turnos{cupo: make(chan struct{}, n), espera: esperaTurno}
}

func enTurno(req *http.Request) bool {
	if req.Method != http.MethodGet && req.Method != http.MethodHead {
		return false
	}
	p := req.URL.Path
	return !strings.HasPrefix(p, "/static/") && p != "/healthz"
}

// errSinTurno: no turn came within esperaTurno.
var errSinTurno = fallo.Nuevo(fallo.Ocupado, "El servidor está atendiendo muchas solicitudes a la vez. Intente de nuevo en unos segundos.")

func (h *handler) turno(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		t := h.turnos
		req := c.Request()
		if t == nil || !enTurno(req) {
			return next(c)
		}
		limite := time.NewTimer(t.espera)
		select {
		case t.cupo <- struct{}{}:
			limite.Stop()
		case <-limite.C:
			return errSinTurno
		case <-req.Context().Done():
			limite.Stop()
			return req.Context().Err()
		}
		res := c.Response()
		w := &escritorEnTurno{destino: res.Writer, buf: buferes.Get().(*bytes.Buffer)}
		w.devolver = sync.OnceFunc(func() { <-t.cupo })
		res.Writer = w
		defer func() {
			w.devolver()
			res.Writer = w.destino
			w.vaciar()
			buferes.Put(w.buf)
		}()
		return next(c)
	}
}

// escritorEnTurno keeps what the page writes while it holds its turn; past
// maxEnTurno it gives the turn back and writes straight to the client.
type escritorEnTurno struct {
	destino  http.ResponseWriter
	buf      *bytes.Buffer // from buferes, empty when given back
	directo  bool
	devolver func()
}

func (w *escritorEnTurno) Header() http.Header { return w.destino.Header() }

func (w *escritorEnTurno) WriteHeader(codigo int) { w.destino.WriteHeader(codigo) }

func (w *escritorEnTurno) Write(b []byte) (int, error) {
	if w.directo {
		return w.destino.Write(b)
	}
	if w.buf.Len()+len(b) <= maxEnTurno {
		return w.buf.Write(b)
	}
	w.devolver()
	w.directo = true
	if err := w.vaciar(); err != nil {
		return 0, err
	}
	return w.destino.Write(b)
}

// vaciar sends what was kept.
func (w *escritorEnTurno) vaciar() error {
	if w.buf.Len() == 0 {
		return nil
	}
	_, err := w.destino.Write(w.buf.Bytes())
	w.buf.Reset()
	return err
}

// Flush sends what was kept and what the client's connection holds: a
// response that flushes on purpose wants its bytes on the network now.
func (w *escritorEnTurno) Flush() {
	w.vaciar()
	if f, ok := w.destino.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w *escritorEnTurno) Unwrap() http.ResponseWriter { return w.destino }
