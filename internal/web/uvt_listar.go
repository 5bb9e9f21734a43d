package web

import (
	"net/http"
	"strconv"

	"comite/internal/formato"
	"comite/internal/permisos"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
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
	v.PuedeGestionar = permisos.Puede(cuentaDe(c).Rol, permisos.GestionarUVT)
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
