package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// ruta is one row of the site map.
type ruta struct {
	Metodo string
	Patron string
	Accion Accion
	// LimiteCuerpo is the largest request body accepted (0: limiteCuerpoNormal).
	LimiteCuerpo int64
	manejador    func(*handler, echo.Context) error
}

const (
	limiteCuerpoNormal = 1 << 20  // forms: 1 MB
	LimiteImportacion  = 20 << 20 // CSV/XLSX uploads: 20 MB (for the import route)
)

// Rutas is the whole site map, public routes first. Every other route needs
// a session and its action's role (permisos.go). Tests walk this table.
func Rutas() []ruta {
	return []ruta{
		// Public allowlist: nothing else is reachable without a session.
		{Metodo: http.MethodGet, Patron: "/healthz", Accion: AccionPublica, manejador: (*handler).saludMostrar},
		{Metodo: http.MethodGet, Patron: "/static/*", Accion: AccionPublica, manejador: (*handler).estaticoServir},
		{Metodo: http.MethodGet, Patron: "/login", Accion: AccionPublica, manejador: (*handler).loginMostrar},
		{Metodo: http.MethodPost, Patron: "/login", Accion: AccionPublica, manejador: (*handler).loginEnviar},

		{Metodo: http.MethodPost, Patron: "/logout", Accion: CerrarSesion, manejador: (*handler).sesionCerrar},
		{Metodo: http.MethodGet, Patron: "/", Accion: VerInicio, manejador: (*handler).inicioMostrar},

		// Administración
		{Metodo: http.MethodGet, Patron: "/admin/cuentas", Accion: VerCuentas, manejador: (*handler).cuentasListar},
		{Metodo: http.MethodGet, Patron: "/admin/cuentas/nueva", Accion: GestionarCuentas, manejador: (*handler).cuentaNueva},
		{Metodo: http.MethodPost, Patron: "/admin/cuentas", Accion: GestionarCuentas, manejador: (*handler).cuentaCrear},
		{Metodo: http.MethodGet, Patron: "/admin/cuentas/:id", Accion: GestionarCuentas, manejador: (*handler).cuentaMostrar},
		{Metodo: http.MethodPost, Patron: "/admin/cuentas/:id/rol", Accion: GestionarCuentas, manejador: (*handler).cuentaRolCambiar},
		{Metodo: http.MethodPost, Patron: "/admin/cuentas/:id/estado", Accion: GestionarCuentas, manejador: (*handler).cuentaEstadoCambiar},
		{Metodo: http.MethodGet, Patron: "/admin/dias-inhabiles", Accion: VerDiasInhabiles, manejador: (*handler).diasInhabilesListar},
		{Metodo: http.MethodPost, Patron: "/admin/dias-inhabiles", Accion: GestionarDiasInhabiles, manejador: (*handler).diaInhabilAgregar},
		{Metodo: http.MethodPost, Patron: "/admin/dias-inhabiles/:fecha/quitar", Accion: GestionarDiasInhabiles, manejador: (*handler).diaInhabilQuitar},

		// Auditoría
		{Metodo: http.MethodGet, Patron: "/auditoria", Accion: VerAuditoria, manejador: (*handler).auditoriaListar},
		{Metodo: http.MethodGet, Patron: "/auditoria/verificar", Accion: VerAuditoria, manejador: (*handler).auditoriaVerificar},
	}
}

var tablaRutas = Rutas()

// itemNav is one entry of the navigation bar; it shows only to roles allowed its action.
type itemNav struct {
	ruta, texto, clave string
	accion             Accion
}

var navegacion = []itemNav{
	{"/", "Inicio", "inicio", VerInicio},
	{"/auditoria", "Auditoría", "auditoria", VerAuditoria},
	{"/admin/cuentas", "Cuentas", "cuentas", VerCuentas},
	{"/admin/dias-inhabiles", "Días inhábiles", "dias", VerDiasInhabiles},
}

// montar registers every route of the table with its permission check.
func (h *handler) montar(e *echo.Echo) {
	for _, r := range tablaRutas {
		var mw []echo.MiddlewareFunc
		if r.Accion != AccionPublica {
			mw = append(mw, h.requiere(r.Accion))
		}
		f := r.manejador
		e.Add(r.Metodo, r.Patron, func(c echo.Context) error { return f(h, c) }, mw...)
	}
}

// rutaPublica says whether a matched route pattern is in the public allowlist.
func rutaPublica(metodo, patron string) bool {
	for _, r := range tablaRutas {
		if r.Accion == AccionPublica && r.Patron == patron && (r.Metodo == metodo || (metodo == http.MethodHead && r.Metodo == http.MethodGet)) {
			return true
		}
	}
	return false
}

// limiteDe is the body limit of a matched route.
func limiteDe(metodo, patron string) int64 {
	for _, r := range tablaRutas {
		if r.Patron == patron && r.Metodo == metodo && r.LimiteCuerpo > 0 {
			return r.LimiteCuerpo
		}
	}
	return limiteCuerpoNormal
}
