package web

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"comite/internal/dominio"
	"comite/internal/web/urls"

	"comite/internal/db"

	"github.com/labstack/echo/v4"
)

const (
	cookieSesion = "comite_sesion"
	cookieCSRF   = "comite_csrf" // CSRF token of the login form, before there is a session
	claveCuenta  = "comite.cuenta"
	claveSesion  = "comite.sesion"
	claveToken   = "comite.token"
	claveCSRFPre = "comite.csrf_pre"
)

func cuentaDe(c echo.Context) *dominio.Cuenta {
	cu, _ := c.Get(claveCuenta).(*dominio.Cuenta)
	return cu
}

// usuarioDe is the user of the request's account ("" without a session).
func usuarioDe(c echo.Context) string {
	if cu := cuentaDe(c); cu != nil {
		return cu.Usuario
	}
	return ""
}

func sesionDe(c echo.Context) *db.Sesion {
	s, _ := c.Get(claveSesion).(*db.Sesion)
	return s
}

func aleatorio(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// limitarCuerpo refuses bodies larger than the route allows (413), and
// removes the temporary files of a multipart form (parts above the memory
// share of parsearFormulario) as soon as the request is answered: an upload
// leaves nothing behind in the temporary directory, whoever serves the
// request.
func (h *handler) limitarCuerpo(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		limite := limiteDe(req.Method, c.Path())
		if req.ContentLength > limite {
			return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
		}
		req.Body = http.MaxBytesReader(c.Response(), req.Body, limite)
		defer borrarTemporales(c)
		return next(c)
	}
}

// borrarTemporales removes the temporary files of the request's multipart
// form, if it was parsed (later handlers may have replaced the request with
// a copy that carries the form).
func borrarTemporales(c echo.Context) {
	if f := c.Request().MultipartForm; f != nil {
		f.RemoveAll()
	}
}

// cargarSesion reads the session cookie and, when the session is valid,
// puts the session and its account in the context.
func (h *handler) cargarSesion(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		ck, err := c.Cookie(cookieSesion)
		if err != nil || ck.Value == "" {
			return next(c)
		}
		s, cu, err := h.d.SesionVigente(c.Request().Context(), ck.Value)
		switch {
		case errors.Is(err, db.ErrSinSesion):
			h.borrarCookie(c, cookieSesion)
		case err != nil:
			return err
		default:
			c.Set(claveSesion, &s)
			c.Set(claveCuenta, &cu)
			c.Set(claveToken, ck.Value)
		}
		return next(c)
	}
}

func metodoSeguro(m string) bool {
	return m == http.MethodGet || m == http.MethodHead || m == http.MethodOptions
}

// errCSRF marks a request refused for a missing or wrong CSRF token.
var errCSRF = &echo.HTTPError{Code: http.StatusForbidden, Message: "csrf"}

// proteger is the gate of every route: without a session only the public
// allowlist is reachable (the rest redirects to /login); every
// state-changing request must carry the CSRF token of its session (or, on
// /login, of the pre-session cookie), compared in constant time.
func (h *handler) proteger(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		publica := rutaPublica(req.Method, c.Path())
		if !publica && cuentaDe(c) == nil {
			destino := urls.Login
			if metodoSeguro(req.Method) && req.URL.Path != "/" {
				destino += "?siguiente=" + url.QueryEscape(req.URL.RequestURI())
			}
			return c.Redirect(http.StatusSeeOther, destino)
		}
		if cu := cuentaDe(c); cu != nil && cu.DebeCambiarClave && !publica && !permitidaSinCambiarClave(c.Path()) {
			// An administrator reset this password: nothing but choosing a new one (or leaving).
			if metodoSeguro(req.Method) {
				return c.Redirect(http.StatusSeeOther, rutaCambiarClave)
			}
			return echo.NewHTTPError(http.StatusForbidden)
		}
		if c.Path() == urls.Login {
			h.asegurarCSRFPrevio(c)
		}
		if !metodoSeguro(req.Method) {
			if !h.origenPropio(c) {
				return errCSRF
			}
			esperado := tokenCSRF(c)
			recibido := req.Header.Get("X-CSRF-Token")
			if recibido == "" {
				if err := parsearFormulario(req); err != nil {
					var mbe *http.MaxBytesError
					if errors.As(err, &mbe) {
						return echo.NewHTTPError(http.StatusRequestEntityTooLarge).SetInternal(err)
					}
					return echo.NewHTTPError(http.StatusBadRequest).SetInternal(err)
				}
				recibido = req.FormValue("_csrf")
			}
			if esperado == "" || subtle.ConstantTimeCompare([]byte(esperado), []byte(recibido)) != 1 {
				return errCSRF
			}
		}
		return next(c)
	}
}

