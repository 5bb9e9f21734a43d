package turnos

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
)

// servidorDeTurnos is an echo with only the turns middleware (n turns, a
// wait of espera) and the routes given, served on loopback.
func servidorDeTurnos(t *testing.T, n int, espera time.Duration, rutas func(e *echo.Echo)) *httptest.Server {
	t.Helper()
	tt := Nuevos(n, errors.New("sin turno"))
	tt.Espera = espera
	e := echo.New()
	e.Use(tt.Middleware)
	rutas(e)
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	return srv
}

func pedir(t *testing.T, metodo, url string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(metodo, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// With one turn, two GET pages are never built at once, and both are served
// whole.
func TestTurnos_nuncaDosPaginasALaVez(t *testing.T) {
	var dentro, maximo atomic.Int32
	srv := servidorDeTurnos(t, 1, time.Minute, func(e *echo.Echo) {
		e.GET("/pagina", func(c echo.Context) error {
			n := dentro.Add(1)
			for m := maximo.Load(); n > m && !maximo.CompareAndSwap(m, n); m = maximo.Load() {
			}
			time.Sleep(5 * time.Millisecond)
			dentro.Add(-1)
			return c.String(http.StatusOK, strings.Repeat("página ", 1000))
		})
	})
	hecho := make(chan string, 8)
	for range 8 {
		go func() {
			_, cuerpo := pedir(t, http.MethodGet, srv.URL+"/pagina")
			hecho <- cuerpo
		}()
	}
	for range 8 {
		if c := <-hecho; c != strings.Repeat("página ", 1000) {
			t.Fatalf("cuerpo incompleto: %d bytes", len(c))
		}
	}
	if m := maximo.Load(); m != 1 {
		t.Fatalf("%d páginas se construyeron a la vez con un turno", m)
	}
}

// A body larger than MaxEnTurno gives its turn back as soon as it passes
// that size: a client that reads an export slowly (here: not at all until
// the end) does not keep the next page from being built.
func TestTurnos_cuerpoGrandeDevuelveElTurno(t *testing.T) {
	escrito, soltar := make(chan struct{}), make(chan struct{})
	grande := strings.Repeat("x", MaxEnTurno+1)
	srv := servidorDeTurnos(t, 1, 5*time.Second, func(e *echo.Echo) {
		e.GET("/exportar", func(c echo.Context) error {
			c.Response().WriteHeader(http.StatusOK)
			if _, err := io.WriteString(c.Response(), grande); err != nil {
				return err
			}
			close(escrito)
			<-soltar
			_, err := io.WriteString(c.Response(), "fin")
			return err
		})
		e.GET("/otra", func(c echo.Context) error { return c.String(http.StatusOK, "otra") })
	})
	liberar := sync.OnceFunc(func() { close(soltar) })
	t.Cleanup(liberar) // before the server's Close, which waits for /exportar
	exportado := make(chan string)
	go func() {
		_, c := pedir(t, http.MethodGet, srv.URL+"/exportar")
		exportado <- c
	}()
	<-escrito
	if res, c := pedir(t, http.MethodGet, srv.URL+"/otra"); res.StatusCode != http.StatusOK || c != "otra" {
		t.Fatalf("con una exportación grande en curso: %d %q", res.StatusCode, c)
	}
	liberar()
	if c := <-exportado; c != grande+"fin" {
		t.Fatalf("la exportación llegó con %d bytes, no %d", len(c), len(grande)+3)
	}
}

func descomprimir(t *testing.T, b []byte) string {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("el cuerpo no es gzip: %v", err)
	}
	plano, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("gzip incompleto: %v", err)
	}
	return string(plano)
}

// A small body, a PDF-like binary body and a 304 go as they are; a page's
// ETag changes for its compressed form; a body larger than the turn's
// buffer, sent as it is written, goes compressed whole.
func TestCompresion_queSeComprime(t *testing.T) {
	grande := strings.Repeat("caso;fecha;monto\n", 2*MaxEnTurno/17)
	srv := servidorDeTurnos(t, 1, time.Second, func(e *echo.Echo) {
		e.GET("/chica", func(c echo.Context) error { return c.HTML(http.StatusOK, "<p>hola</p>") })
		e.GET("/pdf", func(c echo.Context) error {
			return c.Blob(http.StatusOK, "application/pdf", bytes.Repeat([]byte("%PDF"), 1000))
		})
		e.GET("/etiqueta", func(c echo.Context) error {
			c.Response().Header().Set("ETag", `"v1"`)
			return c.HTML(http.StatusOK, strings.Repeat("<p>hola</p>", 200))
		})
		e.GET("/grande.csv", func(c echo.Context) error {
			c.Response().Header().Set("Content-Type", "text/csv; charset=utf-8")
			c.Response().WriteHeader(http.StatusOK)
			for i := 0; i < len(grande); i += 4096 {
				if _, err := io.WriteString(c.Response(), grande[i:min(i+4096, len(grande))]); err != nil {
					return err
				}
			}
			return nil
		})
	})
	pedirGzip := func(ruta string) (*http.Response, []byte) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodGet, srv.URL+ruta, nil)
		req.Header.Set("Accept-Encoding", "gzip") // set by hand: the client does not decompress
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, b
	}
	for _, ruta := range []string{"/chica", "/pdf"} {
		if res, _ := pedirGzip(ruta); res.Header.Get("Content-Encoding") != "" {
			t.Errorf("%s: Content-Encoding %q", ruta, res.Header.Get("Content-Encoding"))
		}
	}
	if res, _ := pedirGzip("/pdf"); res.Header.Get("Vary") != "" {
		t.Errorf("/pdf: Vary %q", res.Header.Get("Vary"))
	}
	res, b := pedirGzip("/etiqueta")
	if res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("ETag") != `"v1-gzip"` {
		t.Errorf("/etiqueta: Content-Encoding %q, ETag %q", res.Header.Get("Content-Encoding"), res.Header.Get("ETag"))
	}
	if descomprimir(t, b) != strings.Repeat("<p>hola</p>", 200) {
		t.Error("/etiqueta: el cuerpo descomprimido difiere")
	}
	res, b = pedirGzip("/grande.csv")
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("/grande.csv: Content-Encoding %q", res.Header.Get("Content-Encoding"))
	}
	if descomprimir(t, b) != grande {
		t.Error("/grande.csv: el cuerpo descomprimido difiere")
	}
}

func TestCompresion_aceptaGzip(t *testing.T) {
	for v, quiere := range map[string]bool{
		"":                     false,
		"gzip":                 true,
		"GZIP, deflate":        true,
		"br;q=1.0, gzip;q=0.5": true,
		"gzip;q=0":             false,
		"gzip; q=0.000":        false,
		"*":                    true,
		"identity":             false,
		"deflate, br":          false,
	} {
		req := httptest.NewRequest(http.MethodGet, "/", nil)
		if v != "" {
			req.Header.Set("Accept-Encoding", v)
		}
		if aceptaGzip(req) != quiere {
			t.Errorf("Accept-Encoding %q: %v", v, !quiere)
		}
	}
}
