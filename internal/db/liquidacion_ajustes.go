package db

import (
	"comite/internal/dominio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"comite/internal/flujo"
	"comite/internal/liquidacion"
)

// AccionAjusteCuenta is the audit action of an adjusted repetition count.
const AccionAjusteCuenta = "liquidacion.ajustar_cuenta"

// AjusteCuenta is an official's correction of a count taken from the case's
// history (liquidacion.CuentasDeHistoria), with the reason. It lives in the
// audit log: recorded once, never edited; the latest one for a count and
// infraction is the one in force.
type AjusteCuenta struct {
	Cuenta     string `json:"cuenta"`     // one of liquidacion.Cuentas
	Infraccion string `json:"infraccion"` // code of the infraction the count is about
	Calculada  *int   `json:"calculada"`  // what the history gave; nil: not known
	Valor      int    `json:"valor"`
	Razon      string `json:"razon"`
	Por        string `json:"-"` // who (from the audit row)
	En         string `json:"-"` // when (UTC, RFC 3339)
}

// Limits of an adjustment.
const (
	maxValorAjuste = 1000
	minRazonAjuste = 10
	maxRazonAjuste = 500
	maxInfraccion  = 60
)

func objetoCaso(c dominio.Caso) string { return "caso:" + c.Numero }

// AjustarCuentaLiquidacion records an adjusted count of a case, with its
// reason, in the audit log. Refused with the field named: an unknown count, a
// value outside 0–1.000, a reason shorter than 10 or longer than 500
// characters, an infraction code missing where the count depends on it, and
// a case already closed.
func (d *DB) AjustarCuentaLiquidacion(ctx context.Context, casoID int64, a AjusteCuenta, quien dominio.Actor) (AjusteCuenta, error) {
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
		return a, &ErrFormulario{campos}
	}
	err := d.EnTx(ctx, func(tx *sql.Tx) error {
		c, err := casoEn(ctx, tx, casoID)
		if err != nil {
			return err
		}
		if c.Estado.Final() {
			return &flujo.ErrPaso{Mensaje: "El caso está cerrado: sus cuentas ya no se ajustan."}
		}
		return d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: AccionAjusteCuenta, Objeto: objetoCaso(c), Detalle: a})
	})
	if err != nil {
		return a, err
	}
	a.Por = quien.Cuenta
	return a, nil
}

// AjustesCuentaLiquidacion returns the recorded adjustments of a case, oldest first.
func (d *DB) AjustesCuentaLiquidacion(ctx context.Context, c dominio.Caso) ([]AjusteCuenta, error) {
	rows, err := d.QueryContext(ctx, `SELECT cuenta, en, detalle_json FROM auditoria WHERE objeto = ? AND accion = ? ORDER BY id`, objetoCaso(c), AccionAjusteCuenta)
	if err != nil {
		return nil, fmt.Errorf("ajustes de %s: %w", c.Numero, err)
	}
	defer rows.Close()
	var out []AjusteCuenta
	for rows.Next() {
		var quien, en, detalle string
		if err := rows.Scan(&quien, &en, &detalle); err != nil {
			return nil, err
		}
		var a AjusteCuenta
		if err := json.Unmarshal([]byte(detalle), &a); err != nil {
			return nil, fmt.Errorf("ajuste de %s ilegible: %w", c.Numero, err)
		}
		a.Por, a.En = quien, en
		out = append(out, a)
	}
	return out, rows.Err()
}
