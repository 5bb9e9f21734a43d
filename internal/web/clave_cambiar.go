package web

import (
	"comite/internal/dominio"
	"comite/internal/validar"
	"errors"
	"net/http"

	"comite/internal/db"
	"comite/internal/formato"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// rutaCambiarClave is the "Cambiar mi clave" form; an account whose password
// an administrator reset reaches only this form (and logout) until it
// chooses a new one.
const rutaCambiarClave = urls.CambiarClave

func (h *handler) vistaClave(c echo.Context, errs templates.Errores) templates.CambiarClave {
	return templates.CambiarClave{Obligatorio: cuentaDe(c).DebeCambiarClave, Minimo: validar.LongitudMinimaClave, Errores: errs}
}

// claveCambiar changes the signed-in person's password (the current one is
// required). Every session of the account ends, this one included; the
// browser that made the change gets a new session at once.
func (h *handler) claveCambiar(c echo.Context) error {
	ctx := c.Request().Context()
	cu := cuentaDe(c)
	nueva := c.FormValue("clave")
	errs := templates.Errores{}
	if nueva != c.FormValue("confirmacion") {
		errs["confirmacion"] = "Las dos claves nuevas no coinciden; escríbalas de nuevo."
		return h.render(c, http.StatusUnprocessableEntity, templates.CambiarClavePagina(h.pagina(c, "Cambiar mi clave", ""), h.vistaClave(c, errs)))
	}
	actual := c.FormValue("actual")
	err := h.d.CambiarClave(ctx, cu.ID, actual, nueva, func(usuario string) error { return validar.ClaveNueva(usuario, actual, nueva) }, actor(c))
	var ev *dominio.ErrValidacion
	var ed *db.ErrDemasiadas
	switch {
	case errors.As(err, &ed):
		c.Response().Header().Set("Retry-After", segundosRetry(ed.Espera))
		errs["actual"] = mensajeIngresoBloqueado(ed.Espera)
		return h.render(c, http.StatusTooManyRequests, templates.CambiarClavePagina(h.pagina(c, "Cambiar mi clave", ""), h.vistaClave(c, errs)))
	case errors.Is(err, db.ErrOcupado):
		c.Response().Header().Set("Retry-After", segundosRetry(esperaOcupado))
		errs["general"] = mensajeIngresoOcupado
		return h.render(c, http.StatusServiceUnavailable, templates.CambiarClavePagina(h.pagina(c, "Cambiar mi clave", ""), h.vistaClave(c, errs)))
	case errors.As(err, &ev):
		errs[ev.Campo] = formato.MayusculaInicial(ev.Mensaje) + "."
		return h.render(c, http.StatusUnprocessableEntity, templates.CambiarClavePagina(h.pagina(c, "Cambiar mi clave", ""), h.vistaClave(c, errs)))
	case err != nil:
		return err
	}
	token, _, err := h.d.CrearSesion(ctx, cu.ID, c.RealIP())
	if err != nil {
		return err
	}
	h.ponerCookieSesion(c, token)
	return redirigir(c, "/?aviso=clave_cambiada")
}
