package web

import (
	"cmp"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"comite/internal/db"
	"comite/internal/etiquetas"
	"comite/internal/formato"
	"comite/internal/permisos"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// Limits of the header's search: the shortest text (the longest is
// maxTextoBusqueda, as in the lists), and the rows of each kind.
const (
	minTextoBuscar    = 2
	hallazgosPorGrupo = 10
)

// busquedaMostrar is the header's search: customs users, cases and sessions
// of the Comité at once, each kind the role may read, most relevant first
// (db.BuscarUsuariosGeneral and siblings). A seccional account finds only
// the users and cases of its own Dirección Seccional: the store is asked
// with FiltroSeccional and every row is checked again with VeSeccional
// (seccionales.Accede), the rule of every other screen.
func (h *handler) busquedaMostrar(c echo.Context) error {
	ctx := c.Request().Context()
	cu := cuentaDe(c)
	q := strings.TrimSpace(c.QueryParam("q"))
	v := templates.Busqueda{Q: q}
	n := utf8.RuneCountInString(q)
	switch {
	case q == "":
	case n > maxTextoBusqueda || strings.ContainsFunc(q, unicode.IsControl):
		v.Error = "La búsqueda admite hasta 100 caracteres, sin caracteres de control."
		v.Q = string([]rune(q)[:min(n, maxTextoBusqueda)])
	case n < minTextoBuscar:
		v.Error = "Escriba al menos 2 caracteres."
	default:
		type grupo struct {
			g     templates.GrupoBusqueda
			mejor int
		}
		var gs []grupo
		cortar := func(g *templates.GrupoBusqueda, total, vistos int, singular, plural string) {
			g.Total = formato.Plural(total, singular, plural)
			if total > vistos {
				g.Mas = "Se muestran los " + formato.Entero(int64(vistos)) + " más cercanos."
			}
		}
		seccional := FiltroSeccional(cu)
		if permisos.Puede(cu.Rol, permisos.VerUsuarios) {
			hs, total, err := h.d.BuscarUsuariosGeneral(ctx, q, seccional, hallazgosPorGrupo)
			if err != nil {
				return err
			}
			cat, err := h.memo.Catalogo(ctx)
			if err != nil {
				return err
			}
			x := grupo{g: templates.GrupoBusqueda{Clave: "usuarios", Titulo: "Usuarios aduaneros", VerTodos: urls.Usuarios + "?" + consultaQ(q)}, mejor: 9}
			for _, u := range hs {
				if !VeSeccional(cu, u.DireccionSeccional) {
					continue
				}
				x.mejor = min(x.mejor, u.Relevancia)
				x.g.Filas = append(x.g.Filas, templates.FilaBusqueda{Ruta: rutaUsuario(u.NIT), Titulo: u.RazonSocial,
					Detalle: "NIT " + u.NIT + " · " + etiquetas.TipoUsuario(u.Tipo) + " · " + db.NombreSeccional(cat, u.DireccionSeccional)})
			}
			cortar(&x.g, total, len(x.g.Filas), "usuario", "usuarios")
			if total > 0 {
				gs = append(gs, x)
			}
		}
		if permisos.Puede(cu.Rol, permisos.VerCasos) {
			hs, total, err := h.d.BuscarCasosGeneral(ctx, q, seccional, hallazgosPorGrupo)
			if err != nil {
				return err
			}
			x := grupo{g: templates.GrupoBusqueda{Clave: "casos", Titulo: "Casos", VerTodos: urls.Casos + "?" + consultaQ(q)}, mejor: 9}
			for _, k := range hs {
				if !VeSeccional(cu, k.DireccionSeccional) {
					continue
				}
				x.mejor = min(x.mejor, k.Relevancia)
				x.g.Filas = append(x.g.Filas, templates.FilaBusqueda{Ruta: urls.Caso(k.ID), Titulo: k.Numero + " — " + k.RazonSocial,
					Detalle: "NIT " + k.NIT + " · " + k.Estado.Etiqueta() + " · reportado el " + formato.Fecha(k.FechaReporte)})
			}
			cortar(&x.g, total, len(x.g.Filas), "caso", "casos")
			if total > 0 {
				gs = append(gs, x)
			}
		}
		if permisos.Puede(cu.Rol, permisos.VerSesiones) {
			hs, total, err := h.d.BuscarSesionesGeneral(ctx, q, hallazgosPorGrupo)
			if err != nil {
				return err
			}
			x := grupo{g: templates.GrupoBusqueda{Clave: "sesiones", Titulo: "Sesiones del Comité"}, mejor: 9}
			for _, s := range hs {
				x.mejor = min(x.mejor, s.Relevancia)
				x.g.Filas = append(x.g.Filas, templates.FilaBusqueda{Ruta: urls.Sesion(s.ID), Titulo: "Sesión " + s.Numero,
					Detalle: formato.Fecha(s.Fecha) + " " + s.Hora + " · " + s.Lugar})
			}
			cortar(&x.g, total, len(x.g.Filas), "sesión", "sesiones")
			if total > 0 {
				gs = append(gs, x)
			}
		}
		// The kind with the closest match goes first; equal ones keep the
		// order users, cases, sessions.
		slices.SortStableFunc(gs, func(a, b grupo) int { return cmp.Compare(a.mejor, b.mejor) })
		for _, x := range gs {
			v.Grupos = append(v.Grupos, x.g)
		}
		v.Nada = len(v.Grupos) == 0
	}
	return h.render(c, http.StatusOK, templates.BusquedaPagina(h.pagina(c, "Buscar", ""), v))
}

// consultaQ is the query string of a list searched for q.
func consultaQ(q string) string { return url.Values{"q": {q}}.Encode() }
