package db

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
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
	return columna[string](rows)
}

// ObjetoEsquema is one table, index, trigger or view of a schema.
type ObjetoEsquema struct {
	Tipo, Nombre, SQL string
}

// EsquemaDe reads the schema of an open database: its tables, indexes,
// triggers and views by "tipo nombre", their SQL with spaces normalised
// (SQLite's own objects, sqlite_*, left out).
func EsquemaDe(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}) (map[string]ObjetoEsquema, error) {
	rows, err := q.QueryContext(ctx, `SELECT type, name, coalesce(sql, '') FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'`)
	if err != nil {
		return nil, fmt.Errorf("leer el esquema: %w", err)
	}
	defer rows.Close()
	out := map[string]ObjetoEsquema{}
	for rows.Next() {
		var o ObjetoEsquema
		if err := rows.Scan(&o.Tipo, &o.Nombre, &o.SQL); err != nil {
			return nil, err
		}
		o.SQL = strings.Join(strings.Fields(o.SQL), " ")
		out[o.Tipo+" "+o.Nombre] = o
	}
	return out, rows.Err()
}

var esquemasMigrados sync.Map // migrations applied, joined by commas → map[string]ObjetoEsquema

// EsquemaMigrado is the schema the embedded migrations produce, applied in
// order up to hasta (included; "" all of them) on an empty database made
// in a temporary directory and removed afterwards.
func EsquemaMigrado(ctx context.Context, hasta string) (map[string]ObjetoEsquema, error) {
	rutas, err := fs.Glob(migraciones, "migraciones/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(rutas)
	var nombres []string
	for _, r := range rutas {
		if n := strings.TrimPrefix(r, "migraciones/"); hasta == "" || n <= hasta {
			nombres = append(nombres, n)
		}
	}
	return EsquemaDeMigraciones(ctx, nombres)
}

// EsquemaDeMigraciones is the schema that exactly these embedded
// migrations produce, applied in the order given (the order a database
// recorded them in: a migration numbered lower can have arrived in a later
// version), on an empty database made in a temporary directory.
func EsquemaDeMigraciones(ctx context.Context, nombres []string) (map[string]ObjetoEsquema, error) {
	clave := strings.Join(nombres, ",")
	if e, ok := esquemasMigrados.Load(clave); ok {
		return e.(map[string]ObjetoEsquema), nil
	}
	for _, n := range nombres {
		if _, err := migraciones.ReadFile("migraciones/" + n); err != nil {
			return nil, fmt.Errorf("la base tiene la migración %s que este programa no conoce: use una versión más reciente de comite", n)
		}
	}
	dir, err := os.MkdirTemp("", "comite-esquema-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	ruta := filepath.Join(dir, "referencia.db")
	sqldb, err := sql.Open("sqlite", dsn(ruta, EsperaPredeterminada))
	if err != nil {
		return nil, err
	}
	defer sqldb.Close()
	d := &DB{DB: sqldb, Ruta: ruta, Now: time.Now, turnosArgon2: nuevosTurnosArgon2()}
	if err := d.prepararAuditoria(ctx, nil); err != nil {
		return nil, err
	}
	if _, err := d.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS migraciones (nombre TEXT PRIMARY KEY, aplicada_en TEXT NOT NULL) STRICT`); err != nil {
		return nil, err
	}
	if err := d.aplicarMigraciones(ctx, nombres); err != nil {
		return nil, fmt.Errorf("aplicar las migraciones de referencia: %w", err)
	}
	e, err := EsquemaDe(ctx, sqldb)
	if err != nil {
		return nil, err
	}
	esquemasMigrados.Store(clave, e)
	return e, nil
}

// MigracionesAplicadas lists the migrations a database recorded, in the
// order it applied them: the order of insertion (rowid), which VACUUM keeps
// even when it renumbers; aplicada_en has whole seconds and, in the
// demonstration, the demonstration's clock.
func MigracionesAplicadas(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT nombre FROM migraciones ORDER BY rowid`)
	if err != nil {
		return nil, fmt.Errorf("leer las migraciones aplicadas: %w", err)
	}
	return columna[string](rows)
}

// DiferenciasEsquema names, in order, what a copy's schema has that the
// reference has not, lacks, or has written otherwise.
func DiferenciasEsquema(referencia, copia map[string]ObjetoEsquema) []string {
	var out []string
	for k, r := range referencia {
		c, ok := copia[k]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("falta %s %s", nombreTipo(r.Tipo), r.Nombre))
		case c.SQL != r.SQL:
			out = append(out, fmt.Sprintf("%s %s no es como lo crean las migraciones", nombreTipo(r.Tipo), r.Nombre))
		}
	}
	for k, c := range copia {
		if _, ok := referencia[k]; !ok {
			out = append(out, fmt.Sprintf("sobra %s %s, que ninguna migración crea", nombreTipo(c.Tipo), c.Nombre))
		}
	}
	sort.Strings(out)
	return out
}

func nombreTipo(t string) string {
	switch t {
	case "table":
		return "la tabla"
	case "index":
		return "el índice"
	case "trigger":
		return "el disparador"
	case "view":
		return "la vista"
	}
	return t
}
