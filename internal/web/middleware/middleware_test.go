package middleware

import (
	"bytes"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

// One request through the four: it gets an id, sent back and logged; the
// security headers (HSTS only with TLS); a panic becomes a 500 with its
// stack in the log, and the log line has the status the client got.
func TestMiddleware_idCabecerasPanicoYRegistro(t *testing.T) {
	var log bytes.Buffer
	l := slog.New(slog.NewTextHandler(&log, nil))
	for _, tls := range []bool{false, true} {
		log.Reset()
		e := echo.New()
		e.Use(Identificar, Registrar(l, func(echo.Context) string { return "secretaria" }), Recuperar(l), Cabeceras(tls))
		var id string
		e.GET("/panico", func(c echo.Context) error {
			id = ID(c)
			panic("falla")
		})
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/panico", nil))
		if rec.Code != http.StatusInternalServerError || id == "" || rec.Header().Get(echo.HeaderXRequestID) != id {
			t.Fatalf("tls=%v: %d, id %q, X-Request-Id %q", tls, rec.Code, id, rec.Header().Get(echo.HeaderXRequestID))
		}
		if rec.Header().Get("Content-Security-Policy") != PoliticaContenido || rec.Header().Get("Cache-Control") != "no-store" ||
			(rec.Header().Get("Strict-Transport-Security") != "") != tls {
			t.Fatalf("tls=%v: cabeceras %v", tls, rec.Header())
		}
		for _, quiere := range []string{"pánico", "pila=", "estado=500", "cuenta=secretaria", "id=" + id} {
			if !strings.Contains(log.String(), quiere) {
				t.Fatalf("tls=%v: el registro no tiene %q: %s", tls, quiere, log.String())
			}
		}
	}
	// http.ErrAbortHandler is not a page: it goes on up.
	defer func() {
		if r, _ := recover().(error); !errors.Is(r, http.ErrAbortHandler) {
			t.Fatalf("recuperar se tragó ErrAbortHandler: %v", r)
		}
	}()
	Recuperar(l)(func(echo.Context) error { panic(http.ErrAbortHandler) })(echo.New().NewContext(httptest.NewRequest(http.MethodGet, "/", nil), httptest.NewRecorder()))
}
