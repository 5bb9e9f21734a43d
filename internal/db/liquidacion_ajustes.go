package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"comite/internal/dominio"
	"comite/internal/flujo"
)

// AccionAjusteCuenta is the audit action of an adjusted repetition count.
const AccionAjusteCuenta = "liquidacion.ajustar_cuenta"

// AjusteCuenta is an official's correction of a count taken from the case's
// history (liquidacion.CuentasDeHistoria in the core), with the reason. It lives in the
// audit log: recorded once, never edited; the latest one for a count and
// infraction is the one in force.
type AjusteCuenta struct {
	Cuenta     string `json:"cuenta"`     // one of the core's counts (liquidacion.Cuentas)
	Infraccion string `json:"infraccion"` // code of the infraction the count is about
	Calculada  *int   `json:"calculada"`  // what the history gave; nil: not known
	Valor      int    `json:"valor"`
	Razon      string `json:"razon"`
	Por        string `json:"-"` // who (from the audit row)
	En         string `json:"-"` // when (UTC, RFC 3339)
}

func objetoCaso(c dominio.Caso) string { return "caso:" + c.Numero }

// AjustarCuentaLiquidacion records an adjusted count of a case, with its
// reason, in the audit log; the application checked its fields. Refused when
// the case is already closed.
func (d *DB) AjustarCuentaLiquidacion(ctx context.Context, casoID int64, a AjusteCuenta, quien dominio.Actor) (AjusteCuenta, error) {
	err := d.enTx(ctx, func(tx *sql.Tx) error {
		c, err := casoEn(ctx, tx, casoID)
		if err != nil {
			return err
		}
		if c.Estado.Final() {
			return &flujo.ErrPaso{Mensaje: "El caso está cerrado: sus cuentas ya no se ajustan."}
		}
		return d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: AccionAjusteCuenta, Objeto: objetoCaso(c), Detalle: a})
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
