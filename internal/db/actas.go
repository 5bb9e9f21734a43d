package db

// The acta of a session of the Comité as stored: what it is built from
// (FuenteActa) and its issued versions, insert-only like the informes. The
// application (internal/expediente) renders and signs it outside the write
// transaction: when the administrator configured a certificate (DB.Firma),
// the issued file is the PAdES-signed PDF and the version records the
// signer's subject, the hash of the signed file and the hash of the unsigned
// content. Without a certificate the document is issued unsigned and says so.

import (
	"comite/internal/dominio"
	"comite/internal/fallo"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"comite/internal/flujo"
)

// Firmador signs a PDF as PAdES (internal/firma.Firmante).
type Firmador interface {
	Firmar(pdf []byte, motivo, lugar string, instante time.Time) ([]byte, error)
	Sujeto() string
}

// TextoFirma says how a document was issued, for its page and its history.
func TextoFirma(sujeto string) string {
	if sujeto == "" {
		return "sin firma electrónica (no hay certificado configurado)"
	}
	return "firmado electrónicamente (PAdES) por " + sujeto
}

// ActaEmitida is one issued version of an acta (without its bytes).
type ActaEmitida struct {
	ID              int64
	SesionID        int64
	Version         int
	SHA256          string // of the stored file (signed when FirmaSujeto != "")
	SHA256Contenido string // of the unsigned PDF
	FirmaSujeto     string
	Bytes           int
	EmitidoPor      string
	EmitidoEn       string
}

// ErrActaNoExiste is returned for an unknown version.
var ErrActaNoExiste = fallo.Nuevo(fallo.NoEncontrado, "esa versión del acta no existe")

// marcaSesion stamps what an acta is built from: the session, its
// attendance, its agenda, the conceptos and states of its cases, the quorum
// in force and the issued versions.
func marcaSesion(ctx context.Context, q consultor, id int64) (string, error) {
	var m string
	err := q.QueryRowContext(ctx, `SELECT s.fecha || '|' || s.hora || '|' || s.modalidad || '|' || s.lugar || '|' || s.preside || '|' || s.secretario
		|| '|' || coalesce((SELECT group_concat(nombre || '/' || cargo, ';') FROM sesion_miembros WHERE sesion_id = s.id), '')
		|| '|' || coalesce((SELECT group_concat(o.posicion || ':' || o.caso_id || ':' || c.estado || ':' || coalesce(o.aplazado_motivo, ''), ';') FROM sesion_orden o JOIN casos c ON c.id = o.caso_id WHERE o.sesion_id = s.id), '')
		|| '|' || coalesce((SELECT max(k.id) FROM conceptos k JOIN sesion_orden o ON o.caso_id = k.caso_id WHERE o.sesion_id = s.id), 0)
		|| '|' || coalesce((SELECT max(id) FROM parametros_comite), 0)
		|| '|' || coalesce((SELECT max(version) FROM actas WHERE sesion_id = s.id), 0)
		FROM sesiones_comite s WHERE s.id = ?`, id).Scan(&m)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrSesionNoExiste
	}
	if err != nil {
		return "", fmt.Errorf("leer la marca de la sesión: %w", err)
	}
	return m, nil
}

// FuenteActa is what the acta of a session is built from, as stored.
type FuenteActa struct {
	Sesion   dominio.SesionComite
	Actas    []ActaEmitida // issued versions, oldest first
	Marca    string
	Personas map[string]string // login → the person's name, cargo and role
}

// FuenteActa reads what the acta of a session is built from; like
// FuenteInforme, the mark is read before and after and the reading repeated
// when a writer came in between.
func (d *DB) FuenteActa(ctx context.Context, sesionID int64) (FuenteActa, error) {
	for intento := 0; ; intento++ {
		var f FuenteActa
		var err error
		if f.Marca, err = marcaSesion(ctx, d, sesionID); err != nil {
			return f, err
		}
		if f.Sesion, err = sesionEn(ctx, d, sesionID); err != nil {
			return f, err
		}
		if f.Actas, err = d.Actas(ctx, sesionID); err != nil {
			return f, err
		}
		if f.Personas, err = personasEn(ctx, d); err != nil {
			return f, err
		}
		if despues, _ := marcaSesion(ctx, d, sesionID); despues == f.Marca {
			return f, nil
		}
		if intento == 3 {
			return f, ErrDocumentoDesactualizado
		}
	}
}

// ActaNueva is an issued acta to store, with the mark of what it was built from.
type ActaNueva struct {
	SesionID        int64
	Version         int
	Marca           string
	Archivo         []byte
	SHA256          string
	SHA256Contenido string
	FirmaSujeto     string
	EmitidoEn       string
}

