package db

// Reads shaped for the web pages that must answer fast under load (docs/rendimiento.md): few queries, one read snapshot, nothing the page
// does not show. They select rows only; every rule stays in internal/reincidencia.

import (
	"comite/internal/dominio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"sync"

	"comite/internal/fecha"
	"comite/internal/nit"
)

// VersionDatos is the data version: two counters that the database's
// triggers bump in the same transaction as every write (migration 0115), so
// every connection and every process sees a change the moment it commits.
// A result computed from the data is valid while the counter it depends on
// has not moved.
type VersionDatos struct {
	// Aduaneros moves with every write of what the committee test and the
	// screening read: customs users, registros, acts, operations,
	// declarations, the UVT and the Seccionales' catalogue.
	Aduaneros int64
	// General moves with every write of those and of the cases and all that
	// hangs from them (history, evaluations, conceptos, informes, sessions
	// of the Comité, actas), the internal terms, the non-business days and
	// the accounts. It never moves for a login or a read.
	General int64
}

// CambioDesde says whether the data read by a result computed at version
// antes changed: soloAduaneros for results that read only the customs data.
func (v VersionDatos) CambioDesde(antes VersionDatos, soloAduaneros bool) bool {
	if soloAduaneros {
		return v.Aduaneros != antes.Aduaneros
	}
	return v.General != antes.General
}

// LeerVersionDatos reads the data version (one primary-key lookup).
func (d *DB) LeerVersionDatos(ctx context.Context) (VersionDatos, error) {
	var v VersionDatos
	st, err := d.preparada(ctx, `SELECT aduaneros, general FROM version_datos WHERE id = 1`)
	if err != nil {
		return v, fmt.Errorf("leer la versión de los datos: %w", err)
	}
	if err := st.QueryRowContext(ctx).Scan(&v.Aduaneros, &v.General); err != nil {
		return v, fmt.Errorf("leer la versión de los datos: %w", err)
	}
	return v, nil
}

// preparadas are prepared statements of the hot reads of the web pages, one
// per database and query: database/sql prepares each once per pooled
// connection and reuses it, instead of SQLite parsing the SQL text on every
// request (a measurable share of a page's CPU under load).
var preparadas sync.Map // claveSentencia → *sql.Stmt

type claveSentencia struct {
	db *sql.DB
	q  string
}

// conPreparadas is a consultor that runs each query text as this database's
// prepared statement, inside tx when there is one (database/sql then reuses
// the statement already prepared on the transaction's connection). The
// existing read helpers (usuarioPorNIT, actosDe, historiaDe…) run through it
// unchanged.
type conPreparadas struct {
	d  *DB
	tx *sql.Tx
}

func (c conPreparadas) sentencia(ctx context.Context, q string) (*sql.Stmt, error) {
	st, err := c.d.preparada(ctx, q)
	if err != nil || c.tx == nil {
		return st, err
	}
	return c.tx.StmtContext(ctx, st), nil
}

func (c conPreparadas) QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	st, err := c.sentencia(ctx, q)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

func (c conPreparadas) QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row {
	st, err := c.sentencia(ctx, q)
	if err != nil { // the plain query reports the same error through Row.Scan
		if c.tx != nil {
			return c.tx.QueryRowContext(ctx, q, args...)
		}
		return c.d.QueryRowContext(ctx, q, args...)
	}
	return st.QueryRowContext(ctx, args...)
}

// CasoWeb is Caso for the web pages: the same read, as a prepared statement.
func (d *DB) CasoWeb(ctx context.Context, id int64) (dominio.Caso, error) {
	return casoEn(ctx, conPreparadas{d: d}, id)
}

// preparada is the prepared statement of q on this database.
func (d *DB) preparada(ctx context.Context, q string) (*sql.Stmt, error) {
	k := claveSentencia{d.DB, q}
	if st, ok := preparadas.Load(k); ok {
		return st.(*sql.Stmt), nil
	}
	st, err := d.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	if ya, cargada := preparadas.LoadOrStore(k, st); cargada {
		st.Close()
		return ya.(*sql.Stmt), nil
	}
	return st, nil
}

// LecturaPerfil is what the profile page shows about one customs user.
type LecturaPerfil struct {
	Usuario     dominio.UsuarioAduanero // with its registros
	Actos       []dominio.ActoSancion
	Operaciones []OperacionesAnio
}

// LeerPerfil reads, in one read snapshot and four queries, the user with its
// registros, its acts and its operations by year — what UsuarioPorNIT,
// ActosDeUsuario and OperacionesDeUsuario read one by one (each finding the
// user again). Errors as UsuarioPorNIT: dominio.ErrValidacion for a bad NIT,
// ErrUsuarioNoRegistrado when no user has it.
func (d *DB) LeerPerfil(ctx context.Context, nitUsuario string) (LecturaPerfil, error) {
	n, err := nit.Parse(nitUsuario)
	if err != nil {
		return LecturaPerfil{}, &dominio.ErrValidacion{Campo: "nit", Mensaje: err.Error()}
	}
	tx, err := d.BeginTx(ctx, &sql.TxOptions{ReadOnly: true}) // a deferred read: does not wait for writers (WAL)
	if err != nil {
		return LecturaPerfil{}, fmt.Errorf("leer el perfil de %s: %w", n, err)
	}
	defer tx.Rollback()
	return leerPerfilEn(ctx, conPreparadas{d, tx}, n.String())
}

