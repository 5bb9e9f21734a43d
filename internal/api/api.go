// Package api is the HTTP API of comite for other systems of DIAN
// (/api/v1, described by openapi.json): the same rules, validation and
// access rule as the web and the command line, nothing decided here.
// A request is authenticated only by a bearer token of a service account
// (internal/db); session cookies are never read, so there is no CSRF to
// check. Each route needs one scope (permisos.Alcance); a Seccional-limited
// account sees its Seccional only (seccionales.Accede, as the web). Errors
// are application/problem+json (RFC 9457).
package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/permisos"
	"comite/internal/web/middleware"
	"comite/internal/web/urls"

	"github.com/labstack/echo/v4"
)

// Config is what the API needs.
type Config struct {
	DB     *db.DB
	Logger *slog.Logger
	// IPExtractor finds the client's address (the web's, so both trust the
	// same proxies); nil: the TCP peer.
	IPExtractor echo.IPExtractor
	// TLS sends HSTS.
	TLS bool
	// PorMinuto is how many requests each token may make per minute
	// (a burst of that many, refilled evenly): 0, PorMinutoPredeterminado.
	PorMinuto int
	// Reloj is the clock of the rate limit (tests); nil: time.Now.
	Reloj func() time.Time
}

// PorMinutoPredeterminado is the requests per minute of a token.
const PorMinutoPredeterminado = 600

// LimiteCuerpo is the largest request body (a bulk load of a year).
const LimiteCuerpo = 64 << 20

// ruta is one row of the API's route table: the scope it needs ("" for the
// published document, which needs no token).
type ruta struct {
	Metodo    string
	Patron    string
	Alcance   permisos.Alcance
	manejador func(*servidor, echo.Context) error
}

// Rutas is the API's whole route table.
func Rutas() []ruta {
	return []ruta{
		{http.MethodGet, urls.APIDocumento, "", (*servidor).documento},
		{http.MethodPost, urls.APIEvaluar, permisos.AlcanceEvaluar, (*servidor).evaluar},
		{http.MethodPost, urls.APILiquidar, permisos.AlcanceEvaluar, (*servidor).liquidar},
		{http.MethodPut, urls.APIUsuarios, permisos.AlcanceImportar, (*servidor).cargarUsuarios},
		{http.MethodPut, urls.APISanciones, permisos.AlcanceImportar, (*servidor).cargarSanciones},
		{http.MethodPut, urls.APIOperaciones, permisos.AlcanceImportar, (*servidor).cargarOperaciones},
		{http.MethodGet, urls.APICasos, permisos.AlcanceCasos, (*servidor).casosListar},
		{http.MethodGet, urls.APIPatronCaso, permisos.AlcanceCasos, (*servidor).casoMostrar},
		{http.MethodGet, urls.APIPatronDocumento, permisos.AlcanceCasos, (*servidor).documentoDescargar},
		{http.MethodGet, urls.APIPatronTamizaje, permisos.AlcanceLeer, (*servidor).tamizajeListar},
		{http.MethodGet, urls.APIUVT, permisos.AlcanceLeer, (*servidor).uvtListar},
		{http.MethodGet, urls.APIReglas, permisos.AlcanceLeer, (*servidor).reglasListar},
	}
}

// servidor holds what every handler needs.
type servidor struct {
	d         *db.DB
	log       *slog.Logger
	limite    *limitador
	tamizados tamizados
}

// Nuevo builds the API: its own router, mounted by the web before its own
// routing (everything under urls.PrefijoAPI).
func Nuevo(cfg Config) *echo.Echo {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.PorMinuto <= 0 {
		cfg.PorMinuto = PorMinutoPredeterminado
	}
	if cfg.Reloj == nil {
		cfg.Reloj = time.Now
	}
	s := &servidor{d: cfg.DB, log: cfg.Logger, limite: &limitador{porMinuto: cfg.PorMinuto, reloj: cfg.Reloj, cubetas: map[int64]*cubeta{}}}
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	if cfg.IPExtractor != nil {
		e.IPExtractor = cfg.IPExtractor
	} else {
		e.IPExtractor = echo.ExtractIPDirect()
	}
	e.HTTPErrorHandler = s.manejarError
	e.Use(middleware.Identificar, middleware.Registrar(s.log, cuentaNombre), middleware.Recuperar(s.log), middleware.Cabeceras(cfg.TLS), limitarCuerpo)
	for _, r := range Rutas() {
		f := r.manejador
		mw := []echo.MiddlewareFunc{conEtiqueta}
		if r.Alcance != "" {
			mw = append([]echo.MiddlewareFunc{s.autenticar(r.Alcance)}, mw...)
		}
		e.Add(r.Metodo, r.Patron, func(c echo.Context) error { return f(s, c) }, mw...)
	}
	return e
}

// Montar is the web's Pre middleware that hands every request under
// urls.PrefijoAPI to the API, before the web's routing, sessions and CSRF.
func Montar(api http.Handler) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			p := c.Request().URL.Path
			if p == urls.PrefijoAPI || strings.HasPrefix(p, urls.PrefijoAPI+"/") {
				api.ServeHTTP(c.Response(), c.Request())
				return nil
			}
			return next(c)
		}
	}
}

const claveCuenta = "api_cuenta"

// cuentaDe is the service account of the request (nil before autenticar).
func cuentaDe(c echo.Context) *dominio.CuentaServicio {
	cs, _ := c.Get(claveCuenta).(*dominio.CuentaServicio)
	return cs
}

