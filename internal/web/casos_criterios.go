package web

import (
	"encoding/json"

	"comite/internal/flujo"

	"github.com/labstack/echo/v4"
)

// casosCriterios saves the Secretaría's qualitative criteria.
func (h *handler) casosCriterios(c echo.Context) error {
	caso, err := h.cargarCaso(c)
	if err != nil {
		return err
	}
	antes, _ := json.Marshal(caso.Criterios)
	aviso := "criterios_guardados"
	return h.pasoCaso(c, &aviso, func(id int64) error {
		ctx := c.Request().Context()
		m := map[string]string{}
		for _, k := range flujo.CriteriosDe(true) { // the store refuses the second route's aspects on a first-route case
			m[k.Clave] = c.FormValue(k.Clave)
		}
		if err := h.x.GuardarCriterios(ctx, id, m, actorCaso(c)); err != nil {
			return err
		}
		// The message says what was done: nothing, part or all of it.
		despues, err := h.d.Caso(ctx, id)
		if err != nil {
			return err
		}
		cx, err := h.x.Contexto(ctx, despues)
		if err != nil {
			return err
		}
		switch ahora, _ := json.Marshal(despues.Criterios); {
		case string(ahora) == string(antes):
			aviso = "criterios_sin_cambios"
		case !cx.CriteriosCompletos:
			aviso = "criterios_incompletos"
		}
		return nil
	})
}
