// Package turnos builds pages in turns: at most a few GET requests build
// their page at once, the others wait in line (see Turnos).
package turnos

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"time"

	"comite/internal/web/buferes"
	"comite/internal/web/urls"

	"github.com/labstack/echo/v4"
)

// Pages are built in turns: at most a few GET requests build their page at
// once, the others wait in line, first come first served.
//
// Building a page is CPU work (reading SQLite, the core, templ). With every
// request building at once, 20 requests on 2 cores shared the processors in
// no order of arrival, and a case page that costs about 1,5 ms of CPU took
// up to 50 ms in the server at p99. In turns the same work is done in the
// order it arrived and the wait is the queue's, about the same for everyone:
// with the same pages per second, the p99 of the case pages at 20 clients
// went from 61 to 43 ms (docs/rendimiento.md, «Páginas web bajo carga»).
//
// A turn is only for building: the page is kept in memory while it is
// built (up to MaxEnTurno bytes) and sent to the client after the turn is
// given back, so a client that reads slowly never holds one. A larger body
// (an export) gives its turn back as soon as it passes that size and is
// sent as it is written. A page that waits for a computation it does not do
// (the screening of a year that another request started) gives its turn
// back while it waits (FueraDeTurno). Requests with a body (POST: forms and
// uploads, read from the client) take no turn, nor the embedded static
// files and /healthz. A request that waits more than EsperaTurno gets 503
// with Retry-After (the server is saturated), or ends if its client leaves.
// An HTML page or a CSV export goes compressed with gzip when the client
// accepts it (comprimir), compressed after the turn is given back.
type Turnos struct {
	cupo chan struct{}
	// Espera is how long a request waits for its turn (EsperaTurno).
	Espera time.Duration
	// sinTurno is the error of a request that waited Espera in vain.
	sinTurno error
}

const (
	EsperaTurno = 10 * time.Second
	MaxEnTurno  = 1 << 20
)

// Nuevos gives n turns; n <= 0: two per processor Go uses. A request that
// gets no turn within Espera ends with sinTurno (its page is the caller's).
func Nuevos(n int, sinTurno error) *Turnos {
	if n <= 0 {
		n = 2 * runtime.GOMAXPROCS(0)
	}
	return &Turnos{cupo: make(chan struct{}, n), Espera: EsperaTurno, sinTurno: sinTurno}
}

func enTurno(req *http.Request) bool {
	if req.Method != http.MethodGet && req.Method != http.MethodHead {
		return false
	}
	p := req.URL.Path
	return !strings.HasPrefix(p, urls.PrefijoEstatico) && p != urls.Salud
}

// Middleware builds each GET page in a turn; with no Turnos (nil) every
// request goes straight on.
func (t *Turnos) Middleware(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if t == nil || !enTurno(req) {
			return next(c)
		}
		tt := &turnoTomado{t: t}
		if err := tt.tomar(req.Context()); err != nil {
			return err
		}
		c.SetRequest(req.WithContext(context.WithValue(req.Context(), claveTurno{}, tt)))
		res := c.Response()
		w := &escritorEnTurno{destino: res.Writer, buf: buferes.Tomar(), turno: tt, aceptaGzip: aceptaGzip(req)}
		res.Writer = w
		defer func() {
			tt.devolver()
			res.Writer = w.destino
			if p := recover(); p != nil {
				// Half a page is not sent: when nothing reached the client
				// yet, the response is as new and the panic guard (package middleware) answers the
				// panic with its 500 page.
				if !w.enviado {
					res.Committed, res.Status, res.Size = false, http.StatusOK, 0
				}
				buferes.Devolver(w.buf)
				panic(p)
			}
			w.vaciar()
			w.cerrar()
			buferes.Devolver(w.buf)
		}()
		return next(c)
	}
}

// turnoTomado is the turn of one request, used only by the goroutine that
// serves it.
type turnoTomado struct {
	t      *Turnos
	tomado bool // holds a place in t.cupo
}

type claveTurno struct{}

