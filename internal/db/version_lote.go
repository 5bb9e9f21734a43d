package db

import (
	"comite/internal/importar/filas"
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// FilasImportacionMasiva is the size of a sanciones import from which it
// writes as a bulk write: the per-row data-version triggers taken out
// (suspenderVersionPorFila) and foreign-key checks off (importarSinFK). Both
// cost the readers: dropping and creating triggers changes the schema, so
// every pooled connection of every process reads the whole schema again on
// its next query, and setting the foreign_keys pragma expires every prepared
// statement of the import's connection, which the pool hands out first
// afterwards (in the first web page after a 50-row import, reading the
// session and the data version prepared both again: more than half of the
// page's time). Below this size the triggers stay, moving the version once
// per row written, and the foreign keys are checked: up to a thousand rows
// the import takes about as long either way (the difference was within the
// noise of the measurement); in a million-row write the per-row work is a
// third of the time.
const FilasImportacionMasiva = 1000

// filasDe is the number of sanciones rows of the parts of a file.
func filasDe(partes []*filas.Lote) int {
	n := 0
	for _, p := range partes {
		n += len(p.Sanciones)
	}
	return n
}

// triggersVersion are the data-version triggers of one table (migration
// 0115), as stored in sqlite_schema, taken out for the length of one bulk
// write and put back before its commit.
type triggersVersion struct {
	tabla  string
	nombre []string
	sql    []string
}

// suspenderVersionPorFila takes out, inside the transaction tx, the
// data-version triggers of tabla and returns what puts them back. They fire
// once per row: in an import of a million acts the per-row UPDATE of
// version_datos costs a third of the write. The bulk write then bumps the
// version once, with the body of the table's own INSERT trigger, so the
// counter is moved exactly as the trigger would, only not a million times.
//
// Nothing of this is seen outside the transaction: DROP and CREATE TRIGGER
// are part of it, so other connections see the triggers before and after,
// never without them, and a rollback (a problem in the file, a cancelled
// context, a crash) restores them as they were. tx must hold the write lock
// for the whole write: the import's transaction does.
func suspenderVersionPorFila(ctx context.Context, tx *sql.Tx, tabla string) (*triggersVersion, error) {
	rows, err := tx.QueryContext(ctx, `SELECT name, sql FROM sqlite_schema
		WHERE type = 'trigger' AND tbl_name = ? AND name LIKE 'version\_datos\_%' ESCAPE '\' ORDER BY name`, tabla)
	if err != nil {
		return nil, err
	}
	t := &triggersVersion{tabla: tabla}
	for rows.Next() {
		var n, s string
		if err := rows.Scan(&n, &s); err != nil {
			rows.Close()
			return nil, err
		}
		t.nombre, t.sql = append(t.nombre, n), append(t.sql, s)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, n := range t.nombre {
		if _, err := tx.ExecContext(ctx, `DROP TRIGGER "`+n+`"`); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// restaurar puts the triggers back, exactly as they were stored, and, when
// the bulk write changed rows, moves the data version once with the body of
// the table's INSERT trigger.
func (t *triggersVersion) restaurar(ctx context.Context, tx *sql.Tx, cambio bool) error {
	cuerpo := ""
	for i, s := range t.sql {
		if _, err := tx.ExecContext(ctx, s); err != nil {
			return fmt.Errorf("restaurar %s: %w", t.nombre[i], err)
		}
		if strings.HasSuffix(t.nombre[i], "_insert") {
			cuerpo = cuerpoTrigger(s)
		}
	}
	if !cambio {
		return nil
	}
	if cuerpo == "" {
		return fmt.Errorf("la tabla %s no tiene el disparador de versión de sus altas", t.tabla)
	}
	_, err := tx.ExecContext(ctx, cuerpo)
	return err
}

// cuerpoTrigger is the one statement between BEGIN and END of a trigger of
// version_datos ("" if the text is not of that form).
func cuerpoTrigger(s string) string {
	i, j := strings.Index(s, " BEGIN "), strings.LastIndex(s, " END")
	if i < 0 || j < i {
		return ""
	}
	c := strings.TrimSuffix(strings.TrimSpace(s[i+len(" BEGIN "):j]), ";")
	if strings.Contains(c, ";") || !strings.HasPrefix(c, "UPDATE version_datos SET ") {
		return ""
	}
	return c
}
