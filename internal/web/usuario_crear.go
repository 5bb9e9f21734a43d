package web

import (
	"comite/internal/importar/filas"
	"errors"
	"net/http"
	"strings"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/entrada"
	"comite/internal/formato"
	"comite/internal/validar"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// usuarioCrear registers a customs user; a NIT already registered is
// refused beside the field (the correction is made from the profile).
func (h *handler) usuarioCrear(c echo.Context) error {
	ctx := c.Request().Context()
	f := formUsuarioDe(c)
	f.Accion, f.Volver = urls.Usuarios, urls.Usuarios
	if f.Errores["nit"] == "" {
		switch _, err := h.d.UsuarioPorNIT(ctx, f.NIT); {
		case err == nil:
			f.Errores["nit"] = "Ya hay un usuario con el NIT " + f.NIT + ": búsquelo y corrija sus datos desde su perfil."
		case !errors.Is(err, db.ErrUsuarioNoRegistrado):
			return err
		}
	}
	if len(f.Errores) == 0 {
		nuevo := dominio.UsuarioAduanero{NIT: f.NIT, RazonSocial: f.RazonSocial, Tipo: f.Tipo, DireccionSeccional: f.Seccional}
		err := validar.Usuario(&nuevo)
		if err == nil {
			_, _, err = h.d.GuardarUsuario(ctx, nuevo, actor(c))
		}
		if !errorDeCampo(f.Errores, err, map[string]string{"direccion_seccional": "direccion_seccional"}) {
			if err != nil {
				return err
			}
			return redirigir(c, rutaUsuario(f.NIT)+"?aviso=usuario_creado")
		}
	}
	f.Tipos = opcionesTipo(f.Tipo)
	return h.render(c, http.StatusUnprocessableEntity, templates.UsuarioFormPagina(h.pagina(c, "Registrar usuario aduanero", "usuarios"), f))
}

// formUsuarioDe reads the user form; the NIT is checked (with its check
// digit) the same way the import files check it.
func formUsuarioDe(c echo.Context) templates.FormUsuario {
	f := templates.FormUsuario{
		NIT: strings.TrimSpace(c.FormValue("nit")), RazonSocial: strings.TrimSpace(c.FormValue("razon_social")),
		Tipo: c.FormValue("tipo"), Seccional: strings.TrimSpace(c.FormValue("direccion_seccional")), Errores: templates.Errores{},
	}
	if n, err := entrada.ParseNIT(f.NIT); err != nil {
		f.Errores["nit"] = formato.MayusculaInicial(err.Error()) + "."
	} else {
		f.NIT = n
	}
	if f.RazonSocial == "" {
		f.Errores["razon_social"] = "Escriba la razón social."
	}
	if f.Tipo == "" {
		f.Errores["tipo"] = "Elija el tipo de usuario."
	} else if t, err := filas.ParseTipoUsuario(f.Tipo); err != nil {
		f.Errores["tipo"] = formato.MayusculaInicial(err.Error()) + "."
	} else {
		f.Tipo = t
	}
	return f
}
