// Package web is the web application of comite: echo + templ, server-rendered
// in Spanish (es-CO), working with no internet access. Every route is in one
// table (rutas.go) with the action it performs; internal/permisos says which
// role may perform which action, and why; middleware.go puts sessions, CSRF, security
// headers and the request log on every route.
package web

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"comite/internal/db"
	"comite/internal/expediente"
	"comite/internal/respaldo"

	"github.com/labstack/echo/v4"
)

// Config is what the application needs.
type Config struct {
	DB     *db.DB
	Logger *slog.Logger
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
	// Turnos is how many GET requests build their page at once (turnos.go):
	// 0, two per processor; negative, no limit.
	Turnos int
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
	h := &handler{d: cfg.DB, x: expediente.Nuevo(cfg.DB), log: cfg.Logger, cfg: cfg, memo: nuevaMemoria(cfg.DB)}
	h.memo.sinCache = cfg.SinCachePaginas
	if cfg.Turnos >= 0 {
		h.turnos = nuevosTurnos(cfg.Turnos)
	}
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	// The client address is the TCP peer: X-Forwarded-For is not trusted, so
	// a client cannot spoof the address used for throttling and the audit log.
	e.IPExtractor = echo.ExtractIPDirect()
	e.HTTPErrorHandler = h.manejarError
	e.Use(h.idSolicitud, h.registrar, h.recuperar, h.cabecerasSeguridad, h.turno, h.limitarCuerpo, h.cargarSesion, h.proteger, h.textoFormularios)
	h.montar(e)
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
