package db

import (
	"comite/internal/dominio"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"comite/internal/etiquetas"
)

// Firmante is a person as a document's signature block names them: full
// name, cargo and the role they act in; never the login.
type Firmante struct {
	Nombre string
	Cargo  string // "" when the account has none recorded
	Rol    string // label of the role («Secretaría Técnica»)
}

// Texto is how a page names the person: «Sara Ruiz, Profesional
// especializada (Secretaría Técnica)», without the cargo when none is recorded.
func (f Firmante) Texto() string {
	if f.Rol == "" {
		return f.Nombre
	}
	if f.Cargo == "" {
		return f.Nombre + " (" + f.Rol + ")"
	}
	return f.Nombre + ", " + f.Cargo + " (" + f.Rol + ")"
}

// firmanteDe reads the person behind an account. An account that no longer
// exists, or a process («sistema»), is named as recorded.
func firmanteDe(ctx context.Context, q consultor, usuario string) (Firmante, error) {
	var f Firmante
	var rol string
	err := q.QueryRowContext(ctx, `SELECT nombre, cargo, rol FROM cuentas WHERE usuario = ?`, usuario).Scan(&f.Nombre, &f.Cargo, &rol)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return Firmante{Nombre: usuario}, nil
	case err != nil:
		return f, err
	}
	f.Rol = etiquetas.Rol(rol)
	return f, nil
}

// personaDe is how a document names the account that acted (Firmante.Texto).
func personaDe(ctx context.Context, q consultor, usuario string) (string, error) {
	f, err := firmanteDe(ctx, q, usuario)
	return f.Texto(), err
}

// Persona is personaDe for the pages (the informe's versions, the actas),
// as a prepared statement.
func (d *DB) Persona(ctx context.Context, usuario string) (string, error) {
	return personaDe(ctx, conPreparadas{d: d}, usuario)
}

// Firmante reads the person behind an account for a signature block.
func (d *DB) Firmante(ctx context.Context, usuario string) (Firmante, error) {
	return firmanteDe(ctx, conPreparadas{d: d}, usuario)
}

// Personas names every account (login → Firmante.Texto), for a document
// that names many people.
func (d *DB) Personas(ctx context.Context) (map[string]string, error) {
	return personasEn(ctx, d)
}

func personasEn(ctx context.Context, q consultor) (map[string]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT usuario, nombre, cargo, rol FROM cuentas`)
	if err != nil {
		return nil, fmt.Errorf("leer las personas de las cuentas: %w", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var u, rol string
		var f Firmante
		if err := rows.Scan(&u, &f.Nombre, &f.Cargo, &rol); err != nil {
			return nil, err
		}
		f.Rol = etiquetas.Rol(rol)
		out[u] = f.Texto()
	}
	return out, rows.Err()
}

// MaxLargoCargo limits the cargo of an account.
const MaxLargoCargo = 200

// FijarCargo records the cargo of the person behind an account (audited).
func (d *DB) FijarCargo(ctx context.Context, usuario, cargo string, quien dominio.Actor) error {
	cargo = strings.Join(strings.Fields(cargo), " ")
	if len([]rune(cargo)) > MaxLargoCargo {
		return &dominio.ErrValidacion{Campo: "cargo", Mensaje: "el cargo admite hasta 200 caracteres"}
	}
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
