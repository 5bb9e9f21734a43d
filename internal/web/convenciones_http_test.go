package web

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// HEAD answers every GET route with the GET's status and headers and no
// body, through the same gate (without a session a private page redirects,
// as its GET does).
func TestConvencionesHTTP_head(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("secretaria")
	for _, c := range []struct {
		ruta   string
		sesion *sesion
		estado int
	}{
		{"/healthz", nil, http.StatusOK},
		{"/login", nil, http.StatusOK},
		{"/casos", &s, http.StatusOK},
		{"/casos/exportar.csv", &s, http.StatusOK},
		{"/casos", nil, http.StatusSeeOther},
		{"/no-existe", &s, http.StatusNotFound},
	} {
		get := e.pedir(http.MethodGet, c.ruta, c.sesion, nil)
		head := e.pedir(http.MethodHead, c.ruta, c.sesion, nil)
		if head.Code != c.estado || get.Code != c.estado {
			t.Errorf("%s: HEAD %d, GET %d; quiere %d", c.ruta, head.Code, get.Code, c.estado)
		}
		if head.Body.Len() != 0 {
			t.Errorf("%s: HEAD con cuerpo de %d bytes", c.ruta, head.Body.Len())
		}
		if g, h := get.Header().Get("Content-Type"), head.Header().Get("Content-Type"); g != h {
			t.Errorf("%s: Content-Type de HEAD %q, de GET %q", c.ruta, h, g)
		}
		if g, h := get.Header().Get("Location"), head.Header().Get("Location"); g != h {
			t.Errorf("%s: Location de HEAD %q, de GET %q", c.ruta, h, g)
		}
	}
}

// OPTIONS says the methods of the path, without a session and without a
// redirect to the login; a path that does not exist is 404.
func TestConvencionesHTTP_options(t *testing.T) {
	e := nuevoEntorno(t)
	for _, c := range []struct {
		ruta, allow string
		estado      int
	}{
		{"/healthz", "GET, HEAD, OPTIONS", http.StatusNoContent},
		{"/login", "GET, HEAD, OPTIONS, POST", http.StatusNoContent},
		{"/logout", "OPTIONS, POST", http.StatusNoContent},
		{"/no-existe", "", http.StatusNotFound},
	} {
		rec := e.pedir(http.MethodOptions, c.ruta, nil, nil)
		if rec.Code != c.estado || rec.Header().Get("Allow") != c.allow || rec.Header().Get("Location") != "" {
			t.Errorf("OPTIONS %s: %d, Allow %q, Location %q; quiere %d, Allow %q", c.ruta, rec.Code, rec.Header().Get("Allow"), rec.Header().Get("Location"), c.estado, c.allow)
		}
		if rec.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("OPTIONS %s sin las cabeceras de seguridad: %v", c.ruta, rec.Header())
		}
	}
}

// The gzip form of a static file has its own ETag: a cache never serves one
// representation for the other; each revalidates with its own.
func TestConvencionesHTTP_etagPorRepresentacion(t *testing.T) {
	e := nuevoEntorno(t)
	pedir := func(gzip bool, siNo string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, "/static/app.js", nil)
		if gzip {
			req.Header.Set("Accept-Encoding", "gzip")
		}
		if siNo != "" {
			req.Header.Set("If-None-Match", siNo)
		}
		rec := httptest.NewRecorder()
		e.app.ServeHTTP(rec, req)
		return rec
	}
	plano, comprimido := pedir(false, ""), pedir(true, "")
	ep, ec := plano.Header().Get("ETag"), comprimido.Header().Get("ETag")
	if comprimido.Header().Get("Content-Encoding") != "gzip" || ep == "" || ep == ec {
		t.Fatalf("ETag plano %q, comprimido %q (Content-Encoding %q): deben diferir", ep, ec, comprimido.Header().Get("Content-Encoding"))
	}
	if rec := pedir(true, ec); rec.Code != http.StatusNotModified {
		t.Errorf("revalidación del comprimido: %d", rec.Code)
	}
	if rec := pedir(false, ec); rec.Code != http.StatusOK {
		t.Errorf("el ETag del comprimido valió para el plano: %d", rec.Code)
	}
	if rec := pedir(false, ep); rec.Code != http.StatusNotModified {
		t.Errorf("revalidación del plano: %d", rec.Code)
	}
}
