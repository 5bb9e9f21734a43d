package web

import (
	"log/slog"
	"net/http"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/expediente"
	"comite/internal/permisos"
	"comite/internal/web/buferes"
	"comite/internal/web/memoria"
	"comite/internal/web/pendientes"
	"comite/internal/web/turnos"
	"comite/web/templates"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
)

// handler holds the dependencies of every handler (one handler per file,
// named <noun>_<verb>.go).
type handler struct {
	d *db.DB
	// x runs the operations of cases and sessions (internal/expediente).
	x   *expediente.Expediente
	log *slog.Logger
	cfg Config
	// memo keeps the screening and the other whole-database figures until the data change.
	memo *memoria.Memoria
	// evaluaciones keeps the parsed stored evaluations of cases (casos_lectura.go).
	evaluaciones *memoria.Inmutables[*evaluacionLeida]
	// pendientes is the private directory of uploads awaiting confirmation.
	pendientes *pendientes.Directorio
	// limiteCalendario limits the calendar feed requests per address (calendario_feed.go).
	limiteCalendario ventanas[string]
	// limiteCuentas limits the POSTs of each account (limites.go).
	limiteCuentas ventanas[claveLimite]
	// turnos lets a few GET requests build their page at once.
	turnos *turnos.Turnos
}

// render writes a templ component into a buffer first, so an error while
// rendering can still become a 500 page instead of half a page.
func (h *handler) render(c echo.Context, status int, comp templ.Component) error {
	buf := buferes.Tomar()
	defer buferes.Devolver(buf)
	if err := comp.Render(c.Request().Context(), buf); err != nil {
		return err
	}
	return c.HTMLBlob(status, buf.Bytes())
}

// actor is who makes a change and from where, for the audit log.
func actor(c echo.Context) dominio.Actor {
	a := dominio.Actor{IP: c.RealIP()}
	if cu := cuentaDe(c); cu != nil {
		a.Cuenta = cu.Usuario
	}
	return a
}

// pagina builds what the base layout needs: the account, the navigation
// limited to its role, the CSRF token and the message of a redirect.
func (h *handler) pagina(c echo.Context, titulo, activo string) templates.Pagina {
	p := templates.Pagina{Titulo: titulo, CSRF: tokenCSRF(c)}
	if cu := cuentaDe(c); cu != nil {
		p.Usuario = &templates.UsuarioActual{Usuario: cu.Usuario, Nombre: cu.Nombre, RolEtiqueta: cu.Rol.Etiqueta(), Seccional: cu.DireccionSeccional,
			Buscar: permisos.Puede(cu.Rol, permisos.Buscar)}
		for _, n := range navegacion {
			if permisos.Puede(cu.Rol, n.accion) {
				p.Nav = append(p.Nav, templates.EnlaceNav{Ruta: n.ruta, Texto: n.texto, Clave: n.clave, Activo: n.clave == activo})
			}
		}
	}
	if m, ok := avisos[c.QueryParam("aviso")]; ok {
		p.Aviso, p.AvisoTipo = m, "ok"
	}
	return p
}

// redirigir is the R of Post/Redirect/Get.
func redirigir(c echo.Context, ruta string) error {
	return c.Redirect(http.StatusSeeOther, ruta)
}
