// Package web is the web application of comite: echo + templ, server-rendered
// in Spanish (es-CO), working with no internet access. Every route is in one
// table (rutas.go) with the action it performs; internal/permisos says which
// role may perform which action, and why; middleware.go puts sessions, CSRF, security
// headers and the request log on every route.
package web

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"comite/internal/api"
	"comite/internal/db"
	"comite/internal/directorio"
	"comite/internal/expediente"
	"comite/internal/respaldo"
	"comite/internal/web/memoria"
	"comite/internal/web/middleware"
	"comite/internal/web/pendientes"
	"comite/internal/web/turnos"

	"github.com/labstack/echo/v4"
)

// Config is what the application needs.
type Config struct {
	DB     *db.DB
	Logger *slog.Logger
	// Firma signs the actas and informes issued (nil: no certificate
	// configured, they are issued unsigned).
	Firma expediente.Firmador
	// CookieSegura sets the Secure attribute on the session and CSRF cookies.
	// `comite serve` sets it when it serves TLS or listens on an address that
	// is not loopback (then a TLS proxy is expected in front); plain HTTP on
	// 127.0.0.1 needs it off, or browsers drop the cookies.
	CookieSegura bool
	// TLS says the application is reached over HTTPS: it then sends HSTS.
	TLS bool
	// DirImportaciones keeps the uploads awaiting confirmation: a directory
	// of the server's own, mode 0700. Empty: <base>.importaciones next to
	// the database file.
	DirImportaciones string
	// EspacioMinimo is the free space (bytes) under which /healthz says
	// degradado for the database's file system: 0, EspacioMinimoPredeterminado;
	// negative, not checked.
	EspacioMinimo int64
	// Respaldos is the backup schedule of `comite serve --respaldos` (nil:
	// none); the administrator's page shows its state.
	Respaldos *respaldo.Programa
	// SinCachePaginas turns off what memoria keeps per object — the rendered
	// bodies of the screening's pages, the users' profiles and the parsed
	// evaluations of cases — so each request builds its page from the data,
	// as the first visit after a change does (`comite serve --sin-cache`, to
	// measure). What is computed once per data version from the whole
	// database (the screening of a year, the portfolio and the counts of
	// Inicio) is still kept: it is the data every page reads, not a page.
	SinCachePaginas bool
	// Turnos is how many GET requests build their page at once (package turnos):
	// 0, two per processor; negative, no limit.
	Turnos int
	// ProxiesConfiables are the reverse proxies (`comite serve
	// --proxy-confiable CIDR,…`) whose X-Forwarded-For is read; see
	// extractorIP.
	ProxiesConfiables []netip.Prefix
	// URLPublica is the public origin (`comite serve --url-publica`, as
	// ParseURLPublica leaves it): the only one in links and in Origin, and
	// the only Host answered (origen.go). Empty: the request's Host.
	URLPublica string
	// APIPorMinuto is the requests per minute of each token of the API
	// (0: api.PorMinutoPredeterminado).
	APIPorMinuto int
	// Directorio is the directory login (`comite serve --ldap-url …`);
	// nil: local accounts only. The administrator sees its mapping.
	Directorio *directorio.Config
	// Correo is the mail server of the e-mail notices (`comite serve
	// --smtp-url …`); nil: no notices. Its pages show it (never a password).
	Correo *ConfigCorreo
}

// ConfigCorreo is what the pages show of the mail configuration.
type ConfigCorreo struct {
	Servidor, Remitente, Usuario string
	Inseguro                     bool
	DiasAviso                    int
}

// extractorIP is how the client address (throttling, audit log, request
// log) is found. Without trusted proxies it is the TCP peer and
// X-Forwarded-For is ignored, so a client cannot choose its address. With
// them, and only when the peer is one of them, X-Forwarded-For is read from
// the right and the first address that is not a trusted proxy is the
// client: what a client writes at the left of the header is never taken.
// No address is trusted by default (neither loopback nor private networks).
func extractorIP(proxies []netip.Prefix) echo.IPExtractor {
	if len(proxies) == 0 {
		return echo.ExtractIPDirect()
	}
	op := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, p := range proxies {
		p = p.Masked()
		op = append(op, echo.TrustIPRange(&net.IPNet{IP: net.IP(p.Addr().AsSlice()), Mask: net.CIDRMask(p.Bits(), p.Addr().BitLen())}))
	}
	return echo.ExtractIPFromXFFHeader(op...)
}

// ParseProxiesConfiables reads a list of CIDR blocks or single addresses
// separated by commas or spaces ("10.0.0.0/8, 192.0.2.7").
func ParseProxiesConfiables(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, campo := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		if a, err := netip.ParseAddr(campo); err == nil {
			out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(campo)
		if err != nil {
			return nil, fmt.Errorf("proxy confiable %q: no es una dirección ni un bloque CIDR (p. ej. 10.0.0.5 o 10.0.0.0/24)", campo)
		}
		out = append(out, p)
	}
	return out, nil
}

// Nuevo builds the application: its routes and middleware.
func Nuevo(cfg Config) *echo.Echo {
	e, _ := nuevo(cfg)
	return e
}

// nuevo is Nuevo with its handler, for the tests that reach inside it.
func nuevo(cfg Config) (*echo.Echo, *handler) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	h := &handler{d: cfg.DB, x: expediente.Nuevo(cfg.DB), log: cfg.Logger, cfg: cfg, memo: memoria.Nueva(cfg.DB), evaluaciones: memoria.NuevosInmutables[*evaluacionLeida](maxEvaluaciones)}
	dirPendientes := cfg.DirImportaciones
	if dirPendientes == "" && cfg.DB != nil && cfg.DB.Ruta != "" {
		dirPendientes = cfg.DB.Ruta + ".importaciones"
	}
	h.pendientes = pendientes.Nuevo(dirPendientes)
	h.x.Firma = cfg.Firma
	h.memo.SinCache = cfg.SinCachePaginas
	h.evaluaciones.SinCache = cfg.SinCachePaginas
	if cfg.Turnos >= 0 {
		h.turnos = turnos.Nuevos(cfg.Turnos, errSinTurno)
	}
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.IPExtractor = extractorIP(cfg.ProxiesConfiables)
	e.HTTPErrorHandler = h.manejarError
	e.Use(middleware.Identificar, middleware.Registrar(h.log, usuarioDe), middleware.Recuperar(h.log), middleware.Cabeceras(cfg.TLS), h.comprobarHost, h.turnos.Middleware, h.limitarCuerpo, h.cargarSesion, h.proteger, h.textoFormularios, h.limitarCuentas)
	h.montar(e)
	// After a write, the screenings kept are brought up to date at once
	// (outermost, so the API's writes count too).
	e.Pre(h.refrescarTrasEscribir)
	// The API for other systems has its own router, bearer tokens and no
	// sessions or CSRF: it takes its requests before the web's routing.
	e.Pre(api.Montar(api.Nuevo(api.Config{DB: cfg.DB, Logger: h.log, IPExtractor: e.IPExtractor, TLS: cfg.TLS, PorMinuto: cfg.APIPorMinuto})))
	e.Pre(h.convencionesHTTP(e))
	return e, h
}

// Servidor wraps the handler in an http.Server with timeouts, so a slow or
// idle client cannot hold connections for ever.
func Servidor(addr string, manejador http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           manejador,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       60 * time.Second, // uploads of up to 20 MB on a slow line
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
}

// Apagar stops the server gracefully: it waits up to espera for requests in
// flight to finish.
func Apagar(srv *http.Server, espera time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), espera)
	defer cancel()
	return srv.Shutdown(ctx)
}
