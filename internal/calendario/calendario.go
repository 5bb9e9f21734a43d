package calendario

import (
	"sort"
	"time"

	"comite/internal/fecha"
	"comite/internal/normas"
)

// Calendario counts legal terms (Ley 4 de 1913, art. 62; cita
// normas.DiasHabiles) over the national holidays (Ley 51 de 1983; cita
// normas.Festivos) and the extra days the authority declared closed
// (docs/reglas.md §7, a table the Secretaría edits). It is read-only after Nuevo
// and safe for concurrent use. A nil *Calendario has no extra closed days.
type Calendario struct {
	inhabiles map[int]struct{} // day numbers
	lista     []fecha.Fecha    // the same, sorted, without duplicates
}

// Nuevo returns a calendar with these extra non-business days declared by the
// authority, on top of Saturdays, Sundays and holidays. Zero dates are
// ignored; the slice is copied.
func Nuevo(inhabiles []fecha.Fecha) *Calendario {
	c := &Calendario{inhabiles: make(map[int]struct{}, len(inhabiles))}
	for _, f := range inhabiles {
		if f.IsZero() {
			continue
		}
		n := diaNumero(f)
		if _, ya := c.inhabiles[n]; ya {
			continue
		}
		c.inhabiles[n] = struct{}{}
		c.lista = append(c.lista, f)
	}
	sort.Slice(c.lista, func(i, j int) bool { return c.lista[i].Antes(c.lista[j]) })
	return c
}

// Inhabiles returns the extra closed days, sorted, each once (a copy).
func (c *Calendario) Inhabiles() []fecha.Fecha {
	if c == nil {
		return nil
	}
	return append([]fecha.Fecha(nil), c.lista...)
}

// habil is EsHabil on a day number.
func (c *Calendario) habil(n int) bool {
	switch diaSemana(n) {
	case time.Saturday, time.Sunday:
		return false
	}
	if esFestivoDia(n) {
		return false
	}
	if c != nil {
		if _, cerrado := c.inhabiles[n]; cerrado {
			return false
		}
	}
	return true
}

// EsHabil tells whether the date is a business day: not a Saturday, a Sunday,
// a national holiday (Ley 51 de 1983, art. 1) nor a day the authority
// declared closed (Ley 4 de 1913, art. 62: "se entienden suprimidos los
// feriados y de vacancia"). Dates outside AnioMinimo–AnioMaximo have no
// known holidays (see Cubre).
func (c *Calendario) EsHabil(f fecha.Fecha) bool {
	return c.habil(diaNumero(f))
}

// MotivoInhabil says, in Spanish, why the date is not a business day, with
// its legal basis; "" when it is one.
func (c *Calendario) MotivoInhabil(f fecha.Fecha) string {
	n := diaNumero(f)
	switch diaSemana(n) {
	case time.Saturday:
		return "sábado"
	case time.Sunday:
		return "domingo"
	}
	if nombre, ok := NombreFestivo(f); ok {
		return "festivo: " + nombre + " (" + normas.De(normas.Festivos).Referencia() + ")"
	}
	if c != nil {
		if _, cerrado := c.inhabiles[n]; cerrado {
			return "día declarado inhábil por la autoridad (" + normas.De(normas.DiasHabiles).Referencia() + ")"
		}
	}
	return ""
}

// SumarDiasHabiles returns the last day of a term of n business days that
// starts the day after desde (Ley 4 de 1913, art. 62: in terms of days,
// holidays and closed days are left out). n = 0 returns desde. A negative n
// counts backwards: the |n|-th business day before desde.
func (c *Calendario) SumarDiasHabiles(desde fecha.Fecha, n int) fecha.Fecha {
	if n == 0 {
		return desde
	}
	d := diaNumero(desde)
	paso := 1
	if n < 0 {
		paso, n = -1, -n
	}
	for n > 0 {
		d += paso
		if c.habil(d) {
			n--
		}
	}
	return deDiaNumero(d)
}

// SumarMeses returns the last day of a term of n months from desde (Ley 4 de
// 1913, art. 62: terms of months follow the calendar; docs/reglas.md §7): the same
// day number n months later, or that month's last day when it has no such day,
// moved to the next business day when it is not one. n may be negative.
func (c *Calendario) SumarMeses(desde fecha.Fecha, n int) fecha.Fecha {
	m := int(desde.Mes()) - 1 + n
	anio := desde.Anio() + divPiso(m, 12)
	mes := time.Month(m - divPiso(m, 12)*12 + 1)
	dia := desde.Dia()
	if u := ultimoDia(anio, mes); dia > u {
		dia = u
	}
	return c.siguienteHabil(fecha.Debe(anio, mes, dia))
}

// SumarAnios returns the last day of a term of n years from desde (Ley 4 de
// 1913, art. 62): the same day and month n years later (28 February for a
// 29 February in a common year), moved to the next business day when it is
// not one. n may be negative.
func (c *Calendario) SumarAnios(desde fecha.Fecha, n int) fecha.Fecha {
	return c.SumarMeses(desde, 12*n)
}

// DiasHabilesEntre returns the number of business days after desde up to and
// including hasta (Ley 4 de 1913, art. 62), so that
// DiasHabilesEntre(d, SumarDiasHabiles(d, n)) == n. When hasta is before
// desde it is negative: minus the business days after hasta up to and
// including desde. With desde = today and hasta = a deadline, it is the
// business days left (0 on a deadline that is today, negative once past).
func (c *Calendario) DiasHabilesEntre(desde, hasta fecha.Fecha) int {
	a, b := diaNumero(desde), diaNumero(hasta)
	signo := 1
	if b < a {
		a, b, signo = b, a, -1
	}
	total := 0
	for d := a + 1; d <= b; d++ {
		if c.habil(d) {
			total++
		}
	}
	return signo * total
}

// siguienteHabil returns f when it is a business day, else the next one
// (Ley 4 de 1913, art. 62: the term "se extenderá hasta el próximo día hábil").
func (c *Calendario) siguienteHabil(f fecha.Fecha) fecha.Fecha {
	d := diaNumero(f)
	if c.habil(d) {
		return f
	}
	for !c.habil(d) {
		d++
	}
	return deDiaNumero(d)
}

// ultimoDia is the number of days of the month.
func ultimoDia(anio int, mes time.Month) int {
	return time.Date(anio, mes+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// divPiso is integer division rounding toward minus infinity.
func divPiso(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
