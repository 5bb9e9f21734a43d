package templates

import (
	"sort"
	"strings"

	"comite/internal/formato"

	"github.com/a-h/templ"
)

// describir is the aria-describedby of a field: its help and its error.
func describir(nombre, ayuda, err string) string {
	var ids []string
	if ayuda != "" {
		ids = append(ids, "ayuda-"+nombre)
	}
	if err != "" {
		ids = append(ids, "error-"+nombre)
	}
	return strings.Join(ids, " ")
}

// FormatoFecha is how every date field asks for its date.
const FormatoFecha = "DD/MM/AAAA, por ejemplo 04/03/2025."

// AyudaFecha joins the format of a date with the help of one field.
func AyudaFecha(ayuda string) string {
	if ayuda == "" {
		return FormatoFecha
	}
	return FormatoFecha + " " + ayuda
}

func atributosFecha(requerida bool) templ.Attributes {
	// data-fecha: app.js adds the «Calendario» button beside it.
	a := templ.Attributes{"inputmode": "numeric", "maxlength": "10", "autocomplete": "off", "data-fecha": ""}
	// aria-required, not required: the server checks the field and answers
	// with the summary of errors, in Spanish, whatever the browser's language.
	if requerida {
		a["aria-required"] = "true"
	}
	return a
}

// CamposConError are the fields with an error, in a stable order; the
// form-level message ("general") goes apart.
func CamposConError(errs Errores) []string {
	var cs []string
	for k := range errs {
		if k != "general" && errs[k] != "" {
			cs = append(cs, k)
		}
	}
	sort.Strings(cs)
	return cs
}

// TituloResumenErrores says how many problems the form has.
func TituloResumenErrores(general string, errs Errores) string {
	n := len(CamposConError(errs))
	if n == 0 {
		return "El formulario no se guardó"
	}
	return "El formulario no se guardó: " + formato.Plural(n, "campo por corregir", "campos por corregir")
}

// TituloResumenErroresCalculo is the title of the errors of a form that
// saves nothing: it could not compute.
func TituloResumenErroresCalculo(errs Errores) string {
	n := len(CamposConError(errs))
	if n == 0 {
		return "No se pudo calcular"
	}
	return "No se pudo calcular: " + formato.Plural(n, "campo por corregir", "campos por corregir")
}

// AnclaCampo is the id of the control of a field, for the links of the
// summary of errors: the motivation of a criterion is «f-mot-<criterio>».
func AnclaCampo(campo string) string {
	if c, ok := strings.CutPrefix(campo, "motivacion."); ok {
		return "f-mot-" + c
	}
	return "f-" + campo
}
