package web

// Every route names its action (rutas.go); the check runs on the server for
// every request against the one table of internal/permisos, and templates
// only hide what the role may not use. A new screen adds its action and its
// row there, and its rows to the access-control matrix test.

import (
	"context"
	"net/http"
	"strings"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/permisos"
	"comite/internal/seccionales"
	"comite/internal/web/middleware"

	"github.com/labstack/echo/v4"
)

// requiere is the middleware of every non-public route: the signed-in
// account's role must be allowed the action, or the answer is 403.
func (h *handler) requiere(a permisos.Accion) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			cu := cuentaDe(c)
			if cu == nil {
				// The gate (proteger) sends requests without a session to /login first.
				return echo.NewHTTPError(http.StatusUnauthorized)
			}
			if !permisos.Puede(cu.Rol, a) {
				h.log.WarnContext(c.Request().Context(), "acceso denegado",
					"id", middleware.ID(c), "cuenta", cu.Usuario, "rol", string(cu.Rol), "accion", string(a), "ruta", c.Path())
				return echo.NewHTTPError(http.StatusForbidden)
			}
			c.Set(claveAccionAutorizada, a)
			return next(c)
		}
	}
}

// claveAccionAutorizada keeps, in the request, the action its route allowed
// (actorCaso passes it to the application, which does not check it again).
const claveAccionAutorizada = "accion_autorizada"

// VeSeccional is the object-level rule for data tied to a Dirección
// Seccional, over the catalogue codes every table stores: the one rule of
// seccionales.Accede (a seccional account sees only its own; every other role
// that may see the screen sees all). Handlers call it for each object (case
// pages, profiles, tamizaje rows and exports) and answer 404 (not 403) when
// it is false, so the object's existence is not revealed; lists filter by
// FiltroSeccional, the same code compared the same way in SQL.
func VeSeccional(cu *dominio.Cuenta, seccional string) bool {
	if cu == nil {
		return false
	}
	return seccionales.Accede(cu.Rol == permisos.RolSeccional, cu.DireccionSeccional, seccional)
}

// FiltroSeccional is the Dirección Seccional a list must be limited to for
// this account ("" = no limit).
func FiltroSeccional(cu *dominio.Cuenta) string {
	if cu != nil && cu.Rol == permisos.RolSeccional {
		if cu.DireccionSeccional == "" {
			return "\x00sin seccional" // matches nothing
		}
		return strings.TrimSpace(cu.DireccionSeccional)
	}
	return ""
}

// exigirSeccional answers 404 for an object of another Dirección Seccional.
func exigirSeccional(c echo.Context, seccional string) error {
	if !VeSeccional(cuentaDe(c), seccional) {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	return nil
}

// nombreSeccional is the official name of a Dirección Seccional code, for
// display (the code itself when the catalogue cannot be read or lacks it).
func (h *handler) nombreSeccional(ctx context.Context, codigo string) string {
	cat, err := h.memo.Catalogo(ctx)
	if err != nil {
		return codigo
	}
	return db.NombreSeccional(cat, codigo)
}
