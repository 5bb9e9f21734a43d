// Package fecha is the civil date used everywhere in comite: a day in Colombia
// (America/Bogota), with no time and no zone. Legal terms, firmeza dates and
// reference periods are all civil dates.
package fecha

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Fecha is a civil date. The zero value is not a valid date (see IsZero).
type Fecha struct {
	t time.Time // always 00:00 UTC of the civil day
}

// Nueva builds a date; it returns an error when the day does not exist or
// the year has not four digits.
func Nueva(anio int, mes time.Month, dia int) (Fecha, error) {
	if anio < 1000 || anio > 9999 {
		return Fecha{}, fmt.Errorf("el año %d está fuera del rango 1000–9999", anio)
	}
	f := Fecha{time.Date(anio, mes, dia, 0, 0, 0, 0, time.UTC)}
	if f.Anio() != anio || f.Mes() != mes || f.Dia() != dia {
		return Fecha{}, fmt.Errorf("la fecha %04d-%02d-%02d no existe", anio, int(mes), dia)
	}
	return f, nil
}

// Debe builds a date known to be valid (tables and tests); it panics otherwise.
func Debe(anio int, mes time.Month, dia int) Fecha {
	f, err := Nueva(anio, mes, dia)
	if err != nil {
		panic(err)
	}
	return f
}

// ErrFormato is returned by the parsers for text that is not a date.
var ErrFormato = errors.New("fecha inválida")

// ErrDiaInexistente is what the parsers return for a date written in the
// right format, with a month from 1 to 12, whose day is not in that month
// (31/02/2026): errors.Is finds ErrFormato in it too, for callers that only
// ask whether it is a date.
type ErrDiaInexistente struct {
	Anio int
	Mes  time.Month
	Dia  int
}

func (e *ErrDiaInexistente) Error() string {
	return fmt.Sprintf("la fecha %02d/%02d/%04d no existe: %s", e.Dia, int(e.Mes), e.Anio, e.Motivo())
}

func (e *ErrDiaInexistente) Is(objetivo error) bool { return objetivo == ErrFormato }

// Motivo says how many days the month has: «febrero de 2026 tiene 28 días».
func (e *ErrDiaInexistente) Motivo() string {
	n := time.Date(e.Anio, e.Mes+1, 0, 0, 0, 0, 0, time.UTC).Day()
	return fmt.Sprintf("%s de %d tiene %d días", nombresMes[e.Mes-1], e.Anio, n)
}

// nombresMes are the months as they are written in a sentence.
var nombresMes = [...]string{"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"}

// inexistente is the error of a date that Nueva refused: a day out of its
// month is ErrDiaInexistente; anything else (month 13, a year out of range)
// is ErrFormato.
func inexistente(a, m, d int) error {
	if a >= 1000 && a <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= 31 {
		return &ErrDiaInexistente{Anio: a, Mes: time.Month(m), Dia: d}
	}
	return ErrFormato
}

// ParseISO reads AAAA-MM-DD strictly (the contract's format).
func ParseISO(s string) (Fecha, error) {
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return Fecha{}, ErrFormato
	}
	a, err1 := digitos(s[0:4])
	m, err2 := digitos(s[5:7])
	d, err3 := digitos(s[8:10])
	if err1 != nil || err2 != nil || err3 != nil || a < 1 {
		return Fecha{}, ErrFormato
	}
	f, err := Nueva(a, time.Month(m), d)
	if err != nil {
		return Fecha{}, inexistente(a, m, d)
	}
	return f, nil
}

