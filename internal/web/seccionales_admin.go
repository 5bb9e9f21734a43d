package web

import (
	"comite/internal/dominio"
	"comite/internal/formato"
	"comite/internal/seccionales"
	"comite/web/templates"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
)

// seccionalesListar shows the catalogue of Direcciones Seccionales.
func (h *handler) seccionalesListar(c echo.Context) error {
	v, err := h.vistaSeccionales(c, templates.SeccionalesVista{Errores: templates.Errores{}})
	if err != nil {
		return err
	}
	if c.QueryParam("aviso") == "seccional_guardada" {
		v.Aviso = "Dirección Seccional guardada."
	}
	return h.render(c, http.StatusOK, templates.SeccionalesPagina(h.pagina(c, "Direcciones Seccionales", "seccionales"), v))
}

// seccionalGuardar adds a Dirección Seccional or renames one (audited).
func (h *handler) seccionalGuardar(c echo.Context) error {
	f := templates.SeccionalesVista{Codigo: strings.TrimSpace(c.FormValue("codigo")), Nombre: c.FormValue("nombre"), Cortos: c.FormValue("nombres_cortos"), Errores: templates.Errores{}}
	s := seccionales.Seccional{Codigo: f.Codigo, Nombre: f.Nombre}
	for _, x := range strings.Split(f.Cortos, "\n") {
		if x = strings.TrimSpace(x); x != "" {
			s.Cortos = append(s.Cortos, x)
		}
	}
	err := h.d.GuardarSeccional(c.Request().Context(), s, actor(c))
	var ev *dominio.ErrValidacion
	switch {
	case errors.As(err, &ev):
		f.Errores[ev.Campo] = formato.MayusculaInicial(ev.Mensaje) + "."
	case err != nil:
		return err
	default:
		return redirigir(c, "/admin/seccionales?aviso=seccional_guardada")
	}
	v, err := h.vistaSeccionales(c, f)
	if err != nil {
		return err
	}
	return h.render(c, http.StatusUnprocessableEntity, templates.SeccionalesPagina(h.pagina(c, "Direcciones Seccionales", "seccionales"), v))
}

func (h *handler) vistaSeccionales(c echo.Context, v templates.SeccionalesVista) (templates.SeccionalesVista, error) {
	ctx := c.Request().Context()
	cat, err := h.catalogo(ctx)
	if err != nil {
		return v, err
	}
	for _, s := range cat.Lista() {
		v.Filas = append(v.Filas, templates.FilaSeccional{Codigo: s.Codigo, Nombre: s.Nombre, Cortos: strings.Join(s.Cortos, "; ")})
	}
	sin, err := h.d.SeccionalesSinConvertir(ctx)
	if err != nil {
		return v, err
	}
	for _, s := range sin {
		v.SinConvertir = append(v.SinConvertir, templates.Par{Etiqueta: s.Tabla + ": «" + s.Valor + "»", Valor: strconv.Itoa(s.Filas) + " filas"})
	}
	v.PuedeGestionar = Puede(cuentaDe(c).Rol, GestionarSeccionales)
	return v, nil
}
