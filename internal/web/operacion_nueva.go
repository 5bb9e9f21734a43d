package web

import (
	"net/http"
	"strconv"
	"strings"

	"comite/internal/dominio"
	"comite/internal/entrada"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// operacionNueva shows the form to register one year of operations.
func (h *handler) operacionNueva(c echo.Context) error {
	u, err := h.usuarioDeRuta(c)
	if err != nil {
		return err
	}
	f := formOperacionVacio(u)
	// From the coverage report: the year to load comes prefilled.
	if a, err := entrada.ParseAnio(strings.TrimSpace(c.QueryParam("anio"))); err == nil {
		f.Anio = strconv.Itoa(a)
	}
	return h.render(c, http.StatusOK, templates.OperacionFormPagina(h.pagina(c, "Registrar operaciones", "usuarios"), f))
}

func formOperacionVacio(u dominio.UsuarioAduanero) templates.FormOperacion {
	ruta := rutaUsuario(u.NIT)
	return templates.FormOperacion{Accion: urls.Operaciones(u.NIT), Volver: ruta, NIT: u.NIT, RazonSocial: u.RazonSocial, Errores: templates.Errores{}}
}
