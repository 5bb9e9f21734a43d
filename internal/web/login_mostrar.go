package web

import (
	"net/http"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"comite/internal/web/urls"
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

// siguienteSeguro keeps a redirect after login inside this application. It
// accepts only a path of this same origin: no control or whitespace
// characters anywhere (browsers drop a tab or newline, so "/\t/host" would
// become "//host"), no scheme or host after parsing, and exactly one leading
// "/" (never "//" or "/\", also once percent-decoded). Anything else sends
// the person home.
func siguienteSeguro(s string) string {
	if s == "" || len(s) > 500 || !strings.HasPrefix(s, "/") || !utf8.ValidString(s) {
		return "/"
	}
	for _, r := range s {
		if unicode.IsControl(r) || unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) || r == '\\' {
			return "/"
		}
	}
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" {
		return "/"
	}
	ruta := u.Path
	if !strings.HasPrefix(ruta, "/") || strings.HasPrefix(ruta, "//") || strings.HasPrefix(ruta, "/\\") ||
		strings.HasPrefix(u.EscapedPath(), "//") || ruta == urls.Login || strings.HasPrefix(ruta, urls.Login+"/") ||
		ruta == urls.Logout || strings.HasPrefix(ruta, urls.Logout+"/") {
		return "/"
	}
	return s
}
