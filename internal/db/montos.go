package db

import (
	"comite/internal/dominio"
	"database/sql"
	"fmt"

	"github.com/shopspring/decimal"
)

// Amounts are decimal.Decimal in Go and INTEGER centavos in the database
// (exact, and SQLite adds integers exactly). Input with more than two
// decimals is rejected, never rounded. The foreseen fine of a case and the
// total of an REA proposal are kept exactly instead (MontoExacto): the rules
// use an amount as entered, cents and finer included.

// PesosDeCentavos converts stored centavos back to an amount in pesos.
func PesosDeCentavos(c int64) decimal.Decimal { return decimal.New(c, -2) }

// MontoExacto is how an amount is kept exactly: its decimal string, and the
// same amount rounded to centavos for the centavos column (a copy never read
// to evaluate or to show). It rejects negative amounts and amounts of 10^15
// pesos or more.
func MontoExacto(d decimal.Decimal) (string, int64, error) {
	c, err := dominio.CentavosDe(d.Round(2))
	if err != nil {
		return "", 0, err
	}
	return d.String(), c, nil
}

// montoGuardado reads an amount kept by MontoExacto: the string when there is
// one, else the centavos (rows written before the string existed).
func montoGuardado(exacto sql.NullString, centavos int64) (decimal.Decimal, error) {
	if !exacto.Valid {
		return PesosDeCentavos(centavos), nil
	}
	d, err := decimal.NewFromString(exacto.String)
	if err != nil {
		return decimal.Zero, fmt.Errorf("monto guardado «%s» ilegible: %w", exacto.String, err)
	}
	return d, nil
}
