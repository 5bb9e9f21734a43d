package web

import (
	"net/http"

	"comite/internal/etiquetas"
	"comite/internal/formato"
	"comite/internal/permisos"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// apiCuentasListar shows the service accounts of the HTTP API with their
// last use, and the form to create one.
func (h *handler) apiCuentasListar(c echo.Context) error {
	v, err := h.vistaAPI(c, templates.APIVista{})
	if err != nil {
		return err
	}
	return h.render(c, http.StatusOK, templates.APIPagina(h.pagina(c, "Cuentas de servicio de la API", "api"), v))
}

// vistaAPI fills v (what the form kept, its errors, a new token) with the
// stored accounts and the scopes to choose.
func (h *handler) vistaAPI(c echo.Context, v templates.APIVista) (templates.APIVista, error) {
	cuentas, err := h.d.CuentasServicio(c.Request().Context())
	if err != nil {
		return v, err
	}
	hoy := h.d.Hoy()
	for _, cs := range cuentas {
		f := templates.APICuenta{Nombre: cs.Nombre, Alcances: permisos.UnirAlcances(cs.Alcances), Seccional: cs.Seccional,
			Vence: formato.Fecha(cs.Vence), CreadoPor: cs.CreadoPor, CreadoEn: instanteBogota(cs.CreadoEn), UltimoUso: "nunca", Estado: "vigente", Vigente: true}
		if f.Seccional == "" {
			f.Seccional = "todas"
		}
		if cs.UltimoUso != "" {
			f.UltimoUso = instanteBogota(cs.UltimoUso)
		}
		switch {
		case cs.RevocadaEn != "":
			f.Estado, f.Vigente = "revocada el "+instanteBogota(cs.RevocadaEn), false
		case cs.Vence.Antes(hoy):
			f.Estado, f.Vigente = "vencida", false
		}
		v.Cuentas = append(v.Cuentas, f)
	}
	marcado := map[string]bool{}
	for _, o := range v.Alcances {
		marcado[o.Valor] = o.Marcada
	}
	v.Alcances = nil
	for _, a := range permisos.Alcances {
		v.Alcances = append(v.Alcances, templates.OpcionMarcada{Valor: string(a), Texto: string(a) + ": " + etiquetas.Alcance(a), Marcada: marcado[string(a)]})
	}
	return v, nil
}
