package reincidencia

import (
	"comite/internal/fecha"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

// PuntoAnual is the committee test's figures for one reference year: what the
// profile, the informe and the screening chart over several years. A year
// whose operations were never loaded has Operaciones, Numero and Umbral nil:
// a gap in a chart, never a zero.
type PuntoAnual struct {
	Anio          int
	NumeroActos   int              // acts that count (art. 25 inc. 1 and 2)
	Suma          decimal.Decimal  // S
	Operaciones   *decimal.Decimal // O; nil when not loaded
	Numero        *int64           // N; nil when not loaded
	Umbral        *decimal.Decimal // O × 0,5 %: the sanctions needed to reach the line; nil when O is unknown
	CumpleUmbral  Tri
	CumpleMinimo  bool
	Participacion *decimal.Decimal // 4 decimals, nil when O = 0 or unknown
	// ParticipacionTexto is Participacion for people (TextoParticipacion).
	ParticipacionTexto string
	ConjuntoReglas     string
}

// Serie evaluates the same user for each reference year from desde to hasta,
// as if a new infraction had been committed on 1 January of the following
// year, each with the rule set of that date. It calls Cifras (Evaluar without
// texts), so every figure comes from the one implementation of the rule.
func Serie(e Entrada, ref valores.Referencia, desde, hasta int) ([]PuntoAnual, error) {
	var out []PuntoAnual
	for y := desde; y <= hasta; y++ {
		c := e
		c.Anclaje = sancion.AnclajeComision
		c.Nueva.FechaComision = fecha.Debe(y+1, 1, 1)
		c.Nueva.FechaVerificacion = c.Nueva.FechaComision
		c.Nueva.FechaExpediente = fecha.Fecha{}
		c.Nueva.FechaRequerimiento = fecha.Fecha{}
		c.Nueva.PermiteCancelacion = false
		c.Nueva.Sancion = "" // no +1.000 UVT needed for a series
		r, err := Cifras(c, ref)
		if err != nil {
			return nil, err
		}
		pt := PuntoAnual{
			Anio:               y,
			NumeroActos:        r.NumeroActos,
			Suma:               r.Suma,
			Operaciones:        r.TotalOperaciones,
			Numero:             r.NumeroOperaciones,
			CumpleUmbral:       r.Requisitos.UmbralCeroCinco,
			CumpleMinimo:       r.Requisitos.MinimoTresActos,
			Participacion:      r.Participacion,
			ParticipacionTexto: r.ParticipacionTexto,
			ConjuntoReglas:     r.ConjuntoReglas,
		}
		if r.TotalOperaciones != nil {
			p, _ := ref.ConjuntoPara(c.Nueva.FechaComision)
			u := LineaUmbral(*r.TotalOperaciones, p)
			pt.Umbral = &u
		}
		out = append(out, pt)
	}
	return out, nil
}

// LineaUmbral is the sum of sanctions that reaches the threshold for
// operations O: O × 0,5 % (art. 25 inc. 1), exact. For display and ranking;
// the test itself compares S × 1000 ≥ O × 5 without dividing.
func LineaUmbral(operaciones decimal.Decimal, p valores.Parametros) decimal.Decimal {
	return operaciones.Mul(p.UmbralPorMil).Div(mil)
}
