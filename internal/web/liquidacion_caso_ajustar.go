package web

import (
	"net/http"
	"net/url"

	"comite/internal/db"
	"comite/internal/entrada"
	"comite/internal/formato"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// casoLiquidacionAjustar records an adjusted count with its reason (audit
// log) and returns to the page (Post/Redirect/Get).
func (h *handler) casoLiquidacionAjustar(c echo.Context) error {
	caso, err := h.cargarCaso(c)
	if err != nil {
		return err
	}
	d := h.leerDatosHistoria(c, caso)
	hist, _, _, _, err := h.historiaCaso(c, caso, d)
	if err != nil {
		return err
	}
	a := db.AjusteCuenta{Cuenta: c.FormValue("cuenta"), Infraccion: d.infraccion, Razon: c.FormValue("razon")}
	if cu, ok := hist.Cuentas[a.Cuenta]; ok && cu.Conocida {
		n := cu.Valor
		a.Calculada = &n
	}
	campos := map[string]string{}
	if n, err := entrada.ParseEntero(c.FormValue("valor")); err != nil {
		campos["valor"] = formato.MayusculaInicial(err.Error()) + "."
	} else if n < 0 || n > 1000 {
		campos["valor"] = "Escriba un número entre 0 y 1.000."
	} else {
		a.Valor = int(n)
	}
	for k, m := range d.errores { // the page's own data (date, régimen, code) must be valid too
		campos[k] = m
	}
	if len(campos) == 0 {
		_, err = h.x.AjustarCuentaLiquidacion(c.Request().Context(), caso.ID, a, actor(c))
	}
	switch {
	case len(campos) > 0:
	case err != nil:
		// Invalid fields beside their fields, a refused step as a general
		// message; anything else (not found, busy) is answered by its code.
		msg, cs, otro := camposDeFallo(err)
		if otro != nil {
			return otro
		}
		if campos = cs; len(campos) == 0 {
			campos = map[string]string{"general": msg}
		}
	default:
		q := url.Values{"infraccion": {d.infraccion}, "regimen": {string(d.regimen)}, "fecha": {d.fecha}, "ajustado": {"1"}}
		return redirigir(c, urls.CasoLiquidacion(caso.ID)+"?"+q.Encode())
	}
	v, err := h.vistaLiquidacionCaso(c, caso, d)
	if err != nil {
		return err
	}
	for k, m := range campos {
		v.Errores[k] = m
	}
	v.AjusteValor, v.AjusteRazon = c.FormValue("valor"), c.FormValue("razon")
	for i := range v.OpcionesCuenta {
		v.OpcionesCuenta[i].Seleccionada = v.OpcionesCuenta[i].Valor == a.Cuenta
	}
	return h.render(c, http.StatusUnprocessableEntity, templates.LiquidacionCasoPagina(h.pagina(c, "Liquidación del caso "+caso.Numero, "casos"), v))
}