// permitidaSinCambiarClave are the routes an account that must change its
// password may still use.
func permitidaSinCambiarClave(patron string) bool {
	return patron == rutaCambiarClave || patron == urls.Logout
}

// parsearFormulario reads a urlencoded or multipart body (within the body
// limit of the route), so a body that is too large is told apart from a
// missing token.
func parsearFormulario(req *http.Request) error {
	if strings.HasPrefix(req.Header.Get("Content-Type"), "multipart/form-data") {
		err := req.ParseMultipartForm(8 << 20) // larger parts go to temporary files
		if errors.Is(err, http.ErrNotMultipart) {
			return nil
		}
		return err
	}
	return req.ParseForm()
}

// origenPropio rejects a state-changing request whose Origin header names
// another site (defence in depth; requests without Origin rely on the token).
func (h *handler) origenPropio(c echo.Context) bool {
	o := c.Request().Header.Get("Origin")
	if o == "" || o == "null" {
		return o == ""
	}
	u, err := url.Parse(o)
	if h.cfg.URLPublica != "" {
		return err == nil && strings.EqualFold(u.Scheme+"://"+u.Host, h.cfg.URLPublica)
	}
	return err == nil && strings.EqualFold(u.Host, c.Request().Host)
}

// asegurarCSRFPrevio gives the login form its CSRF token in an HttpOnly,
// SameSite=Strict cookie (double submit), before there is a session.
func (h *handler) asegurarCSRFPrevio(c echo.Context) {
	if ck, err := c.Cookie(cookieCSRF); err == nil && len(ck.Value) >= 32 {
		c.Set(claveCSRFPre, ck.Value)
		return
	}
	if !metodoSeguro(c.Request().Method) {
		return // a POST without the cookie fails the check
	}
	t := aleatorio(32)
	c.SetCookie(&http.Cookie{Name: cookieCSRF, Value: t, Path: urls.Login, HttpOnly: true, Secure: h.cfg.CookieSegura, SameSite: http.SameSiteStrictMode, MaxAge: 12 * 3600})
	c.Set(claveCSRFPre, t)
}

// tokenCSRF is the token forms of this request must carry: the login form's
// pre-session token on /login, the session's token elsewhere.
func tokenCSRF(c echo.Context) string {
	if c.Path() == urls.Login {
		t, _ := c.Get(claveCSRFPre).(string)
		return t
	}
	if s := sesionDe(c); s != nil {
		return s.CSRF
	}
	return ""
}

func (h *handler) ponerCookieSesion(c echo.Context, token string) {
	c.SetCookie(&http.Cookie{Name: cookieSesion, Value: token, Path: "/", HttpOnly: true, Secure: h.cfg.CookieSegura,
		SameSite: http.SameSiteLaxMode, MaxAge: int(db.DuracionMaximaSesion / time.Second)})
}

func (h *handler) borrarCookie(c echo.Context, nombre string) {
	ruta := "/"
	if nombre == cookieCSRF {
		ruta = urls.Login
	}
	c.SetCookie(&http.Cookie{Name: nombre, Value: "", Path: ruta, HttpOnly: true, Secure: h.cfg.CookieSegura, SameSite: http.SameSiteLaxMode, MaxAge: -1})
}
