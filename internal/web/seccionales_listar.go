package web

import (
	"comite/internal/formato"
	"net/http"
	"strings"

	"comite/internal/permisos"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// seccionalesListar shows the catalogue of Direcciones Seccionales.
func (h *handler) seccionalesListar(c echo.Context) error {
	v, err := h.vistaSeccionales(c, templates.SeccionalesVista{Errores: templates.Errores{}})
	if err != nil {
		return err
	}
	return h.render(c, http.StatusOK, templates.SeccionalesPagina(h.pagina(c, "Direcciones Seccionales", "seccionales"), v))
}

func (h *handler) vistaSeccionales(c echo.Context, v templates.SeccionalesVista) (templates.SeccionalesVista, error) {
	ctx := c.Request().Context()
	cat, err := h.memo.Catalogo(ctx)
	if err != nil {
		return v, err
	}
	for _, s := range cat.Lista() {
		v.Filas = append(v.Filas, templates.FilaSeccional{Codigo: s.Codigo, Nombre: s.Nombre, Cortos: strings.Join(s.Cortos, "; ")})
	}
	sin, err := h.d.SeccionalesSinConvertir(ctx)
	if err != nil {
		return v, err
	}
	for _, s := range sin {
		v.SinConvertir = append(v.SinConvertir, templates.Par{Etiqueta: s.Tabla + ": «" + s.Valor + "»", Valor: formato.Plural(s.Filas, "fila", "filas")})
	}
	v.PuedeGestionar = permisos.Puede(cuentaDe(c).Rol, permisos.GestionarSeccionales)
	return v, nil
}
