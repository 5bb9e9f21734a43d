// Package db is comite's store: one embedded SQLite file (modernc.org/sqlite,
// pure Go) with hand-written SQL. Pragmas go in the DSN so every pooled
// connection has them; migrations are embedded, append-only, each in its own
// transaction. Amounts are INTEGER centavos (see migraciones/0001_esquema.sql),
// except those kept exactly as entered (montos.go).
package db

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite"
)

//go:embed migraciones/*.sql
var migraciones embed.FS

// ConexionesInactivas is how many SQLite connections the pool keeps open
// between uses.
const ConexionesInactivas = 32

// DB is the store. Now is the clock (tests fix it).
type DB struct {
	*sql.DB
	Ruta string
	Now  func() time.Time
	// trasLecturaPrevia, in tests, runs between what an import reads
	// before its write transaction and that transaction.
	trasLecturaPrevia func()
	// aud holds the audit key and the anchor file (auditoria_clave.go).
	aud *auditoriaExterna
	// ref caches the reference values built from the uvt table (uvt.go);
	// every write of the table reloads it.
	ref referenciaCache
	// ingresosMem counts login attempts while they cannot be written, and
	// keeps their audit rows until they can (ingreso_memoria.go).
	ingresosMem ingresosEnMemoria
	// instantes holds the one instant of each open write transaction
	// (*sql.Tx → RFC 3339 text, fijarInstante).
	instantes sync.Map
	// argon2 are the costs of the passwords it hashes (ConArgon2); zero:
	// the production costs.
	argon2 ParametrosArgon2
	// turnosArgon2 bounds the hashes computed at once (ingreso.go).
	turnosArgon2 *turnosArgon2
	// directorio checks the logins of directory accounts (FijarDirectorio);
	// nil: no directory is configured.
	directorio AutenticarDirectorio
	// avisosCorreo: a mail server is configured and the steps queue their
	// notices (ActivarAvisosCorreo); off, nothing is queued.
	avisosCorreo bool
}

// EsperaPredeterminada is how long a connection waits for the write lock
// held by another before giving up with SQLITE_BUSY (the command line). The
// web server waits less and answers 503 (EsperaOcupada).
const EsperaPredeterminada = 30 * time.Second

// DSN builds the connection string with the pragmas every connection needs.
func DSN(ruta string) string { return dsn(ruta, EsperaPredeterminada) }

func dsn(ruta string, espera time.Duration) string { return dsnCon(ruta, espera, false) }

// dsnCon builds it; soloLectura: no pragma that writes (the journal mode is
// left as the file has it) and every connection refuses to write.
func dsnCon(ruta string, espera time.Duration, soloLectura bool) string {
	q := url.Values{}
	pragmas := []string{"foreign_keys(1)", "journal_mode(WAL)", "busy_timeout(" + strconv.FormatInt(espera.Milliseconds(), 10) + ")", "synchronous(NORMAL)"}
	if soloLectura {
		pragmas = []string{"foreign_keys(1)", "busy_timeout(" + strconv.FormatInt(espera.Milliseconds(), 10) + ")", "query_only(1)"}
	}
	for _, p := range pragmas {
		q.Add("_pragma", p)
	}
	q.Set("_txlock", "immediate")
	// The path goes into a file: URI: escape what would end or change it.
	r := strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23").Replace(ruta)
	return "file:" + r + "?" + q.Encode()
}

// Opcion tunes Open: how long a write waits for the lock (EsperaOcupada)
// and where the audit key and anchor live (ConClaveAuditoria, …).
type Opcion = OpcionAuditoria

// EsperaOcupada sets how long a write waits for the lock another connection
// holds (SQLite's busy_timeout) before failing with an error EsOcupada
// recognises.
func EsperaOcupada(d time.Duration) Opcion { return func(c *configAuditoria) { c.espera = d } }

// SoloLectura opens an existing database to read it only: no migration, no
// key created, nothing written (a read-only command). A database whose
// schema is behind this program's is refused with ErrFaltanMigraciones.
func SoloLectura() Opcion {
	return func(c *configAuditoria) { c.soloLectura, c.sinCrear = true, true }
}

// ErrFaltanMigraciones: a read-only command found a database that needs
// the migrations of this version first.
type ErrFaltanMigraciones struct {
	Ruta, Esquema string
	Pendientes    int
}

func (e *ErrFaltanMigraciones) Error() string {
	esquema := e.Esquema
	if esquema == "" {
		esquema = "ninguno"
	}
	return fmt.Sprintf("la base %s tiene el esquema %s y le faltan %d migraciones de esta versión (hasta %s); este comando solo lee y no la migra: aplíquelas antes con «comite migrar --db %s» (o arrancando «comite serve»)",
		e.Ruta, esquema, e.Pendientes, VersionEsquema(), e.Ruta)
}

