package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"comite/internal/db"
	"comite/internal/etiquetas"
	"comite/internal/formato"
	"comite/internal/importar"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// usuarioNuevo shows the form to register a customs user.
func (h *handler) usuarioNuevo(c echo.Context) error {
	f := templates.FormUsuario{Accion: "/usuarios", Volver: "/usuarios", Tipos: opcionesTipo(""), Errores: templates.Errores{}}
	return h.render(c, http.StatusOK, templates.UsuarioFormPagina(h.pagina(c, "Registrar usuario aduanero", "usuarios"), f))
}

// usuarioCrear registers a customs user; a NIT already registered is
// refused beside the field (the correction is made from the profile).
func (h *handler) usuarioCrear(c echo.Context) error {
	ctx := c.Request().Context()
	f := formUsuarioDe(c)
	f.Accion, f.Volver = "/usuarios", "/usuarios"
	if f.Errores["nit"] == "" {
		switch _, err := h.d.UsuarioPorNIT(ctx, f.NIT); {
		case err == nil:
			f.Errores["nit"] = "Ya hay un usuario con el NIT " + f.NIT + ": búsquelo y corrija sus datos desde su perfil."
		case !errors.Is(err, db.ErrUsuarioNoRegistrado):
			return err
		}
	}
	if len(f.Errores) == 0 {
		_, _, err := h.d.GuardarUsuario(ctx, db.UsuarioAduanero{NIT: f.NIT, RazonSocial: f.RazonSocial, Tipo: f.Tipo, DireccionSeccional: f.Seccional}, actor(c))
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
	if n, err := importar.ParseNIT(f.NIT); err != nil {
		f.Errores["nit"] = formato.MayusculaInicial(err.Error()) + "."
	} else {
		f.NIT = n
	}
	if f.RazonSocial == "" {
		f.Errores["razon_social"] = "Escriba la razón social."
	}
	if f.Tipo == "" {
		f.Errores["tipo"] = "Elija el tipo de usuario."
	} else if t, err := importar.ParseTipoUsuario(f.Tipo); err != nil {
		f.Errores["tipo"] = formato.MayusculaInicial(err.Error()) + "."
	} else {
		f.Tipo = t
	}
	return f
}

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
		_, cambio, err := h.d.GuardarUsuario(c.Request().Context(), db.UsuarioAduanero{NIT: u.NIT, RazonSocial: f.RazonSocial, Tipo: f.Tipo, DireccionSeccional: f.Seccional}, actor(c))
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

// registroNuevo shows the form to register an autorización, habilitación or registro.
func (h *handler) registroNuevo(c echo.Context) error {
	u, err := h.usuarioDeRuta(c)
	if err != nil {
		return err
	}
	ruta := rutaUsuario(u.NIT)
	f := templates.FormRegistro{Accion: ruta + "/registros", Volver: ruta, NIT: u.NIT, RazonSocial: u.RazonSocial, Clase: "autorizacion",
		Clases: opcionesClase("autorizacion"), Errores: templates.Errores{}}
	return h.render(c, http.StatusOK, templates.RegistroFormPagina(h.pagina(c, "Registrar autorización", "usuarios"), f))
}

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
			f := templates.FormRegistro{Corrigiendo: true, Accion: ruta + "/registros", Volver: ruta, NIT: u.NIT, RazonSocial: u.RazonSocial,
				Clase: r.Clase, ClaseTexto: etiquetas.ClaseRegistro(r.Clase), Numero: r.Numero, Desde: textoFechaCampo(r.VigenteDesde),
				Hasta: textoFechaCampo(r.VigenteHasta), Errores: templates.Errores{}}
			return h.render(c, http.StatusOK, templates.RegistroFormPagina(h.pagina(c, "Corregir vigencia", "usuarios"), f))
		}
	}
	return echo.NewHTTPError(http.StatusNotFound)
}

// registroGuardar registers a registro, or (corregir=si) changes the end
// date of the one with the same clase, número and start date.
func (h *handler) registroGuardar(c echo.Context) error {
	u, err := h.usuarioDeRuta(c)
	if err != nil {
		return err
	}
	ruta := rutaUsuario(u.NIT)
	f := templates.FormRegistro{Corrigiendo: c.FormValue("corregir") == "si", Accion: ruta + "/registros", Volver: ruta, NIT: u.NIT, RazonSocial: u.RazonSocial,
		Clase: c.FormValue("clase"), Numero: strings.TrimSpace(c.FormValue("numero")), Desde: strings.TrimSpace(c.FormValue("vigente_desde")),
		Hasta: strings.TrimSpace(c.FormValue("vigente_hasta")), Errores: templates.Errores{}}
	f.ClaseTexto = etiquetas.ClaseRegistro(f.Clase)
	if !etiquetas.EsClaseRegistro(f.Clase) {
		f.Errores["clase"] = "Elija autorización, habilitación o registro."
	}
	r := db.RegistroUsuario{Clase: f.Clase, Numero: f.Numero}
	r.VigenteDesde = leerFechaCampo(f.Errores, "vigente_desde", f.Desde, true)
	r.VigenteHasta = leerFechaCampo(f.Errores, "vigente_hasta", f.Hasta, false)
	if f.Corrigiendo && len(f.Errores) == 0 && !tieneRegistro(u, r) {
		f.Errores["general"] = "No se encontró esa autorización para corregir; vuelva al perfil e intente de nuevo."
	}
	if len(f.Errores) == 0 {
		cambio, err := h.d.GuardarRegistro(c.Request().Context(), u.NIT, r, actor(c))
		if !errorDeCampo(f.Errores, err, nil) {
			if err != nil {
				return err
			}
			aviso := "registro_guardado"
			if cambio == db.Actualizado {
				aviso = "registro_corregido"
			}
			return redirigir(c, ruta+"?aviso="+aviso)
		}
	}
	f.Clases = opcionesClase(f.Clase)
	return h.render(c, http.StatusUnprocessableEntity, templates.RegistroFormPagina(h.pagina(c, "Registrar autorización", "usuarios"), f))
}

// tieneRegistro says whether the user has the registro with that key.
func tieneRegistro(u db.UsuarioAduanero, r db.RegistroUsuario) bool {
	for _, x := range u.Registros {
		if x.Clase == r.Clase && x.Numero == r.Numero && x.VigenteDesde.Igual(r.VigenteDesde) {
			return true
		}
	}
	return false
}
