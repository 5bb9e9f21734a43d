package web

import (
	"net/http"

	"comite/internal/flujo"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// casosCierreFormulario asks for the REA date.
func (h *handler) casosCierreFormulario(c echo.Context) error {
	caso, err := h.cargarCaso(c)
	if err != nil {
		return err
	}
	// Not offered when the case's state does not allow it (a closed case).
	cx, err := h.x.Contexto(c.Request().Context(), caso)
	if err != nil {
		return err
	}
	if msg := pasoNoPermitido(cuentaDe(c), flujo.Cerrar, cx); msg != "" {
		return h.mostrarCaso(c, caso, http.StatusConflict, msg, nil)
	}
	f := templates.FormCierre{CasoID: caso.ID, Numero: caso.Numero, Usuario: caso.RazonSocial + " · " + caso.NIT, Errores: templates.Errores{}}
	return h.render(c, http.StatusOK, templates.CierrePagina(h.pagina(c, "Cerrar el caso "+caso.Numero, "casos"), f))
}
