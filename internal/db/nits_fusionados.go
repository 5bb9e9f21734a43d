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

// avisarClavesFusionadas runs right after migraciones/0151 in its
// transaction: each act or declaration number stored grouped in thousands,
// renamed to its plain digits or merged into the row of the same key, is
// told to the log (the table claves_fusionadas keeps the list and the
// removed rows).
func avisarClavesFusionadas(_ *DB, ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `SELECT tabla, fila_id, usuario_id, clave_anterior, fila_destino, clave FROM claves_fusionadas ORDER BY tabla, fila_id`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var tabla, anterior, clave string
		var id, usuario, destino int64
		if err := rows.Scan(&tabla, &id, &usuario, &anterior, &destino, &clave); err != nil {
			return err
		}
		if id == destino {
			slog.Warn("clave guardada con separadores de miles: queda con solo sus dígitos", "tabla", tabla, "clave_anterior", anterior, "clave", clave, "usuario_id", usuario)
			continue
		}
		slog.Warn("fila con la clave escrita con separadores de miles fusionada con la de la misma clave",
			"tabla", tabla, "clave_anterior", anterior, "clave", clave, "usuario_id", usuario, "fila_eliminada", id, "fila_que_queda", destino)
	}
	return rows.Err()
}
