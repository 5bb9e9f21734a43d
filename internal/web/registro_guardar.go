package web

import (
	"net/http"
	"strings"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/etiquetas"
	"comite/internal/validar"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// registroGuardar registers a registro, or (corregir=si) changes the end
// date of the one with the same clase, número and start date.
func (h *handler) registroGuardar(c echo.Context) error {
	u, err := h.usuarioDeRuta(c)
	if err != nil {
		return err
	}
	ruta := rutaUsuario(u.NIT)
	f := templates.FormRegistro{Corrigiendo: c.FormValue("corregir") == "si", Accion: urls.Registros(u.NIT), Volver: ruta, NIT: u.NIT, RazonSocial: u.RazonSocial,
		Clase: c.FormValue("clase"), Numero: strings.TrimSpace(c.FormValue("numero")), Desde: strings.TrimSpace(c.FormValue("vigente_desde")),
		Hasta: strings.TrimSpace(c.FormValue("vigente_hasta")), Errores: templates.Errores{}}
	f.ClaseTexto = etiquetas.ClaseRegistro(f.Clase)
	if !etiquetas.EsClaseRegistro(f.Clase) {
		f.Errores["clase"] = "Elija autorización, habilitación o registro."
	}
	r := dominio.RegistroUsuario{Clase: f.Clase, Numero: f.Numero}
	r.VigenteDesde = leerFechaCampo(f.Errores, "vigente_desde", f.Desde, true)
	r.VigenteHasta = leerFechaCampo(f.Errores, "vigente_hasta", f.Hasta, false)
	if f.Corrigiendo && len(f.Errores) == 0 && !tieneRegistro(u, r) {
		f.Errores["general"] = "No se encontró esa autorización para corregir; vuelva al perfil e intente de nuevo."
	}
	if len(f.Errores) == 0 {
		n, err := validar.Registro(u.NIT, &r)
		cambio := db.SinCambios
		if err == nil {
			cambio, err = h.d.GuardarRegistro(c.Request().Context(), n, r, actor(c))
		}
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
func tieneRegistro(u dominio.UsuarioAduanero, r dominio.RegistroUsuario) bool {
	for _, x := range u.Registros {
		if x.Clase == r.Clase && x.Numero == r.Numero && x.VigenteDesde.Igual(r.VigenteDesde) {
			return true
		}
	}
	return false
}
