package valores

import (
	"fmt"
	"sort"

	"comite/internal/fecha"

	"github.com/shopspring/decimal"
)

// Referencia is the set of reference values one computation uses: the UVT
// rows and the rule sets with their validity. The command-line contract uses
// the built-in one (Integrada); the application builds one from the UVT rows
// the administrator keeps in the database, seeded with the built-in rows.
// Rules receive a Referencia: none reads a global table.
type Referencia struct {
	UVT       []UVT        // by year, ascending, no repeated year
	Conjuntos []Parametros // oldest first
}

// Integrada is the built-in reference: the UVT table compiled in and every
// rule set held.
func Integrada() Referencia {
	return Referencia{UVT: TablaUVT, Conjuntos: Conjuntos}
}

// ConUVT returns a copy of r with the UVT rows given (sorted by year). It
// refuses a repeated year, a non-positive value or a row without resolution.
func (r Referencia) ConUVT(filas []UVT) (Referencia, error) {
	f := append([]UVT(nil), filas...)
	sort.Slice(f, func(i, j int) bool { return f[i].Anio < f[j].Anio })
	for i, u := range f {
		if i > 0 && f[i-1].Anio == u.Anio {
			return Referencia{}, fmt.Errorf("la UVT del año %d está repetida", u.Anio)
		}
		if !u.Valor.IsPositive() {
			return Referencia{}, fmt.Errorf("la UVT del año %d debe ser mayor que cero", u.Anio)
		}
		if u.Resolucion == "" {
			return Referencia{}, fmt.Errorf("la UVT del año %d no dice la resolución de la DIAN que la fijó", u.Anio)
		}
	}
	r.UVT = f
	return r, nil
}

// UVTDe returns the UVT of a year, or ErrSinUVT naming the year.
func (r Referencia) UVTDe(anio int) (UVT, error) {
	i := sort.Search(len(r.UVT), func(i int) bool { return r.UVT[i].Anio >= anio })
	if i < len(r.UVT) && r.UVT[i].Anio == anio {
		return r.UVT[i], nil
	}
	e := ErrSinUVT{Anio: anio}
	if len(r.UVT) > 0 {
		e.Desde, e.Hasta = r.UVT[0].Anio, r.UVT[len(r.UVT)-1].Anio
	}
	return UVT{}, e
}

// Pesos converts an amount in UVT to pesos with the UVT of the year and the
// Estatuto Tributario art. 868 rounding.
func (r Referencia) Pesos(enUVT decimal.Decimal, anio int) (decimal.Decimal, UVT, error) {
	u, err := r.UVTDe(anio)
	if err != nil {
		return decimal.Decimal{}, UVT{}, err
	}
	return Aproximar868(enUVT.Mul(u.Valor)), u, nil
}

// Vigencia says how a date of the facts stands against the rule sets held.
type Vigencia int

const (
	// EnVigencia: a rule set held was in force on the date.
	EnVigencia Vigencia = iota
	// PosteriorAVigencias: the date is after the last validity day of every
	// rule set held; the latest one is used and the computation must say
	// "confirme la norma aplicable" (alert norma_sin_vigencia_confirmada).
	PosteriorAVigencias
	// AnteriorAVigencias: the date is before the first day of every rule set
	// held; the earliest one is used and the computation says so.
	AnteriorAVigencias
)

// ConjuntoPara chooses the rule set for the date of the facts: the one whose
// validity interval holds it; after every interval, the latest; before every
// interval, the earliest. The Vigencia says which case it was.
func (r Referencia) ConjuntoPara(f fecha.Fecha) (Parametros, Vigencia) {
	cs := r.Conjuntos
	for i := len(cs) - 1; i >= 0; i-- {
		if cs[i].Rige(f) {
			return cs[i], EnVigencia
		}
	}
	if cs[0].VigenteDesde.Despues(f) {
		return cs[0], AnteriorAVigencias
	}
	return cs[len(cs)-1], PosteriorAVigencias
}

// Conjunto returns the rule set with that ID (the one an evaluation stored).
func (r Referencia) Conjunto(id string) (Parametros, error) {
	for _, c := range r.Conjuntos {
		if c.ID == id {
			return c, nil
		}
	}
	return Parametros{}, fmt.Errorf("no se conoce el conjunto de reglas %q", id)
}

// Rige says whether the rule set was in force on f (both ends inclusive; a
// zero VigenteHasta means no known end).
func (p Parametros) Rige(f fecha.Fecha) bool {
	if p.VigenteDesde.Despues(f) {
		return false
	}
	return p.VigenteHasta.IsZero() || !f.Despues(p.VigenteHasta)
}
