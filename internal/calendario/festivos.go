// Package calendario is the Colombian legal calendar used by comite: the
// national holidays and the counting of legal terms (docs/reglas.md §7). It is
// pure: no clock, no database; the days an authority declares closed are
// passed in by the caller.
//
// Holidays (Ley 51 de 1983, art. 1, which rewrote art. 177 of the Código
// Sustantivo del Trabajo; cita normas.Festivos):
//   - on their date: 1 January, 1 May, 20 July, 7 August, 8 December,
//     25 December, and Jueves and Viernes Santo (Easter − 3 and − 2 days);
//   - moved to the next Monday when they do not fall on a Monday (art. 1,
//     parágrafo 1): 6 January, 19 March, 29 June, 15 August, 12 October,
//     1 November, 11 November;
//   - Ascensión, Corpus Christi and Sagrado Corazón, moved to a Monday:
//     Easter + 43, + 64 and + 71 days.
//
// Easter is the Gregorian Easter Sunday (the anonymous Gregorian computus of
// Meeus/Jones/Butcher). Two holidays may fall on the same day (2025-06-30:
// Sagrado Corazón and San Pedro y San Pablo); the day is listed once. The
// table covers 1984 (the first year under Ley 51 de 1983) to 2100; a year
// outside that range is an error naming the year, never a guess.
//
// Terms (Ley 4 de 1913, art. 62; cita normas.DiasHabiles): a term in days
// counts business days only — not Saturdays, Sundays, holidays, nor the days
// the authority declared closed — and starts the day after the event; a
// term in months or years follows the calendar (the same day number, or the
// month's last day when it has none) and, when it ends on a non-business day,
// runs to the next business day. See Calendario.
package calendario

import (
	"fmt"
	"sort"
	"sync"
	"time"

	"comite/internal/fecha"
	"comite/internal/normas"
)

// AnioMinimo and AnioMaximo bound the years whose holidays are known:
// Ley 51 de 1983 rules from 1984; 2100 is the table's chosen end.
const (
	AnioMinimo = 1984
	AnioMaximo = 2100
)

// Festivo is one holiday: its date and its name ("Sagrado Corazón; San Pedro
// y San Pablo" when two fall on the same day).
type Festivo struct {
	Fecha  fecha.Fecha
	Nombre string
}

// ErrAnioFueraDeRango is wrapped by the errors of Festivos and FestivosConNombre.
var ErrAnioFueraDeRango = fmt.Errorf("año fuera del calendario de festivos (%d–%d)", AnioMinimo, AnioMaximo)

// Pascua returns Gregorian Easter Sunday of the year (anonymous Gregorian
// algorithm, Meeus/Jones/Butcher), the base of Jueves and Viernes Santo and
// of the three Easter-based Mondays of Ley 51 de 1983, art. 1.
func Pascua(anio int) fecha.Fecha {
	a := anio % 19
	b := anio / 100
	c := anio % 100
	d := b / 4
	e := b % 4
	f := (b + 8) / 25
	g := (b - f + 1) / 3
	h := (19*a + b - d - g + 15) % 30
	i := c / 4
	k := c % 4
	l := (32 + 2*e + 2*i - h - k) % 7
	m := (a + 11*h + 22*l) / 451
	mes := (h + l - 7*m + 114) / 31
	dia := (h+l-7*m+114)%31 + 1
	return fecha.Debe(anio, time.Month(mes), dia)
}

// lunesSiguiente moves a date to the next Monday when it is not a Monday
// (Ley 51 de 1983, art. 1, parágrafo 1).
func lunesSiguiente(f fecha.Fecha) fecha.Fecha {
	return f.MasDias((8 - int(f.DiaSemana())) % 7)
}

