package web

import (
	"comite/internal/dominio"
	"comite/internal/formato"
	"comite/web/templates"
	"errors"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/shopspring/decimal"
)

// uvtListar shows the UVT table and, for the administrator, the form to add
// the year DIAN publishes.
func (h *handler) uvtListar(c echo.Context) error {
	v, err := h.vistaUVT(c, templates.UVTPagina{Errores: templates.Errores{}})
	if err != nil {
		return err
	}
	return h.render(c, http.StatusOK, templates.UVTTablaPagina(h.pagina(c, "UVT", "uvt"), v))
}

func (h *handler) vistaUVT(c echo.Context, v templates.UVTPagina) (templates.UVTPagina, error) {
	filas, err := h.d.ListarUVT(c.Request().Context())
	if err != nil {
		return v, err
	}
	v.PuedeGestionar = Puede(cuentaDe(c).Rol, GestionarUVT)
	v.Filas = nil
	for _, f := range filas {
		uso := "sin usar"
		if f.Usos == 1 {
			uso = "usada en 1 cálculo guardado"
		} else if f.Usos > 1 {
			uso = "usada en " + formato.Entero(int64(f.Usos)) + " cálculos guardados"
		}
		v.Filas = append(v.Filas, templates.UVTFila{Anio: strconv.Itoa(f.Anio), Valor: formato.Pesos(f.Valor), Resolucion: f.Resolucion,
			RegistradoPor: f.RegistradoPor, RegistradoEn: formato.InstanteTexto(f.RegistradoEn), Uso: uso})
	}
	if n := len(filas); n > 0 {
		v.Siguiente = strconv.Itoa(filas[n-1].Anio + 1)
	}
	return v, nil
}

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
		err := h.d.GuardarUVT(c.Request().Context(), anio, valor, v.Resolucion, actor(c))
		var ev *dominio.ErrValidacion
		switch {
		case errors.As(err, &ev):
			v.Errores[ev.Campo] = formato.MayusculaInicial(ev.Mensaje) + "."
		case err != nil:
			return err
		default:
			return redirigir(c, "/admin/uvt?aviso=uvt_guardada")
		}
	}
	v, err := h.vistaUVT(c, v)
	if err != nil {
		return err
	}
	return h.render(c, http.StatusUnprocessableEntity, templates.UVTTablaPagina(h.pagina(c, "UVT", "uvt"), v))
}
