package db

import (
	"comite/internal/dominio"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"comite/internal/permisos"
)

// firmanteDe reads the person behind an account. An account that no longer
// exists, or a process («sistema»), is named as recorded, with no role.
func firmanteDe(ctx context.Context, q consultor, usuario string) (dominio.Persona, error) {
	var f dominio.Persona
	var rol string
	err := q.QueryRowContext(ctx, `SELECT nombre, cargo, rol FROM cuentas WHERE usuario = ?`, usuario).Scan(&f.Nombre, &f.Cargo, &rol)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return dominio.Persona{Nombre: usuario}, nil
	case err != nil:
		return f, err
	}
	f.Rol = permisos.Rol(rol)
	return f, nil
}

// Firmante reads the person behind an account (for a signature block, or
// for naming who acted: etiquetas.Persona), as a prepared statement.
func (d *DB) Firmante(ctx context.Context, usuario string) (dominio.Persona, error) {
	return firmanteDe(ctx, conPreparadas{d: d}, usuario)
}

// Personas reads the person behind every account (login → Persona), for a
// document or a page that names many people.
func (d *DB) Personas(ctx context.Context) (map[string]dominio.Persona, error) {
	return personasEn(ctx, d)
}

func personasEn(ctx context.Context, q consultor) (map[string]dominio.Persona, error) {
	rows, err := q.QueryContext(ctx, `SELECT usuario, nombre, cargo, rol FROM cuentas`)
	if err != nil {
		return nil, fmt.Errorf("leer las personas de las cuentas: %w", err)
	}
	defer rows.Close()
	out := map[string]dominio.Persona{}
	for rows.Next() {
		var u, rol string
		var f dominio.Persona
		if err := rows.Scan(&u, &f.Nombre, &f.Cargo, &rol); err != nil {
			return nil, err
		}
		f.Rol = permisos.Rol(rol)
		out[u] = f
	}
	return out, rows.Err()
}

// FijarCargo records the cargo of the person behind an account (audited).
// The caller has checked it (validar.Cargo).
func (d *DB) FijarCargo(ctx context.Context, usuario, cargo string, quien dominio.Actor) error {
	cargo = strings.Join(strings.Fields(cargo), " ")
	return d.EnTx(ctx, func(tx *sql.Tx) error {
		var antes string
		if err := tx.QueryRowContext(ctx, `SELECT cargo FROM cuentas WHERE usuario = ?`, usuario).Scan(&antes); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return &dominio.ErrValidacion{Campo: "usuario", Mensaje: "la cuenta no existe"}
			}
			return err
		}
		if antes == cargo {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `UPDATE cuentas SET cargo = ? WHERE usuario = ?`, cargo, usuario); err != nil {
			return fmt.Errorf("guardar el cargo: %w", err)
		}
		return d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "cuenta.cargo", Objeto: "cuenta:" + usuario,
			Detalle: map[string]any{"antes": antes, "despues": cargo}})
	})
}
