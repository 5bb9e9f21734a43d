package web

import (
	"comite/internal/dominio"
	"comite/internal/formato"
	"comite/internal/permisos"
	"comite/internal/validar"
	"comite/web/templates"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
)

// cuentaRolCambiar changes an account's role (its sessions end). An admin
// cannot take the admin role from their own account (no lock-out).
func (h *handler) cuentaRolCambiar(c echo.Context) error {
	cu, err := h.cuentaDeRuta(c)
	if err != nil {
		return err
	}
	rol, seccional := c.FormValue("rol"), c.FormValue("seccional")
	errs := templates.Errores{}
	if cu.ID == cuentaDe(c).ID && rol != string(permisos.RolAdmin) {
		errs["rol"] = "No puede quitarse el rol de administración; pídaselo a otro administrador."
	} else {
		if err = validar.Rol(permisos.Rol(rol), seccional); err == nil {
			err = h.d.CambiarRol(c.Request().Context(), cu.ID, permisos.Rol(rol), seccional, actor(c))
		}
		var ev *dominio.ErrValidacion
		switch {
		case errors.As(err, &ev):
			errs[ev.Campo] = formato.MayusculaInicial(ev.Mensaje) + "."
		case err != nil:
			return err
		default:
			return redirigir(c, rutaCuentaDe(cu.ID)+"?aviso=rol_cambiado")
		}
	}
	v := h.vistaCuenta(c, cu, errs)
	v.Rol, v.Seccional, v.Roles = rol, seccional, templates.OpcionesRol(rol)
	return h.render(c, http.StatusUnprocessableEntity, templates.CuentaDetallePagina(h.pagina(c, "Cuenta "+cu.Usuario, "cuentas"), v))
}
