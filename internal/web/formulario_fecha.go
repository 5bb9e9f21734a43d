package web

import (
	"errors"
	"strings"

	"comite/internal/entrada"
	"comite/internal/fecha"
	"comite/internal/formato"
)

// leerFechaFormulario reads the date a person typed in a form with the same
// parser as the import: DD/MM/AAAA (day first, as in Colombia) or
// AAAA-MM-DD. An empty field is the zero date and no error; a bad one gives
// the message to show beside the field.
func leerFechaFormulario(s string) (fecha.Fecha, string) {
	s = strings.TrimSpace(s)
	if s == "" {
		return fecha.Fecha{}, ""
	}
	f, err := entrada.ParseFecha(s, false)
	var no *fecha.ErrDiaInexistente
	if errors.As(err, &no) {
		// Well written, but not in the calendar: say so, not «write it as DD/MM/AAAA».
		return fecha.Fecha{}, formato.MayusculaInicial(no.Error()) + "."
	}
	if err != nil {
		return fecha.Fecha{}, "Fecha inválida «" + s + "»: escriba el día, el mes y el año como DD/MM/AAAA (por ejemplo 04/03/2025)."
	}
	return f, ""
}
