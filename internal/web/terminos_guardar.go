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
