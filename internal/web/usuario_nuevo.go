package web

import (
	"net/http"

	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// usuarioNuevo shows the form to register a customs user.
func (h *handler) usuarioNuevo(c echo.Context) error {
	f := templates.FormUsuario{Accion: urls.Usuarios, Volver: urls.Usuarios, Tipos: opcionesTipo(""), Errores: templates.Errores{}}
	return h.render(c, http.StatusOK, templates.UsuarioFormPagina(h.pagina(c, "Registrar usuario aduanero", "usuarios"), f))
}
