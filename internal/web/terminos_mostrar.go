package web

import (
	"comite/internal/formato"
	"net/http"

	"comite/internal/plazos"
	"comite/web/templates"

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

func (h *handler) formTerminos(c echo.Context, textos, errs map[string]string) (templates.TerminosForm, error) {
	ts, err := h.x.TerminosInternos(c.Request().Context())
	if err != nil {
		return templates.TerminosForm{}, err
	}
	var f templates.TerminosForm
	for _, t := range ts {
		v := terminoVista(t)
		v.Origen = "Predeterminado: " + formato.Plural(plazos.Predeterminados[t.Etapa], "día hábil", "días hábiles") + ". " + v.Origen + "."
		if x, ok := textos["dias_"+v.Clave]; ok {
			v.Dias = x
		}
		v.Error = errs["dias_"+v.Clave]
		f.Terminos = append(f.Terminos, v)
	}
	return f, nil
}
