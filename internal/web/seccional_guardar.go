package web

import (
	"errors"
	"net/http"
	"strings"

	"comite/internal/dominio"
	"comite/internal/formato"
	"comite/internal/seccionales"
	"comite/internal/validar"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// seccionalGuardar adds a Dirección Seccional or renames one (audited).
func (h *handler) seccionalGuardar(c echo.Context) error {
	f := templates.SeccionalesVista{Codigo: strings.TrimSpace(c.FormValue("codigo")), Nombre: c.FormValue("nombre"), Cortos: c.FormValue("nombres_cortos"), Errores: templates.Errores{}}
	s := seccionales.Seccional{Codigo: f.Codigo, Nombre: f.Nombre}
	for _, x := range strings.Split(f.Cortos, "\n") {
		if x = strings.TrimSpace(x); x != "" {
			s.Cortos = append(s.Cortos, x)
		}
	}
	err := validar.Seccional(&s)
	if err == nil {
		err = h.d.GuardarSeccional(c.Request().Context(), s, actor(c))
	}
	var ev *dominio.ErrValidacion
	switch {
	case errors.As(err, &ev):
		f.Errores[ev.Campo] = formato.MayusculaInicial(ev.Mensaje) + "."
	case err != nil:
		return err
	default:
		return redirigir(c, urls.Seccionales+"?aviso=seccional_guardada")
	}
	v, err := h.vistaSeccionales(c, f)
	if err != nil {
		return err
	}
	return h.render(c, http.StatusUnprocessableEntity, templates.SeccionalesPagina(h.pagina(c, "Direcciones Seccionales", "seccionales"), v))
}
