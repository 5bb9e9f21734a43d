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

// A screening looked up at a new data version is computed from the last one
// of an older version, which is handed over with that version; also when
// another year's lookup dropped it meanwhile, and again after a computation
// that failed. A key never computed gets nothing.
func TestMemoria_obtenerDesdeRecibeElTamizajeAnterior(t *testing.T) {
	m := Nueva(nil)
	en := func(v int64) context.Context { return ConVersiones(context.Background(), v, v) }
	type visto struct {
		anterior any
		version  int64
	}
	pedir := func(ctx context.Context, anio int, valor string, falla bool) (visto, any, error) {
		var vio visto
		x, err := m.ObtenerDesde(ctx, Tamizaje{Anio: anio}, func(_ context.Context, anterior any, version int64) (any, error) {
			vio = visto{anterior, version}
			if falla {
				return nil, errors.New("falla")
			}
			return valor, nil
		})
		return vio, x, err
	}
	pasos := []struct {
		nombre  string
		version int64
		anio    int
		valor   string
		falla   bool
		quiere  visto
	}{
		{"primera vez: nada anterior", 5, 2026, "a5", false, visto{nil, 0}},
		{"otro año: nada anterior", 5, 2025, "b5", false, visto{nil, 0}},
		{"nueva versión: el de la 5", 7, 2026, "a7", false, visto{"a5", 5}},
		{"el otro año, que la búsqueda anterior sacó: el suyo de la 5", 7, 2025, "b7", false, visto{"b5", 5}},
		{"un cálculo que falla recibe el de la 7", 9, 2026, "", true, visto{"a7", 7}},
		{"y el siguiente también", 9, 2026, "a9", false, visto{"a7", 7}},
	}
	for _, p := range pasos {
		vio, x, err := pedir(en(p.version), p.anio, p.valor, p.falla)
		if (err != nil) != p.falla || vio != p.quiere || (!p.falla && x != p.valor) {
			t.Errorf("%s: vio %+v, valor %v (%v); quería %+v, %q", p.nombre, vio, x, err, p.quiere, p.valor)
		}
	}
	if len(m.previas) != 1 {
		t.Errorf("quedan %d tamizajes anteriores, quería 1 (el de 2025 de la versión 7)", len(m.previas))
	}
}

type claveDeTodoPrueba struct{}

func (claveDeTodoPrueba) DeTodo() {}

// ObtenerEnTurno computes in the page's own turn (never in another
// goroutine), keeps the value for its version only, never returns a value
// of another version and never replaces a newer one with an older.
func TestObtenerEnTurno_versionExactaYEnElTurnoDeLaPagina(t *testing.T) {
	m := Nueva(nil)
	var veces atomic.Int32
	var enTurno atomic.Bool
	leer := func(general int64) any {
		t.Helper()
		tt := turnos.Nuevos(1, errors.New("sin turno"))
		var x any
		servir(tt, func(c echo.Context) error {
			ctx := ConVersiones(c.Request().Context(), 1, general)
			var err error
			x, err = m.ObtenerEnTurno(ctx, claveDeTodoPrueba{}, func(ctx context.Context) (any, error) {
				enTurno.Store(turnos.ConTurno(ctx))
				return general*100 + int64(veces.Add(1)), nil
			})
			return err
		})
		return x
	}
	pasos := []struct {
		nombre  string
		general int64
		quiere  int64
	}{
		{"primera_calcula", 5, 501},
		{"misma_version_guardada", 5, 501},
		{"version_nueva_calcula", 6, 602},
		{"una_pagina_de_la_version_anterior_calcula_la_suya", 5, 503},
		{"y_no_reemplaza_la_nueva", 6, 602},
	}
	for _, p := range pasos {
		if got := leer(p.general); got != p.quiere {
			t.Fatalf("%s: %v, quiere %d", p.nombre, got, p.quiere)
		}
	}
	if !enTurno.Load() {
		t.Fatal("el cálculo no corrió en el turno de la página")
	}
}
