package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// The public origin of the application (`comite serve --url-publica
// https://comite.example`): the only scheme and host written in links that
// leave the page (the calendar link and the URLs of the .ics feed) and the
// only one accepted in Origin. With it, a request whose Host is another is
// refused (421), so a forged Host cannot end up in a link. Without it, the
// origin is the request's Host with the scheme of the connection itself
// (never X-Forwarded-Proto, which a client can write).

// ParseURLPublica checks a public origin: http or https, a host, nothing
// else (no path, query, fragment or user).
func ParseURLPublica(s string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return "", fmt.Errorf("la URL pública %q no es válida: escriba solo el esquema y el nombre, como https://comite.dian.gov.co", s)
	}
	return u.Scheme + "://" + strings.ToLower(u.Host), nil
}

// origen is the scheme and host for links that leave the page.
func (h *handler) origen(c echo.Context) string {
	if h.cfg.URLPublica != "" {
		return h.cfg.URLPublica
	}
	esquema := "http"
	if c.Request().TLS != nil {
		esquema = "https"
	}
	return esquema + "://" + c.Request().Host
}

// hostPublico is the host (and port) of the public origin, "" without one.
func (h *handler) hostPublico() string {
	if h.cfg.URLPublica == "" {
		return ""
	}
	u, _ := url.Parse(h.cfg.URLPublica)
	return u.Host
}

// paginaHostAjeno is the page of a request for another host.
var paginaHostAjeno = templates.PaginaError{Codigo: http.StatusMisdirectedRequest, Titulo: "Esta dirección no es la de la aplicación",
	Mensaje: "El servidor solo responde en su dirección pública. Escriba la dirección que le dio el administrador y vuelva a intentarlo."}

// errHostAjeno: the request's Host is not the public origin's.
var errHostAjeno = fmt.Errorf("host distinto de la URL pública")

// comprobarHost refuses a request whose Host is not the public origin's
// (only with one configured). The health check, which monitors call by the
// machine's own address, is left out.
func (h *handler) comprobarHost(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if hp := h.hostPublico(); hp != "" && c.Path() != urls.Salud && !strings.EqualFold(c.Request().Host, hp) {
			return errHostAjeno
		}
		return next(c)
	}
}
