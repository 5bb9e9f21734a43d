package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
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
