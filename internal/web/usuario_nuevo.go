package web

import (
	"net/http"

	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// usuarioNuevo shows the form to register a customs user.
func (h *handler) usuarioNuevo(c echo.Context) error {
	f := templates.FormUsuario{Accion: "/usuarios", Volver: "/usuarios", Tipos: opcionesTipo(""), Errores: templates.Errores{}}
	return h.render(c, http.StatusOK, templates.UsuarioFormPagina(h.pagina(c, "Registrar usuario aduanero", "usuarios"), f))
}
