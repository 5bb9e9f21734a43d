package web

import (
	"net/http"
	"strconv"

	"comite/internal/flujo"

	"github.com/labstack/echo/v4"
)

// pasoCaso runs one step on the route's case; a refused step shows the case
// again with the Spanish message (409), a form problem beside its field (422).
func (h *handler) pasoCaso(c echo.Context, aviso string, f func(id int64) error) error {
	caso, err := h.cargarCaso(c)
	if err != nil {
		return err
	}
	if err := f(caso.ID); err != nil {
		msg, campos, otro := errorDeCaso(err)
		if otro != nil {
			return otro
		}
		status := http.StatusConflict
		if campos != nil {
			status = http.StatusUnprocessableEntity
		}
		if caso, err = h.d.Caso(c.Request().Context(), caso.ID); err != nil {
			return err
		}
		return h.mostrarCaso(c, caso, status, msg, campos)
	}
	return redirigir(c, "/casos/"+strconv.FormatInt(caso.ID, 10)+"?aviso="+aviso)
}

func (h *handler) transicion(c echo.Context, a flujo.Accion, aviso string) error {
	return h.pasoCaso(c, aviso, func(id int64) error {
		_, err := h.x.Transicion(c.Request().Context(), id, a, c.FormValue("nota"), actorCaso(c))
		return err
	})
}

// casosIniciar: reportado → en_evaluacion (Secretaría Técnica).
func (h *handler) casosIniciar(c echo.Context) error {
	return h.transicion(c, flujo.IniciarEvaluacion, "evaluacion_iniciada")
}

// casosPresentar: en_evaluacion → en_comite (Secretaría Técnica).
func (h *handler) casosPresentar(c echo.Context) error {
	return h.transicion(c, flujo.Presentar, "caso_presentado")
}

// casosNoProcede closes a case whose test fails as no_procede.
func (h *handler) casosNoProcede(c echo.Context) error {
	return h.transicion(c, flujo.DeclararNoProcede, "caso_no_procede")
}

// casosReevaluar stores a new snapshot of the evaluation, with its reason.
func (h *handler) casosReevaluar(c echo.Context) error {
	return h.pasoCaso(c, "caso_reevaluado", func(id int64) error {
		_, err := h.x.Reevaluar(c.Request().Context(), id, c.FormValue("motivo"), actorCaso(c))
		return err
	})
}

// casosCriterios saves the Secretaría's qualitative criteria.
func (h *handler) casosCriterios(c echo.Context) error {
	return h.pasoCaso(c, "criterios_guardados", func(id int64) error {
		m := map[string]string{}
		for _, k := range flujo.CriteriosDe(true) { // the store refuses the second route's aspects on a first-route case
			m[k.Clave] = c.FormValue(k.Clave)
		}
		return h.x.GuardarCriterios(c.Request().Context(), id, m, actorCaso(c))
	})
}
