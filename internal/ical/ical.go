// Package ical writes iCalendar files (RFC 5545) with the deadlines and the
// committee sessions an official follows, for the calendar program they
// already use. It is pure: the caller gives every event and the instant the
// calendar is issued (DTSTAMP); nothing reads the clock, so the same input
// gives the same bytes.
//
// Deadlines (a report due, an internal term) are all-day events on a civil
// date of Colombia: DTSTART;VALUE=DATE and the next day as DTEND, marked
// TRANSP:TRANSPARENT so they do not block the day. Sessions are events with a
// time of day in Bogotá, written with TZID=America/Bogota and the calendar's
// VTIMEZONE (Colombia keeps UTC−5 all year, so it has a single STANDARD
// rule): calendar programs show the session at its civil hour and name the
// zone, where an instant in UTC would leave the zone implicit.
package ical

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"time"

	"comite/internal/fecha"
)

// Zona is the TZID of every event with a time of day.
const Zona = "America/Bogota"

// ProdIDPredeterminado identifies the program that writes the calendar.
const ProdIDPredeterminado = "-//DIAN//Comité de Fiscalización - comite//ES"

// Calendario is one iCalendar object: the feed of an account.
type Calendario struct {
	Nombre      string    // NAME and X-WR-CALNAME: what the calendar program calls it
	Descripcion string    // DESCRIPTION of the calendar (optional)
	ProdID      string    // PRODID; ProdIDPredeterminado when empty
	Emitido     time.Time // DTSTAMP of every event: when the feed was built (never zero)
	// Actualizar is how often a subscribed program should fetch the feed
	// again (REFRESH-INTERVAL, RFC 7986); zero leaves it to the program.
	Actualizar time.Duration
	Eventos    []Evento
}

// Evento is a deadline (Dia set) or a session (Inicio and Fin set).
type Evento struct {
	UID         string // stable across feeds: the same deadline keeps its UID (see UID)
	Resumen     string // SUMMARY
	Descripcion string // DESCRIPTION (optional)
	Lugar       string // LOCATION (optional)
	URL         string // URL of the case or the session in the application (optional)
	Categorias  []string

	Dia fecha.Fecha // an all-day event on this civil date

	Inicio, Fin time.Time // an event with a time of day (shown in Bogotá)
}

// UID builds a stable identifier from the kind of event and the keys that
// identify it ("plazo-reporte", "CF-2026-0001"): the same inputs give the
// same UID in every feed, so a calendar program updates the event instead
// of duplicating it. Characters outside [A-Za-z0-9.-] become "-".
func UID(clase string, claves ...string) string {
	partes := append([]string{clase}, claves...)
	for i, p := range partes {
		partes[i] = strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '.', r == '-':
				return r
			case r >= 'A' && r <= 'Z':
				return r + ('a' - 'A')
			}
			return '-'
		}, p)
	}
	return strings.Join(partes, ".") + "@comite"
}

// Error names the event (by its position and UID) and the field at fault.
type Error struct {
	Evento int // 1-based; 0 for the calendar itself
	UID    string
	Campo  string
	Motivo string
}

func (e *Error) Error() string {
	if e.Evento == 0 {
		return fmt.Sprintf("calendario, %s: %s", e.Campo, e.Motivo)
	}
	return fmt.Sprintf("evento %d (%s), %s: %s", e.Evento, e.UID, e.Campo, e.Motivo)
}

// Validar checks what the calendar must have: an issue instant, and events
// with a unique UID, a summary and either a date or a start before its end.
func (c Calendario) Validar() error {
	if c.Emitido.IsZero() {
		return &Error{Campo: "Emitido", Motivo: "falta el instante de emisión (DTSTAMP); nunca se toma del reloj"}
	}
	if c.Actualizar < 0 {
		return &Error{Campo: "Actualizar", Motivo: "el intervalo de actualización no puede ser negativo"}
	}
	vistos := map[string]int{}
	for i, e := range c.Eventos {
		mal := func(campo, motivo string) error {
			return &Error{Evento: i + 1, UID: e.UID, Campo: campo, Motivo: motivo}
		}
		switch {
		case strings.TrimSpace(e.UID) == "":
			return mal("UID", "falta el identificador del evento")
		case Limpiar(e.UID) != e.UID || strings.ContainsAny(e.UID, "\n\t"):
			return mal("UID", "el identificador no puede tener caracteres de control")
		case strings.TrimSpace(e.Resumen) == "":
			return mal("Resumen", "falta el resumen del evento")
		case strings.ContainsAny(e.URL, " \t\r\n\"<>"):
			return mal("URL", "la dirección tiene espacios o caracteres no permitidos")
		}
		if j, ok := vistos[e.UID]; ok {
			return mal("UID", fmt.Sprintf("repetido: también lo tiene el evento %d", j))
		}
		vistos[e.UID] = i + 1
		conHora := !e.Inicio.IsZero() || !e.Fin.IsZero()
		switch {
		case e.Dia.IsZero() && !conHora:
			return mal("Dia", "falta la fecha (evento de día completo) o el inicio y el fin (evento con hora)")
		case !e.Dia.IsZero() && conHora:
			return mal("Dia", "un evento es de día completo (Dia) o con hora (Inicio y Fin), no ambos")
		case conHora && (e.Inicio.IsZero() || e.Fin.IsZero()):
			return mal("Fin", "un evento con hora necesita inicio y fin")
		case conHora && !e.Fin.After(e.Inicio):
			return mal("Fin", "el fin debe ser posterior al inicio")
		}
	}
	return nil
}

