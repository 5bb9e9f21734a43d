// Package plazos decides the traffic light of a due date and the due date of
// each stage of a case: the legal term of the report (10 business days,
// art. 25 of the Decreto Ley 920 de 2023, computed by the core) and the
// internal terms the administrator sets per stage. It is pure: the caller
// gives today's date, the calendar with the declared closed days and the
// terms; business days are counted by internal/calendario (Ley 4 de 1913,
// art. 62), never here.
package plazos

import (
	"fmt"

	"comite/internal/calendario"
	"comite/internal/fecha"
)

// DiasAviso is the window of the amber light: a due date today or within
// the next 5 business days.
const DiasAviso = 5

// Color of the traffic light. The zero value means "no due date".
type Color string

const (
	Rojo     Color = "rojo"     // vencido: the due date passed, or the step came after it
	Amarillo Color = "amarillo" // vence hoy o dentro de los próximos 5 días hábiles
	Verde    Color = "verde"    // faltan más de 5 días hábiles, o se cumplió a tiempo
)

// Semaforo is the light of one due date, with the words that say it (never
// the colour alone).
type Semaforo struct {
	Color Color
	Texto string
	// Restantes is the business days left (0 = today, negative = overdue);
	// meaningful only while the step is pending.
	Restantes int
}

// Explicacion is the one sentence each screen shows next to the lights, so
// they mean the same thing everywhere.
const Explicacion = "Rojo: el vencimiento ya pasó (o el paso se dio después de él). Amarillo: vence hoy o dentro de los próximos 5 días hábiles. Verde: faltan más de 5 días hábiles, o el paso se dio a tiempo. Los días hábiles excluyen sábados, domingos, festivos (Ley 51 de 1983) y los días que la entidad declaró inhábiles (Ley 4 de 1913, art. 62)."

// Decidir is the one function that gives the colour of a due date. vence is
// the last day of the term; cumplido is the day the awaited step was given
// (zero while it is pending); hoy is today's civil date in Colombia.
//
//   - pending: red once hoy is after vence; amber when vence is today or
//     within the next DiasAviso business days; green otherwise;
//   - done: red when it was done after vence (late does not void the step),
//     green when done in time.
//
// A zero vence (no term known) gives the zero Semaforo: unknown is not green.
func Decidir(cal *calendario.Calendario, hoy, vence, cumplido fecha.Fecha) Semaforo {
	if vence.IsZero() {
		return Semaforo{}
	}
	if !cumplido.IsZero() {
		if cumplido.Despues(vence) {
			return Semaforo{Color: Rojo, Texto: fmt.Sprintf("Cumplido fuera del término (%s tarde)", diasHabiles(cal.DiasHabilesEntre(vence, cumplido)))}
		}
		return Semaforo{Color: Verde, Texto: "Cumplido dentro del término"}
	}
	n := cal.DiasHabilesEntre(hoy, vence)
	if hoy.Despues(vence) {
		// A due date on a closed day passed once the day is over, even when
		// no business day has gone by since.
		if n == 0 {
			return Semaforo{Color: Rojo, Texto: "Vencido", Restantes: -1}
		}
		return Semaforo{Color: Rojo, Texto: "Vencido hace " + diasHabiles(-n), Restantes: n}
	}
	switch {
	case n == 0:
		return Semaforo{Color: Amarillo, Texto: "Vence hoy", Restantes: 0}
	case n <= DiasAviso:
		return Semaforo{Color: Amarillo, Texto: "Vence en " + diasHabiles(n), Restantes: n}
	}
	return Semaforo{Color: Verde, Texto: "Faltan " + diasHabiles(n), Restantes: n}
}

func diasHabiles(n int) string {
	if n == 1 {
		return "1 día hábil"
	}
	return fmt.Sprintf("%d días hábiles", n)
}