// FestivosConNombre returns the national holidays of the year with their
// names (Ley 51 de 1983, art. 1), sorted, each date once. A year outside
// AnioMinimo–AnioMaximo is an error naming the year.
func FestivosConNombre(anio int) ([]Festivo, error) {
	if anio < AnioMinimo || anio > AnioMaximo {
		return nil, fmt.Errorf("%w: el año %d no está cubierto; los festivos de la %s se calculan de %d a %d",
			ErrAnioFueraDeRango, anio, normas.De(normas.Festivos).Norma, AnioMinimo, AnioMaximo)
	}
	d := func(m time.Month, dia int) fecha.Fecha { return fecha.Debe(anio, m, dia) }
	p := Pascua(anio)
	todos := []Festivo{
		// Ley 51 de 1983, art. 1: on their date.
		{d(time.January, 1), "Año Nuevo"},
		{d(time.May, 1), "Día del Trabajo"},
		{d(time.July, 20), "Día de la Independencia"},
		{d(time.August, 7), "Batalla de Boyacá"},
		{d(time.December, 8), "Inmaculada Concepción"},
		{d(time.December, 25), "Navidad"},
		{p.MasDias(-3), "Jueves Santo"},
		{p.MasDias(-2), "Viernes Santo"},
		// Art. 1, parágrafo 1: moved to the next Monday.
		{lunesSiguiente(d(time.January, 6)), "Reyes Magos"},
		{lunesSiguiente(d(time.March, 19)), "San José"},
		{lunesSiguiente(d(time.June, 29)), "San Pedro y San Pablo"},
		{lunesSiguiente(d(time.August, 15)), "Asunción de la Virgen"},
		{lunesSiguiente(d(time.October, 12)), "Día de la Raza"},
		{lunesSiguiente(d(time.November, 1)), "Todos los Santos"},
		{lunesSiguiente(d(time.November, 11)), "Independencia de Cartagena"},
		// Art. 1, parágrafo 1: Easter-based feasts, on the Monday after.
		{p.MasDias(43), "Ascensión del Señor"},
		{p.MasDias(64), "Corpus Christi"},
		{p.MasDias(71), "Sagrado Corazón"},
	}
	sort.SliceStable(todos, func(i, j int) bool { return todos[i].Fecha.Antes(todos[j].Fecha) })
	out := todos[:0]
	for _, f := range todos {
		if n := len(out); n > 0 && out[n-1].Fecha.Igual(f.Fecha) {
			out[n-1].Nombre += "; " + f.Nombre
			continue
		}
		out = append(out, f)
	}
	return out, nil
}

// Festivos returns the national holidays of the year (Ley 51 de 1983,
// art. 1), sorted, each date once. A year outside AnioMinimo–AnioMaximo is an
// error naming the year.
func Festivos(anio int) ([]fecha.Fecha, error) {
	fs, err := FestivosConNombre(anio)
	if err != nil {
		return nil, err
	}
	out := make([]fecha.Fecha, len(fs))
	for i, f := range fs {
		out[i] = f.Fecha
	}
	return out, nil
}

// EsFestivo tells whether the date is a national holiday (Ley 51 de 1983,
// art. 1). Outside AnioMinimo–AnioMaximo no holiday is known and it returns
// false: callers that may reach those years check Cubre first.
func EsFestivo(f fecha.Fecha) bool {
	if f.IsZero() {
		return false
	}
	return esFestivoDia(diaNumero(f))
}

// NombreFestivo returns the name of the holiday on that date (Ley 51 de 1983,
// art. 1), and false when the date is not a holiday.
func NombreFestivo(f fecha.Fecha) (string, bool) {
	if !EsFestivo(f) {
		return "", false
	}
	fs, _ := FestivosConNombre(f.Anio()) // in range: EsFestivo was true
	for _, x := range fs {
		if x.Fecha.Igual(f) {
			return x.Nombre, true
		}
	}
	return "", false
}

// Cubre tells whether the date lies in the years whose holidays are known.
func Cubre(f fecha.Fecha) bool {
	return !f.IsZero() && f.Anio() >= AnioMinimo && f.Anio() <= AnioMaximo
}

// The holidays of every covered year, as a bit set over day numbers, built
// once on first use (sync.Once makes it safe for concurrent readers).
var (
	tablaUnaVez sync.Once
	tablaBits   []uint64
	tablaInicio int // day number of 1 January AnioMinimo
	tablaFin    int // day number of 1 January AnioMaximo+1 (excluded)
)

func construirTabla() {
	tablaInicio = diaNumero(fecha.Debe(AnioMinimo, time.January, 1))
	tablaFin = diaNumero(fecha.Debe(AnioMaximo+1, time.January, 1))
	tablaBits = make([]uint64, (tablaFin-tablaInicio+63)/64)
	for a := AnioMinimo; a <= AnioMaximo; a++ {
		fs, err := Festivos(a)
		if err != nil {
			panic(err) // cannot happen: a is in range
		}
		for _, f := range fs {
			i := diaNumero(f) - tablaInicio
			tablaBits[i/64] |= 1 << (i % 64)
		}
	}
}

func esFestivoDia(n int) bool {
	tablaUnaVez.Do(construirTabla)
	if n < tablaInicio || n >= tablaFin {
		return false
	}
	i := n - tablaInicio
	return tablaBits[i/64]&(1<<(i%64)) != 0
}

// diaNumero is the number of days from 1970-01-01 to f.
func diaNumero(f fecha.Fecha) int {
	return int(time.Date(f.Anio(), f.Mes(), f.Dia(), 0, 0, 0, 0, time.UTC).Unix() / 86400)
}

// deDiaNumero is the inverse of diaNumero.
func deDiaNumero(n int) fecha.Fecha {
	t := time.Unix(int64(n)*86400, 0).UTC()
	return fecha.Debe(t.Year(), t.Month(), t.Day())
}

// diaSemana of a day number: 1970-01-01 was a Thursday.
func diaSemana(n int) time.Weekday {
	return time.Weekday(((n % 7) + 7 + int(time.Thursday)) % 7)
}
