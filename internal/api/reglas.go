package api

import (
	"errors"
	"io"
	"net/http"
	"strings"

	"comite/internal/contrato"

	"github.com/labstack/echo/v4"
)

// evaluar is `comite evaluar` over HTTP: the contract's JSON in, the very
// bytes the command prints out.
func (s *servidor) evaluar(c echo.Context) error { return s.contrato(c, contrato.Evaluar) }

// liquidar is `comite liquidar` over HTTP.
func (s *servidor) liquidar(c echo.Context) error { return s.contrato(c, contrato.Liquidar) }

// contrato runs one function of the command-line contract. Invalid input is
// a 422 with every line the command prints, split into field and message.
func (s *servidor) contrato(c echo.Context, f func([]byte) ([]byte, error)) error {
	data, err := io.ReadAll(c.Request().Body)
	if err != nil {
		return err
	}
	out, err := f(data)
	var ee *contrato.ErrEntrada
	if errors.As(err, &ee) {
		errs := make([]Error, 0, len(ee.Problemas))
		for _, linea := range ee.Problemas {
			errs = append(errs, errorDeLinea(linea))
		}
		return invalido("La entrada no cumple el contrato; cada error nombra su campo.", errs)
	}
	if err != nil {
		return err
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, out)
}

// errorDeLinea splits a line of the contract's reader ("campo: mensaje"; a
// problem of the whole document has no field).
func errorDeLinea(linea string) Error {
	campo, mensaje, ok := strings.Cut(linea, ": ")
	if !ok || strings.ContainsAny(campo, " ") {
		return Error{Mensaje: linea, Texto: linea}
	}
	return Error{Campo: campo, Mensaje: mensaje, Texto: linea}
}
