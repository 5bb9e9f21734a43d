package web

import (
	"net/http"
	"sort"
	"strings"

	"comite/internal/web/middleware"

	"github.com/labstack/echo/v4"
)

// convencionesHTTP makes the server answer what HTTP asks of a
// general-purpose server (RFC 9110 §9.1, §9.3.2, §9.3.7), which monitors and
// load balancers rely on:
//   - HEAD is answered for every GET route, with the headers of the GET and
//     no body (the same gate: permissions and session as for the GET);
//   - OPTIONS is answered 204 with the methods the path accepts in Allow,
//     never redirected to the login (it reveals nothing but the methods).
//
// It runs before routing (echo's Pre), so the router sees the GET.
func (h *handler) convencionesHTTP(e *echo.Echo) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			switch req.Method {
			case http.MethodHead:
				// The router reads the method of this same request: it is
				// GET until the answer's headers go out, HEAD again after
				// (net/http then sends no body either).
				req.Method = http.MethodGet
				defer func() { req.Method = http.MethodHead }()
				c.Response().Writer = &sinCuerpo{ResponseWriter: c.Response().Writer, req: req}
				return next(c)
			case http.MethodOptions:
				metodos := metodosDe(e, c, req.URL.Path)
				if len(metodos) == 0 {
					return middleware.Cabeceras(h.cfg.TLS)(func(c echo.Context) error { return c.NoContent(http.StatusNotFound) })(c)
				}
				c.Response().Header().Set(echo.HeaderAllow, strings.Join(metodos, ", "))
				return middleware.Cabeceras(h.cfg.TLS)(func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })(c)
			}
			return next(c)
		}
	}
}

// metodosDe lists the methods the router accepts for ruta (HEAD with GET,
// and OPTIONS), in order.
func metodosDe(e *echo.Echo, c echo.Context, ruta string) []string {
	registradas := map[string]bool{}
	for _, r := range e.Routes() {
		registradas[r.Method+" "+r.Path] = true
	}
	var out []string
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete} {
		prueba := e.NewContext(c.Request(), nil)
		e.Router().Find(m, ruta, prueba)
		if registradas[m+" "+prueba.Path()] {
			out = append(out, m)
			if m == http.MethodGet {
				out = append(out, http.MethodHead)
			}
		}
	}
	if len(out) > 0 {
		out = append(out, http.MethodOptions)
	}
	sort.Strings(out)
	return out
}

// sinCuerpo is the writer of a HEAD answer: the headers go out, the body
// does not.
type sinCuerpo struct {
	http.ResponseWriter
	req *http.Request
}

func (s *sinCuerpo) WriteHeader(code int) {
	s.req.Method = http.MethodHead
	s.ResponseWriter.WriteHeader(code)
}

func (s *sinCuerpo) Write(p []byte) (int, error) { return len(p), nil }

// Unwrap lets http.ResponseController reach the underlying writer.
func (s *sinCuerpo) Unwrap() http.ResponseWriter { return s.ResponseWriter }
