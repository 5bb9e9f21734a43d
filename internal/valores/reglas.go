package valores

import (
	"fmt"

	"comite/internal/fecha"

	"github.com/shopspring/decimal"
)

// Parametros are the legal parameters of one rule set: every percentage,
// window, threshold and count that a rule uses. Each field names its source.
// A computation records the ID of the set it used (docs/reglas.md, "The law moves").
type Parametros struct {
	ID           string      // stable identifier recorded with every evaluation
	Nombre       string      // for people
	VigenteDesde fecha.Fecha // first day the set applies
	VigenteHasta fecha.Fecha // last day it applies; zero: no known end
	Vigencia     string      // why those dates, for people
	Fuente       string

	// Committee test — Decreto Ley 920 de 2023, art. 25 (by position), file 004.
	MinimoActos         int             // "como mínimo tres (3) actos administrativos"
	UmbralPorMil        decimal.Decimal // 5 per 1.000 = "cero punto cinco por ciento (0.5%)"
	DiasReporte         int             // "dentro de los diez (10) días siguientes"
	IncrementoComiteUVT decimal.Decimal // "incrementada en mil Unidades de Valor Tributario (1.000 UVT)"

	// Liquidation, régimen aduanero — Decreto Ley 920 de 2023, arts. 22 and 24.
	ConcurrenciaIncremento decimal.Decimal    // art. 22 num. 1: +20 %
	LeveRepetidaUVT        decimal.Decimal    // art. 22 num. 4: 150 UVT
	LeveRepetidaPrevias    int                // art. 22 num. 4: "más de dos (2) veces" → 2 earlier firm amonestaciones
	AllanamientoPct        [3]decimal.Decimal // art. 24: to 20 / 40 / 60 %
	AllanamientoTerceraPct [3]decimal.Decimal // art. 24 with art. 22 num. 3: to 40 / 60 / 80 %
	AllanamientoArt72Pct   decimal.Decimal    // art. 24, last paragraph: to 80 %
	MinimoUVT              decimal.Decimal    // docs/reglas.md §5 step 6: no multa below 10 UVT

	// Zonas francas — Decreto 2147 de 2016, art. 86 (by position), file 000.
	ZFIncrementoReincidencia decimal.Decimal    // +20 % per earlier occurrence in 5 years
	ZFTopeIncrementos        decimal.Decimal    // increments never above 100 % of the base
	ZFAmonestacionUVT        decimal.Decimal    // repeated amonestación → 200 UVT
	ZFAllanamientoPct        [3]decimal.Decimal // to 20 / 40 / 60 %

	// Bill of 2025 (file 002): reductions.
	L2025ReduccionPct decimal.Decimal // num. 2, 3, 4: to 20 % of the initial sanction
	L2025OEAPct       decimal.Decimal // second infraction of an OEA: to 30 %
	L2025TopeIngresos decimal.Decimal // cap at 40 % of the prior year's gross income
}

func pct(n int64) decimal.Decimal { return decimal.New(n, -2) }

// DL920 is the rule set of Decreto Ley 920 de 2023 with Decreto 2147 de 2016
// for zonas francas: the one in force by default.
var DL920 = Parametros{
	ID:           "DL920-2023",
	Nombre:       "Decreto Ley 920 de 2023 (régimen sancionatorio aduanero) y Decreto 2147 de 2016 (zonas francas)",
	VigenteDesde: fecha.Debe(2023, 6, 6),
	// Corte Constitucional C-072 de 2025: unconstitutional with effects
	// deferred to the end of the 2025–2026 legislature.
	VigenteHasta: fecha.Debe(2026, 6, 20),
	Vigencia:     "desde el 06/06/2023 hasta el 20/06/2026 (sentencia C-072 de 2025 de la Corte Constitucional, efectos diferidos al fin de la legislatura 2025–2026)",
	Fuente:       "Decreto Ley 920 de 2023; Decreto 2147 de 2016; Estatuto Tributario art. 868",

	MinimoActos:         3,
	UmbralPorMil:        decimal.NewFromInt(5),
	DiasReporte:         10,
	IncrementoComiteUVT: decimal.NewFromInt(1000),

	ConcurrenciaIncremento: pct(20),
	LeveRepetidaUVT:        decimal.NewFromInt(150),
	LeveRepetidaPrevias:    2,
	AllanamientoPct:        [3]decimal.Decimal{pct(20), pct(40), pct(60)},
	AllanamientoTerceraPct: [3]decimal.Decimal{pct(40), pct(60), pct(80)},
	AllanamientoArt72Pct:   pct(80),
	MinimoUVT:              decimal.NewFromInt(10),

	ZFIncrementoReincidencia: pct(20),
	ZFTopeIncrementos:        pct(100),
	ZFAmonestacionUVT:        decimal.NewFromInt(200),
	ZFAllanamientoPct:        [3]decimal.Decimal{pct(20), pct(40), pct(60)},

	L2025ReduccionPct: pct(20),
	L2025OEAPct:       pct(30),
	L2025TopeIngresos: pct(40),
}

// Conjuntos is the dated table of rule sets, oldest first. The bill of 2025
// is not in force: its reductions are applied only when a liquidation asks for
// régimen ley_2025 explicitly, with the same parameter set.
var Conjuntos = []Parametros{DL920}

// Vigentes returns the rule set in force on a date: the row with the latest
// start on or before it. A date before the first row is an error.
func Vigentes(f fecha.Fecha) (Parametros, error) {
	for i := len(Conjuntos) - 1; i >= 0; i-- {
		if !Conjuntos[i].VigenteDesde.Despues(f) {
			return Conjuntos[i], nil
		}
	}
	return Parametros{}, fmt.Errorf("no hay un conjunto de reglas vigente el %s (el primero rige desde %s)", f.DMA(), Conjuntos[0].VigenteDesde.DMA())
}
