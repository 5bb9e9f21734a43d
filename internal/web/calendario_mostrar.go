package web

import (
	"net/http"

	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// calendarioMostrar shows the account's calendar feed: whether a link is in
// force, and the buttons to create, regenerate or revoke it. The link itself
// is shown only once, when it is created (only its hash is stored).
func (h *handler) calendarioMostrar(c echo.Context) error {
	v, err := h.vistaCalendario(c, "")
	if err != nil {
		return err
	}
	return h.render(c, http.StatusOK, templates.CalendarioPagina(h.pagina(c, "Calendario de vencimientos", "calendario"), v))
}

func (h *handler) vistaCalendario(c echo.Context, enlace string) (templates.CalendarioVista, error) {
	t, err := h.d.EstadoTokenCalendario(c.Request().Context(), cuentaDe(c).ID)
	if err != nil {
		return templates.CalendarioVista{}, err
	}
	v := templates.CalendarioVista{Vigente: t.Vigente, Enlace: enlace}
	if t.Vigente {
		v.CreadoEn = instanteBogota(t.CreadoEn)
	}
	return v, nil
}
