package validar

// The UVT table's rules: what the administrator may add or correct (art. 868
// E.T.: DIAN fixes one value a year, by resolution).

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"comite/internal/dominio"
	"comite/internal/formato"

	"github.com/shopspring/decimal"
)

// saltoMaximoUVT is the largest ratio between the UVT of two consecutive
// years of the table.
var saltoMaximoUVT = decimal.RequireFromString("1.25")

// Limits of the form and the texts of the refusals.
const (
	anioUVTMinimo       = 1990
	anioUVTMaximo       = 2200
	maxResolucionUVT    = 200
	maxValorUVTDigitos  = 9
	errUVTUsadaMensaje  = "la UVT de %d ya se usó en %d evaluaciones o propuestas guardadas y no se puede corregir: lo calculado con ella debe poder reproducirse"
	errUVTNoSiguiente   = "solo se agrega el año siguiente al último de la tabla (%d) o un año que falte entre %d y %d"
	errUVTNoMayor       = "la UVT de %d debe ser mayor que la de %d (%s)"
	errUVTNoMenor       = "la UVT de %d debe ser menor que la de %d (%s)"
	errUVTSalto         = "la UVT de %d no puede diferir en más de un 25 %% de la de %d (%s): revise el valor"
	errUVTSinResolucion = "escriba la resolución de la DIAN que fijó la UVT (por ejemplo, «Resolución DIAN 000238 de 2025»)"
)

// UVT checks the fields of a UVT row: a year in range, a whole number of
// pesos greater than zero, and the resolution that fixed it.
func UVT(anio int, valor decimal.Decimal, resolucion string) error {
	resolucion = strings.TrimSpace(resolucion)
	if anio < anioUVTMinimo || anio > anioUVTMaximo {
		return &dominio.ErrValidacion{Campo: "anio", Mensaje: fmt.Sprintf("escriba un año entre %d y %d", anioUVTMinimo, anioUVTMaximo)}
	}
	if !valor.IsPositive() {
		return &dominio.ErrValidacion{Campo: "valor", Mensaje: "la UVT debe ser mayor que cero"}
	}
	if !valor.Equal(valor.Truncate(0)) || len(valor.Truncate(0).String()) > maxValorUVTDigitos {
		return &dominio.ErrValidacion{Campo: "valor", Mensaje: "escriba la UVT en pesos enteros (por ejemplo, 52.374)"}
	}
	if resolucion == "" {
		return &dominio.ErrValidacion{Campo: "resolucion", Mensaje: errUVTSinResolucion}
	}
	if utf8.RuneCountInString(resolucion) > maxResolucionUVT {
		return &dominio.ErrValidacion{Campo: "resolucion", Mensaje: fmt.Sprintf("use como máximo %d caracteres", maxResolucionUVT)}
	}
	return nil
}

// UVTEnTabla is the check of the row of year anio with value valor against
// the table as stored (oldest year first), for the store to run inside the
// transaction that writes it. A row used by a stored evaluation or REA
// proposal cannot be corrected; a new year is the one after the last of the
// table or a missing year between the first and the last; the value is
// greater than the previous year's and smaller than the next one's, and
// differs from each by at most saltoMaximoUVT.
func UVTEnTabla(anio int, valor decimal.Decimal) func(filas []dominio.FilaUVT) error {
	return func(filas []dominio.FilaUVT) error {
		var antes, previa, siguiente *dominio.FilaUVT
		for i := range filas {
			f := &filas[i]
			switch {
			case f.Anio == anio:
				antes = f
			case f.Anio < anio:
				previa = f
			case f.Anio > anio && siguiente == nil:
				siguiente = f
			}
		}
		if antes != nil && antes.Usos > 0 {
			return &dominio.ErrValidacion{Campo: "anio", Mensaje: fmt.Sprintf(errUVTUsadaMensaje, anio, antes.Usos)}
		}
		if antes == nil && len(filas) > 0 {
			primero, ultimo := filas[0].Anio, filas[len(filas)-1].Anio
			if anio != ultimo+1 && (anio < primero || anio > ultimo) {
				return &dominio.ErrValidacion{Campo: "anio", Mensaje: fmt.Sprintf(errUVTNoSiguiente, ultimo, primero, ultimo)}
			}
		}
		if previa != nil && !valor.GreaterThan(previa.Valor) {
			return &dominio.ErrValidacion{Campo: "valor", Mensaje: fmt.Sprintf(errUVTNoMayor, anio, previa.Anio, formato.Pesos(previa.Valor))}
		}
		if siguiente != nil && !valor.LessThan(siguiente.Valor) {
			return &dominio.ErrValidacion{Campo: "valor", Mensaje: fmt.Sprintf(errUVTNoMenor, anio, siguiente.Anio, formato.Pesos(siguiente.Valor))}
		}
		// From one year to the next the UVT follows inflation: a value
		// that jumps more than saltoMaximoUVT from its neighbour is a typo
		// (the first year of the table has no year before it to compare).
		if siguiente != nil && valor.Mul(saltoMaximoUVT).LessThan(siguiente.Valor) {
			return &dominio.ErrValidacion{Campo: "valor", Mensaje: fmt.Sprintf(errUVTSalto, anio, siguiente.Anio, formato.Pesos(siguiente.Valor))}
		}
		if previa != nil && previa.Valor.Mul(saltoMaximoUVT).LessThan(valor) {
			return &dominio.ErrValidacion{Campo: "valor", Mensaje: fmt.Sprintf(errUVTSalto, anio, previa.Anio, formato.Pesos(previa.Valor))}
		}
		return nil
	}
}
