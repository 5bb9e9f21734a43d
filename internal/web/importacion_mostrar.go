package web

import (
	"net/http"

	"comite/internal/importar"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// importacionMostrar shows the upload form, the help on formats and the templates.
func (h *handler) importacionMostrar(c echo.Context) error {
	return h.render(c, http.StatusOK, templates.ImportacionPagina(h.pagina(c, "Importar datos", "importar"), templates.FormImportacionDe(c.QueryParam("clase"), templates.Errores{}, importar.PlantillasDisponibles)))
}
