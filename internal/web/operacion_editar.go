package web

import (
	"net/http"
	"strconv"

	"comite/internal/formato"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// operacionEditar shows the yearly total of the route's year, to correct it.
func (h *handler) operacionEditar(c echo.Context) error {
	u, err := h.usuarioDeRuta(c)
	if err != nil {
		return err
	}
	anio, err := strconv.Atoi(c.Param("anio"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	o, err := h.operacionesDelAnio(c, u.NIT, anio)
	if err != nil {
		return err
	}
	if o == nil || o.Origen != "anual" {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	f := formOperacionVacio(u)
	f.Corrigiendo, f.Anio, f.Valor, f.Numero = true, strconv.Itoa(anio), textoMontoCampo(o.Valor), formato.Entero(o.Numero)
	return h.render(c, http.StatusOK, templates.OperacionFormPagina(h.pagina(c, "Corregir operaciones", "usuarios"), f))
}
