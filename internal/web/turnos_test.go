package web

import (
	"context"
	"io"
	"log/slog"
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
	h := &handler{log: slog.New(slog.NewTextHandler(io.Discard, nil)), turnos: nuevosTurnos(n)}
	h.turnos.espera = espera
	e := echo.New()
	e.HTTPErrorHandler = h.manejarError
	e.Use(h.turno)
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

// While the only turn is held, a POST (a form, an upload: read from the
// client) and the static files are still served; another GET waits, and
// past the wait gets 503 with Retry-After.
func TestTurnos_postYEstaticosSinTurno_esperaLimitada(t *testing.T) {
	soltar, adentro := make(chan struct{}), make(chan struct{})
	srv := servidorDeTurnos(t, 1, 50*time.Millisecond, func(e *echo.Echo) {
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
	t.Cleanup(liberar) // before the server's Close, which waits for /lenta
	lenta := make(chan string)
	go func() {
		_, c := pedir(t, http.MethodGet, srv.URL+"/lenta")
		lenta <- c
	}()
	<-adentro
	for _, p := range []struct{ metodo, ruta, cuerpo string }{
		{http.MethodPost, "/formulario", "guardado"}, {http.MethodGet, "/static/app.css", "css"}, {http.MethodGet, "/healthz", "ok"},
	} {
		if res, c := pedir(t, p.metodo, srv.URL+p.ruta); res.StatusCode != http.StatusOK || c != p.cuerpo {
			t.Fatalf("%s %s con el turno ocupado: %d %q", p.metodo, p.ruta, res.StatusCode, c)
		}
	}
	res, cuerpo := pedir(t, http.MethodGet, srv.URL+"/otra")
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
	if res, c := pedir(t, http.MethodGet, srv.URL+"/otra"); res.StatusCode != http.StatusOK || c != "otra" {
		t.Fatalf("con el turno libre: %d %q", res.StatusCode, c)
	}
}

// A body larger than maxEnTurno gives its turn back as soon as it passes
// that size: a client that reads an export slowly (here: not at all until
// the end) does not keep the next page from being built.
func TestTurnos_cuerpoGrandeDevuelveElTurno(t *testing.T) {
	escrito, soltar := make(chan struct{}), make(chan struct{})
	grande := strings.Repeat("x", maxEnTurno+1)
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

// A page that waits for the screening of a year (computed once per data
// version in its own goroutine, here held until soltar) gives its turn
// back while it waits: with one turn, another page is built meanwhile, and
// the waiting page is served once the computation ends. The computation,
// in its own goroutine, never gets the request's turn.
func TestTurnos_esperarUnCalculoDevuelveElTurno(t *testing.T) {
	soltar := make(chan struct{})
	liberar := sync.OnceFunc(func() { close(soltar) })
	var m *memoria
	var conTurno atomic.Bool
	srv := servidorDeTurnos(t, 1, 5*time.Second, func(e *echo.Echo) {
		m = nuevaMemoria(nil)
		e.GET("/tamizaje", func(c echo.Context) error {
			ctx := context.WithValue(c.Request().Context(), claveVersiones{}, versionesFijas{datos: 1, todo: 1})
			v, err := m.obtener(ctx, claveTamizaje{anio: 2026}, func(ctx context.Context) (any, error) {
				if tt, _ := ctx.Value(claveTurno{}).(*turnoTomado); tt != nil {
					conTurno.Store(true) // the computation's goroutine must not touch the request's turn
				}
				<-soltar
				return "tamizaje de 2026", nil
			})
			if err != nil {
				return err
			}
			return c.String(http.StatusOK, v.(string))
		})
		e.GET("/otra", func(c echo.Context) error { return c.String(http.StatusOK, "otra") })
	})
	t.Cleanup(liberar)
	tamizaje := make(chan string, 2)
	for range 2 {
		go func() {
			_, c := pedir(t, http.MethodGet, srv.URL+"/tamizaje")
			tamizaje <- c
		}()
	}
	time.Sleep(50 * time.Millisecond) // both pages are waiting for the computation
	if res, c := pedir(t, http.MethodGet, srv.URL+"/otra"); res.StatusCode != http.StatusOK || c != "otra" {
		t.Fatalf("mientras dos páginas esperan el tamizaje: %d %q", res.StatusCode, c)
	}
	liberar()
	for range 2 {
		if c := <-tamizaje; c != "tamizaje de 2026" {
			t.Fatalf("la página que esperaba el tamizaje llegó como %q", c)
		}
	}
	if conTurno.Load() {
		t.Fatal("el cálculo en segundo plano recibió el turno de la solicitud que lo empezó")
	}
}

// In the application, a page refused for lack of a turn still carries the
// security headers (the turn is taken after they are set), says what to do,
// and a panic while building a page sends no half page.
func TestTurnos_enLaAplicacion_503ConCabecerasYPanicoSinMediaPagina(t *testing.T) {
	en := nuevoEntorno(t)
	app, h := nuevo(Config{DB: en.d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Turnos: 1})
	h.turnos.espera = 20 * time.Millisecond
	h.turnos.cupo <- struct{}{} // the only turn, taken
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
	<-h.turnos.cupo
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
	if len(h.turnos.cupo) != 0 {
		t.Fatal("el pánico dejó el turno tomado")
	}
}
