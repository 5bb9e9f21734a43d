package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"comite/internal/db"
	"comite/internal/etiquetas"
	"comite/internal/formato"
	"comite/internal/permisos"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// porPaginaUsuarios is the page size of the search of customs users.
const porPaginaUsuarios = 25

// usuariosBuscar searches customs users by NIT or razón social, a page at a
// time. A seccional account sees only the users of its Dirección Seccional.
func (h *handler) usuariosBuscar(c echo.Context) error {
	cu := cuentaDe(c)
	q := strings.TrimSpace(c.QueryParam("q"))
	if len([]rune(q)) > 200 {
		q = string([]rune(q)[:200])
	}
	pagina, _ := strconv.Atoi(c.QueryParam("pagina"))
	if pagina < 1 {
		pagina = 1
	}
	filtro := db.FiltroUsuarios{Texto: q, Seccional: FiltroSeccional(cu), Limite: porPaginaUsuarios, Desde: (pagina - 1) * porPaginaUsuarios}
	usuarios, total, err := h.d.BuscarUsuarios(c.Request().Context(), filtro)
	if err != nil {
		return err
	}
	v := templates.BusquedaUsuarios{Q: q, Buscado: q != "", Pagina: pagina, PuedeEditar: permisos.Puede(cu.Rol, permisos.EditarDatos)}
	cat, err := h.memo.Catalogo(c.Request().Context())
	if err != nil {
		return err
	}
	if cu.Rol == permisos.RolSeccional {
		v.Seccional = db.NombreSeccional(cat, cu.DireccionSeccional)
	}
	v.Paginas = (total + porPaginaUsuarios - 1) / porPaginaUsuarios
	switch total {
	case 1:
		v.Total = "1 usuario"
	default:
		v.Total = formato.Plural(total, "usuario", "usuarios")
	}
	if v.Paginas > 1 {
		v.Total += " · página " + strconv.Itoa(pagina) + " de " + strconv.Itoa(v.Paginas)
	}
	enlace := func(p int) string {
		u := url.Values{}
		if q != "" {
			u.Set("q", q)
		}
		u.Set("pagina", strconv.Itoa(p))
		return urls.Usuarios + "?" + u.Encode()
	}
	if pagina > 1 {
		v.Anterior = enlace(min(pagina-1, max(v.Paginas, 1)))
	}
	if pagina < v.Paginas {
		v.Siguiente = enlace(pagina + 1)
	}
	for _, u := range usuarios {
		v.Filas = append(v.Filas, templates.UsuarioFila{NIT: u.NIT, RazonSocial: u.RazonSocial, Tipo: etiquetas.TipoUsuario(u.Tipo),
			Seccional: db.NombreSeccional(cat, u.DireccionSeccional), Ruta: rutaUsuario(u.NIT)})
	}
	return h.render(c, http.StatusOK, templates.UsuariosPagina(h.pagina(c, "Usuarios aduaneros", "usuarios"), v))
}
