package db

import (
	"context"
	"database/sql"
	"fmt"

	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/nit"
)

// LecturaEvaluacion is what the committee test needs about one user, read
// in one snapshot: the user with its registros, all its acts, its operations
// of every year (a few rows; both anchors' reference years are then
// available), and the non-business days the authority declared. The
// application assembles the test's input from it; the rules themselves are
// in internal/reincidencia.
type LecturaEvaluacion struct {
	Perfil        LecturaPerfil
	DiasInhabiles []fecha.Fecha
}

// LeerEvaluacion reads the LecturaEvaluacion of one user.
func (d *DB) LeerEvaluacion(ctx context.Context, nitUsuario string) (LecturaEvaluacion, error) {
	var l LecturaEvaluacion
	n, err := nit.Parse(nitUsuario)
	if err != nil {
		return l, &dominio.ErrValidacion{Campo: "nit", Mensaje: err.Error()}
	}
	tx, err := d.BeginTx(ctx, &sql.TxOptions{ReadOnly: true}) // a deferred read: does not wait for writers (WAL)
	if err != nil {
		return l, fmt.Errorf("evaluar %s: %w", n, err)
	}
	defer tx.Rollback()
	if l.Perfil, err = leerPerfilEn(ctx, tx, n.String()); err != nil {
		return l, err
	}
	if l.DiasInhabiles, err = fechasInhabiles(ctx, tx); err != nil {
		return l, fmt.Errorf("evaluar %s: %w", n, err)
	}
	return l, nil
}

func fechasInhabiles(ctx context.Context, q consultor) ([]fecha.Fecha, error) {
	rows, err := q.QueryContext(ctx, `SELECT fecha FROM dias_inhabiles ORDER BY fecha`)
	if err != nil {
		return nil, fmt.Errorf("leer días inhábiles: %w", err)
	}
	defer rows.Close()
	var out []fecha.Fecha
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		f, err := fecha.ParseISO(s)
		if err != nil {
			return nil, fmt.Errorf("día inhábil guardado inválido %q", s)
		}
		out = append(out, f)
	}
	return out, rows.Err()
}
