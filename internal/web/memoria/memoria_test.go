package memoria

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"comite/internal/web/turnos"

	"github.com/labstack/echo/v4"
)

// servir answers one GET through the turns tt and the handler given, and
// gives its status and body.
func servir(tt *turnos.Turnos, pagina echo.HandlerFunc) (int, string) {
	rec := httptest.NewRecorder()
	c := echo.New().NewContext(httptest.NewRequest(http.MethodGet, "/", nil), rec)
	if err := tt.Middleware(pagina)(c); err != nil {
		return http.StatusInternalServerError, err.Error()
	}
	return rec.Code, rec.Body.String()
}

// A page that waits for the screening of a year (computed once per data
// version in its own goroutine, here held until soltar) gives its turn
// back while it waits: with one turn, another page is built meanwhile, and
// the waiting page is served once the computation ends. The computation,
// in its own goroutine, never gets the request's turn.
func TestTurnos_esperarUnCalculoDevuelveElTurno(t *testing.T) {
	soltar := make(chan struct{})
	liberar := sync.OnceFunc(func() { close(soltar) })
	m := Nueva(nil)
	var conTurno atomic.Bool
	tt := turnos.Nuevos(1, errors.New("sin turno"))
	tt.Espera = 5 * time.Second
	tamizajePagina := func(c echo.Context) error {
		ctx := ConVersiones(c.Request().Context(), 1, 1)
		v, err := m.Obtener(ctx, Tamizaje{Anio: 2026}, func(ctx context.Context) (any, error) {
			if turnos.ConTurno(ctx) {
				conTurno.Store(true) // the computation's goroutine must not touch the request's turn
			}
			<-soltar
			return "tamizaje de 2026", nil
		})
		if err != nil {
			return err
		}
		return c.String(http.StatusOK, v.(string))
	}
	otra := func(c echo.Context) error { return c.String(http.StatusOK, "otra") }
	t.Cleanup(liberar)
	tamizaje := make(chan string, 2)
	for range 2 {
		go func() {
			_, c := servir(tt, tamizajePagina)
			tamizaje <- c
		}()
	}
	time.Sleep(50 * time.Millisecond) // both pages are waiting for the computation
	if codigo, c := servir(tt, otra); codigo != http.StatusOK || c != "otra" {
		t.Fatalf("mientras dos páginas esperan el tamizaje: %d %q", codigo, c)
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
