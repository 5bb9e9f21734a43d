package web

import (
	"net/http"

	"comite/internal/dominio"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// actoNuevo shows the form to register a sanction act of the user.
func (h *handler) actoNuevo(c echo.Context) error {
	u, err := h.usuarioDeRuta(c)
	if err != nil {
		return err
	}
	f := formActoVacio(u)
	f.Gravedades, f.Sanciones = opcionesGravedad(""), opcionesSancion("")
	return h.render(c, http.StatusOK, templates.ActoFormPagina(h.pagina(c, "Registrar acto sancionatorio", "usuarios"), f))
}

func formActoVacio(u dominio.UsuarioAduanero) templates.FormActo {
	ruta := rutaUsuario(u.NIT)
	return templates.FormActo{Accion: urls.Actos(u.NIT), Volver: ruta, NIT: u.NIT, RazonSocial: u.RazonSocial, Errores: templates.Errores{}}
}
