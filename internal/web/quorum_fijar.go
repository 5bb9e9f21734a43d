package web

import (
	"net/http"
	"strconv"
	"strings"

	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// quorumFijar records the quorum (administrator).
func (h *handler) quorumFijar(c echo.Context) error {
	n, err := strconv.Atoi(strings.TrimSpace(c.FormValue("quorum")))
	if err != nil {
		n = 0
	}
	if err := h.x.FijarQuorum(c.Request().Context(), n, actorCaso(c)); err != nil {
		msg, campos, otro := errorDeCaso(err)
		if otro != nil {
			return otro
		}
		return h.sesionesPagina(c, http.StatusUnprocessableEntity, templates.FormSesion{Errores: templates.Errores(campos)}, msg)
	}
	return redirigir(c, urls.Sesiones+"?aviso=quorum_guardado")
}
