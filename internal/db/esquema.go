package db

import (
	"context"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// Migraciones are the names of the migrations this program embeds, in the
// order they apply. The last one is the version of the schema it writes.
func Migraciones() []string {
	nombres, _ := fs.Glob(migraciones, "migraciones/*.sql")
	sort.Strings(nombres)
	for i, n := range nombres {
		nombres[i] = strings.TrimPrefix(n, "migraciones/")
	}
	return nombres
}

// VersionEsquema is the last embedded migration ("0002_actos_checks.sql").
func VersionEsquema() string {
	m := Migraciones()
	if len(m) == 0 {
		return ""
	}
	return m[len(m)-1]
}

// MigracionesAplicadas lists the migrations recorded in a database, in name
// order, without applying any (for backups and restores, which must not
// change the file they check).
func (d *DB) MigracionesAplicadas(ctx context.Context) ([]string, error) {
	rows, err := d.QueryContext(ctx, `SELECT nombre FROM migraciones ORDER BY nombre`)
	if err != nil {
		return nil, fmt.Errorf("leer las migraciones aplicadas: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}
