package web

import (
	"fmt"
	"sync"
	"time"

	"comite/internal/db"

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
	"":                         {120, time.Minute, "cambios seguidos con su cuenta"},
	"/importar":                {20, 10 * time.Minute, "archivos subidos para importar"},
	"/cuenta/calendario/token": {10, time.Minute, "enlaces de calendario pedidos"},
	rutaCambiarClave:           {10, time.Minute, "intentos de cambiar la clave"},
}

// limitadorCuentas counts the POSTs of each (account, route) in its window.
type limitadorCuentas struct {
	mu      sync.Mutex
	cuentas map[claveLimite]ventanaLimite
}

type claveLimite struct {
	cuenta int64
	ruta   string
}

// permitir counts one POST and says how long to wait when it is over the limit.
func (l *limitadorCuentas) permitir(cuenta int64, ruta string, ahora time.Time) (limiteCuenta, time.Duration, bool) {
	lim, ok := limitesPorCuenta[ruta]
	if !ok {
		ruta, lim = "", limitesPorCuenta[""]
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cuentas == nil {
		l.cuentas = map[claveLimite]ventanaLimite{}
	}
	if len(l.cuentas) > 10000 {
		for k, v := range l.cuentas {
			if ahora.Sub(v.desde) >= time.Hour {
				delete(l.cuentas, k)
			}
		}
	}
	k := claveLimite{cuenta, ruta}
	v := l.cuentas[k]
	if ahora.Sub(v.desde) >= lim.ventana {
		v = ventanaLimite{desde: ahora}
	}
	v.n++
	l.cuentas[k] = v
	if v.n <= lim.n {
		return lim, 0, true
	}
	return lim, v.desde.Add(lim.ventana).Sub(ahora), false
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
		lim, espera, ok := h.limiteCuentas.permitir(cu.ID, c.Path(), ahora)
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
