package db

import (
	"context"
	"database/sql"
	"fmt"

	"comite/internal/dominio"
	"comite/internal/flujo"
)

// ConsultaCasosAPI is a page of the API's case list: by id, after the
// cursor, each filter optional.
type ConsultaCasosAPI struct {
	Seccional string       // the account's limit ("" = every Dirección Seccional)
	Elegida   string       // the Dirección Seccional asked for ("" = all)
	Estado    flujo.Estado // "" = every state
	// Desde keeps the cases changed at or after this instant (UTC, RFC
	// 3339): created, or with an event in their history since.
	Desde     string
	DespuesDe int64 // cursor: the last id of the previous page
	Limite    int   // 0 = 100; at most MaxPorPagina
}

// CasoAPI is a case of the API's list with its last change.
type CasoAPI struct {
	dominio.Caso
	ActualizadoEn string // the latest event of its history, or its creation
}

// CasosAPI reads one page of cases in id order, and whether more follow.
func (d *DB) CasosAPI(ctx context.Context, q ConsultaCasosAPI) ([]CasoAPI, bool, error) {
	if q.Limite <= 0 {
		q.Limite = 100
	}
	q.Limite = min(q.Limite, MaxPorPagina)
	const actualizado = `coalesce((SELECT max(e.en) FROM caso_eventos e WHERE e.caso_id = c.id), c.creado_en)`
	consulta := `SELECT ` + columnasCaso + `, ` + actualizado + fromCasos + ` WHERE c.id > ?`
	args := []any{q.DespuesDe}
	for _, f := range []struct{ cond, v string }{
		{`c.direccion_seccional = ?`, q.Seccional},
		{`c.direccion_seccional = ?`, q.Elegida},
		{`c.estado = ?`, string(q.Estado)},
		{actualizado + ` >= ?`, q.Desde},
	} {
		if f.v != "" {
			consulta += ` AND ` + f.cond
			args = append(args, f.v)
		}
	}
	consulta += ` ORDER BY c.id LIMIT ?`
	args = append(args, q.Limite+1)
	rows, err := d.QueryContext(ctx, consulta, args...)
	if err != nil {
		return nil, false, fmt.Errorf("leer los casos: %w", err)
	}
	defer rows.Close()
	var out []CasoAPI
	for rows.Next() {
		var act sql.NullString
		c, err := escanearCaso(conExtras{rows, []any{&act}})
		if err != nil {
			return nil, false, err
		}
		out = append(out, CasoAPI{Caso: c, ActualizadoEn: act.String})
	}
	if err := rows.Err(); err != nil {
		return nil, false, err
	}
	if len(out) > q.Limite {
		return out[:q.Limite], true, nil
	}
	return out, false, nil
}
