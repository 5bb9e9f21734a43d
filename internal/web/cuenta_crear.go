package web

import (
	"errors"
	"net/http"

	"comite/internal/dominio"
	"comite/internal/permisos"
	"comite/internal/validar"

	"comite/internal/web/urls"

	"comite/internal/db"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// cuentaCrear creates an account: form → validation → one store call →
// redirect; on a validation error the form comes back with the message beside the field.
func (h *handler) cuentaCrear(c echo.Context) error {
	f := templates.FormCuenta{
		Usuario:   c.FormValue("usuario"),
		Nombre:    c.FormValue("nombre"),
		Rol:       c.FormValue("rol"),
		Seccional: c.FormValue("seccional"),
		Errores:   templates.Errores{},
	}
	n := dominio.NuevaCuenta{
		Usuario: f.Usuario, Nombre: f.Nombre, Rol: permisos.Rol(f.Rol), DireccionSeccional: f.Seccional, Clave: c.FormValue("clave"),
	}
	// Every field that is wrong, in one answer.
	campos := validar.CamposNuevaCuenta(n)
	for k, m := range campos {
		f.Errores[k] = frase(m)
	}
	var err error
	if len(campos) == 0 {
		_, err = h.d.CrearCuenta(c.Request().Context(), n, actor(c))
	}
	switch {
	case len(campos) > 0:
	case errorDeCampo(f.Errores, err, nil):
	case errors.Is(err, db.ErrCuentaExiste):
		f.Errores["usuario"] = "Ya existe una cuenta con ese usuario; elija otro."
	case err != nil:
		return err
	default:
		return redirigir(c, urls.Cuentas+"?aviso=cuenta_creada")
	}
	f.Roles = templates.OpcionesRol(f.Rol)
	return h.render(c, http.StatusUnprocessableEntity, templates.CuentaNuevaPagina(h.pagina(c, "Crear cuenta", "cuentas"), f))
}
