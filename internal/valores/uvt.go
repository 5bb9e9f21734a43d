// Package valores holds the reference values that change by date: the UVT of
// each year with the DIAN resolution that fixed it (docs/reglas.md §7), the
// Estatuto Tributario art. 868 rounding, and the dated rule sets with their
// parameters. Every value a rule uses comes from here, never from a literal.
package valores

import (
	"fmt"

	"github.com/shopspring/decimal"
)

// UVT is the Unidad de Valor Tributario of one year.
type UVT struct {
	Anio       int
	Valor      decimal.Decimal // pesos per UVT
	Resolucion string          // DIAN resolution that fixed it
}

// TablaUVT lists the UVT by year (docs/reglas.md §7). Add a row each year; the
// tests check it has no gaps and only rises.
var TablaUVT = []UVT{
	{2015, decimal.NewFromInt(28279), "Resolución DIAN 000245 de 2014"},
	{2016, decimal.NewFromInt(29753), "Resolución DIAN 000115 de 2015"},
	{2017, decimal.NewFromInt(31859), "Resolución DIAN 000071 de 2016"},
	{2018, decimal.NewFromInt(33156), "Resolución DIAN 000063 de 2017"},
	{2019, decimal.NewFromInt(34270), "Resolución DIAN 000056 de 2018"},
	{2020, decimal.NewFromInt(35607), "Resolución DIAN 000084 de 2019"},
	{2021, decimal.NewFromInt(36308), "Resolución DIAN 000111 de 2020"},
	{2022, decimal.NewFromInt(38004), "Resolución DIAN 000140 de 2021"},
	{2023, decimal.NewFromInt(42412), "Resolución DIAN 001264 de 2022"},
	{2024, decimal.NewFromInt(47065), "Resolución DIAN 000187 de 2023"},
	{2025, decimal.NewFromInt(49799), "Resolución DIAN 000193 de 2024"},
	{2026, decimal.NewFromInt(52374), "Resolución DIAN 000238 de 2025"},
}

// ErrSinUVT says a year is outside the table. It is never replaced by a fallback.
type ErrSinUVT struct {
	Anio         int
	Desde, Hasta int // the years the table covers (0 when it is empty)
}

func (e ErrSinUVT) Error() string {
	if e.Desde == 0 {
		return fmt.Sprintf("no hay UVT para el año %d (la tabla de UVT está vacía)", e.Anio)
	}
	return fmt.Sprintf("no hay UVT para el año %d (la tabla va de %d a %d)", e.Anio, e.Desde, e.Hasta)
}

// UVTDe returns the UVT of a year in the built-in table, or ErrSinUVT naming
// the year. Rules use Referencia.UVTDe with the table they were given.
func UVTDe(anio int) (UVT, error) { return Integrada().UVTDe(anio) }

var (
	cien    = decimal.NewFromInt(100)
	diezMil = decimal.NewFromInt(10000)
	mil     = decimal.NewFromInt(1000)
)

// Aproximar868 rounds a peso amount converted from UVT as the Estatuto
// Tributario art. 868 says: above 10.000 to the nearest multiple of 1.000;
// from 100 to 10.000 to the nearest multiple of 100; up to 100 to the nearest
// peso; halves round up.
func Aproximar868(v decimal.Decimal) decimal.Decimal {
	switch {
	case v.GreaterThan(diezMil):
		return redondearMultiplo(v, mil)
	case v.GreaterThanOrEqual(cien):
		return redondearMultiplo(v, cien)
	default:
		return v.Round(0)
	}
}

// redondearMultiplo rounds v (positive) to the nearest multiple of m, halves up.
func redondearMultiplo(v, m decimal.Decimal) decimal.Decimal {
	return v.Div(m).Round(0).Mul(m)
}

// Pesos converts an amount in UVT to pesos with the UVT of the year in the
// built-in table and the art. 868 rounding.
func Pesos(enUVT decimal.Decimal, anio int) (decimal.Decimal, UVT, error) {
	return Integrada().Pesos(enUVT, anio)
}
