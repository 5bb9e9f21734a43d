package web

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"comite/internal/web/turnos"

	"github.com/labstack/echo/v4"
)

// conTurnos is an echo with only the turns middleware (n turns, a wait of
// espera), the application's error pages and the routes given.
func conTurnos(n int, espera time.Duration, rutas func(e *echo.Echo)) *echo.Echo {
	h := &handler{log: slog.New(slog.NewTextHandler(io.Discard, nil)), turnos: turnos.Nuevos(n, errSinTurno)}
	h.turnos.Espera = espera
	e := echo.New()
	e.HTTPErrorHandler = h.manejarError
	e.Use(h.turnos.Middleware)
	rutas(e)
	return e
}

// servir answers one request without a session and gives its response and body.
func servir(e *echo.Echo, metodo, ruta string) (*http.Response, string) {
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, httptest.NewRequest(metodo, ruta, nil))
	return rec.Result(), rec.Body.String()
}

// While the only turn is held, a POST (a form, an upload: read from the
// client) and the static files are still served; another GET waits, and
// past the wait gets 503 with Retry-After.
func TestTurnos_postYEstaticosSinTurno_esperaLimitada(t *testing.T) {
	soltar, adentro := make(chan struct{}), make(chan struct{})
	app := conTurnos(1, 50*time.Millisecond, func(e *echo.Echo) {
		e.GET("/lenta", func(c echo.Context) error {
			close(adentro)
			<-soltar
			return c.String(http.StatusOK, "lenta")
		})
		e.GET("/otra", func(c echo.Context) error { return c.String(http.StatusOK, "otra") })
		e.POST("/formulario", func(c echo.Context) error { return c.String(http.StatusOK, "guardado") })
		e.GET("/static/app.css", func(c echo.Context) error { return c.String(http.StatusOK, "css") })
		e.GET("/healthz", func(c echo.Context) error { return c.String(http.StatusOK, "ok") })
	})
	liberar := sync.OnceFunc(func() { close(soltar) })
	t.Cleanup(liberar)
	lenta := make(chan string)
	go func() {
		_, c := servir(app, http.MethodGet, "/lenta")
		lenta <- c
	}()
	<-adentro
	for _, p := range []struct{ metodo, ruta, cuerpo string }{
		{http.MethodPost, "/formulario", "guardado"}, {http.MethodGet, "/static/app.css", "css"}, {http.MethodGet, "/healthz", "ok"},
	} {
		if res, c := servir(app, p.metodo, p.ruta); res.StatusCode != http.StatusOK || c != p.cuerpo {
			t.Fatalf("%s %s con el turno ocupado: %d %q", p.metodo, p.ruta, res.StatusCode, c)
		}
	}
	res, cuerpo := servir(app, http.MethodGet, "/otra")
	if res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") == "" {
		t.Fatalf("GET sin turno tras la espera: %d, Retry-After %q", res.StatusCode, res.Header.Get("Retry-After"))
	}
	if !strings.Contains(cuerpo, "El servidor está ocupado") || !strings.Contains(cuerpo, "intente de nuevo") {
		t.Fatalf("la página de 503 no dice qué hacer: %q", cuerpo)
	}
	liberar()
	if c := <-lenta; c != "lenta" {
		t.Fatalf("la página lenta llegó como %q", c)
	}
	if res, c := servir(app, http.MethodGet, "/otra"); res.StatusCode != http.StatusOK || c != "otra" {
		t.Fatalf("con el turno libre: %d %q", res.StatusCode, c)
	}
}

// In the application, a page refused for lack of a turn still carries the
// security headers (the turn is taken after they are set), says what to do,
// and a panic while building a page sends no half page.
func TestTurnos_enLaAplicacion_503ConCabecerasYPanicoSinMediaPagina(t *testing.T) {
	en := nuevoEntorno(t)
	app, h := nuevo(Config{DB: en.d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Turnos: 1})
	h.turnos.Espera = 20 * time.Millisecond
	devolver, err := h.turnos.Tomar(context.Background()) // the only turn, taken
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/login", nil))
	if rec.Code != http.StatusServiceUnavailable || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("sin turno: %d, Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
	for _, k := range []string{"Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options"} {
		if rec.Header().Get(k) == "" {
			t.Errorf("la página 503 sin turno no trae %s", k)
		}
	}
	if !strings.Contains(rec.Body.String(), "El servidor está ocupado") {
		t.Fatalf("la página 503 no dice qué pasó: %q", rec.Body.String())
	}
	devolver()
	app.GET("/prueba-panico", func(c echo.Context) error {
		c.Response().WriteHeader(http.StatusOK)
		io.WriteString(c.Response(), "media página")
		panic("falla a mitad de la página")
	})
	ses := en.ingresar("secretaria")
	rec = httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodGet, "/prueba-panico", nil)
	req.AddCookie(&http.Cookie{Name: cookieSesion, Value: ses.token})
	app.ServeHTTP(rec, req)
	if strings.Contains(rec.Body.String(), "media página") || !strings.Contains(rec.Body.String(), "error-500") {
		t.Fatalf("tras un pánico a mitad de la página: %d %q", rec.Code, rec.Body.String())
	}
	if h.turnos.Tomados() != 0 {
		t.Fatal("el pánico dejó el turno tomado")
	}
}
