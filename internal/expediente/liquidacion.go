package expediente

import (
	"context"
	"strings"
	"unicode/utf8"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/liquidacion"
)

// Limits of an adjustment.
const (
	maxValorAjuste = 1000
	minRazonAjuste = 10
	maxRazonAjuste = 500
	maxInfraccion  = 60
)

// AjustarCuentaLiquidacion checks an adjusted count of a case and records
// it, with its reason, in the audit log. Refused with the field named: an
// unknown count, a value outside 0–1.000, a reason shorter than 10 or longer
// than 500 characters, an infraction code missing where the count depends on
// it; and, by the store, a case already closed.
func (x *Expediente) AjustarCuentaLiquidacion(ctx context.Context, casoID int64, a db.AjusteCuenta, quien dominio.Actor) (db.AjusteCuenta, error) {
	a.Razon = strings.TrimSpace(a.Razon)
	a.Infraccion = strings.TrimSpace(a.Infraccion)
	campos := map[string]string{}
	conocida := false
	for _, c := range liquidacion.Cuentas {
		conocida = conocida || c == a.Cuenta
	}
	if !conocida {
		campos["cuenta"] = "Elija una de las cuentas de la historia."
	}
	if a.Valor < 0 || a.Valor > maxValorAjuste {
		campos["valor"] = "Escriba un número entre 0 y 1.000."
	}
	switch n := utf8.RuneCountInString(a.Razon); {
	case n < minRazonAjuste:
		campos["razon"] = "Escriba la razón del ajuste (al menos 10 caracteres): quedará registrada."
	case n > maxRazonAjuste:
		campos["razon"] = "Use como máximo 500 caracteres."
	}
	if a.Cuenta != liquidacion.CuentaAntecedentes57 && a.Infraccion == "" && conocida {
		campos["infraccion"] = "Indique el código de la infracción del caso: la cuenta es de la misma infracción."
	}
	if utf8.RuneCountInString(a.Infraccion) > maxInfraccion {
		campos["infraccion"] = "Use como máximo 60 caracteres."
	}
	if len(campos) > 0 {
		return a, &db.ErrFormulario{Campos: campos}
	}
	return x.d.AjustarCuentaLiquidacion(ctx, casoID, a, quien)
}