// comprobarAlDia fails when the database lacks embedded migrations (or has
// one this program does not know), without applying any.
func (d *DB) comprobarAlDia(ctx context.Context) error {
	var hay int
	if err := d.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'migraciones'`).Scan(&hay); err != nil {
		return err
	}
	var aplicadas []string
	if hay > 0 {
		var err error
		if aplicadas, err = d.MigracionesAplicadas(ctx); err != nil {
			return err
		}
	}
	ya := map[string]bool{}
	for _, n := range aplicadas {
		ya[n] = true
	}
	conocidas := map[string]bool{}
	pendientes := 0
	for _, n := range Migraciones() {
		conocidas[n] = true
		if !ya[n] {
			pendientes++
		}
	}
	for _, n := range aplicadas {
		if !conocidas[n] {
			return fmt.Errorf("la base de datos tiene la migración %s que este programa no conoce: use una versión más reciente de comite", n)
		}
	}
	if pendientes > 0 {
		e := &ErrFaltanMigraciones{Ruta: d.Ruta, Pendientes: pendientes}
		if len(aplicadas) > 0 {
			e.Esquema = aplicadas[len(aplicadas)-1]
		}
		return e
	}
	return nil
}

// Open opens (creating if needed) the database file and applies pending
// migrations. It also loads the audit key (creating it on first start unless
// told not to) and the anchor file of the audit chain; see OpcionAuditoria.
func Open(ctx context.Context, ruta string, opciones ...Opcion) (*DB, error) {
	cfg := configAuditoria{espera: EsperaPredeterminada}
	for _, f := range opciones {
		f(&cfg)
	}
	if cfg.soloLectura {
		if _, err := os.Stat(ruta); err != nil {
			return nil, fmt.Errorf("no se encontró la base de datos %s (indique otra con --db; una base nueva se crea con «comite iniciar»)", ruta)
		}
	}
	if !cfg.soloLectura {
		// A new database is created here, 0600 whatever the umask: SQLite
		// then gives its -wal and -shm the same permissions.
		if f, err := os.OpenFile(ruta, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600); err == nil {
			f.Close()
		} else if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("crear la base de datos %s: %w", ruta, err)
		}
	}
	sqldb, err := sql.Open("sqlite", dsnCon(ruta, cfg.espera, cfg.soloLectura))
	if err != nil {
		return nil, fmt.Errorf("abrir %s: %w", ruta, err)
	}
	// Keep connections open between requests: database/sql keeps only 2 idle
	// ones by default, so 20 concurrent web requests opened and closed SQLite
	// connections (each open parses the schema and runs the pragmas) all the
	// time. Readers do not block each other in WAL mode; writers wait on the
	// busy timeout as before. The number open is not limited (a limit could
	// deadlock code that holds a transaction while it reads through the pool).
	sqldb.SetMaxIdleConns(ConexionesInactivas)
	d := &DB{DB: sqldb, Ruta: ruta, Now: time.Now, argon2: cfg.argon2, turnosArgon2: nuevosTurnosArgon2()}
	if cfg.reloj != nil {
		d.Now = cfg.reloj
	}
	// A database that already has an audit log gets its key before
	// migrating: a migration that converts data (0031, the Direcciones
	// Seccionales) records it in the log, keyed like any other change, and the
	// seal of a key created now is the last row written before it.
	var conAuditoria int
	if err := d.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'auditoria'`).Scan(&conAuditoria); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("abrir %s: %w", ruta, err)
	}
	preparar := func() error { return d.prepararAuditoria(ctx, opciones) }
	var pasos []func() error
	switch {
	case cfg.soloLectura:
		pasos = []func() error{func() error { return d.comprobarAlDia(ctx) }, preparar}
	case conAuditoria > 0:
		pasos = []func() error{preparar, d.migrarConRuta(ctx)}
	default:
		pasos = []func() error{d.migrarConRuta(ctx), preparar}
	}
	if !cfg.soloLectura {
		pasos = append(pasos, func() error {
			if d.aud != nil && d.aud.escritas.Load() > 0 {
				return d.PublicarCabeza(ctx)
			}
			return nil
		})
	}
	pasos = append(pasos, func() error { _, err := d.recargarReferencia(ctx); return err })
	for _, paso := range pasos {
		if err := paso(); err != nil {
			sqldb.Close()
			return nil, err
		}
	}
	return d, nil
}

// migrarConRuta is the migration step of Open, its error naming the file.
func (d *DB) migrarConRuta(ctx context.Context) func() error {
	return func() error {
		if err := d.migrar(ctx); err != nil {
			return fmt.Errorf("migrar %s: %w", d.Ruta, err)
		}
		return nil
	}
}

