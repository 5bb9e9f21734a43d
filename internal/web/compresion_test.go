package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/labstack/echo/v4"
)

// pedirCon sends a GET or HEAD with the session and the Accept-Encoding given.
func (e *entorno) pedirCon(metodo, ruta string, s *sesion, aceptar string) *httptest.ResponseRecorder {
	e.t.Helper()
	req := httptest.NewRequest(metodo, ruta, nil)
	req.RemoteAddr = "127.0.0.1:5555"
	if aceptar != "" {
		req.Header.Set("Accept-Encoding", aceptar)
	}
	req.AddCookie(&http.Cookie{Name: cookieSesion, Value: s.token})
	rec := httptest.NewRecorder()
	e.app.ServeHTTP(rec, req)
	return rec
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

// An HTML page and a CSV export go compressed when the client accepts
// gzip, with Vary, and decompress to the same body sent without
// Accept-Encoding; HEAD has the headers of the GET and no body.
func TestCompresion_paginasYCSV(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarListaGrande()
	s := e.ingresar("secretaria")
	for _, c := range []struct{ ruta, tipo string }{
		{"/casos", "text/html"},
		{"/casos/exportar.csv", "text/csv"},
	} {
		plano := e.pedirCon(http.MethodGet, c.ruta, &s, "")
		comprimido := e.pedirCon(http.MethodGet, c.ruta, &s, "br, gzip;q=0.8")
		if plano.Code != http.StatusOK || comprimido.Code != http.StatusOK {
			t.Fatalf("%s: %d y %d", c.ruta, plano.Code, comprimido.Code)
		}
		if !strings.HasPrefix(comprimido.Header().Get("Content-Type"), c.tipo) {
			t.Fatalf("%s: Content-Type %q", c.ruta, comprimido.Header().Get("Content-Type"))
		}
		if plano.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s sin Accept-Encoding: Content-Encoding %q", c.ruta, plano.Header().Get("Content-Encoding"))
		}
		if comprimido.Header().Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s con gzip: Content-Encoding %q", c.ruta, comprimido.Header().Get("Content-Encoding"))
		}
		for _, rec := range []*httptest.ResponseRecorder{plano, comprimido} {
			if rec.Header().Get("Vary") != "Accept-Encoding" {
				t.Errorf("%s: Vary %q", c.ruta, rec.Header().Values("Vary"))
			}
		}
		if comprimido.Body.Len() >= plano.Body.Len() {
			t.Errorf("%s: comprimido %d bytes, plano %d", c.ruta, comprimido.Body.Len(), plano.Body.Len())
		}
		if descomprimir(t, comprimido.Body.Bytes()) != plano.Body.String() {
			t.Errorf("%s: el cuerpo descomprimido difiere del plano", c.ruta)
		}
		head := e.pedirCon(http.MethodHead, c.ruta, &s, "gzip")
		if head.Code != http.StatusOK || head.Body.Len() != 0 || head.Header().Get("Content-Encoding") != "gzip" {
			t.Errorf("HEAD %s: %d, %d bytes, Content-Encoding %q", c.ruta, head.Code, head.Body.Len(), head.Header().Get("Content-Encoding"))
		}
	}
	// gzip refused with q=0 is not used.
	if rec := e.pedirCon(http.MethodGet, "/casos", &s, "gzip;q=0, identity"); rec.Header().Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0: Content-Encoding %q", rec.Header().Get("Content-Encoding"))
	}
}

// A small body, a PDF-like binary body and a 304 go as they are; a page's
// ETag changes for its compressed form; a body larger than the turn's
// buffer, sent as it is written, goes compressed whole.
func TestCompresion_queSeComprime(t *testing.T) {
	grande := strings.Repeat("caso;fecha;monto\n", 2*maxEnTurno/17)
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
