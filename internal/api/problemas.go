package api

import (
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"slices"
	"strings"

	"comite/internal/db"
	"comite/internal/fallo"

	"github.com/labstack/echo/v4"
)

// TipoProblema is the media type of an error (RFC 9457).
const TipoProblema = "application/problem+json"

// Problema is an error answer (RFC 9457): type, title, status and detail,
// and, for invalid input, every field with its Spanish message (the same
// line the command line prints).
type Problema struct {
	Tipo    string  `json:"type"`
	Titulo  string  `json:"title"`
	Estado  int     `json:"status"`
	Detalle string  `json:"detail,omitempty"`
	Errores []Error `json:"errores,omitempty"`
}

// Error is one field of an invalid input.
type Error struct {
	// Fila is the row of a bulk load as the import counts it (the header
	// of a CSV is row 1; the first element of a JSON array is row 2);
	// Indice, for a JSON array, the element (from 0).
	Fila   int    `json:"fila,omitempty"`
	Indice *int   `json:"indice,omitempty"`
	Campo  string `json:"campo"`
	// Mensaje is the message of the field; Texto, the whole line as the
	// command line prints it.
	Mensaje string `json:"mensaje"`
	Texto   string `json:"texto"`
}

func (p *Problema) Error() string { return p.Titulo + ": " + p.Detalle }

// problema is an error answer of the given status.
func problema(estado int, titulo, detalle string) *Problema {
	return &Problema{Tipo: "urn:comite:problema:" + strings.ReplaceAll(titulo, " ", "-"), Titulo: titulo, Estado: estado, Detalle: detalle}
}

// invalido is a 422 listing every field.
func invalido(detalle string, errs []Error) *Problema {
	p := problema(http.StatusUnprocessableEntity, "entrada inválida", detalle)
	p.Tipo = "urn:comite:problema:entrada-invalida"
	p.Errores = errs
	return p
}

// escribirProblema writes p.
func escribirProblema(c echo.Context, p *Problema) error {
	b, err := json.Marshal(p)
	if err != nil {
		return err
	}
	return c.Blob(p.Estado, TipoProblema, b)
}

// manejarError answers every error as a problem: the API's own, echo's
// (404, 405, a body over the limit) and anything else as a 500 without
// its text (logged).
func (s *servidor) manejarError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	var p *Problema
	var he *echo.HTTPError
	var mb *http.MaxBytesError
	switch {
	case errors.As(err, &p):
	case errors.As(err, &mb):
		p = problema(http.StatusRequestEntityTooLarge, "cuerpo demasiado grande", "La solicitud admite hasta 64 MB.")
	case errors.As(err, &he):
		switch he.Code {
		case http.StatusNotFound:
			p = problema(he.Code, "no encontrado", "No hay nada en esta dirección de la API.")
		case http.StatusMethodNotAllowed:
			p = problema(he.Code, "método no permitido", "Esta dirección de la API no admite el método "+c.Request().Method+".")
		case http.StatusRequestEntityTooLarge:
			p = problema(he.Code, "cuerpo demasiado grande", "La solicitud admite hasta 64 MB.")
		default:
			p = problema(he.Code, strings.ToLower(http.StatusText(he.Code)), "")
		}
	default:
		switch f := fallo.De(err); {
		case f != nil && f.Codigo == fallo.NoEncontrado:
			p = noEncontrado()
		case db.EsOcupada(err) || (f != nil && f.Codigo == fallo.Ocupado):
			// Another writer holds the database (a long import): the same
			// request succeeds a little later.
			c.Response().Header().Set("Retry-After", "5")
			p = problema(http.StatusServiceUnavailable, "base ocupada", "Otra escritura larga ocupa la base de datos; repita la solicitud en unos segundos.")
		case f != nil && f.Codigo == fallo.Conflicto:
			p = problema(http.StatusConflict, "conflicto", f.Mensaje)
		case f != nil && f.Codigo == fallo.Invalido:
			var errs []Error
			for _, campo := range slices.Sorted(maps.Keys(f.Campos)) {
				errs = append(errs, Error{Campo: campo, Mensaje: f.Campos[campo], Texto: campo + ": " + f.Campos[campo]})
			}
			p = invalido(f.Mensaje, errs)
		}
		if p != nil {
			break
		}
		s.log.ErrorContext(c.Request().Context(), "api: error interno", "ruta", c.Path(), "error", err)
		p = problema(http.StatusInternalServerError, "error interno", "El servidor no pudo atender la solicitud; quedó en el registro.")
	}
	if c.Request().Method == http.MethodHead {
		c.NoContent(p.Estado)
		return
	}
	escribirProblema(c, p)
}

// noEncontrado is the one 404 of an object: the same for one that does not
// exist and one of another Dirección Seccional.
func noEncontrado() *Problema {
	return problema(http.StatusNotFound, "no encontrado", "No existe o no está al alcance de esta cuenta de servicio.")
}