// despuesDeMigrar are steps in Go that run right after a migration's SQL, in
// its transaction (data conversions SQL cannot express well).
var despuesDeMigrar = map[string]func(d *DB, ctx context.Context, tx *sql.Tx) error{
	"0031_seccionales.sql":            (*DB).convertirSeccionales,
	"0050_uvt.sql":                    sembrarUVT,
	"0150_nit_sin_ceros.sql":          avisarNitsFusionados,
	"0151_claves_sin_separadores.sql": avisarClavesFusionadas,
}

// reconstruyeTablas are migrations that rebuild a table other tables refer to.
var reconstruyeTablas = map[string]bool{"0030_segunda_ruta.sql": true}

// sinViolacionesFK fails when any row points at a missing parent.
func sinViolacionesFK(ctx context.Context, tx *sql.Tx) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM pragma_foreign_key_check`).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return fmt.Errorf("%d filas apuntan a filas que no existen", n)
	}
	return nil
}

// migrar applies, in name order, the embedded migrations not yet applied.
func (d *DB) migrar(ctx context.Context) error { return d.migrarHasta(ctx, "") }

// migrarHasta applies them up to hasta included ("" all).
func (d *DB) migrarHasta(ctx context.Context, hasta string) error {
	if _, err := d.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS migraciones (nombre TEXT PRIMARY KEY, aplicada_en TEXT NOT NULL) STRICT`); err != nil {
		return err
	}
	nombres, err := fs.Glob(migraciones, "migraciones/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(nombres)
	aplicadas := map[string]bool{}
	rows, err := d.QueryContext(ctx, `SELECT nombre FROM migraciones`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return err
		}
		aplicadas[n] = true
	}
	rows.Close()
	conocidas := map[string]bool{}
	var pendientes []string
	for _, ruta := range nombres {
		n := strings.TrimPrefix(ruta, "migraciones/")
		conocidas[n] = true
		if !aplicadas[n] && (hasta == "" || n <= hasta) {
			pendientes = append(pendientes, n)
		}
	}
	for n := range aplicadas {
		if !conocidas[n] {
			return fmt.Errorf("la base de datos tiene la migración %s que este programa no conoce: use una versión más reciente de comite", n)
		}
	}
	return d.aplicarMigraciones(ctx, pendientes)
}

// aplicarMigraciones applies the named embedded migrations in the order
// given, recording each in migraciones.
func (d *DB) aplicarMigraciones(ctx context.Context, pendientes []string) error {
	if len(pendientes) == 0 {
		return nil
	}
	// All the pending migrations in one transaction: a failure, or the
	// process killed midway, leaves the database as it was, never half
	// migrated. Rebuilding a table other tables point at needs the foreign
	// keys off for the transaction (SQLite's documented procedure); they
	// are checked before commit.
	sinFK := false
	for _, n := range pendientes {
		sinFK = sinFK || reconstruyeTablas[n]
	}
	return d.enTxImportacion(ctx, sinFK, func(_ *sql.Conn, tx *sql.Tx) error {
		for _, n := range pendientes {
			sqlText, err := migraciones.ReadFile("migraciones/" + n)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, string(sqlText)); err != nil {
				return fmt.Errorf("%s: %w", n, err)
			}
			if f := despuesDeMigrar[n]; f != nil {
				if err := f(d, ctx, tx); err != nil {
					return fmt.Errorf("%s: %w", n, err)
				}
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO migraciones(nombre, aplicada_en) VALUES (?, ?)`, n, d.Now().UTC().Format(time.RFC3339)); err != nil {
				return err
			}
			antesDeConfirmarMigracion(n)
		}
		if sinFK {
			if err := sinViolacionesFK(ctx, tx); err != nil {
				for _, n := range pendientes {
					if reconstruyeTablas[n] {
						return fmt.Errorf("%s: %w", n, err)
					}
				}
				return err
			}
		}
		return nil
	})
}

// antesDeConfirmarMigracion runs after each migration's SQL, before the
// transaction commits (a test stops the process there).
var antesDeConfirmarMigracion = func(string) {}

// Ahora is the current instant as stored (RFC 3339, UTC). Inside a write
// transaction the rows take the transaction's one instant (ahoraEn), never
// a new reading.
func (d *DB) Ahora() string { return d.Now().UTC().Format(time.RFC3339Nano) }

// fijarInstante reads the clock once for tx: every row the transaction
// writes (audit rows included) records that instant (ahoraEn). The returned
// function forgets it when the transaction ends.
func (d *DB) fijarInstante(tx *sql.Tx) (string, func()) {
	ahora := d.Ahora()
	d.instantes.Store(tx, ahora)
	return ahora, func() { d.instantes.Delete(tx) }
}

// ahoraEn is the instant of the write transaction tx (fijarInstante); a
// transaction that did not fix one reads the clock.
func (d *DB) ahoraEn(tx *sql.Tx) string {
	if v, ok := d.instantes.Load(tx); ok {
		return v.(string)
	}
	return d.Ahora()
}
