package web

import (
	"net/http"
	"strconv"

	"comite/internal/etiquetas"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// registroEditar shows one registro of the user, to correct its end date.
func (h *handler) registroEditar(c echo.Context) error {
	u, err := h.usuarioDeRuta(c)
	if err != nil {
		return err
	}
	id, _ := strconv.ParseInt(c.Param("id"), 10, 64)
	for _, r := range u.Registros {
		if r.ID == id {
			ruta := rutaUsuario(u.NIT)
			f := templates.FormRegistro{Corrigiendo: true, Accion: urls.Registros(u.NIT), Volver: ruta, NIT: u.NIT, RazonSocial: u.RazonSocial,
				Clase: r.Clase, ClaseTexto: etiquetas.ClaseRegistro(r.Clase), Numero: r.Numero, Desde: textoFechaCampo(r.VigenteDesde),
				Hasta: textoFechaCampo(r.VigenteHasta), Errores: templates.Errores{}}
			return h.render(c, http.StatusOK, templates.RegistroFormPagina(h.pagina(c, "Corregir vigencia", "usuarios"), f))
		}
	}
	return echo.NewHTTPError(http.StatusNotFound)
}
