package web

import (
	"encoding/json"
	"net/http"
	"strconv"

	"comite/internal/flujo"

	"github.com/labstack/echo/v4"
)

// pasoCaso runs one step on the route's case; a refused step shows the case
// again with the Spanish message (409), a form problem beside its field (422).
// The operation decides whether the account may see the case (a case of
// another Dirección Seccional is one that does not exist: 404), reading it
// in its own transaction; the case is read here only to show it again.
func (h *handler) pasoCaso(c echo.Context, aviso *string, f func(id int64) error) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	if err := f(id); err != nil {
		msg, campos, otro := errorDeCaso(err)
		if otro != nil {
			return otro
		}
		status := http.StatusConflict
		if campos != nil {
			status = http.StatusUnprocessableEntity
		}
		caso, err := h.cargarCaso(c)
		if err != nil {
			return err
		}
		return h.mostrarCaso(c, caso, status, msg, campos)
	}
	return redirigir(c, "/casos/"+strconv.FormatInt(id, 10)+"?aviso="+*aviso)
}

func (h *handler) transicion(c echo.Context, a flujo.Accion, aviso string) error {
	return h.pasoCaso(c, &aviso, func(id int64) error {
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
	aviso := "caso_reevaluado"
	return h.pasoCaso(c, &aviso, func(id int64) error {
		_, err := h.x.Reevaluar(c.Request().Context(), id, c.FormValue("motivo"), actorCaso(c))
		return err
	})
}

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