// GuardarActa stores an acta built outside the transaction: in one
// transaction it checks that the session still is what the acta was built
// from (else ErrDocumentoDesactualizado and nothing is written), then
// records the version and the audit row.
func (d *DB) GuardarActa(ctx context.Context, n ActaNueva, quien dominio.ActorCaso) (ActaEmitida, error) {
	var id int64
	err := d.EnTx(ctx, func(tx *sql.Tx) error {
		s, err := sesionEn(ctx, tx, n.SesionID)
		if err != nil {
			return err
		}
		m, err := marcaSesion(ctx, tx, n.SesionID)
		if err != nil {
			return err
		}
		var siguiente int
		if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) + 1 FROM actas WHERE sesion_id = ?`, n.SesionID).Scan(&siguiente); err != nil {
			return err
		}
		if m != n.Marca || siguiente != n.Version {
			return ErrDocumentoDesactualizado
		}
		if msg := flujo.ProblemaActa(s.Sesion.Fecha, d.Hoy(), s.HayQuorum, s.TextoQuoro, s.PuntosPendientes()); msg != "" {
			return &flujo.ErrPaso{Mensaje: msg}
		}
		rs, err := tx.ExecContext(ctx, `INSERT INTO actas(sesion_id, version, sha256_contenido, sha256, firma_sujeto, pdf, emitido_por, emitido_en) VALUES (?,?,?,?,?,?,?,?)`,
			n.SesionID, n.Version, n.SHA256Contenido, n.SHA256, n.FirmaSujeto, n.Archivo, quien.Cuenta, n.EmitidoEn)
		if err != nil {
			return fmt.Errorf("guardar el acta: %w", err)
		}
		id, _ = rs.LastInsertId()
		return d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "sesion.acta", Objeto: "sesion:" + s.Numero, Detalle: map[string]any{
			"version": n.Version, "sha256": n.SHA256, "sha256_contenido": n.SHA256Contenido, "firma": TextoFirma(n.FirmaSujeto), "bytes": len(n.Archivo),
		}})
	})
	if err != nil {
		return ActaEmitida{}, err
	}
	return escanearActa(d.QueryRowContext(ctx, `SELECT `+columnasActa+` FROM actas WHERE id = ?`, id))
}

// Instante parses EmitidoEn.
func (a ActaEmitida) Instante() time.Time { return parseInstante(a.EmitidoEn) }

const columnasActa = `id, sesion_id, version, sha256, sha256_contenido, firma_sujeto, length(pdf), emitido_por, emitido_en`

func escanearActa(s interface{ Scan(...any) error }) (ActaEmitida, error) {
	var a ActaEmitida
	err := s.Scan(&a.ID, &a.SesionID, &a.Version, &a.SHA256, &a.SHA256Contenido, &a.FirmaSujeto, &a.Bytes, &a.EmitidoPor, &a.EmitidoEn)
	if err == nil {
		err = comprobarInstante("actas.emitido_en", a.EmitidoEn)
	}
	return a, err
}

// Actas lists the issued versions of a session's acta, oldest first.
func (d *DB) Actas(ctx context.Context, sesionID int64) ([]ActaEmitida, error) {
	rows, err := d.QueryContext(ctx, `SELECT `+columnasActa+` FROM actas WHERE sesion_id = ? ORDER BY version`, sesionID)
	if err != nil {
		return nil, fmt.Errorf("leer actas: %w", err)
	}
	defer rows.Close()
	var out []ActaEmitida
	for rows.Next() {
		a, err := escanearActa(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// ActaPDF returns the stored file of one issued version (0: the latest),
// exactly as recorded (signed when it was signed).
func (d *DB) ActaPDF(ctx context.Context, sesionID int64, version int) (ActaEmitida, []byte, error) {
	q := `SELECT ` + columnasActa + `, pdf FROM actas WHERE sesion_id = ?`
	args := []any{sesionID}
	if version > 0 {
		q += ` AND version = ?`
		args = append(args, version)
	}
	var a ActaEmitida
	var pdf []byte
	err := d.QueryRowContext(ctx, q+` ORDER BY version DESC LIMIT 1`, args...).Scan(&a.ID, &a.SesionID, &a.Version, &a.SHA256, &a.SHA256Contenido, &a.FirmaSujeto, &a.Bytes, &a.EmitidoPor, &a.EmitidoEn, &pdf)
	if errors.Is(err, sql.ErrNoRows) {
		return a, nil, ErrActaNoExiste
	}
	if err == nil {
		err = comprobarInstante("actas.emitido_en", a.EmitidoEn)
	}
	return a, pdf, err
}
