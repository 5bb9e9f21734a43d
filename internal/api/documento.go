package api

import (
	_ "embed"
	"net/http"

	"github.com/labstack/echo/v4"
)

// Documento is the OpenAPI 3.1 description of the API, as published.
//
//go:embed openapi.json
var Documento []byte

// documento serves the OpenAPI document (no token needed: a client is
// generated from it).
func (s *servidor) documento(c echo.Context) error {
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, Documento)
}
