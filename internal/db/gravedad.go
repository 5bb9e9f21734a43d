package db

import (
	"context"
	"encoding/json"
	"fmt"
)

// ActosPorGravedadDeUsuarios gives, for every customs user with acts (ids
// nil) or for those of ids that exist and have acts, its Dirección Seccional
// and how many acts it has of each gravedad (leve, grave, gravísima), as
// ActosPorGravedad counts them: what a count kept in memory needs to count
// again only the users a change touched (CambiosUsuariosDesde).
func (d *DB) ActosPorGravedadDeUsuarios(ctx context.Context, ids []int64, f func(usuarioID int64, seccional string, n [3]int) error) error {
	so := solo{}
	if ids != nil {
		b, err := json.Marshal(ids)
		if err != nil {
			return fmt.Errorf("contar actos por gravedad: %w", err)
		}
		so = solo{json: string(b), hay: true}
	}
	rows, err := d.QueryContext(ctx, `SELECT u.id, u.direccion_seccional, a.l, a.g, a.gg FROM (
		SELECT usuario_id, sum(gravedad = 'leve') AS l, sum(gravedad = 'grave') AS g, sum(gravedad = 'gravisima') AS gg
		FROM actos`+so.filtro("usuario_id", 1, false)+` GROUP BY usuario_id) a
		JOIN usuarios_aduaneros u ON u.id = a.usuario_id`, so.args(nil)...)
	if err != nil {
		return fmt.Errorf("contar actos por gravedad: %w", err)
	}
	defer rows.Close()
	var id int64
	var sec string
	var n [3]int
	for rows.Next() {
		if err := rows.Scan(&id, &sec, &n[0], &n[1], &n[2]); err != nil {
			return fmt.Errorf("contar actos por gravedad: %w", err)
		}
		if err := f(id, sec, n); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("contar actos por gravedad: %w", err)
	}
	return nil
}
