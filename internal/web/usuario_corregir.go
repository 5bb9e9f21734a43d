package web

import (
	"net/http"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/validar"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// usuarioCorregir saves the corrected razón social, tipo and Dirección
// Seccional; the store audits the values before and after.
func (h *handler) usuarioCorregir(c echo.Context) error {
	u, err := h.usuarioDeRuta(c)
	if err != nil {
		return err
	}
	f := formUsuarioDe(c)
	f.NIT, f.Corrigiendo = u.NIT, true // the NIT of the route is the key
	delete(f.Errores, "nit")
	f.Accion, f.Volver = rutaUsuario(u.NIT), rutaUsuario(u.NIT)
	if len(f.Errores) == 0 {
		corregido := dominio.UsuarioAduanero{NIT: u.NIT, RazonSocial: f.RazonSocial, Tipo: f.Tipo, DireccionSeccional: f.Seccional}
		cambio, err := db.SinCambios, validar.Usuario(&corregido)
		if err == nil {
			_, cambio, err = h.d.GuardarUsuario(c.Request().Context(), corregido, actor(c))
		}
		if !errorDeCampo(f.Errores, err, nil) {
			if err != nil {
				return err
			}
			aviso := "usuario_corregido"
			if cambio == db.SinCambios {
				aviso = "usuario_sin_cambios"
			}
			return redirigir(c, rutaUsuario(u.NIT)+"?aviso="+aviso)
		}
	}
	f.Tipos = opcionesTipo(f.Tipo)
	return h.render(c, http.StatusUnprocessableEntity, templates.UsuarioFormPagina(h.pagina(c, "Corregir datos del usuario", "usuarios"), f))
}
