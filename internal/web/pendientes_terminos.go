package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"comite/internal/dominio"
	"comite/internal/formato"
	"comite/internal/plazos"
	"comite/web/templates"

	"comite/internal/web/urls"

	"github.com/labstack/echo/v4"
)

// terminosMostrar is the administrator's table of internal terms per stage.
func (h *handler) terminosMostrar(c echo.Context) error {
	f, err := h.formTerminos(c, nil, nil)
	if err != nil {
		return err
	}
	return h.render(c, http.StatusOK, templates.TerminosPagina(h.pagina(c, "Términos internos", "terminos"), f))
}

// terminosGuardar sets the internal terms: every field is checked first,
// and nothing is written while one is wrong.
func (h *handler) terminosGuardar(c echo.Context) error {
	ctx := c.Request().Context()
	valores := map[plazos.Etapa]int{}
	errs := map[string]string{}
	textos := map[string]string{}
	for _, e := range plazos.Etapas {
		campo := "dias_" + string(e)
		t := strings.TrimSpace(c.FormValue(campo))
		textos[campo] = t
		n, err := strconv.Atoi(t)
		if err != nil {
			errs[campo] = "Escriba un número entero de días hábiles, entre 1 y " + strconv.Itoa(plazos.MaxDias) + "."
			continue
		}
		if err := plazos.Validar(e, n); err != nil {
			errs[campo] = formato.MayusculaInicial(err.Error()) + "."
			continue
		}
		valores[e] = n
	}
	if len(errs) == 0 {
		err := h.x.FijarTerminosInternos(ctx, valores, actor(c))
		var ev *dominio.ErrValidacion
		switch {
		case errors.As(err, &ev):
			errs[ev.Campo] = formato.MayusculaInicial(ev.Mensaje) + "."
		case err != nil:
			return err
		default:
			return redirigir(c, urls.Terminos+"?aviso=terminos_guardados")
		}
	}
	f, err := h.formTerminos(c, textos, errs)
	if err != nil {
		return err
	}
	f.Error = "Revise los campos marcados: no se guardó ningún término."
	return h.render(c, http.StatusUnprocessableEntity, templates.TerminosPagina(h.pagina(c, "Términos internos", "terminos"), f))
}

func (h *handler) formTerminos(c echo.Context, textos, errs map[string]string) (templates.TerminosForm, error) {
	ts, err := h.x.TerminosInternos(c.Request().Context())
	if err != nil {
		return templates.TerminosForm{}, err
	}
	var f templates.TerminosForm
	for _, t := range ts {
		v := terminoVista(t)
		v.Origen = "Predeterminado: " + strconv.Itoa(plazos.Predeterminados[t.Etapa]) + " días hábiles. " + v.Origen + "."
		if x, ok := textos["dias_"+v.Clave]; ok {
			v.Dias = x
		}
		v.Error = errs["dias_"+v.Clave]
		f.Terminos = append(f.Terminos, v)
	}
	return f, nil
}
