package db

import (
	"comite/internal/fallo"
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ErrTokenCalendario is returned for an unknown or revoked calendar token,
// or one whose account is disabled: the feed answers 404 and says no more.
var ErrTokenCalendario = fallo.Nuevo(fallo.NoEncontrado, "token de calendario inválido o revocado")

// TokenCalendario is the state of an account's calendar feed (never the token itself).
type TokenCalendario struct {
	Vigente  bool
	CreadoEn string // when the token in force was created
}

// EstadoTokenCalendario says whether the account has a token in force.
func (d *DB) EstadoTokenCalendario(ctx context.Context, cuentaID int64) (TokenCalendario, error) {
	var t TokenCalendario
	err := d.QueryRowContext(ctx, `SELECT creado_en FROM calendario_tokens WHERE cuenta_id = ? AND revocado_en IS NULL`, cuentaID).Scan(&t.CreadoEn)
	if errors.Is(err, sql.ErrNoRows) {
		return t, nil
	}
	if err != nil {
		return t, fmt.Errorf("leer token de calendario: %w", err)
	}
	t.Vigente = true
	return t, nil
}

// GenerarTokenCalendario revokes the account's token in force, if any, and
// creates a new one; it returns the secret token (shown once: only its
// SHA-256 is stored). Both changes and the audit row share one transaction.
func (d *DB) GenerarTokenCalendario(ctx context.Context, cuentaID int64, quien Actor) (string, error) {
	token, err := tokenAleatorio()
	if err != nil {
		return "", err
	}
	err = d.EnTx(ctx, func(tx *sql.Tx) error {
		ahora := d.Ahora()
		rs, err := tx.ExecContext(ctx, `UPDATE calendario_tokens SET revocado_en = ? WHERE cuenta_id = ? AND revocado_en IS NULL`, ahora, cuentaID)
		if err != nil {
			return err
		}
		n, _ := rs.RowsAffected()
		if _, err := tx.ExecContext(ctx, `INSERT INTO calendario_tokens(cuenta_id, token_hash, creado_en) VALUES (?,?,?)`, cuentaID, hashToken(token), ahora); err != nil {
			return err
		}
		return d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "calendario.token_generar", Objeto: fmt.Sprintf("cuenta:%d", cuentaID),
			Detalle: map[string]any{"reemplaza_anterior": n > 0}})
	})
	if err != nil {
		return "", fmt.Errorf("generar token de calendario: %w", err)
	}
	return token, nil
}

// RevocarTokenCalendario revokes the account's token in force (nothing to
// do, and nothing audited, when there is none).
func (d *DB) RevocarTokenCalendario(ctx context.Context, cuentaID int64, quien Actor) error {
	return d.EnTx(ctx, func(tx *sql.Tx) error {
		rs, err := tx.ExecContext(ctx, `UPDATE calendario_tokens SET revocado_en = ? WHERE cuenta_id = ? AND revocado_en IS NULL`, d.Ahora(), cuentaID)
		if err != nil {
			return err
		}
		if n, _ := rs.RowsAffected(); n == 0 {
			return nil
		}
		return d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "calendario.token_revocar", Objeto: fmt.Sprintf("cuenta:%d", cuentaID)})
	})
}

// CuentaPorTokenCalendario returns the active account whose token in force
// is token, or ErrTokenCalendario.
func (d *DB) CuentaPorTokenCalendario(ctx context.Context, token string) (Cuenta, error) {
	if token == "" || len(token) > 100 {
		return Cuenta{}, ErrTokenCalendario
	}
	var id int64
	err := d.QueryRowContext(ctx, `SELECT cuenta_id FROM calendario_tokens WHERE token_hash = ? AND revocado_en IS NULL`, hashToken(token)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return Cuenta{}, ErrTokenCalendario
	}
	if err != nil {
		return Cuenta{}, fmt.Errorf("leer token de calendario: %w", err)
	}
	c, err := d.CuentaPorID(ctx, id)
	if errors.Is(err, ErrCuentaNoExiste) || (err == nil && !c.Activa) {
		return Cuenta{}, ErrTokenCalendario
	}
	return c, err
}
