package web

import (
	"net/http"

	"comite/internal/db"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// Messages of the login form: one generic failure message, whatever failed.
const (
	mensajeIngresoFallido   = "Usuario o clave incorrectos."
	mensajeIngresoBloqueado = "Demasiados intentos fallidos. Espere 15 minutos e intente de nuevo; si no recuerda su clave, pídala al administrador."
)

// loginEnviar checks usuario and clave; on success it opens a NEW session
// (the session id never survives a login) and redirects.
func (h *handler) loginEnviar(c echo.Context) error {
	ctx := c.Request().Context()
	usuario := c.FormValue("usuario")
	siguiente := siguienteSeguro(c.FormValue("siguiente"))
	cu, res, err := h.d.Ingresar(ctx, usuario, c.FormValue("clave"), c.RealIP())
	if err != nil {
		return err
	}
	if res != db.IngresoCorrecto {
		l := templates.Login{Usuario: usuario, Error: mensajeIngresoFallido}
		if siguiente != "/" {
			l.Siguiente = siguiente
		}
		status := http.StatusUnauthorized
		if res == db.IngresoBloqueado {
			l.Error, status = mensajeIngresoBloqueado, http.StatusTooManyRequests
		}
		return h.render(c, status, templates.LoginPagina(h.pagina(c, "Ingresar", ""), l))
	}
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
	return redirigir(c, siguiente)
}
