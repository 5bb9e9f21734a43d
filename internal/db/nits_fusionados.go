package db

import (
	"context"
	"database/sql"
	"log/slog"
)

// avisarNitsFusionados runs right after migraciones/0150 in its transaction:
// each user stored with leading zeros in its NIT, renamed or merged into the
// user of the same NIT, is told to the log (the table nits_fusionados keeps
// the list).
func avisarNitsFusionados(_ *DB, ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `SELECT usuario_id, nit_anterior, usuario_destino, nit, razon_social, filas_descartadas FROM nits_fusionados ORDER BY usuario_id`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, destino, descartadas int64
		var anterior, nit, razon string
		if err := rows.Scan(&id, &anterior, &destino, &nit, &razon, &descartadas); err != nil {
			return err
		}
		if id == destino {
			slog.Warn("NIT guardado con ceros a la izquierda: queda sin ellos", "nit_anterior", anterior, "nit", nit, "razon_social", razon)
			continue
		}
		slog.Warn("usuario con el NIT escrito con ceros a la izquierda fusionado con el del mismo NIT",
			"nit_anterior", anterior, "nit", nit, "razon_social", razon, "usuario_eliminado", id, "usuario_que_queda", destino, "filas_repetidas_descartadas", descartadas)
	}
	return rows.Err()
}
