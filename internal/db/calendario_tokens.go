package db

import (
	"comite/internal/dominio"
	"comite/internal/fallo"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Limits of the calendar links of one account: how many may be created in
// VentanaTokensCalendario, and how long a revoked one is kept (for that
// count) before it is purged.
var (
	MaxTokensCalendario     = 5
	VentanaTokensCalendario = time.Hour
)

// ErrDemasiadas is a per-account limit reached: Que says what (for people),
// Espera how long until the next one is allowed.
type ErrDemasiadas struct {
	Que    string
	Espera time.Duration
}

func (e *ErrDemasiadas) Error() string {
	return fmt.Sprintf("demasiadas solicitudes: %s; espere %s", e.Que, e.Espera.Round(time.Second))
}

// revocarTokensCuenta revokes every long-lived token of the account (its
// calendar link) in tx: a credential that changes (password, role,
// Seccional, disabling) takes them with it. It returns how many.
func (d *DB) revocarTokensCuenta(ctx context.Context, tx *sql.Tx, cuentaID int64) (int64, error) {
	rs, err := tx.ExecContext(ctx, `UPDATE calendario_tokens SET revocado_en = ? WHERE cuenta_id = ? AND revocado_en IS NULL`, d.Ahora(), cuentaID)
	if err != nil {
		return 0, fmt.Errorf("revocar los tokens de la cuenta: %w", err)
	}
	return rs.RowsAffected()
}

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
// At most MaxTokensCalendario are created per VentanaTokensCalendario
// (*ErrDemasiadas beyond); the account's links revoked before that window
// are purged.
func (d *DB) GenerarTokenCalendario(ctx context.Context, cuentaID int64, quien dominio.Actor) (string, error) {
	token, err := tokenAleatorio()
	if err != nil {
		return "", err
	}
	err = d.EnTx(ctx, func(tx *sql.Tx) error {
		ahora := d.Ahora()
		desde := instanteFijo(d.Now().Add(-VentanaTokensCalendario))
		if _, err := tx.ExecContext(ctx, `DELETE FROM calendario_tokens WHERE cuenta_id = ? AND revocado_en IS NOT NULL AND revocado_en < ?`, cuentaID, desde); err != nil {
			return err
		}
		var creados int
		var primero sql.NullString
		if err := tx.QueryRowContext(ctx, `SELECT count(*), min(creado_en) FROM calendario_tokens WHERE cuenta_id = ? AND creado_en >= ?`, cuentaID, desde).Scan(&creados, &primero); err != nil {
			return err
		}
		if creados >= MaxTokensCalendario {
			espera := VentanaTokensCalendario
			if t, err := time.Parse(time.RFC3339Nano, primero.String); err == nil {
				espera = t.Add(VentanaTokensCalendario).Sub(d.Now())
			}
			return &ErrDemasiadas{Que: fmt.Sprintf("se crearon %d enlaces de calendario en la última hora", creados), Espera: max(espera, time.Second)}
		}
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
	var ed *ErrDemasiadas
	if errors.As(err, &ed) {
		return "", err
	}
	if err != nil {
		return "", fmt.Errorf("generar token de calendario: %w", err)
	}
	return token, nil
}

// RevocarTokenCalendario revokes the account's token in force (nothing to
// do, and nothing audited, when there is none).
func (d *DB) RevocarTokenCalendario(ctx context.Context, cuentaID int64, quien dominio.Actor) error {
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
func (d *DB) CuentaPorTokenCalendario(ctx context.Context, token string) (dominio.Cuenta, error) {
	if token == "" || len(token) > 100 {
		return dominio.Cuenta{}, ErrTokenCalendario
	}
	var id int64
	err := d.QueryRowContext(ctx, `SELECT cuenta_id FROM calendario_tokens WHERE token_hash = ? AND revocado_en IS NULL`, hashToken(token)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return dominio.Cuenta{}, ErrTokenCalendario
	}
	if err != nil {
		return dominio.Cuenta{}, fmt.Errorf("leer token de calendario: %w", err)
	}
	c, err := d.CuentaPorID(ctx, id)
	if errors.Is(err, ErrCuentaNoExiste) || (err == nil && !c.Activa) {
		return dominio.Cuenta{}, ErrTokenCalendario
	}
	return c, err
}
