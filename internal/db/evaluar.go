package db

import (
	"comite/internal/dominio"
	"context"
	"database/sql"
	"fmt"

	"comite/internal/fecha"
	"comite/internal/nit"
	"comite/internal/reincidencia"
)

// EntradaEvaluacion loads, in one read snapshot, what the committee test
// needs about one user: the user and whether some
// autorización, habilitación or registro was in force on the date of
// commission (desde ≤ fecha ≤ hasta, or no hasta), all its acts, its
// operations of every year (a few rows; both anchors' reference years are
// then available), and the non-business days the authority declared. The
// rules themselves are in internal/reincidencia.
func (d *DB) EntradaEvaluacion(ctx context.Context, nitUsuario string, nueva reincidencia.NuevaInfraccion, anclaje reincidencia.Anclaje) (reincidencia.Entrada, error) {
	n, err := nit.Parse(nitUsuario)
	if err != nil {
		return reincidencia.Entrada{}, &dominio.ErrValidacion{Campo: "nit", Mensaje: err.Error()}
	}
	tx, err := d.BeginTx(ctx, &sql.TxOptions{ReadOnly: true}) // a deferred read: does not wait for writers (WAL)
	if err != nil {
		return reincidencia.Entrada{}, fmt.Errorf("evaluar %s: %w", n, err)
	}
	defer tx.Rollback()
	l, err := leerPerfilEn(ctx, tx, n.String())
	if err != nil {
		return reincidencia.Entrada{}, err
	}
	dias, err := fechasInhabiles(ctx, tx)
	if err != nil {
		return reincidencia.Entrada{}, fmt.Errorf("evaluar %s: %w", n, err)
	}
	return l.Entrada(nueva, anclaje, dias), nil
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

// EvaluarUsuario runs the committee test for one user straight from the
// database with the application's reference (the rule set chosen by the
// commission date), through reincidencia.Evaluar: there is no second
// implementation of any rule.
func (d *DB) EvaluarUsuario(ctx context.Context, nitUsuario string, nueva reincidencia.NuevaInfraccion, anclaje reincidencia.Anclaje) (reincidencia.Entrada, reincidencia.Resultado, error) {
	e, err := d.EntradaEvaluacion(ctx, nitUsuario, nueva, anclaje)
	if err != nil {
		return e, reincidencia.Resultado{}, err
	}
	r, err := reincidencia.Evaluar(e, d.Referencia())
	if err != nil {
		return e, r, fmt.Errorf("evaluar %s: %w", e.Usuario.NIT, err)
	}
	return e, r, nil
}
