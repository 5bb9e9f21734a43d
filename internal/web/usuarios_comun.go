package web

// Shared pieces of the Secretaría's data screens (customs users, registros,
// acts, operations, imports): labels, options of the selects, loading the
// user of a route with its object-level check, and the messages after a
// redirect.

import (
	"comite/internal/dominio"
	"comite/internal/entrada"
	"comite/internal/importar/filas"
	"errors"
	"net/http"
	"strings"

	"comite/internal/db"
	"comite/internal/etiquetas"
	"comite/internal/fallo"
	"comite/internal/fecha"
	"comite/internal/formato"
	"comite/internal/sancion"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
	"github.com/shopspring/decimal"
)

func opcionesTipo(sel string) []templates.Opcion {
	out := []templates.Opcion{{Valor: "", Texto: "Elija el tipo…", Seleccionada: sel == ""}}
	for _, t := range filas.TiposUsuario {
		out = append(out, templates.Opcion{Valor: t, Texto: etiquetas.TipoUsuario(t), Seleccionada: t == sel})
	}
	return out
}

func opcionesClase(sel string) []templates.Opcion {
	var out []templates.Opcion
	for _, c := range etiquetas.ClasesRegistro {
		out = append(out, templates.Opcion{Valor: c, Texto: etiquetas.ClaseRegistro(c), Seleccionada: c == sel})
	}
	return out
}

func opcionesGravedad(sel string) []templates.Opcion {
	out := []templates.Opcion{{Valor: "", Texto: "Elija la gravedad…", Seleccionada: sel == ""}}
	for _, g := range sancion.Gravedades() {
		out = append(out, templates.Opcion{Valor: string(g), Texto: etiquetas.Gravedad(string(g)), Seleccionada: string(g) == sel})
	}
	return out
}

func opcionesSancion(sel string) []templates.Opcion {
	out := []templates.Opcion{{Valor: "", Texto: "Elija la sanción…", Seleccionada: sel == ""}}
	for _, t := range sancion.Tipos() {
		out = append(out, templates.Opcion{Valor: string(t), Texto: etiquetas.Sancion(string(t)), Seleccionada: string(t) == sel})
	}
	return out
}

// rutaUsuario is the profile URL of a NIT (canonical form).
func rutaUsuario(nitCanon string) string { return urls.Usuario(nitCanon) }

// usuarioDeRuta loads the customs user named by the route's :nit with its
// registros. A NIT that does not parse, a user that does not exist and a
// user of another Dirección Seccional (for a seccional account) are all 404,
// so the page does not reveal which users exist elsewhere.
func (h *handler) usuarioDeRuta(c echo.Context) (dominio.UsuarioAduanero, error) {
	u, err := h.d.UsuarioPorNIT(c.Request().Context(), c.Param("nit"))
	var ev *dominio.ErrValidacion
	switch {
	case errors.As(err, &ev), errors.Is(err, db.ErrUsuarioNoRegistrado):
		return u, echo.NewHTTPError(http.StatusNotFound)
	case err != nil:
		return u, err
	}
	if err := exigirSeccional(c, u.DireccionSeccional); err != nil {
		return u, err
	}
	return u, nil
}

// errorDeCampo puts the field messages of an invalid input (a fallo.Invalido
// from the store or a core: dominio.ErrValidacion, db.ErrFormulario…) beside
// their fields, renamed to the form's field when they differ.
func errorDeCampo(errs templates.Errores, err error, renombrar map[string]string) bool {
	fe := fallo.De(err)
	if fe == nil || fe.Codigo != fallo.Invalido || len(fe.Campos) == 0 {
		return false
	}
	for campo, m := range fe.Campos {
		if r, ok := renombrar[campo]; ok {
			campo = r
		}
		errs[campo] = frase(m)
	}
	return true
}

// frase is a message as a sentence: first letter capitalised, final period.
func frase(m string) string {
	m = formato.MayusculaInicial(strings.TrimSpace(m))
	if m != "" && !strings.HasSuffix(m, ".") {
		m += "."
	}
	return m
}

// Values typed in the forms are read with the same functions as the import
// files (internal/importar), so forms and files accept the same formats.

// leerFechaCampo reads a date field; requerida says whether it may be empty.
func leerFechaCampo(errs templates.Errores, campo, valor string, requerida bool) fecha.Fecha {
	valor = strings.TrimSpace(valor)
	if valor == "" {
		if requerida {
			errs[campo] = "Escriba la fecha (DD/MM/AAAA)."
		}
		return fecha.Fecha{}
	}
	f, err := entrada.ParseFecha(valor, false)
	if err != nil {
		errs[campo] = formato.MayusculaInicial(err.Error()) + "."
	}
	return f
}

// leerMontoCampo reads an amount in pesos typed the Colombian way.
func leerMontoCampo(errs templates.Errores, campo, valor string) decimal.Decimal {
	if strings.TrimSpace(valor) == "" {
		errs[campo] = "Escriba el valor en pesos, por ejemplo 1.234.567 o $ 1.234.567,89."
		return decimal.Zero
	}
	v, err := entrada.ParseMonto(valor)
	if err != nil {
		errs[campo] = formato.MayusculaInicial(err.Error()) + "."
	}
	return v
}

// textoFechaCampo shows a date in a form field (empty for none).
func textoFechaCampo(f fecha.Fecha) string {
	if f.IsZero() {
		return ""
	}
	return formato.Fecha(f)
}

// textoMontoCampo shows an amount in a form field as people type it.
func textoMontoCampo(v decimal.Decimal) string {
	return strings.TrimPrefix(formato.Pesos(v), "$ ")
}
