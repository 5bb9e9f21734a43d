package db

// What reproducing an issued informe needs beyond its stored rows: the
// Secretaría's criteria as they were at the instant of the issue (recovered
// from the audit log when they changed afterwards). The application
// (internal/expediente) rebuilds the PDF from them, so an upgraded database
// can prove that each SHA-256 recorded in `informes` still corresponds to
// its data.

import (
	"comite/internal/dominio"
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// CriteriosAl are the Secretaría's criteria of a case as they stood at
// instante: the text before the first change recorded after that instant,
// or the current text when none was.
func (d *DB) CriteriosAl(ctx context.Context, c dominio.Caso, instante time.Time) (map[string]string, error) {
	return criteriosEn(ctx, d, c, instante)
}

func criteriosEn(ctx context.Context, q consultor, c dominio.Caso, instante time.Time) (map[string]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT en, detalle_json FROM auditoria WHERE objeto = ? AND accion = 'caso.criterios' ORDER BY id`, "caso:"+c.Numero)
	if err != nil {
		return nil, fmt.Errorf("leer los cambios de criterios: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var en, det string
		if err := rows.Scan(&en, &det); err != nil {
			return nil, err
		}
		if !parseInstante(en).After(instante) {
			continue
		}
		var x struct {
			Antes map[string]string `json:"antes"`
		}
		if err := json.Unmarshal([]byte(det), &x); err != nil {
			return nil, fmt.Errorf("cambio de criterios ilegible en la auditoría: %w", err)
		}
		if x.Antes == nil {
			x.Antes = map[string]string{}
		}
		return x.Antes, nil
	}
	return c.Criterios, rows.Err()
}
