package dominio

import (
	"time"

	"comite/internal/fecha"
	"comite/internal/flujo"

	"github.com/shopspring/decimal"
)

// ConceptoGuardado is one recorded concepto (the original, or a correction).
type ConceptoGuardado struct {
	ID               int64
	CasoID           int64
	Concepto         flujo.Concepto
	EvaluacionID     int64
	CorrigeID        int64 // 0: the original
	SesionID         int64 // the session it was recorded in (0: outside a session)
	MotivoCorreccion string
	RegistradoPor    string
	RegistradoEn     string
}

// Instante parses RegistradoEn, which the store checked when it read the row
// (the store checks it when it reads the row).
func (c ConceptoGuardado) Instante() time.Time { return instante(c.RegistradoEn) }

// PropuestaREA is the proposal recorded when a case closes.
type PropuestaREA struct {
	ID            int64
	CasoID        int64
	ConceptoID    int64
	Propuesta     flujo.Decision
	FechaREA      fecha.Fecha
	Incremento    *IncrementoREA   // nil for cancelación or no increment
	Total         *decimal.Decimal // nil for cancelación
	RegistradoPor string
	RegistradoEn  string
}

// IncrementoREA is the 1.000 UVT increment of a closing's proposal (art. 25
// inc. 1), as recorded: the UVT row used and the increment (the total is the
// proposal's).
type IncrementoREA struct {
	UVTAnio       int
	UVTValor      decimal.Decimal
	UVTResolucion string
	Incremento    decimal.Decimal
}
