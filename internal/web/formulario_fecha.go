package web

import (
	"errors"
	"strings"

	"comite/internal/entrada"
	"comite/internal/fecha"
	"comite/internal/formato"
)

// leerHora is the time a person typed, as the sessions keep it (HH:MM): one
// digit of hour gets its zero («9:30» is 09:30) and a period is read as the
// colon («9.30»). Anything else goes as typed, for the rule of the session
// to refuse it with its message.
func leerHora(s string) string {
	s = strings.ReplaceAll(strings.TrimSpace(s), ".", ":")
	if len(s) == 4 && s[1] == ':' && s[0] >= '0' && s[0] <= '9' {
		return "0" + s
	}
	return s
}

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
