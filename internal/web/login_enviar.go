package web

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"comite/internal/db"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// Messages of the login form: one generic failure message, whatever failed.
const (
	mensajeIngresoFallido = "Usuario o clave incorrectos."
	mensajeIngresoOcupado = "El servidor está atendiendo muchos ingresos a la vez. Espere unos segundos e intente de nuevo."
	// esperaOcupado is the Retry-After of a login refused because every
	// password check slot was busy.
	esperaOcupado = 2 * time.Second
)

// mensajeIngresoBloqueado tells how long to wait, and what to do if the
// password is lost: an administrator can reset it.
func mensajeIngresoBloqueado(espera time.Duration) string {
	return fmt.Sprintf("Demasiados intentos fallidos. Espere %s e intente de nuevo; si no recuerda su clave, "+
		"pida al administrador de la aplicación que la restablezca.", textoEspera(espera))
}

// textoEspera writes a wait in Spanish, rounded up: "30 segundos", "1 minuto", "15 minutos".
func textoEspera(w time.Duration) string {
	if w <= 90*time.Second {
		s := int((w + time.Second - 1) / time.Second)
		if s <= 1 {
			return "1 segundo"
		}
		return strconv.Itoa(s) + " segundos"
	}
	m := int((w + time.Minute - 1) / time.Minute)
	return strconv.Itoa(m) + " minutos"
}

// segundosRetry is the value of Retry-After: whole seconds, at least 1.
func segundosRetry(w time.Duration) string {
	return strconv.Itoa(max(1, int((w+time.Second-1)/time.Second)))
}

// loginEnviar checks usuario and clave; on success it opens a NEW session
// (the session id never survives a login) and redirects. A throttled attempt
// gets 429 and a busy server 503, both with Retry-After and at once.
func (h *handler) loginEnviar(c echo.Context) error {
	ctx := c.Request().Context()
	usuario := c.FormValue("usuario")
	siguiente := siguienteSeguro(c.FormValue("siguiente"))
	r, err := h.d.IntentarIngreso(ctx, usuario, c.FormValue("clave"), c.RealIP())
	if err != nil {
		return err
	}
	if r.Resultado != db.IngresoCorrecto {
		l := templates.Login{Usuario: usuario, Error: mensajeIngresoFallido}
		if siguiente != "/" {
			l.Siguiente = siguiente
		}
		status := http.StatusUnauthorized
		switch r.Resultado {
		case db.IngresoBloqueado:
			l.Error, status = mensajeIngresoBloqueado(r.Espera), http.StatusTooManyRequests
			c.Response().Header().Set("Retry-After", segundosRetry(r.Espera))
		case db.IngresoOcupado:
			l.Error, status = mensajeIngresoOcupado, http.StatusServiceUnavailable
			c.Response().Header().Set("Retry-After", segundosRetry(esperaOcupado))
		}
		return h.render(c, status, templates.LoginPagina(h.pagina(c, "Ingresar", ""), l))
	}
	cu := r.Cuenta
	// A session this browser already had ends: no session id is reused.
	if t, _ := c.Get(claveToken).(string); t != "" {
		if err := h.d.CerrarSesion(ctx, t, actor(c)); err != nil {
			return err
		}
	}
	token, _, err := h.d.CrearSesion(ctx, cu.ID, c.RealIP())
	if err != nil {
		return err
	}
	c.Set(claveCuenta, &cu) // the request log names who signed in
	h.ponerCookieSesion(c, token)
	h.borrarCookie(c, cookieCSRF)
	if cu.DebeCambiarClave {
		return redirigir(c, rutaCambiarClave)
	}
	return redirigir(c, siguiente)
}
