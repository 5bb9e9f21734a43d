package db

import (
	"comite/internal/dominio"
	"comite/internal/fallo"
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// ErrClaveActual is returned when the current password given to change it is wrong.
var ErrClaveActual = &dominio.ErrValidacion{Campo: "actual", Mensaje: "la clave actual no es correcta"}

// ErrOcupado is returned when every argon2 slot is busy: try again in a moment.
var ErrOcupado = fallo.Nuevo(fallo.Ocupado, "el servidor está ocupado verificando otras claves; intente de nuevo en unos segundos")

// CambiarClave changes an account's password: the current one is required,
// and once it is verified comprobar checks the new one against the account's
// name (validar.ClaveNueva: the policy, and different from the current
// one). Every session of the account ends (the caller opens a new one for
// the browser that made the change), the obligation to change it is
// cleared, and the audit log records the change (never the password). A
// wrong current password is recorded too.
func (d *DB) CambiarClave(ctx context.Context, cuentaID int64, actual, nueva string, comprobar func(usuario string) error, quien dominio.Actor) error {
	var usuario, hash, origen string
	err := d.QueryRowContext(ctx, `SELECT usuario, clave_hash, origen FROM cuentas WHERE id = ? AND activa = 1`, cuentaID).Scan(&usuario, &hash, &origen)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrCuentaNoExiste
	}
	if err != nil {
		return fmt.Errorf("cambiar la clave: %w", err)
	}
	if origen == OrigenDirectorio {
		return &dominio.ErrValidacion{Campo: "actual", Mensaje: "su clave es la del directorio de la entidad: cámbiela allí"}
	}
	liberar, ok := d.tomarRanuraArgon2()
	if !ok {
		return ErrOcupado
	}
	// The current password is a login by another door: the same throttle
	// (the pair account–address, the account's ceiling), checked and
	// recorded before the hash.
	intentoID, espera, err := d.registrarIntento(ctx, usuario, quien.IP)
	if err != nil {
		liberar()
		return fmt.Errorf("cambiar la clave: %w", err)
	}
	if espera > 0 {
		liberar()
		return &ErrDemasiadas{Que: "demasiados intentos fallidos con la clave actual", Espera: espera}
	}
	correcta := VerificarClave(actual, hash)
	liberar()
	if correcta {
		if _, err := d.ExecContext(ctx, `UPDATE intentos_ingreso SET exito = 1 WHERE id = ?`, intentoID); err != nil {
			return fmt.Errorf("cambiar la clave: %w", err)
		}
	}
	if !correcta {
		if err := d.enTx(ctx, func(tx *sql.Tx) error {
			return d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "cuenta.cambiar_clave", Objeto: "cuenta:" + usuario,
				Detalle: map[string]any{"exito": false, "motivo": "clave_actual_incorrecta"}})
		}); err != nil {
			return err
		}
		return ErrClaveActual
	}
	if err := comprobar(usuario); err != nil {
		return err
	}
	nuevoHash, err := d.hashClave(nueva)
	if err != nil {
		return err
	}
	return d.enTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE cuentas SET clave_hash = ?, debe_cambiar_clave = 0, clave_cambiada_en = ? WHERE id = ?`,
			nuevoHash, d.ahoraEn(tx), cuentaID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM sesiones WHERE cuenta_id = ?`, cuentaID); err != nil {
			return err
		}
		n, err := d.revocarTokensCuenta(ctx, tx, cuentaID)
		if err != nil {
			return err
		}
		return d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "cuenta.cambiar_clave", Objeto: "cuenta:" + usuario,
			Detalle: map[string]any{"exito": true, "sesiones_cerradas": true, "tokens_revocados": n}})
	})
}

// RestablecerClave gives an account a new random temporary password, which
// the administrator hands over by a safe channel; the person must choose a
// new one at the next login. Every session of the account ends. The
// temporary password is returned once and never stored in clear.
func (d *DB) RestablecerClave(ctx context.Context, cuentaID int64, quien dominio.Actor) (string, error) {
	temporal, err := claveTemporal()
	if err != nil {
		return "", err
	}
	hash, err := d.hashClave(temporal)
	if err != nil {
		return "", err
	}
	err = d.enTx(ctx, func(tx *sql.Tx) error {
		var usuario, origen string
		err := tx.QueryRowContext(ctx, `SELECT usuario, origen FROM cuentas WHERE id = ?`, cuentaID).Scan(&usuario, &origen)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrCuentaNoExiste
		}
		if err != nil {
			return err
		}
		if origen == OrigenDirectorio {
			return ErrClaveDelDirectorio
		}
		if _, err := tx.ExecContext(ctx, `UPDATE cuentas SET clave_hash = ?, debe_cambiar_clave = 1, clave_cambiada_en = ? WHERE id = ?`,
			hash, d.ahoraEn(tx), cuentaID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM sesiones WHERE cuenta_id = ?`, cuentaID); err != nil {
			return err
		}
		n, err := d.revocarTokensCuenta(ctx, tx, cuentaID)
		if err != nil {
			return err
		}
		return d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "cuenta.restablecer_clave", Objeto: "cuenta:" + usuario,
			Detalle: map[string]any{"debe_cambiar_clave": true, "sesiones_cerradas": true, "tokens_revocados": n}})
	})
	if err != nil {
		if errors.Is(err, ErrCuentaNoExiste) {
			return "", err
		}
		return "", fmt.Errorf("restablecer la clave: %w", err)
	}
	return temporal, nil
}

// claveTemporal is 20 random characters in groups of five, from an alphabet
// without look-alike characters (no 0/o, 1/l/i): about 98 bits.
func claveTemporal() (string, error) {
	const alfabeto = "abcdefghjkmnpqrstuvwxyz23456789"
	b := make([]byte, 20)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	var sb strings.Builder
	for i, x := range b {
		if i > 0 && i%5 == 0 {
			sb.WriteByte('-')
		}
		sb.WriteByte(alfabeto[int(x)%len(alfabeto)])
	}
	return sb.String(), nil
}