func cuentaNombre(c echo.Context) string {
	if cs := cuentaDe(c); cs != nil {
		return "api:" + cs.Nombre
	}
	return ""
}

// actor is the service account as the audit log names it.
func actor(c echo.Context) dominio.Actor { return cuentaDe(c).Actor(c.RealIP()) }

// autenticar lets through a request with the bearer token of a service
// account in force that has the scope a, within its rate. Cookies are never
// read: a request with a session cookie and no bearer token is 401.
func (s *servidor) autenticar(a permisos.Alcance) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			esquema, token, ok := strings.Cut(c.Request().Header.Get(echo.HeaderAuthorization), " ")
			if !ok || !strings.EqualFold(esquema, "Bearer") || strings.TrimSpace(token) == "" {
				c.Response().Header().Set(echo.HeaderWWWAuthenticate, `Bearer realm="comite"`)
				return problema(http.StatusUnauthorized, "falta el token", "Envíe el token de la cuenta de servicio en la cabecera «Authorization: Bearer TOKEN».")
			}
			cs, err := s.d.CuentaServicioPorToken(c.Request().Context(), strings.TrimSpace(token))
			if errors.Is(err, db.ErrTokenAPI) {
				c.Response().Header().Set(echo.HeaderWWWAuthenticate, `Bearer realm="comite", error="invalid_token"`)
				return problema(http.StatusUnauthorized, "token inválido", "El token no existe, fue revocado o venció.")
			}
			if err != nil {
				return err
			}
			c.Set(claveCuenta, &cs)
			if espera, ok := s.limite.tomar(cs.ID); !ok {
				c.Response().Header().Set("Retry-After", strconv.Itoa(espera))
				return problema(http.StatusTooManyRequests, "demasiadas solicitudes",
					"La cuenta de servicio superó su límite de "+strconv.Itoa(s.limite.porMinuto)+" solicitudes por minuto; espere "+strconv.Itoa(espera)+" s.")
			}
			if !cs.Tiene(a) {
				return problema(http.StatusForbidden, "alcance insuficiente", "La cuenta de servicio no tiene el alcance «"+string(a)+"».")
			}
			return next(c)
		}
	}
}

// limitador is a token bucket per service account.
type limitador struct {
	porMinuto int
	reloj     func() time.Time
	mu        sync.Mutex
	cubetas   map[int64]*cubeta
}

type cubeta struct {
	fichas float64
	en     time.Time
}

// tomar takes one request from the account's bucket; when it is empty it
// says how many whole seconds until the next one.
func (l *limitador) tomar(id int64) (int, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	ahora := l.reloj()
	porSegundo := float64(l.porMinuto) / 60
	b, ok := l.cubetas[id]
	if !ok {
		b = &cubeta{fichas: float64(l.porMinuto), en: ahora}
		l.cubetas[id] = b
	}
	if d := ahora.Sub(b.en).Seconds(); d > 0 {
		b.fichas = math.Min(float64(l.porMinuto), b.fichas+d*porSegundo)
	}
	b.en = ahora
	if b.fichas >= 1 {
		b.fichas--
		return 0, true
	}
	return max(1, int(math.Ceil((1-b.fichas)/porSegundo))), false
}

// limitarCuerpo bounds every request body to LimiteCuerpo.
func limitarCuerpo(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if r.ContentLength > LimiteCuerpo {
			return problema(http.StatusRequestEntityTooLarge, "cuerpo demasiado grande", "La solicitud admite hasta "+strconv.Itoa(LimiteCuerpo>>20)+" MB.")
		}
		r.Body = http.MaxBytesReader(c.Response(), r.Body, LimiteCuerpo)
		return next(c)
	}
}

// conEtiqueta gives every GET answer an ETag (a hash of its body) and
// answers 304 to an If-None-Match that names it. Only the written body is
// compared: what the answer says, not when it was built.
func conEtiqueta(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if c.Request().Method != http.MethodGet {
			return next(c)
		}
		w := c.Response().Writer
		b := &bufer{ResponseWriter: w, estado: http.StatusOK}
		c.Response().Writer = b
		err := next(c)
		c.Response().Writer = w
		if err != nil {
			return err
		}
		hd := w.Header()
		if b.estado == http.StatusOK {
			h := sha256.Sum256(b.cuerpo.Bytes())
			etiqueta := `"` + hex.EncodeToString(h[:16]) + `"`
			hd.Set("ETag", etiqueta)
			hd.Set("Cache-Control", "private, no-cache")
			if coincide(c.Request().Header.Get("If-None-Match"), etiqueta) {
				hd.Del(echo.HeaderContentLength)
				w.WriteHeader(http.StatusNotModified)
				return nil
			}
		}
		w.WriteHeader(b.estado)
		_, err = w.Write(b.cuerpo.Bytes())
		return err
	}
}

// coincide reads If-None-Match: "*" or a list of entity tags, weak or not.
func coincide(cabecera, etiqueta string) bool {
	for _, p := range strings.Split(cabecera, ",") {
		p = strings.TrimPrefix(strings.TrimSpace(p), "W/")
		if p == "*" || p == etiqueta {
			return true
		}
	}
	return false
}

// bufer keeps a GET answer until its ETag is known.
type bufer struct {
	http.ResponseWriter
	estado int
	cuerpo bytes.Buffer
}

func (b *bufer) WriteHeader(estado int)      { b.estado = estado }
func (b *bufer) Write(p []byte) (int, error) { return b.cuerpo.Write(p) }
