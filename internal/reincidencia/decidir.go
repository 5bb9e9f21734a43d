package reincidencia

import (
	"comite/internal/fecha"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

// The committee test in two steps, each stated once and used by Evaluar,
// Cifras and the national screening alike: which act counts and what it adds
// (ExclusionActo, AportaSuma), and the verdict from the figures of the
// reference year (Decidir). A caller that reads thousands of users can apply
// the first step to compact rows and call Decidir with the totals; the rule
// is the same code either way.

// PeriodoDelAnio is the reference period of reference year anio: from 1
// January to 31 December (art. 25 inc. 1: "del primero (1) de enero al
// treinta y uno (31) de diciembre del año inmediatamente anterior"). The
// anchor is left for the caller.
func PeriodoDelAnio(anio int) Periodo {
	return Periodo{Anio: anio, Desde: fecha.Debe(anio, 1, 1), Hasta: fecha.Debe(anio, 12, 31)}
}

// ExclusionActo says why an act with these facts does not count in period p,
// or "" when it counts: firm (art. 25 inc. 1: "quedan en firme"; CPACA art.
// 87), in the period (inc. 1), not after the new conduct (reincidence
// presupposes sanctions before it: p.Comision, when given), grave or
// gravísima (inc. 1), without accepted allanamiento (inc. 2). One reason per
// act, the first of OrdenMotivos that applies: the date reasons first, then
// the act's nature. A zero firmeza is an act not yet firm.
func ExclusionActo(firmeza fecha.Fecha, g sancion.Gravedad, allanamiento bool, p Periodo) Motivo {
	switch {
	case firmeza.IsZero():
		return SinFirmeza
	case firmeza.Antes(p.Desde) || firmeza.Despues(p.Hasta):
		return FueraDePeriodo
	case !p.Comision.IsZero() && firmeza.Despues(p.Comision):
		return PosteriorALaComision
	case !g.GraveOGravisima():
		return GravedadLeve
	case allanamiento:
		return ConAllanamiento
	}
	return ""
}

// AportaSuma says whether an act that counts adds its amount to S: an act
// whose sanction is cancelación or suspensión counts toward the number of
// acts and adds 0, for it imposes no amount.
func AportaSuma(s sancion.Tipo) bool {
	return s != sancion.Cancelacion && s != sancion.Suspension
}

// Cuentas are the figures of one reference year the verdict depends on.
type Cuentas struct {
	NumeroActos int             // acts that count (ExclusionActo = "")
	Suma        decimal.Decimal // S: the amounts of those acts (AportaSuma)
	// OperacionesCargadas says whether some row of operations of the year
	// exists (even with 0); without one, O is unknown, never zero.
	OperacionesCargadas bool
	TotalOperaciones    decimal.Decimal // O, when loaded
	RegistroVigente     bool
	Gravedad            sancion.Gravedad // of the new infraction
	PermiteCancelacion  bool             // the new infraction allows cancelación in substitution of the fine (inc. 3)
	// Vigencia is how the commission date stands against the rule sets held:
	// before all of them the rule that governs the facts is not in the
	// application and the result is not determined (unknown).
	Vigencia valores.Vigencia
}

// Veredicto is the committee test decided from Cuentas.
type Veredicto struct {
	Requisitos    Requisitos
	Ruta          Ruta
	ProcedeComite Tri
	// FaltanOperaciones: O unknown and S > 0, so the threshold is unknown.
	FaltanOperaciones bool
	// SinOperaciones: O loaded in zero and S > 0: the threshold is taken as met.
	SinOperaciones bool
}

// Decidir is the verdict of the committee test (art. 25 inc. 1 and 3) with
// rule set p. The threshold is compared exactly: S × 1000 ≥ O × 5 (0,5 % or
// more). Unknown operations leave it unknown when S > 0 (with S = 0 it cannot
// be met whatever O is); operations loaded in zero meet it when S > 0
// (criterion of the Secretaría). On the second route (inc. 3: cancelación in
// substitution of the fine, "sin considerar el límite de las sanciones en
// relación con las operaciones") only the 0,5 % requisite is waived.
func Decidir(c Cuentas, p valores.Parametros) Veredicto {
	var v Veredicto
	req := &v.Requisitos
	positiva := c.Suma.IsPositive()
	switch {
	case !c.OperacionesCargadas:
		if positiva {
			req.UmbralCeroCinco = Desconocido
			v.FaltanOperaciones = true
		} else {
			req.UmbralCeroCinco = No
		}
	case c.TotalOperaciones.IsZero():
		req.UmbralCeroCinco = DeBool(positiva)
		v.SinOperaciones = positiva
	default:
		req.UmbralCeroCinco = DeBool(c.Suma.Mul(mil).GreaterThanOrEqual(c.TotalOperaciones.Mul(p.UmbralPorMil)))
	}
	req.RegistroVigente = c.RegistroVigente
	req.InfraccionGraveOGravisima = c.Gravedad.GraveOGravisima()
	req.MinimoTresActos = c.NumeroActos >= p.MinimoActos
	if c.PermiteCancelacion {
		v.Ruta = RutaCancelacionEnSustitucion
		v.ProcedeComite = Todos(DeBool(req.RegistroVigente), DeBool(req.InfraccionGraveOGravisima), DeBool(req.MinimoTresActos))
	} else {
		v.Ruta = RutaReincidencia
		v.ProcedeComite = Todos(DeBool(req.RegistroVigente), DeBool(req.InfraccionGraveOGravisima), DeBool(req.MinimoTresActos), req.UmbralCeroCinco)
	}
	if c.Vigencia == valores.AnteriorAVigencias {
		v.ProcedeComite = Desconocido
	}
	return v
}

// Participacion is S / O × 100 with 4 decimals, half-up, exact (criteria of
// the Secretaría). O must be positive.
func Participacion(suma, operaciones decimal.Decimal) decimal.Decimal {
	return dividirRedondeado(suma.Mul(cien), operaciones, 4)
}
