package ical

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"comite/internal/fecha"
)

// DuracionSesion is how long a session of the Comité lasts in the calendar.
// The application records only when a session starts (date and hour), so the
// event blocks two hours from it; the description says the end is indicative.
const DuracionSesion = 2 * time.Hour

// Sesion is a session of the Comité de Fiscalización as the feed shows it.
type Sesion struct {
	Numero    string      // SC-2026-001: the stable key of its UID
	Fecha     fecha.Fecha // civil date in Colombia
	Hora      string      // HH:MM, hour of Colombia
	Modalidad string      // its label ("Presencial", "Virtual", …)
	Lugar     string      // place, or room/link of a virtual session
	Casos     int         // cases in its orden del día
	URL       string      // the session's page in the application (optional)
}

// EventoSesion is the event of a session: from its hour in Bogotá for
// DuracionSesion, with a UID that depends only on its number, so a session
// whose date, hour or place changes is updated in the calendar, not doubled.
func EventoSesion(s Sesion) (Evento, error) {
	if strings.TrimSpace(s.Numero) == "" {
		return Evento{}, &Error{Campo: "Numero", Motivo: "la sesión no tiene número"}
	}
	uid := UID("sesion-comite", s.Numero)
	if s.Fecha.IsZero() {
		return Evento{}, &Error{UID: uid, Campo: "Fecha", Motivo: "la sesión " + s.Numero + " no tiene fecha"}
	}
	h, m, ok := horaMinuto(s.Hora)
	if !ok {
		return Evento{}, &Error{UID: uid, Campo: "Hora", Motivo: fmt.Sprintf("hora de la sesión %s ilegible %q (se espera HH:MM)", s.Numero, s.Hora)}
	}
	inicio := time.Date(s.Fecha.Anio(), s.Fecha.Mes(), s.Fecha.Dia(), h, m, 0, 0, fecha.Bogota)
	modalidad := s.Modalidad
	if modalidad == "" {
		modalidad = "Modalidad no registrada"
	}
	desc := fmt.Sprintf("Sesión %s del Comité de Fiscalización. Modalidad: %s.", s.Numero, modalidad)
	if s.Lugar != "" {
		desc += " Lugar: " + s.Lugar + "."
	}
	switch s.Casos {
	case 0:
		desc += "\nOrden del día: sin casos todavía."
	case 1:
		desc += "\nOrden del día: 1 caso."
	default:
		desc += "\nOrden del día: " + strconv.Itoa(s.Casos) + " casos."
	}
	desc += "\nLa aplicación registra solo la hora de inicio; la hora de fin es indicativa."
	return Evento{
		UID:         uid,
		Resumen:     "Sesión del Comité de Fiscalización " + s.Numero,
		Descripcion: desc,
		Lugar:       s.Lugar,
		URL:         s.URL,
		Categorias:  []string{"Sesión del Comité", modalidad},
		Inicio:      inicio,
		Fin:         inicio.Add(DuracionSesion),
	}, nil
}

// horaMinuto reads "HH:MM" (00:00–23:59).
func horaMinuto(s string) (h, m int, ok bool) {
	if len(s) != 5 || s[2] != ':' {
		return 0, 0, false
	}
	h, err1 := strconv.Atoi(s[:2])
	m, err2 := strconv.Atoi(s[3:])
	if err1 != nil || err2 != nil || h < 0 || h > 23 || m < 0 || m > 59 || s[0] == '+' || s[3] == '+' || s[0] == '-' || s[3] == '-' {
		return 0, 0, false
	}
	return h, m, true
}
