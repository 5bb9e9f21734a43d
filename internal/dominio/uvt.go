package dominio

import "github.com/shopspring/decimal"

// FilaUVT is one row of the UVT table as stored.
type FilaUVT struct {
	Anio          int
	Valor         decimal.Decimal // whole pesos per UVT
	Resolucion    string          // DIAN resolution that fixed it
	RegistradoPor string
	RegistradoEn  string
	// Usos counts the stored evaluations and REA proposals that used the row;
	// a row already used cannot be corrected.
	Usos int
}
