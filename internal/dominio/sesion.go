package dominio

import (
	"comite/internal/fecha"
	"comite/internal/flujo"

	"github.com/shopspring/decimal"
)

// SesionComite is a stored session with its attendance and agenda.
type SesionComite struct {
	ID         int64
	Numero     string // SC-2026-001
	Sesion     flujo.Sesion
	CreadaPor  string
	CreadaEn   string
	Orden      []PuntoOrden
	Conceptos  int // conceptos recorded in the session (originals)
	QuorumMin  int // quorum in force now (0 with QuorumSet false: not configured)
	QuorumSet  bool
	HayQuorum  bool
	TextoQuoro string
	// Aplazamientos of the session, oldest first.
	Aplazamientos []Aplazamiento
}

// PuntoOrden is one case of the orden del día.
type PuntoOrden struct {
	Posicion    int
	CasoID      int64
	Numero      string
	RazonSocial string
	NIT         string
	Estado      flujo.Estado
	Concepto    *ConceptoGuardado // the original recorded in this session (nil: not yet)
	Vigente     *ConceptoGuardado // the one in force (last correction), when there is a concepto
	Correccion  []ConceptoGuardado
	Aplazado    string // the reason it was postponed ("" when it was not)
	// SancionPrevista and Evaluacion are what the decision results in: the
	// fine foreseen for the infraction and the case's latest stored
	// evaluation (nil when there is none), whose snapshot tells the route
	// and, on the first route, the 1.000 UVT increment.
	SancionPrevista decimal.Decimal
	Evaluacion      *Evaluacion
}

// Aplazamiento is a postponement of a session: from its earlier date and
// time to the new one, with the reason.
type Aplazamiento struct {
	FechaAnterior fecha.Fecha
	HoraAnterior  string
	Fecha         fecha.Fecha
	Hora          string
	Motivo        string
	Por           string
	En            string
}

// SesionDeCaso is a session whose orden del día includes a case.
type SesionDeCaso struct {
	ID     int64
	Numero string
	Fecha  fecha.Fecha
	Hora   string
}

// PuntosPendientes summarises the agenda of a session for its acta
// (flujo.ProblemaActa).
func (s SesionComite) PuntosPendientes() []flujo.PuntoPendiente {
	var out []flujo.PuntoPendiente
	for _, p := range s.Orden {
		out = append(out, flujo.PuntoPendiente{Numero: p.Numero, Concepto: p.Concepto != nil, Aplazado: p.Aplazado != "",
			Terminado: p.Concepto == nil && p.Estado != flujo.EnComite})
	}
	return out
}

// Incremento is the 1.000 UVT increment of an evaluation as its snapshot
// states it (amounts in the snapshot's COP text): the UVT's year, value and
// resolution, the increment and the total fine.
type Incremento struct {
	UVTAnio       int
	UVTValorCOP   string
	IncrementoCOP string
	TotalCOP      string
	// Provisional: no REA date yet, the UVT is the verification year's.
	Provisional   bool
	UVTResolucion string
}
