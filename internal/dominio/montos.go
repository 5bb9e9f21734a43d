package dominio

import (
	"fmt"

	"github.com/shopspring/decimal"
)

// Amounts are decimal.Decimal in Go and whole centavos where they are kept:
// input with more than two decimals is rejected, never rounded.

// maxDigitosPesos bounds stored amounts below 10^15 pesos (10^17 centavos,
// well inside int64 and its sums over a million rows).
const maxDigitosPesos = 15

var pot10 = [...]int64{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000,
	10000000000, 100000000000, 1000000000000, 10000000000000, 100000000000000, 1000000000000000,
	10000000000000000, 100000000000000000, 1000000000000000000}

// CentavosDe converts an amount in pesos to whole centavos. It rejects negative
// amounts, more than two decimals and amounts of 10^15 pesos or more.
func CentavosDe(d decimal.Decimal) (int64, error) {
	if d.Sign() < 0 {
		return 0, fmt.Errorf("monto negativo %s: los montos son cero o positivos", d)
	}
	if d.Sign() == 0 {
		return 0, nil
	}
	nd, exp := d.NumDigits(), int(d.Exponent())
	if nd+exp > maxDigitosPesos {
		return 0, fmt.Errorf("monto %s demasiado grande (a lo sumo %d dígitos enteros)", d, maxDigitosPesos)
	}
	if nd <= 18 { // the coefficient fits an int64
		c := d.CoefficientInt64()
		if exp >= -2 {
			return c * pot10[exp+2], nil
		}
		if -exp-2 <= 18 {
			div := pot10[-exp-2]
			if c%div != 0 {
				return 0, fmt.Errorf("monto %s con más de dos decimales: los montos en pesos llevan a lo sumo centavos", d)
			}
			return c / div, nil
		}
	}
	x := d.Shift(2)
	if !x.IsInteger() {
		return 0, fmt.Errorf("monto %s con más de dos decimales: los montos en pesos llevan a lo sumo centavos", d)
	}
	return x.IntPart(), nil
}