// tomar waits in line for a place: the sinTurno error past the wait, or the
// context's error when the client leaves.
func (tt *turnoTomado) tomar(ctx context.Context) error {
	limite := time.NewTimer(tt.t.Espera)
	defer limite.Stop()
	select {
	case tt.t.cupo <- struct{}{}:
		tt.tomado = true
		return nil
	case <-limite.C:
		return tt.t.sinTurno
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (tt *turnoTomado) devolver() {
	if tt.tomado {
		<-tt.t.cupo
		tt.tomado = false
	}
}

// SinTurno is ctx without the request's turn, for work that runs in
// another goroutine (a computation that outlives the request).
func SinTurno(ctx context.Context) context.Context {
	return context.WithValue(ctx, claveTurno{}, (*turnoTomado)(nil))
}

// FueraDeTurno runs esperar, a wait that builds nothing (for a computation
// another request started, such as the screening of a year after an
// import), with the request's turn given back, and takes a turn again,
// in line, before the page goes on. Outside a turn it just runs esperar.
func FueraDeTurno(ctx context.Context, esperar func() error) error {
	tt, _ := ctx.Value(claveTurno{}).(*turnoTomado)
	if tt == nil || !tt.tomado {
		return esperar()
	}
	tt.devolver()
	if err := esperar(); err != nil {
		return err
	}
	return tt.tomar(ctx)
}

// escritorEnTurno keeps what the page writes while it holds its turn, its
// status too; past MaxEnTurno it gives the turn back and writes straight to
// the client.
type escritorEnTurno struct {
	destino http.ResponseWriter
	buf     *bytes.Buffer // from buferes, empty when given back
	codigo  int           // the status the page wrote, not sent yet (0: none)
	enviado bool          // the status and what was kept went to destino
	directo bool
	turno   *turnoTomado
	// aceptaGzip: the client said Accept-Encoding: gzip.
	aceptaGzip bool
	// gz compresses what goes to destino once the body was chosen to go
	// compressed (nil: it goes as it is).
	gz *gzip.Writer
}

func (w *escritorEnTurno) Header() http.Header { return w.destino.Header() }

func (w *escritorEnTurno) WriteHeader(codigo int) {
	if w.enviado {
		w.destino.WriteHeader(codigo)
		return
	}
	if w.codigo == 0 {
		w.codigo = codigo
	}
}

func (w *escritorEnTurno) Write(b []byte) (int, error) {
	if w.directo {
		return w.salida().Write(b)
	}
	if w.buf.Len()+len(b) <= MaxEnTurno {
		return w.buf.Write(b)
	}
	w.turno.devolver() // for good: FueraDeTurno takes no turn back for it
	w.directo = true
	if err := w.vaciar(); err != nil {
		return 0, err
	}
	return w.salida().Write(b)
}

// vaciar sends the status and what was kept. The first time it decides
// whether the body goes compressed (comprimir).
func (w *escritorEnTurno) vaciar() error {
	if !w.enviado {
		w.enviado = true
		w.comprimir()
		if w.codigo != 0 {
			w.destino.WriteHeader(w.codigo)
		}
	}
	if w.buf.Len() == 0 {
		return nil
	}
	_, err := w.salida().Write(w.buf.Bytes())
	w.buf.Reset()
	return err
}

// salida is where the body goes: through gzip once comprimir chose it.
func (w *escritorEnTurno) salida() io.Writer {
	if w.gz != nil {
		return w.gz
	}
	return w.destino
}

// minComprimir is the smallest body sent compressed: below it gzip's own
// header and the work cost more than the bytes saved.
const minComprimir = 1024

// comprimir chooses, before the status goes out, whether the body goes
// compressed with gzip: HTML pages and CSV exports of at least
// minComprimir bytes (or larger than MaxEnTurno, sent as they are
// written), when the client accepts gzip. XLSX and PDF are compressed
// already and go as they are. These bodies vary with Accept-Encoding,
// whatever the client asked, so caches are told so (Vary). The
// compressed form is another representation: an ETag the page set gets
// "-gzip" inside its quotes, so a cache never takes one for the other.
func (w *escritorEnTurno) comprimir() {
	hd := w.destino.Header()
	if !compresible(hd.Get("Content-Type")) || hd.Get("Content-Encoding") != "" ||
		w.codigo == http.StatusNoContent || w.codigo == http.StatusNotModified || (w.codigo >= 100 && w.codigo < 200) {
		return
	}
	hd.Add("Vary", "Accept-Encoding")
	if !w.aceptaGzip || (!w.directo && w.buf.Len() < minComprimir) {
		return
	}
	hd.Set("Content-Encoding", "gzip")
	hd.Del("Content-Length")
	if et := hd.Get("ETag"); strings.HasSuffix(et, `"`) {
		hd.Set("ETag", strings.TrimSuffix(et, `"`)+`-gzip"`)
	}
	w.gz = gzips.Get().(*gzip.Writer)
	w.gz.Reset(w.destino)
}

// cerrar ends the compressed body (gzip's trailer) and gives its writer back.
func (w *escritorEnTurno) cerrar() error {
	if w.gz == nil {
		return nil
	}
	err := w.gz.Close()
	w.gz.Reset(nil)
	gzips.Put(w.gz)
	w.gz = nil
	return err
}

func compresible(tipo string) bool {
	tipo = strings.ToLower(tipo)
	return strings.HasPrefix(tipo, "text/html") || strings.HasPrefix(tipo, "text/csv")
}

// aceptaGzip tells whether the request accepts gzip (Accept-Encoding, RFC
// 9110 §12.5.3): named, or "*", with a weight other than q=0.
func aceptaGzip(req *http.Request) bool {
	for _, v := range req.Header.Values("Accept-Encoding") {
		for _, parte := range strings.Split(v, ",") {
			nombre, params, _ := strings.Cut(parte, ";")
			nombre = strings.ToLower(strings.TrimSpace(nombre))
			if nombre != "gzip" && nombre != "x-gzip" && nombre != "*" {
				continue
			}
			q := strings.ReplaceAll(strings.ToLower(params), " ", "")
			if q == "q=0" || strings.HasPrefix(q, "q=0.") && strings.Trim(q[len("q=0."):], "0") == "" {
				return false
			}
			return true
		}
	}
	return false
}

// gzips are reused gzip writers: each one holds some hundreds of kilobytes
// of tables.
var gzips = sync.Pool{New: func() any {
	gz, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression)
	return gz
}}

// Flush sends what was kept and what the client's connection holds: a
// response that flushes on purpose wants its bytes on the network now.
func (w *escritorEnTurno) Flush() {
	w.vaciar()
	if w.gz != nil {
		w.gz.Flush()
	}
	if f, ok := w.destino.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w *escritorEnTurno) Unwrap() http.ResponseWriter { return w.destino }

// ConTurno tells whether ctx carries a request's turn (taken or given back).
func ConTurno(ctx context.Context) bool {
	tt, _ := ctx.Value(claveTurno{}).(*turnoTomado)
	return tt != nil
}

// Tomados is how many turns are taken now.
func (t *Turnos) Tomados() int { return len(t.cupo) }

// Tomar waits in line for a turn outside any request, as a page would, and
// gives the function that gives it back.
func (t *Turnos) Tomar(ctx context.Context) (devolver func(), err error) {
	tt := &turnoTomado{t: t}
	if err := tt.tomar(ctx); err != nil {
		return nil, err
	}
	return tt.devolver, nil
}
