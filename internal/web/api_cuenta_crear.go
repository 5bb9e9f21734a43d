package web

import (
	"net/http"
	"strings"

	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/permisos"
	"comite/internal/validar"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// apiCuentaCrear creates a service account of the API and shows its token
// once; the form comes back with its errors otherwise.
func (h *handler) apiCuentaCrear(c echo.Context) error {
	formulario, err := c.FormParams()
	if err != nil {
		return err
	}
	v := templates.APIVista{Nombre: c.FormValue("nombre"), Vence: strings.TrimSpace(c.FormValue("vence")), Seccional: c.FormValue("seccional"), Errores: templates.Errores{}}
	marcados := formulario["alcance"]
	for _, a := range marcados {
		v.Alcances = append(v.Alcances, templates.OpcionMarcada{Valor: a, Marcada: true})
	}
	n := dominio.NuevaCuentaServicio{Nombre: v.Nombre, Seccional: v.Seccional}
	as, errA := permisos.ParseAlcances(strings.Join(marcados, ","))
	n.Alcances = as
	var errF error
	if v.Vence != "" {
		n.Vence, errF = fecha.Parse(v.Vence)
	}
	switch {
	case errA != nil:
		v.Errores["alcance"] = frase(errA.Error())
	case errF != nil:
		v.Errores["vence"] = "La fecha «" + v.Vence + "» no es válida; use DD/MM/AAAA, por ejemplo 31/12/2027."
	default:
		var cs dominio.CuentaServicio
		err = validar.CuentaServicio(&n, h.d.Hoy())
		if err == nil {
			cs, v.Token, err = h.d.CrearCuentaServicio(c.Request().Context(), n, actor(c))
		}
		switch {
		case errorDeCampo(v.Errores, err, nil):
		case err != nil:
			return err
		default:
			v = templates.APIVista{Token: v.Token, TokenNombre: cs.Nombre}
			if v, err = h.vistaAPI(c, v); err != nil {
				return err
			}
			c.Response().Header().Set("Cache-Control", "no-store")
			return h.render(c, http.StatusOK, templates.APIPagina(h.pagina(c, "Cuentas de servicio de la API", "api"), v))
		}
	}
	if v, err = h.vistaAPI(c, v); err != nil {
		return err
	}
	return h.render(c, http.StatusUnprocessableEntity, templates.APIPagina(h.pagina(c, "Cuentas de servicio de la API", "api"), v))
}
