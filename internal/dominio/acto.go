package dominio

import (
	"comite/internal/fecha"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

// ActoSancion is a sanction act (docs/reglas.md §6), keyed by NIT + número de acto.
type ActoSancion struct {
	ID              int64
	NIT             string
	NumeroActo      string
	FechaExpedicion fecha.Fecha // zero: not given
	FechaFirmeza    fecha.Fecha // zero: not firm
	Infraccion      string
	Gravedad        sancion.Gravedad
	Sancion         sancion.Tipo
	Valor           decimal.Decimal // COP as in the act, at most two decimals
	Allanamiento    bool            // accepted allanamiento
	ActualizadoEn   string
}
