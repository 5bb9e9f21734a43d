package web

import (
	"net/http"
	"strings"

	"comite/internal/entrada"
	"comite/internal/flujo"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// Every text that comes in through a form passes the same test as the
// cells of an import file (entrada.ValidarTexto): no C0 or C1 control
// characters, DEL or bidirectional overrides and isolates. One middleware
// checks every field of every POST, so a form added later is covered too;
// the page names the field and nothing is written.
//
// Fields of several lines (textareas: a description, a motivation, the
// qualitative criteria) keep their line breaks and tabs. Not checked here:
// passwords (never shown nor stored as text), the account name "usuario"
// (its own rule, with the message beside the field, refuses control
// characters where accounts are created; at login an odd name is simply an
// unknown account) and "siguiente", the page to return to after login,
// which is not stored and has its own rule for a same-origin path.

// errTextoFormulario is a form field with a refused character.
type errTextoFormulario struct {
	campo string // the field's name in the form
	err   error
}

func (e *errTextoFormulario) Error() string { return "campo " + e.campo + ": " + e.err.Error() }

// camposMultilinea are the textareas of the application.
func campoMultilinea(nombre string) bool {
	switch nombre {
	case "descripcion", "miembros", "motivo_correccion", "nombres_cortos", "motivo", "motivo_sesion", "norma", "motivo_sin_informe":
		return true
	}
	if strings.HasPrefix(nombre, "motivacion.") {
		return true
	}
	for _, k := range flujo.CriteriosDe(true) {
		if k.Clave == nombre {
			return true
		}
	}
	return false
}

// sinRevisar are the fields textoFormularios leaves to their own rules.
func sinRevisar(campo string) bool {
	return campo == "_csrf" || campo == "usuario" || campo == "siguiente" || strings.HasPrefix(campo, "clave")
}

// etiquetasCampos name the form fields for people, in the error page.
var etiquetasCampos = map[string]string{
	"razon_social": "Razón social", "direccion_seccional": "Dirección Seccional", "numero_acto": "Número de acto",
	"infraccion": "Infracción", "numero_declaracion": "Número de declaración", "numero": "Número",
	"descripcion": "Descripción", "miembros": "Miembros presentes", "motivo_correccion": "Motivo de la corrección",
	"motivo": "Motivo", "motivo_sesion": "Motivo del aplazamiento", "motivo_sin_informe": "Motivo para reportar sin el informe",
	"informe_descripcion": "Descripción del informe", "norma": "Norma aplicable", "nota": "Nota", "usuario": "Usuario", "nombre": "Nombre", "nit": "NIT", "q": "Búsqueda",
}

func etiquetaCampo(nombre string) string {
	if e, ok := etiquetasCampos[nombre]; ok {
		return e
	}
	if strings.HasPrefix(nombre, "motivacion.") {
		return "Motivación"
	}
	for _, k := range flujo.CriteriosDe(true) {
		if k.Clave == nombre {
			return k.Etiqueta
		}
	}
	return strings.ReplaceAll(nombre, "_", " ")
}

// textoFormularios refuses a POST whose fields carry refused characters.
// It runs after proteger, which has parsed the form to check its token.
func (h *handler) textoFormularios(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if metodoSeguro(req.Method) {
			return next(c)
		}
		if req.PostForm == nil && req.MultipartForm == nil {
			// The token came in a header: the form was not parsed yet.
			if err := parsearFormulario(req); err != nil {
				return next(c) // the handler answers for a form it cannot read
			}
		}
		valores := req.PostForm
		if req.MultipartForm != nil {
			valores = req.MultipartForm.Value
		}
		for campo, vs := range valores {
			if sinRevisar(campo) {
				continue
			}
			for _, v := range vs {
				if err := entrada.ValidarTexto(v, campoMultilinea(campo)); err != nil {
					return &errTextoFormulario{campo: campo, err: err}
				}
			}
		}
		return next(c)
	}
}

// paginaTextoFormulario is the 422 page of a refused field.
func paginaTextoFormulario(e *errTextoFormulario) templates.PaginaError {
	return templates.PaginaError{
		Codigo: http.StatusUnprocessableEntity,
		Titulo: "Un campo tiene caracteres no permitidos",
		Mensaje: "No se aceptó el campo «" + etiquetaCampo(e.campo) + "»: " + e.err.Error() +
			". Estos caracteres invisibles suelen llegar al copiar y pegar desde otro programa: vuelva al formulario, borre ese campo y escríbalo de nuevo. No se guardó ningún cambio.",
	}
}
