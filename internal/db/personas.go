package db

import (
	"context"
	"database/sql"
	"errors"

	"comite/internal/etiquetas"
)

// personaDe is how a document names the account that acted: the person's
// name and, as their cargo, the role they act in («Sara Ruiz (Secretaría
// Técnica)»), never the login. An account that no longer exists, or a
// process («sistema»), is shown as recorded.
func personaDe(ctx context.Context, q consultor, usuario string) (string, error) {
	var nombre, rol string
	err := q.QueryRowContext(ctx, `SELECT nombre, rol FROM cuentas WHERE usuario = ?`, usuario).Scan(&nombre, &rol)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return usuario, nil
	case err != nil:
		return "", err
	}
	return nombre + " (" + etiquetas.Rol(rol) + ")", nil
}

// Persona is personaDe for the pages (the informe's versions, the actas),
// as a prepared statement.
func (d *DB) Persona(ctx context.Context, usuario string) (string, error) {
	return personaDe(ctx, conPreparadas{d: d}, usuario)
}
