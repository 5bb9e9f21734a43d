// Package middleware holds the middleware of every route that needs
// nothing of the application: the request's id, the log line, the panic
// guard and the security headers.
package middleware

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/labstack/echo/v4"
)

const claveID = "comite.id"

// PoliticaContenido is the Content-Security-Policy: no inline script, nothing
// from other origins (charts are drawn by /static/app.js from inert JSON).
const PoliticaContenido = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// ID is the request's id (Identificar).
func ID(c echo.Context) string {
	id, _ := c.Get(claveID).(string)
	return id
}

// Recuperar turns a panic into a 500 (the error handler's page) and a line
// of log with the stack.
func Recuperar(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) (err error) {
			defer func() {
				if r := recover(); r != nil {
					if r == http.ErrAbortHandler {
						panic(r)
					}
					log.ErrorContext(c.Request().Context(), "pánico", "id", ID(c), "error", fmt.Sprint(r), "pila", string(debug.Stack()))
					err = echo.NewHTTPError(http.StatusInternalServerError).SetInternal(fmt.Errorf("pánico: %v", r))
				}
			}()
			return next(c)
		}
	}
}

// Identificar gives every request an id (ID), sent back in X-Request-Id
// and written in every log line of the request.
func Identificar(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		b := make([]byte, 8)
		rand.Read(b)
		id := hex.EncodeToString(b)
		c.Set(claveID, id)
		c.Response().Header().Set(echo.HeaderXRequestID, id)
		return next(c)
	}
}

// Registrar writes one structured log line per request: id, method, route,
// status, duration, account (cuenta: "" without a session) and address.
// Errors are turned into their page here, so the line has the status the
// client got.
func Registrar(log *slog.Logger, cuenta func(echo.Context) string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			inicio := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			req, res := c.Request(), c.Response()
			nivel := slog.LevelInfo
			if res.Status >= 500 {
				nivel = slog.LevelError
			} else if res.Status >= 400 {
				nivel = slog.LevelWarn
			}
			attrs := []slog.Attr{
				slog.String("id", ID(c)),
				slog.String("metodo", req.Method),
				slog.String("ruta", req.URL.Path),
				slog.Int("estado", res.Status),
				slog.Duration("duracion", time.Since(inicio)),
				slog.String("cuenta", cuenta(c)),
				slog.String("ip", c.RealIP()),
				slog.Int64("bytes", res.Size),
			}
			var he *echo.HTTPError
			if errors.As(err, &he) && he.Internal != nil {
				attrs = append(attrs, slog.String("error", he.Internal.Error()))
			} else if err != nil && !errors.As(err, &he) {
				attrs = append(attrs, slog.String("error", err.Error()))
			}
			log.LogAttrs(req.Context(), nivel, "solicitud", attrs...)
			return nil
		}
	}
}

// Cabeceras sets the security headers on every answer, and Cache-Control:
// no-store (the static file handler replaces it for assets); with tls, HSTS
// too.
func Cabeceras(tls bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			hd := c.Response().Header()
			hd.Set("Content-Security-Policy", PoliticaContenido)
			hd.Set("X-Content-Type-Options", "nosniff")
			hd.Set("Referrer-Policy", "same-origin")
			hd.Set("X-Frame-Options", "DENY")
			hd.Set("Cross-Origin-Opener-Policy", "same-origin")
			hd.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
			hd.Set("Cache-Control", "no-store")
			if tls {
				hd.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
			}
			return next(c)
		}
	}
}
