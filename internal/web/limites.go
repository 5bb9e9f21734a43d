package web

import (
	"fmt"
	"sync"
	"time"

	"comite/internal/db"
	"comite/internal/web/urls"

	"github.com/labstack/echo/v4"
)

// Every POST of a signed-in account writes the audit log (and the anchor of
// its chain): so that no account, whatever its role, can flood them, each
// account has a limit of POSTs per window, per route pattern. The limits are
// in this one table; a route not named has the general limit. Beyond it the
// answer is 429 with Retry-After and a page that says which limit and how
// long to wait; nothing is written. Login has its own throttle (internal/db,
// ingreso.go), and creating calendar links its own count in the database.
type limiteCuenta struct {
	n       int
	ventana time.Duration
	que     string // what is limited, for people
}

var limitesPorCuenta = map[string]limiteCuenta{
	"":                   {120, time.Minute, "cambios seguidos con su cuenta"},
	urls.Importar:        {20, 10 * time.Minute, "archivos subidos para importar"},
	urls.CalendarioToken: {10, time.Minute, "enlaces de calendario pedidos"},
	rutaCambiarClave:     {10, time.Minute, "intentos de cambiar la clave"},
}

// limitePorMinutoCalendario is the limit of the calendar feed, per address
// (it has no session): generous for calendar programs (they fetch a feed
// every few minutes at most) and small for someone guessing tokens.
const limitePorMinutoCalendario = 30

// ventanas counts events per key in fixed windows: the one counter of the
// limits of this file.
type ventanas[K comparable] struct {
	mu sync.Mutex
	m  map[K]ventanaLimite
}

type ventanaLimite struct {
	desde time.Time
	n     int
}

// contar counts one event of k and returns how many k had in its window
// (this one included) and when that window started. Past 10.000 keys, those
// whose last window is over an hour old are forgotten.
func (v *ventanas[K]) contar(k K, ventana time.Duration, ahora time.Time) (int, time.Time) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.m == nil {
		v.m = map[K]ventanaLimite{}
	}
	if len(v.m) > 10000 {
		for x, w := range v.m {
			if ahora.Sub(w.desde) >= max(ventana, time.Hour) {
				delete(v.m, x)
			}
		}
	}
	w := v.m[k]
	if ahora.Sub(w.desde) >= ventana {
		w = ventanaLimite{desde: ahora}
	}
	w.n++
	v.m[k] = w
	return w.n, w.desde
}

type claveLimite struct {
	cuenta int64
	ruta   string
}

// permitirCuenta counts one POST of the account and says how long to wait
// when it is over its limit.
func (h *handler) permitirCuenta(cuenta int64, ruta string, ahora time.Time) (limiteCuenta, time.Duration, bool) {
	lim, ok := limitesPorCuenta[ruta]
	if !ok {
		ruta, lim = "", limitesPorCuenta[""]
	}
	n, desde := h.limiteCuentas.contar(claveLimite{cuenta, ruta}, lim.ventana, ahora)
	if n <= lim.n {
		return lim, 0, true
	}
	return lim, desde.Add(lim.ventana).Sub(ahora), false
}

// limitarCuentas applies limitesPorCuenta to the POSTs of a signed-in account.
func (h *handler) limitarCuentas(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		cu := cuentaDe(c)
		if metodoSeguro(c.Request().Method) || cu == nil {
			return next(c)
		}
		ahora := time.Now()
		if h.d != nil && h.d.Now != nil {
			ahora = h.d.Now()
		}
		lim, espera, ok := h.permitirCuenta(cu.ID, c.Path(), ahora)
		if !ok {
			return &db.ErrDemasiadas{Que: fmt.Sprintf("demasiados %s: a lo sumo %d cada %s", lim.que, lim.n, textoVentana(lim.ventana)), Espera: max(espera, time.Second)}
		}
		return next(c)
	}
}

// textoVentana: "minuto", "10 minutos", "hora".
func textoVentana(w time.Duration) string {
	switch {
	case w == time.Minute:
		return "minuto"
	case w == time.Hour:
		return "hora"
	case w%time.Hour == 0:
		return fmt.Sprintf("%d horas", w/time.Hour)
	}
	return fmt.Sprintf("%d minutos", w/time.Minute)
}
