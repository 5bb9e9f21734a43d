// Package reincidencia is the committee test of Decreto Ley 920 de 2023,
// art. 25 (identified by position): whether a new grave or gravísima
// infraction of a customs user goes to the Comité de Fiscalización. Pure
// functions over plain values: no database, no HTTP, no clock. The reference
// values (UVT, rule sets with their validity) come in a valores.Referencia.
package reincidencia

import (
	"comite/internal/fecha"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

// Ruta is how the case reaches the Comité.
type Ruta string

const (
	RutaReincidencia             Ruta = "reincidencia"               // art. 25 inc. 1
	RutaCancelacionEnSustitucion Ruta = "cancelacion_en_sustitucion" // art. 25 inc. 3
)

// Motivo why an act is left out. When several apply, the first of
// OrdenMotivos is given: the date reasons first, then the act's nature.
type Motivo string

const (
	SinFirmeza     Motivo = "sin_firmeza"
	FueraDePeriodo Motivo = "fuera_de_periodo"
	// PosteriorALaComision: firm after the new infraction was committed;
	// reincidence presupposes sanctions before the new conduct.
	PosteriorALaComision Motivo = "posterior_a_la_comision"
	GravedadLeve         Motivo = "gravedad_leve"
	ConAllanamiento      Motivo = "allanamiento"
)

// OrdenMotivos is the one order of the reasons.
var OrdenMotivos = []Motivo{SinFirmeza, FueraDePeriodo, PosteriorALaComision, GravedadLeve, ConAllanamiento}

// Alerta is a warning the evaluation raises.
type Alerta string

const (
	// SinOperaciones: operations of the reference year loaded with 0 and
	// sanctions > 0; the threshold is taken as met (a criterion adopted by
	// the Secretaría Técnica, not the text of the law).
	SinOperaciones Alerta = "sin_operaciones"
	// FaltanOperaciones: no row of operations for the reference year and
	// sanctions > 0; the threshold, O, N and the ratios are unknown.
	FaltanOperaciones Alerta = "faltan_operaciones"
	AnclajeDifiere    Alerta = "anclaje_difiere"
	// UVTNoDisponible: the UVT of the increment's year is not in the table;
	// the fine with +1.000 UVT is unknown (Resultado.AnioUVTFaltante).
	UVTNoDisponible Alerta = "uvt_no_disponible"
	// NormaSinVigenciaConfirmada: the commission is after the last validity
	// day of every rule set held; the latest one was used.
	NormaSinVigenciaConfirmada Alerta = "norma_sin_vigencia_confirmada"
	// HechoAnteriorAVigencia: the commission is before the first validity day
	// of every rule set held. The rule that governs it is not in the
	// application: the figures are computed for information, but the result
	// (procede_comite) and the increment are not determined.
	HechoAnteriorAVigencia Alerta = "hecho_anterior_a_vigencia"
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

// Operaciones are foreign-trade operations of one year (several rows of a
// year add up). A row with Valor 0 is a declared zero; a year without any row
// was never loaded, which is not the same: it is unknown.
type Operaciones struct {
	Anio   int
	Valor  decimal.Decimal
	Numero int64
}

// Entrada is one case to evaluate.
type Entrada struct {
	Usuario     Usuario
	Nueva       NuevaInfraccion
	Anclaje     sancion.Anclaje // "" means comision
	Actos       []Acto
	Operaciones []Operaciones
	// DiasInhabiles are extra non-business days declared by the authority
	// (Ley 4 de 1913 art. 62: "de vacantes"), besides weekends and national holidays.
	DiasInhabiles []fecha.Fecha
}

// Periodo is the reference period.
type Periodo struct {
	Anio    int
	Desde   fecha.Fecha
	Hasta   fecha.Fecha
	Anclaje sancion.Anclaje
	// Comision is the new infraction's commission date: an act firm after it
	// never counts (PosteriorALaComision). Zero: not checked (the screening,
	// whose conduct is a whole year after its reference year).
	Comision fecha.Fecha
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

// Requisitos of art. 25 inc. 1. The threshold is unknown when the operations
// of the reference year were never loaded and there are sanctions.
type Requisitos struct {
	RegistroVigente           bool
	InfraccionGraveOGravisima bool
	MinimoTresActos           bool
	UmbralCeroCinco           Tri
}

// SancionIncrementada is the fine to propose if the Comité does not decide
// cancellation (art. 25 inc. 1).
type SancionIncrementada struct {
	UVTAnio       int
	UVTValor      decimal.Decimal
	UVTResolucion string
	Incremento    decimal.Decimal
	Total         decimal.Decimal
	// Provisional: no REA date yet, so the UVT is the verification year's;
	// it is computed again with the UVT of the year of the requerimiento
	// especial aduanero.
	Provisional bool
}

// Fundamento is one rule applied, with its legal basis (a key of normas).
type Fundamento struct {
	Regla   string // key of normas
	Detalle string // what the rule gave in this case, in Spanish
}

// Resultado explains the evaluation step by step.
type Resultado struct {
	Periodo            Periodo
	Computados         []Computado
	Excluidos          []Excluido
	NumeroActos        int
	Suma               decimal.Decimal  // S
	TotalOperaciones   *decimal.Decimal // O; nil when the operations of the year were never loaded
	NumeroOperaciones  *int64           // N; nil when never loaded
	Participacion      *decimal.Decimal // S/O×100 rounded half-up to 4 decimals; nil when O = 0 or unknown
	InfraccionesPorMil *decimal.Decimal // count×1000/N rounded half-up to 2 decimals; nil when N = 0 or unknown
	// ParticipacionTexto is the share for people (TextoParticipacion): never
	// reads as the line when the threshold is not met; "" when Participacion is nil.
	ParticipacionTexto  string
	Requisitos          Requisitos
	Ruta                Ruta
	ProcedeComite       Tri
	Alertas             []Alerta
	FechaBasePlazo      fecha.Fecha // later of verification and expediente
	PlazoReporte        fecha.Fecha
	SancionIncrementada *SancionIncrementada
	Fundamentos         []Fundamento
	ConjuntoReglas      string // ID of the valores.Parametros used
	AnioOtroAnclaje     int    // reference year under the other anchor
	// FechaOtroAnclaje is the date the other anchor would take.
	FechaOtroAnclaje fecha.Fecha
	// Conjunto is the rule set used, chosen by the commission date, and
	// Vigencia how that date stands against the sets held.
	Conjunto Conjunto
	// AnioUVTFaltante is the year whose UVT was missing for the +1.000 UVT
	// (alert uvt_no_disponible); 0 when none was missing.
	AnioUVTFaltante int
}

// Conjunto names the rule set an evaluation used and its validity.
type Conjunto struct {
	ID           string
	Nombre       string
	VigenteDesde fecha.Fecha
	VigenteHasta fecha.Fecha // zero: no known end
	Vigencia     valores.Vigencia
	Texto        string // for people: why those dates
}

// OperacionesCargadas says whether the operations of the reference year were loaded.
func (r Resultado) OperacionesCargadas() bool { return r.TotalOperaciones != nil }

// TieneAlerta says whether the evaluation raised an alert.
func (r Resultado) TieneAlerta(a Alerta) bool {
	for _, x := range r.Alertas {
		if x == a {
			return true
		}
	}
	return false
}

// Aviso is an alert with its text for people.
type Aviso struct {
	Alerta Alerta
	Texto  string
}
