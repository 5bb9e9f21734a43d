package web

import (
	"net/http"
	"strings"

	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// loginMostrar shows the login form (or sends a signed-in person home).
func (h *handler) loginMostrar(c echo.Context) error {
	if cuentaDe(c) != nil {
		return redirigir(c, siguienteSeguro(c.QueryParam("siguiente")))
	}
	l := templates.Login{Siguiente: siguienteSeguro(c.QueryParam("siguiente")), Salio: c.QueryParam("salio") == "1"}
	if l.Siguiente == "/" {
		l.Siguiente = ""
	}
	return h.render(c, http.StatusOK, templates.LoginPagina(h.pagina(c, "Ingresar", ""), l))
}

// siguienteSeguro keeps a redirect after login inside this application: only
// a local absolute path ("/x"), never "//host" or "/\host".
func siguienteSeguro(s string) string {
	if s == "" || !strings.HasPrefix(s, "/") || strings.HasPrefix(s, "//") || strings.HasPrefix(s, "/\\") ||
		strings.ContainsAny(s, "\r\n\\") || strings.HasPrefix(s, "/login") || strings.HasPrefix(s, "/logout") || len(s) > 500 {
		return "/"
	}
	return s
}
