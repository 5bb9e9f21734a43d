package dominio

import (
	"comite/internal/fecha"

	"github.com/shopspring/decimal"
)

// OperacionAnual is the total of one user's operations in one year.
type OperacionAnual struct {
	NIT    string
	Anio   int
	Valor  decimal.Decimal // COP
	Numero int64
}

// Declaracion is one customs declaration of a user.
type Declaracion struct {
	NIT    string
	Numero string
	Fecha  fecha.Fecha
	Valor  decimal.Decimal // COP
}
