package web

import (
	"net/http"

	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// usuarioEditar shows the user form filled with the stored data.
func (h *handler) usuarioEditar(c echo.Context) error {
	u, err := h.usuarioDeRuta(c)
	if err != nil {
		return err
	}
	ruta := rutaUsuario(u.NIT)
	f := templates.FormUsuario{Corrigiendo: true, Accion: ruta, Volver: ruta, NIT: u.NIT, RazonSocial: u.RazonSocial, Tipo: u.Tipo,
		Seccional: u.DireccionSeccional, Tipos: opcionesTipo(u.Tipo), Errores: templates.Errores{}}
	return h.render(c, http.StatusOK, templates.UsuarioFormPagina(h.pagina(c, "Corregir datos del usuario", "usuarios"), f))
}
