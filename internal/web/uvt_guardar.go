package web

import (
	"errors"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"comite/internal/dominio"
	"comite/internal/formato"
	"comite/internal/validar"
	"comite/web/templates"

	"comite/internal/web/urls"

	"github.com/labstack/echo/v4"
	"github.com/shopspring/decimal"
)

// pesosEnteros is a whole peso amount as people write it: 52374, 52.374 or
// $ 52.374 (dots group thousands in threes).
var pesosEnteros = regexp.MustCompile(`^[0-9]{1,3}(\.[0-9]{3})*$|^[0-9]+$`)

// uvtGuardar adds the UVT of a year, or corrects a row no stored computation used.
func (h *handler) uvtGuardar(c echo.Context) error {
	v := templates.UVTPagina{Anio: strings.TrimSpace(c.FormValue("anio")), Valor: strings.TrimSpace(c.FormValue("valor")),
		Resolucion: c.FormValue("resolucion"), Errores: templates.Errores{}}
	anio, errAnio := strconv.Atoi(v.Anio)
	if errAnio != nil || len(v.Anio) != 4 {
		v.Errores["anio"] = "Escriba el año con cuatro cifras, por ejemplo 2027."
	}
	texto := strings.TrimSpace(strings.TrimPrefix(v.Valor, "$"))
	var valor decimal.Decimal
	if len(texto) > 13 || !pesosEnteros.MatchString(texto) {
		v.Errores["valor"] = "Escriba la UVT en pesos enteros, por ejemplo 52.374."
	} else {
		valor, _ = decimal.NewFromString(strings.ReplaceAll(texto, ".", ""))
	}
	if len(v.Errores) == 0 {
		err := validar.UVT(anio, valor, v.Resolucion)
		if err == nil {
			err = h.d.GuardarUVT(c.Request().Context(), anio, valor, v.Resolucion, validar.UVTEnTabla(anio, valor), actor(c))
		}
		var ev *dominio.ErrValidacion
		switch {
		case errors.As(err, &ev):
			v.Errores[ev.Campo] = formato.MayusculaInicial(ev.Mensaje) + "."
		case err != nil:
			return err
		default:
			return redirigir(c, urls.UVT+"?aviso=uvt_guardada")
		}
	}
	v, err := h.vistaUVT(c, v)
	if err != nil {
		return err
	}
	return h.render(c, http.StatusUnprocessableEntity, templates.UVTTablaPagina(h.pagina(c, "UVT", "uvt"), v))
}
