package web

import (
	"net/http"

	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// claveFormulario shows "Cambiar mi clave".
func (h *handler) claveFormulario(c echo.Context) error {
	return h.render(c, http.StatusOK, templates.CambiarClavePagina(h.pagina(c, "Cambiar mi clave", ""), h.vistaClave(c, templates.Errores{})))
}
