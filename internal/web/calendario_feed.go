package web

import (
	"comite/internal/formato"
	"errors"
	"net/http"
	"time"

	"comite/internal/db"
	"comite/internal/flujo"
	"comite/internal/ical"
	"comite/internal/permisos"
	"comite/internal/web/urls"

	"github.com/labstack/echo/v4"
)

// calendarioFeed is the iCalendar feed of an account: the due dates of its
// queue as all-day events and, for the accounts that manage the Comité's
// sessions (the Comité and the Secretaría: permisos.GestionarSesiones), the sessions
// from diasSesionesPasadas ago on, each at its hour in Bogotá. Calendar programs send no cookies, so the route
// needs no session: the token in the query string is the credential (the
// request log writes the path only, never the token). An unknown, revoked or
// disabled account's token gets 404 with nothing more; requests are limited
// per address.
func (h *handler) calendarioFeed(c echo.Context) error {
	if n, _ := h.limiteCalendario.contar(c.RealIP(), time.Minute, time.Now()); n > limitePorMinutoCalendario {
		c.Response().Header().Set("Retry-After", "60")
		return echo.NewHTTPError(http.StatusTooManyRequests)
	}
	ctx := c.Request().Context()
	cu, err := h.d.CuentaPorTokenCalendario(ctx, c.QueryParam("t"))
	if errors.Is(err, db.ErrTokenCalendario) {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	if err != nil {
		return err
	}
	if !permisos.Puede(cu.Rol, permisos.GestionarCalendario) {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	cola, _, err := h.colaDe(ctx, &cu)
	if err != nil {
		return err
	}
	base := h.origen(c)
	cal := ical.Calendario{
		Nombre:      "Comité de Fiscalización: vencimientos de " + cu.Usuario,
		Descripcion: "Vencimientos de los casos que esperan a la cuenta " + cu.Usuario + ". Los términos de cada etapa son internos (los fija el administrador), no términos de la ley.",
		Emitido:     h.d.Now(),
		Actualizar:  time.Hour,
	}
	for _, p := range cola {
		if p.vence.IsZero() {
			continue
		}
		k := p.caso
		cal.Eventos = append(cal.Eventos, ical.Evento{
			UID:     ical.UID("vence-"+string(p.etapa), k.Numero),
			Resumen: "Vence: " + accionPendiente(k.Estado) + " · " + k.Numero,
			Descripcion: k.RazonSocial + " (NIT " + k.NIT + "), " + k.DireccionSeccional + ".\n" +
				"Etapa: " + p.etapa.Etiqueta() + ".\nTérmino interno de " + formato.Plural(p.diasTermino, "día hábil", "días hábiles") + "; no es un término de la ley.",
			URL:        base + urls.Caso(k.ID),
			Categorias: []string{"Término interno", k.Estado.Etiqueta()},
			Dia:        p.vence,
		})
	}
	if permisos.Puede(cu.Rol, permisos.GestionarSesiones) {
		ses, err := h.d.SesionesProximas(ctx, h.d.Hoy().MasDias(-diasSesionesPasadas))
		if err != nil {
			return err
		}
		for _, s := range ses {
			ev, err := ical.EventoSesion(ical.Sesion{Numero: s.Numero, Fecha: s.Sesion.Fecha, Hora: s.Sesion.Hora,
				Modalidad: flujo.EtiquetaModalidad(s.Sesion.Modalidad), Lugar: s.Sesion.Lugar, Casos: len(s.Orden),
				URL: base + urls.Sesion(s.ID)})
			if err != nil {
				return err
			}
			cal.Eventos = append(cal.Eventos, ev)
		}
		cal.Nombre = "Comité de Fiscalización: vencimientos y sesiones de " + cu.Usuario
		cal.Descripcion += " Incluye las sesiones del Comité (la hora de fin es indicativa)."
	}
	b, err := cal.Bytes()
	if err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", `inline; filename="comite.ics"`)
	return c.Blob(http.StatusOK, "text/calendar; charset=utf-8", b)
}

// diasSesionesPasadas is how far back the feed keeps the sessions already
// held: a calendar program drops the events a feed no longer carries, so a
// session stays in the official's calendar for a quarter after it was held.
const diasSesionesPasadas = 90
