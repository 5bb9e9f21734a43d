package web

// Postponing a session that will not be held on its date, or a case of its
// orden del día that the session does not decide; and the messages that
// confirm each change to a session.

import (
	"comite/internal/dominio"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"comite/internal/db"
	"comite/internal/fecha"
	"comite/internal/flujo"

	"github.com/labstack/echo/v4"
)

func init() {
	for k, v := range map[string]string{
		"sesion_convocada":    "Sesión convocada. Agregue los casos al orden del día y, el día de la sesión, registre la asistencia.",
		"quorum_guardado":     "Quórum del Comité guardado. Rige desde ahora; el valor anterior queda en la auditoría.",
		"asistencia_guardada": "Asistencia guardada.",
		"caso_en_orden":       "Caso agregado al orden del día.",
		"acta_emitida":        "Acta emitida. Su SHA-256 quedó registrado.",
		"sesion_aplazada":     "Sesión aplazada. La fecha anterior y el motivo quedan registrados.",
		"caso_aplazado":       "Caso aplazado con su motivo: sigue presentado al Comité para una sesión posterior.",
	} {
		avisos[k] = v
	}
}

// sesionAplazar moves the session to a later date and time.
func (h *handler) sesionAplazar(c echo.Context) error {
	motivo := c.FormValue("motivo_sesion")
	if len(motivo) > 8000 {
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	}
	s, err := h.sesionDeRuta(c)
	if err != nil {
		return err
	}
	texto, hora := strings.TrimSpace(c.FormValue("fecha")), strings.TrimSpace(c.FormValue("hora"))
	var nueva fecha.Fecha
	err = nil
	if texto == "" {
		err = &db.ErrFormulario{Campos: map[string]string{"fecha": "Indique la nueva fecha de la sesión."}}
	} else if nueva, err = fecha.Parse(texto); err != nil {
		err = &db.ErrFormulario{Campos: map[string]string{"fecha": "Fecha inválida «" + texto + "»: use el calendario o escriba DD/MM/AAAA."}}
	}
	if err == nil {
		err = h.x.AplazarSesion(c.Request().Context(), s.ID, nueva, hora, motivo, actorCaso(c))
	}
	if err == nil {
		return redirigir(c, "/sesiones/"+strconv.FormatInt(s.ID, 10)+"?aviso=sesion_aplazada")
	}
	msg, campos, otro := errorDeCaso(err)
	if otro != nil {
		return otro
	}
	status := http.StatusConflict
	if campos != nil {
		status, msg = http.StatusUnprocessableEntity, "Revise los datos del aplazamiento."
		for k, m := range campos {
			campos["aplazar_"+k] = m
		}
	}
	actual, err := h.d.SesionComite(c.Request().Context(), s.ID)
	if err != nil {
		return err
	}
	return h.mostrarSesion(c, actual, status, msg, campos, "")
}

// sesionAplazarCaso records why a case of the agenda is not decided in the session.
func (h *handler) sesionAplazarCaso(c echo.Context) error {
	motivo := c.FormValue("motivo")
	if len(motivo) > 8000 {
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	}
	return h.pasoSesion(c, func(s *dominio.SesionComite) error {
		id, err := strconv.ParseInt(c.Param("id"), 10, 64)
		if err != nil || id <= 0 {
			return echo.NewHTTPError(http.StatusNotFound)
		}
		err = h.x.AplazarCaso(c.Request().Context(), s.ID, id, motivo, actorCaso(c))
		var ef *db.ErrFormulario
		if errors.As(err, &ef) {
			return &flujo.ErrPaso{Mensaje: ef.Campos["motivo"]}
		}
		return err
	}, "", "caso_aplazado")
}