func leerPerfilEn(ctx context.Context, q consultor, nitCanon string) (LecturaPerfil, error) {
	var l LecturaPerfil
	var err error
	if l.Usuario, err = usuarioPorNIT(ctx, q, nitCanon); err != nil {
		return l, err
	}
	if l.Actos, err = actosDe(ctx, q, l.Usuario.ID); err != nil {
		return l, fmt.Errorf("usuario %s: %w", nitCanon, err)
	}
	if l.Operaciones, err = operacionesDe(ctx, q, l.Usuario.ID); err != nil {
		return l, fmt.Errorf("usuario %s: %w", nitCanon, err)
	}
	return l, nil
}

// LecturaCaso is what the case page reads besides the case row, in one read
// snapshot: the stored evaluations (their JSON is not parsed here: the web
// layer parses each immutable snapshot once), the history, the informes, the
// conceptos, the REA proposal, the non-business days, and whether an informe
// was issued on the latest evaluation (flujo.Contexto.InformeEmitido).
type LecturaCaso struct {
	Evaluaciones       []dominio.Evaluacion // oldest first; at least one
	Historia           []dominio.EventoCaso
	Informes           []InformeEmitido
	Conceptos          []dominio.ConceptoGuardado
	Propuesta          *dominio.PropuestaREA
	DiasInhabiles      []fecha.Fecha
	InformeSobreUltima bool
	NormaAplicable     *NormaAplicable // the decision on the applicable norm (nil: none)
}

// LeerCaso reads a case's page data in one read transaction.
func (d *DB) LeerCaso(ctx context.Context, c dominio.Caso) (LecturaCaso, error) {
	var l LecturaCaso
	tx, err := d.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return l, fmt.Errorf("leer el caso %s: %w", c.Numero, err)
	}
	defer tx.Rollback()
	q := conPreparadas{d, tx}
	if l.Evaluaciones, err = evaluacionesDe(ctx, q, c.ID); err != nil {
		return l, err
	}
	if len(l.Evaluaciones) == 0 {
		return l, fmt.Errorf("el caso %d no tiene evaluación guardada", c.ID)
	}
	var n int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM informes WHERE caso_id = ? AND evaluacion_id = ?`, c.ID, l.Evaluaciones[len(l.Evaluaciones)-1].ID).Scan(&n); err != nil {
		return l, fmt.Errorf("leer informes: %w", err)
	}
	l.InformeSobreUltima = n > 0
	if l.Historia, err = historiaDe(ctx, q, c.ID); err != nil {
		return l, err
	}
	rows, err := q.QueryContext(ctx, `SELECT `+columnasInforme+` FROM informes i JOIN evaluaciones v ON v.id = i.evaluacion_id WHERE i.caso_id = ? ORDER BY i.version`, c.ID)
	if err != nil {
		return l, fmt.Errorf("leer informes: %w", err)
	}
	for rows.Next() {
		i, err := escanearInforme(rows)
		if err != nil {
			rows.Close()
			return l, err
		}
		l.Informes = append(l.Informes, i)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return l, err
	}
	if l.Conceptos, err = conceptosDe(ctx, q, c.ID); err != nil {
		return l, err
	}
	if l.NormaAplicable, err = normaAplicableEn(ctx, q, c.ID); err != nil {
		return l, err
	}
	if l.DiasInhabiles, err = fechasInhabiles(ctx, q); err != nil {
		return l, err
	}
	if l.Propuesta, err = propuestaDe(ctx, q, c.ID); err != nil {
		return l, err
	}
	return l, tx.Rollback()
}

// PlazosReporte returns the report deadline (plazo_reporte of the latest
// stored evaluation) of the given cases, reading only their latest evaluation
// (one index lookup each); a case without an evaluation, or whose evaluation
// has no deadline, has no entry. A stored deadline that does not parse is an
// error naming the case.
func (d *DB) PlazosReporte(ctx context.Context, ids []int64) (map[int64]fecha.Fecha, error) {
	out := make(map[int64]fecha.Fecha, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	lista, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	rows, err := d.QueryContext(ctx, `SELECT p.value, coalesce((SELECT json_extract(e.resultado_json, '$.plazo_reporte') FROM evaluaciones e
		WHERE e.caso_id = p.value ORDER BY e.version DESC LIMIT 1), '') FROM json_each(?) p`, string(lista))
	if err != nil {
		return nil, fmt.Errorf("leer plazos: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var s string
		if err := rows.Scan(&id, &s); err != nil {
			return nil, err
		}
		if s == "" {
			continue
		}
		f, err := fecha.ParseISO(s)
		if err != nil {
			return nil, fmt.Errorf("plazo del reporte guardado ilegible %q en la evaluación del caso %d: %w", s, id, err)
		}
		out[id] = f
	}
	return out, rows.Err()
}
