package db

import (
	"comite/internal/dominio"
	"comite/internal/seccionales"
	"context"
	"database/sql"
	"fmt"

	"comite/internal/fecha"
)

// Cambio says what a write did to one row.
type Cambio int

const (
	SinCambios  Cambio = iota // the row was already there, equal
	Insertado                 // a new row
	Actualizado               // an existing row changed (the audit log has before and after)
)

func (c Cambio) String() string {
	switch c {
	case Insertado:
		return "insertado"
	case Actualizado:
		return "actualizado"
	}
	return "sin cambios"
}

// escritor writes users, registros, acts and operations inside one
// transaction with prepared statements. The single-row store methods and the
// bulk import share it, so both apply the same keys, comparisons and audit.
//
// Each write is "INSERT ... ON CONFLICT DO NOTHING": a new key costs one
// statement; an existing key is read, compared, and updated only when it
// changed, recording before and after in the audit log. A sanciones import
// that has the stored acts in memory compares there and inserts the new
// ones many rows per statement (insertadorActos, actos.go).
type escritor struct {
	d     *DB
	ctx   context.Context
	tx    *sql.Tx
	quien dominio.Actor
	ahora string
	// altas: audit every insert (single-row methods). An import records its
	// inserts in one event (file, SHA-256, counts) and audits each update.
	altas bool
	// origen is added to every audit event ("importacion": file, "fila": n).
	origen func(fila int) map[string]any
	stmts  map[string]*sql.Stmt
	// seccionales is the catalogue, read once per writer (seccionalDe).
	seccionales *seccionales.Catalogo
}

func (d *DB) nuevoEscritor(ctx context.Context, tx *sql.Tx, quien dominio.Actor) *escritor {
	return &escritor{d: d, ctx: ctx, tx: tx, quien: quien, ahora: d.Ahora(), altas: true, stmts: map[string]*sql.Stmt{}}
}

func (e *escritor) stmt(q string) (*sql.Stmt, error) {
	if s, ok := e.stmts[q]; ok {
		return s, nil
	}
	s, err := e.tx.PrepareContext(e.ctx, q)
	if err != nil {
		return nil, fmt.Errorf("preparar consulta: %w", err)
	}
	e.stmts[q] = s
	return s, nil
}

func (e *escritor) cerrar() {
	for _, s := range e.stmts {
		s.Close()
	}
}

// auditar records one change. detalle is completed with the origin of the row.
func (e *escritor) auditar(accion, objeto string, fila int, detalle map[string]any) error {
	if e.origen != nil {
		for k, v := range e.origen(fila) {
			detalle[k] = v
		}
	}
	return e.d.Auditar(e.ctx, e.tx, Evento{Cuenta: e.quien.Cuenta, IP: e.quien.IP, Accion: accion, Objeto: objeto, Detalle: detalle})
}

// insertar runs an "INSERT ... ON CONFLICT DO NOTHING" and says whether it inserted.
func (e *escritor) insertar(q string, args ...any) (bool, int64, error) {
	s, err := e.stmt(q)
	if err != nil {
		return false, 0, err
	}
	res, err := s.ExecContext(e.ctx, args...)
	if err != nil {
		return false, 0, err
	}
	n, err := res.RowsAffected()
	if err != nil || n == 0 {
		return false, 0, err
	}
	id, err := res.LastInsertId()
	return true, id, err
}

// insertarSinID is insertar when the new row's id is not needed.
func (e *escritor) insertarSinID(q string, args ...any) (bool, error) {
	s, err := e.stmt(q)
	if err != nil {
		return false, err
	}
	res, err := s.ExecContext(e.ctx, args...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// iso writes a civil date as stored (AAAA-MM-DD), or NULL for the zero date.
func iso(f fecha.Fecha) any {
	if f.IsZero() {
		return nil
	}
	a, m, d := f.Anio(), int(f.Mes()), f.Dia()
	b := [10]byte{byte('0' + a/1000), byte('0' + a/100%10), byte('0' + a/10%10), byte('0' + a%10), '-',
		byte('0' + m/10), byte('0' + m%10), '-', byte('0' + d/10), byte('0' + d%10)}
	return string(b[:])
}

// leerFecha reads a stored date (NULL → zero date).
func leerFecha(s sql.NullString, campo string) (fecha.Fecha, error) {
	if !s.Valid || s.String == "" {
		return fecha.Fecha{}, nil
	}
	f, err := fecha.ParseISO(s.String)
	if err != nil {
		return fecha.Fecha{}, fmt.Errorf("%s guardada inválida %q", campo, s.String)
	}
	return f, nil
}

// textoFecha is a date for the audit log: "AAAA-MM-DD" or nil.
func textoFecha(f fecha.Fecha) any { return iso(f) }

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
