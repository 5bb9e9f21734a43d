// Package reincidencia is the committee test of Decreto Ley 920 de 2023,
// art. 25 by position (shared/normas/004_*.txt; dominio.md §2): whether a new
// grave or gravísima infraction of a customs user goes to the Comité de
// Fiscalización. Pure functions over plain values: no database, no HTTP, no clock.
package reincidencia

import (
	"comite/internal/fecha"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

// Anclaje chooses the reference year (dominio.md §2.1).
type Anclaje string

const (
	AnclajeComision     Anclaje = "comision"     // year of commission − 1 (default)
	AnclajeVerificacion Anclaje = "verificacion" // year of verification − 1
)

// Ruta is how the case reaches the Comité.
type Ruta string

const (
	RutaReincidencia             Ruta = "reincidencia"               // art. 25 inc. 1
	RutaCancelacionEnSustitucion Ruta = "cancelacion_en_sustitucion" // art. 25 inc. 3
)

// Motivo why an act is left out (dominio.md §2.2).
type Motivo string

const (
	FueraDePeriodo  Motivo = "fuera_de_periodo"
	GravedadLeve    Motivo = "gravedad_leve"
	ConAllanamiento Motivo = "allanamiento"
	SinFirmeza      Motivo = "sin_firmeza"
)

// Alerta is a warning the evaluation raises.
type Alerta string

const (
	SinOperaciones Alerta = "sin_operaciones"
	AnclajeDifiere Alerta = "anclaje_difiere"
)

// Usuario is the customs user under evaluation.
type Usuario struct {
	NIT             string
	RazonSocial     string
	Tipo            string
	RegistroVigente bool
}

// NuevaInfraccion is the infraction that triggers the test.
type NuevaInfraccion struct {
	FechaComision      fecha.Fecha
	FechaVerificacion  fecha.Fecha
	FechaExpediente    fecha.Fecha // zero: the verification date
	FechaRequerimiento fecha.Fecha // zero: no REA yet
	Gravedad           sancion.Gravedad
	Sancion            sancion.Tipo
	SancionPrevista    decimal.Decimal // COP
	PermiteCancelacion bool            // second route (art. 25 inc. 3)
}

// Acto is a sanction act of the user.
type Acto struct {
	Numero       string
	FechaFirmeza fecha.Fecha // zero: not firm
	Gravedad     sancion.Gravedad
	Sancion      sancion.Tipo
	Valor        decimal.Decimal // COP, as in the act
	Allanamiento bool            // accepted allanamiento
}

// Operaciones are foreign-trade operations of one year (several rows of a year add up).
type Operaciones struct {
	Anio   int
	Valor  decimal.Decimal
	Numero int64
}

// Entrada is one case to evaluate.
type Entrada struct {
	Usuario     Usuario
	Nueva       NuevaInfraccion
	Anclaje     Anclaje // "" means comision
	Actos       []Acto
	Operaciones []Operaciones
	// DiasInhabiles are extra non-business days declared by the authority
	// (dominio.md §7), besides weekends and national holidays.
	DiasInhabiles []fecha.Fecha
}

// Periodo is the reference period.
type Periodo struct {
	Anio    int
	Desde   fecha.Fecha
	Hasta   fecha.Fecha
	Anclaje Anclaje
}

// Computado is an act that counts.
type Computado struct {
	Acto
	Aporte decimal.Decimal // what it adds to S: its value, or 0 for cancelación/suspensión
}

// Excluido is an act left out, with why.
type Excluido struct {
	Acto
	Motivo Motivo
}

// Requisitos of art. 25 inc. 1 (dominio.md §2.6).
type Requisitos struct {
	RegistroVigente           bool
	InfraccionGraveOGravisima bool
	MinimoTresActos           bool
	UmbralCeroCinco           bool
}

// SancionIncrementada is the fine to propose if the Comité does not decide
// cancellation (dominio.md §2.9).
type SancionIncrementada struct {
	UVTAnio       int
	UVTValor      decimal.Decimal
	UVTResolucion string
	Incremento    decimal.Decimal
	Total         decimal.Decimal
}

// Fundamento is one rule applied, with its legal basis (a key of normas).
type Fundamento struct {
	Regla   string // key of normas
	Detalle string // what the rule gave in this case, in Spanish
}

// Resultado explains the evaluation step by step.
type Resultado struct {
	Periodo             Periodo
	Computados          []Computado
	Excluidos           []Excluido
	NumeroActos         int
	Suma                decimal.Decimal  // S
	TotalOperaciones    decimal.Decimal  // O
	NumeroOperaciones   int64            // N
	Participacion       *decimal.Decimal // S/O×100, exact (round only for display); nil when O = 0
	InfraccionesPorMil  *decimal.Decimal // count×1000/N, exact up to 16 decimals; nil when N = 0
	Requisitos          Requisitos
	Ruta                Ruta
	ProcedeComite       bool
	Alertas             []Alerta
	FechaBasePlazo      fecha.Fecha // later of verification and expediente
	PlazoReporte        fecha.Fecha
	SancionIncrementada *SancionIncrementada
	Fundamentos         []Fundamento
	ConjuntoReglas      string // ID of the valores.Parametros used
	AnioOtroAnclaje     int    // reference year under the other anchor
}
