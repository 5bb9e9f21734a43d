package web

import (
	"net/http"

	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// registroNuevo shows the form to register an autorización, habilitación or registro.
func (h *handler) registroNuevo(c echo.Context) error {
	u, err := h.usuarioDeRuta(c)
	if err != nil {
		return err
	}
	ruta := rutaUsuario(u.NIT)
	f := templates.FormRegistro{Accion: urls.Registros(u.NIT), Volver: ruta, NIT: u.NIT, RazonSocial: u.RazonSocial, Clase: "autorizacion",
		Clases: opcionesClase("autorizacion"), Errores: templates.Errores{}}
	return h.render(c, http.StatusOK, templates.RegistroFormPagina(h.pagina(c, "Registrar autorización", "usuarios"), f))
}
