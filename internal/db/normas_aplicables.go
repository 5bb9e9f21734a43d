package db

// The applicable norm recorded for a case whose facts fall outside the
// validity of every rule set: who decided, when and what (insert-only; the
// latest row is in force). Until it is recorded the case is not presented
// to the Comité (flujo.Contexto.NormaPendiente).

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// NormaAplicable is the decision in force on a case's applicable norm.
type NormaAplicable struct {
	CasoID        int64
	Texto         string // which norm applies and why
	RegistradaPor string // account
	RegistradaEn  string
}

// Instante parses RegistradaEn.
func (n NormaAplicable) Instante() time.Time { return parseInstante(n.RegistradaEn) }

func normaAplicableEn(ctx context.Context, q consultor, casoID int64) (*NormaAplicable, error) {
	n := NormaAplicable{CasoID: casoID}
	err := q.QueryRowContext(ctx, `SELECT texto, registrado_por, registrado_en FROM normas_aplicables WHERE caso_id = ? ORDER BY id DESC LIMIT 1`, casoID).
		Scan(&n.Texto, &n.RegistradaPor, &n.RegistradaEn)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("leer la norma aplicable del caso: %w", err)
	}
	if err := comprobarInstante("normas_aplicables.registrado_en", n.RegistradaEn); err != nil {
		return nil, err
	}
	return &n, nil
}

// NormaAplicable reads the decision in force on a case's norm (nil: none).
func (d *DB) NormaAplicable(ctx context.Context, casoID int64) (*NormaAplicable, error) {
	return normaAplicableEn(ctx, d, casoID)
}

// NormaAplicable reads it inside the transaction.
func (w *Escritura) NormaAplicable(casoID int64) (*NormaAplicable, error) {
	return normaAplicableEn(w.ctx, w.tx, casoID)
}

// InsertarNormaAplicable records a decision on the case's applicable norm.
func (w *Escritura) InsertarNormaAplicable(casoID int64, texto, cuenta string) error {
	if _, err := w.tx.ExecContext(w.ctx, `INSERT INTO normas_aplicables(caso_id, texto, registrado_por, registrado_en) VALUES (?,?,?,?)`,
		casoID, texto, cuenta, w.Ahora()); err != nil {
		return fmt.Errorf("guardar la norma aplicable: %w", err)
	}
	return nil
}