// ParseDMA reads DD/MM/AAAA (day first, as in Colombia).
func ParseDMA(s string) (Fecha, error) {
	p := strings.Split(s, "/")
	if len(p) != 3 || len(p[0]) < 1 || len(p[0]) > 2 || len(p[1]) < 1 || len(p[1]) > 2 || len(p[2]) != 4 {
		return Fecha{}, ErrFormato
	}
	d, err1 := digitos(p[0])
	m, err2 := digitos(p[1])
	a, err3 := digitos(p[2])
	if err1 != nil || err2 != nil || err3 != nil || a < 1 {
		return Fecha{}, ErrFormato
	}
	f, err := Nueva(a, time.Month(m), d)
	if err != nil {
		return Fecha{}, inexistente(a, m, d)
	}
	return f, nil
}

// Parse accepts AAAA-MM-DD or DD/MM/AAAA (docs/reglas.md §6).
func Parse(s string) (Fecha, error) {
	s = strings.TrimSpace(s)
	if strings.Contains(s, "/") {
		return ParseDMA(s)
	}
	return ParseISO(s)
}

func digitos(s string) (int, error) {
	for _, r := range s {
		if r < '0' || r > '9' {
			return 0, ErrFormato
		}
	}
	return strconv.Atoi(s)
}

// DeTiempo returns the civil date in Bogotá of an instant.
func DeTiempo(t time.Time) Fecha {
	t = t.In(Bogota)
	return Debe(t.Year(), t.Month(), t.Day())
}

// Bogota is the zone of every civil date in comite. Colombia has kept UTC−5
// without daylight saving since 1993; the fixed zone avoids depending on tzdata.
var Bogota = time.FixedZone("America/Bogota", -5*60*60)

func (f Fecha) IsZero() bool            { return f.t.IsZero() }
func (f Fecha) Anio() int               { return f.t.Year() }
func (f Fecha) Mes() time.Month         { return f.t.Month() }
func (f Fecha) Dia() int                { return f.t.Day() }
func (f Fecha) DiaSemana() time.Weekday { return f.t.Weekday() }

// MasDias adds n calendar days (n may be negative).
func (f Fecha) MasDias(n int) Fecha { return Fecha{f.t.AddDate(0, 0, n)} }

// Antes, Despues and Igual compare two dates.
func (f Fecha) Antes(g Fecha) bool   { return f.t.Before(g.t) }
func (f Fecha) Despues(g Fecha) bool { return f.t.After(g.t) }
func (f Fecha) Igual(g Fecha) bool   { return f.t.Equal(g.t) }

// Compare returns -1, 0 or +1.
func (f Fecha) Compare(g Fecha) int { return f.t.Compare(g.t) }

// DiasHasta is the number of calendar days from f to g (negative when g is before f).
func (f Fecha) DiasHasta(g Fecha) int { return int(g.t.Sub(f.t).Hours() / 24) }

// Tiempo is the start of the day in Bogotá.
func (f Fecha) Tiempo() time.Time {
	return time.Date(f.Anio(), f.Mes(), f.Dia(), 0, 0, 0, 0, Bogota)
}

// String is AAAA-MM-DD (the contract's and the database's format).
func (f Fecha) String() string {
	if f.IsZero() {
		return ""
	}
	return f.t.Format("2006-01-02")
}

// DMA is DD/MM/AAAA, the Colombian display format.
func (f Fecha) DMA() string {
	if f.IsZero() {
		return ""
	}
	return f.t.Format("02/01/2006")
}

// MarshalText writes AAAA-MM-DD.
func (f Fecha) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText reads AAAA-MM-DD strictly.
func (f *Fecha) UnmarshalText(b []byte) error {
	g, err := ParseISO(string(b))
	if err != nil {
		return err
	}
	*f = g
	return nil
}

// GobEncode writes AAAA-MM-DD, or nothing for the zero date (a pending
// import keeps its validated rows with encoding/gob).
func (f Fecha) GobEncode() ([]byte, error) { return []byte(f.String()), nil }

// GobDecode reads what GobEncode wrote.
func (f *Fecha) GobDecode(b []byte) error {
	if len(b) == 0 {
		*f = Fecha{}
		return nil
	}
	return f.UnmarshalText(b)
}