// Bytes writes the calendar: content lines folded at 75 octets, CRLF line
// ends, events ordered by start and then UID.
func (c Calendario) Bytes() ([]byte, error) {
	if err := c.Validar(); err != nil {
		return nil, err
	}
	eventos := append([]Evento(nil), c.Eventos...)
	sort.SliceStable(eventos, func(i, j int) bool {
		a, b := eventos[i].inicio(), eventos[j].inicio()
		if !a.Equal(b) {
			return a.Before(b)
		}
		return eventos[i].UID < eventos[j].UID
	})

	var w escritor
	w.linea("BEGIN", "VCALENDAR")
	w.linea("VERSION", "2.0")
	prodID := c.ProdID
	if prodID == "" {
		prodID = ProdIDPredeterminado
	}
	w.texto("PRODID", prodID)
	w.linea("CALSCALE", "GREGORIAN")
	w.linea("METHOD", "PUBLISH")
	if c.Nombre != "" {
		w.texto("NAME", c.Nombre)
		w.texto("X-WR-CALNAME", c.Nombre)
	}
	if c.Descripcion != "" {
		w.texto("DESCRIPTION", c.Descripcion)
		w.texto("X-WR-CALDESC", c.Descripcion)
	}
	w.linea("X-WR-TIMEZONE", Zona)
	if c.Actualizar > 0 {
		w.linea("REFRESH-INTERVAL;VALUE=DURATION", duracion(c.Actualizar))
		w.linea("X-PUBLISHED-TTL", duracion(c.Actualizar))
	}
	for _, e := range eventos {
		if !e.Inicio.IsZero() {
			w.zonaHoraria()
			break
		}
	}
	stamp := c.Emitido.UTC().Format("20060102T150405Z")
	for _, e := range eventos {
		w.linea("BEGIN", "VEVENT")
		w.texto("UID", e.UID)
		w.linea("DTSTAMP", stamp)
		if !e.Dia.IsZero() {
			w.linea("DTSTART;VALUE=DATE", diaICal(e.Dia))
			w.linea("DTEND;VALUE=DATE", diaICal(e.Dia.MasDias(1)))
			w.linea("TRANSP", "TRANSPARENT")
		} else {
			w.linea("DTSTART;TZID="+Zona, e.Inicio.In(fecha.Bogota).Format("20060102T150405"))
			w.linea("DTEND;TZID="+Zona, e.Fin.In(fecha.Bogota).Format("20060102T150405"))
			w.linea("TRANSP", "OPAQUE")
		}
		w.texto("SUMMARY", e.Resumen)
		if e.Descripcion != "" {
			w.texto("DESCRIPTION", e.Descripcion)
		}
		if e.Lugar != "" {
			w.texto("LOCATION", e.Lugar)
		}
		if e.URL != "" {
			w.linea("URL", e.URL)
		}
		if len(e.Categorias) > 0 {
			cs := make([]string, len(e.Categorias))
			for i, cat := range e.Categorias {
				cs[i] = Escapar(cat)
			}
			w.linea("CATEGORIES", strings.Join(cs, ","))
		}
		w.linea("END", "VEVENT")
	}
	w.linea("END", "VCALENDAR")
	return w.b.Bytes(), nil
}

func (e Evento) inicio() time.Time {
	if !e.Dia.IsZero() {
		return e.Dia.Tiempo()
	}
	return e.Inicio
}

func diaICal(f fecha.Fecha) string {
	return fmt.Sprintf("%04d%02d%02d", f.Anio(), int(f.Mes()), f.Dia())
}

// duracion writes a positive duration as RFC 5545 §3.3.6 (PT1H, P1D, PT90M…),
// in whole minutes (at least one).
func duracion(d time.Duration) string {
	min := int64(d / time.Minute)
	if min < 1 {
		min = 1
	}
	switch {
	case min%(24*60) == 0:
		return fmt.Sprintf("P%dD", min/(24*60))
	case min%60 == 0:
		return fmt.Sprintf("PT%dH", min/60)
	}
	return fmt.Sprintf("PT%dM", min)
}

type escritor struct{ b bytes.Buffer }

// linea writes a property whose value is already in iCalendar form.
func (w *escritor) linea(nombre, valor string) {
	w.b.WriteString(Plegar(nombre + ":" + valor))
}

// texto writes a TEXT property, escaped.
func (w *escritor) texto(nombre, valor string) { w.linea(nombre, Escapar(valor)) }

// zonaHoraria writes the VTIMEZONE of America/Bogota: UTC−5 with no daylight
// saving time since 1993 (fecha.Bogota is the same fixed offset).
func (w *escritor) zonaHoraria() {
	w.linea("BEGIN", "VTIMEZONE")
	w.linea("TZID", Zona)
	w.linea("X-LIC-LOCATION", Zona)
	w.linea("BEGIN", "STANDARD")
	w.linea("DTSTART", "19700101T000000")
	w.linea("TZOFFSETFROM", "-0500")
	w.linea("TZOFFSETTO", "-0500")
	w.linea("TZNAME", "-05")
	w.linea("END", "STANDARD")
	w.linea("END", "VTIMEZONE")
}
