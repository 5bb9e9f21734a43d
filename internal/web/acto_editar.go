package web

import (
	"errors"
	"net/http"

	"comite/internal/db"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// actoEditar shows the act form filled with the stored act (?numero=).
func (h *handler) actoEditar(c echo.Context) error {
	u, err := h.usuarioDeRuta(c)
	if err != nil {
		return err
	}
	a, err := h.d.ActoPorNumero(c.Request().Context(), u.NIT, c.QueryParam("numero"))
	if errors.Is(err, db.ErrActoNoExiste) {
		return echo.NewHTTPError(http.StatusNotFound)
	} else if err != nil {
		return err
	}
	f := formActoVacio(u)
	f.Corrigiendo, f.Numero, f.Infraccion, f.Allanamiento = true, a.NumeroActo, a.Infraccion, a.Allanamiento
	f.Expedicion, f.Firmeza, f.Valor = textoFechaCampo(a.FechaExpedicion), textoFechaCampo(a.FechaFirmeza), textoMontoCampo(a.Valor)
	f.Gravedades, f.Sanciones = opcionesGravedad(string(a.Gravedad)), opcionesSancion(string(a.Sancion))
	return h.render(c, http.StatusOK, templates.ActoFormPagina(h.pagina(c, "Corregir acto sancionatorio", "usuarios"), f))
}
