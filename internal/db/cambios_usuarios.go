package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// CambiosUsuariosDesde are the ids of the customs users that some change of
// the data touched from the customs data version desde on
// (VersionDatos.Aduaneros, as read before a screening kept in memory was
// computed): every user whose screening may differ from the one computed at
// desde, possibly a few more (the log errs on the side of re-evaluating; see
// migration 0161). The ids are distinct, in increasing order, and may include
// users deleted since.
//
// completo is false when the log cannot answer: rows older than desde were
// pruned (PodarCambiosUsuarios), something every user shares changed (the
// UVT, the Seccionales), or more than limite users changed. The caller then
// computes the screening whole.
func (d *DB) CambiosUsuariosDesde(ctx context.Context, desde int64, limite int) (ids []int64, completo bool, err error) {
	tx, err := d.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, false, fmt.Errorf("leer los usuarios cambiados: %w", err)
	}
	defer tx.Rollback()
	var hasta int64
	if err := tx.QueryRowContext(ctx, `SELECT hasta FROM cambios_usuarios_poda WHERE id = 1`).Scan(&hasta); err != nil {
		return nil, false, fmt.Errorf("leer los usuarios cambiados: %w", err)
	}
	if desde < hasta {
		return nil, false, nil
	}
	rows, err := tx.QueryContext(ctx, `SELECT DISTINCT usuario_id FROM cambios_usuarios WHERE version >= ? ORDER BY usuario_id LIMIT ?`, desde, limite+1)
	if err != nil {
		return nil, false, fmt.Errorf("leer los usuarios cambiados: %w", err)
	}
	defer rows.Close()
	ids = []int64{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, false, fmt.Errorf("leer los usuarios cambiados: %w", err)
		}
		if id < 0 || len(ids) == limite {
			return nil, false, nil
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, false, fmt.Errorf("leer los usuarios cambiados: %w", err)
	}
	return ids, true, nil
}

// PodarCambiosUsuarios deletes the log of changed users below the customs
// data version antesDe, and notes it (a later CambiosUsuariosDesde of an older
// version answers completo = false). It only ever moves the mark forward.
// The log is a cache's aid, not a record of the data: it is not audited.
func (d *DB) PodarCambiosUsuarios(ctx context.Context, antesDe int64) error {
	tx, err := d.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("podar los usuarios cambiados: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE cambios_usuarios_poda SET hasta = ?1 WHERE id = 1 AND hasta < ?1`, antesDe); err != nil {
		return fmt.Errorf("podar los usuarios cambiados: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM cambios_usuarios WHERE version < (SELECT hasta FROM cambios_usuarios_poda WHERE id = 1)`); err != nil {
		return fmt.Errorf("podar los usuarios cambiados: %w", err)
	}
	return tx.Commit()
}

// maxFilasCambios bounds the log of changed users: each import keeps its
// newest rows (by version) and prunes the rest, so a database loaded only
// through the command line, with no server pruning it, does not grow it
// without end. 100.000 rows are a few megabytes, and more changed users than
// any incremental screening takes (the web's limit is 2.000).
var maxFilasCambios = 100_000

// recortarCambiosUsuarios prunes the log of changed users to about its
// newest maxFilasCambios rows (whole versions: the oldest version kept keeps
// all its rows), inside tx, and moves the prune mark.
func recortarCambiosUsuarios(ctx context.Context, tx *sql.Tx) error {
	var hasta int64
	err := tx.QueryRowContext(ctx, `SELECT version FROM cambios_usuarios ORDER BY version DESC LIMIT 1 OFFSET ?`, maxFilasCambios).Scan(&hasta)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // fewer rows than the bound
	}
	if err == nil {
		_, err = tx.ExecContext(ctx, `UPDATE cambios_usuarios_poda SET hasta = ?1 WHERE id = 1 AND hasta < ?1`, hasta)
	}
	if err == nil {
		_, err = tx.ExecContext(ctx, `DELETE FROM cambios_usuarios WHERE version < ?`, hasta)
	}
	if err != nil {
		return fmt.Errorf("podar los usuarios cambiados: %w", err)
	}
	return nil
}
