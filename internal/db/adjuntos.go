package db

// The files attached to a case (tables adjuntos and adjuntos_retiros):
// insert-only, the content stored whole with its SHA-256. Which formats,
// kinds and sizes are accepted, and who may attach or read, are decided
// by the application (internal/adjunto, internal/expediente) before these
// run; the store only keeps what it is given.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"comite/internal/fallo"
	"comite/internal/fecha"
)

// ErrAdjuntoNoExiste is an attachment that is not in the case.
var ErrAdjuntoNoExiste = fallo.Nuevo(fallo.NoEncontrado, "el adjunto no existe")

// AdjuntoNuevo is a file to attach, already checked.
type AdjuntoNuevo struct {
	CasoID         int64
	Tipo           string
	Descripcion    string
	FechaDocumento *fecha.Fecha
	Nombre         string
	Formato        string
	SHA256         string
	Contenido      []byte
	Marcas         []string
	Cuenta         string
}

// Adjunto is an attachment as listed (without its content).
type Adjunto struct {
	ID             int64
	CasoID         int64
	Numero         int
	Tipo           string
	Descripcion    string
	FechaDocumento *fecha.Fecha
	Nombre         string
	Formato        string
	Tamano         int64
	SHA256         string
	Marcas         []string
	AdjuntadoPor   string
	AdjuntadoEn    string
	// Retiro is set when the file was withdrawn.
	Retiro *RetiroAdjunto
}

// RetiroAdjunto is the record that withdraws an attachment.
type RetiroAdjunto struct {
	Motivo      string
	RetiradoPor string
	RetiradoEn  string
}

const columnasAdjunto = `a.id, a.caso_id, a.numero, a.tipo, a.descripcion, a.fecha_documento, a.nombre, a.formato, a.tamano, a.sha256, a.marcas,
	a.adjuntado_por, a.adjuntado_en, r.motivo, r.retirado_por, r.retirado_en`

const desdeAdjuntos = ` FROM adjuntos a LEFT JOIN adjuntos_retiros r ON r.adjunto_id = a.id`

func escanearAdjunto(s escaneable, mas ...any) (Adjunto, error) {
	var a Adjunto
	var fd, motivo, por, en sql.NullString
	var marcas string
	dest := append([]any{&a.ID, &a.CasoID, &a.Numero, &a.Tipo, &a.Descripcion, &fd, &a.Nombre, &a.Formato, &a.Tamano, &a.SHA256, &marcas,
		&a.AdjuntadoPor, &a.AdjuntadoEn, &motivo, &por, &en}, mas...)
	if err := s.Scan(dest...); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return a, ErrAdjuntoNoExiste
		}
		return a, fmt.Errorf("leer un adjunto: %w", err)
	}
	if fd.Valid {
		f, err := fecha.ParseISO(fd.String)
		if err != nil {
			return a, fmt.Errorf("adjunto %d: fecha del documento %q: %w", a.ID, fd.String, err)
		}
		a.FechaDocumento = &f
	}
	if marcas != "" {
		a.Marcas = strings.Split(marcas, ",")
	}
	if motivo.Valid {
		a.Retiro = &RetiroAdjunto{Motivo: motivo.String, RetiradoPor: por.String, RetiradoEn: en.String}
	}
	return a, nil
}

func adjuntosDe(ctx context.Context, q consultor, casoID int64) ([]Adjunto, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+columnasAdjunto+desdeAdjuntos+` WHERE a.caso_id = ? ORDER BY a.numero`, casoID)
	if err != nil {
		return nil, fmt.Errorf("leer los adjuntos: %w", err)
	}
	defer rows.Close()
	var out []Adjunto
	for rows.Next() {
		a, err := escanearAdjunto(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// Adjuntos lists the attachments of a case in the order they were
// attached, withdrawn ones included (with their Retiro).
func (d *DB) Adjuntos(ctx context.Context, casoID int64) ([]Adjunto, error) {
	return adjuntosDe(ctx, d, casoID)
}

// ContenidoAdjunto reads attachment numero of a case with its file,
// exactly as stored.
func (d *DB) ContenidoAdjunto(ctx context.Context, casoID int64, numero int) (Adjunto, []byte, error) {
	var contenido []byte
	a, err := escanearAdjunto(d.QueryRowContext(ctx, `SELECT `+columnasAdjunto+`, a.contenido`+desdeAdjuntos+` WHERE a.caso_id = ? AND a.numero = ?`, casoID, numero), &contenido)
	return a, contenido, err
}

// Adjuntos lists the attachments of a case inside the transaction.
func (w *Escritura) Adjuntos(casoID int64) ([]Adjunto, error) { return adjuntosDe(w.ctx, w.tx, casoID) }

// InsertarAdjunto stores a file attached to a case with the next number
// of the case, and returns it as listed.
func (w *Escritura) InsertarAdjunto(n AdjuntoNuevo) (Adjunto, error) {
	var numero int
	if err := w.tx.QueryRowContext(w.ctx, `SELECT COALESCE(MAX(numero), 0) + 1 FROM adjuntos WHERE caso_id = ?`, n.CasoID).Scan(&numero); err != nil {
		return Adjunto{}, fmt.Errorf("numerar el adjunto: %w", err)
	}
	var fd any
	if n.FechaDocumento != nil {
		fd = n.FechaDocumento.String()
	}
	res, err := w.tx.ExecContext(w.ctx, `INSERT INTO adjuntos(caso_id, numero, tipo, descripcion, fecha_documento, nombre, formato, tamano, sha256, contenido, marcas, adjuntado_por, adjuntado_en)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)`, n.CasoID, numero, n.Tipo, n.Descripcion, fd, n.Nombre, n.Formato, len(n.Contenido), n.SHA256, n.Contenido,
		strings.Join(n.Marcas, ","), n.Cuenta, w.ahora)
	if err != nil {
		return Adjunto{}, fmt.Errorf("guardar el adjunto: %w", err)
	}
	id, _ := res.LastInsertId()
	return escanearAdjunto(w.tx.QueryRowContext(w.ctx, `SELECT `+columnasAdjunto+desdeAdjuntos+` WHERE a.id = ?`, id))
}

// RetirarAdjunto records why attachment id is withdrawn; the file stays.
func (w *Escritura) RetirarAdjunto(id int64, motivo, cuenta string) error {
	if _, err := w.tx.ExecContext(w.ctx, `INSERT INTO adjuntos_retiros(adjunto_id, motivo, retirado_por, retirado_en) VALUES (?,?,?,?)`, id, motivo, cuenta, w.ahora); err != nil {
		return fmt.Errorf("guardar el retiro del adjunto: %w", err)
	}
	return nil
}
