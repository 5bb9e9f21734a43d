package db

// The acta of a session of the Comité as stored: what it is built from
// (FuenteActa) and its issued versions, insert-only like the informes
// (documentos.go). The application (internal/expediente) renders and signs
// it outside the write transaction: when a certificate is configured the
// issued file is the PAdES-signed PDF and the version records the signer's
// subject, the hash of the signed file and the hash of the unsigned
// content. Without a certificate the document is issued unsigned and says so.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"comite/internal/dominio"
	"comite/internal/fallo"
	"comite/internal/flujo"
	"comite/internal/valores"
)

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

var claseActa = claseDocumento{tabla: "actas", nombre: "el acta", objeto: "sesion_id", desde: "actas i",
	columnas: `i.id, i.sesion_id, i.version, i.sha256, i.sha256_contenido, i.firma_sujeto, length(i.pdf), i.emitido_por, i.emitido_en`,
	noExiste: ErrActaNoExiste}

func escanearActa(s escaneable, mas ...any) (ActaEmitida, error) {
	var a ActaEmitida
	err := s.Scan(append([]any{&a.ID, &a.SesionID, &a.Version, &a.SHA256, &a.SHA256Contenido, &a.FirmaSujeto, &a.Bytes, &a.EmitidoPor, &a.EmitidoEn}, mas...)...)
	if err == nil {
		err = comprobarInstante("actas.emitido_en", a.EmitidoEn)
	}
	return a, err
}

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
		|| '|' || coalesce((SELECT max(a.id) FROM adjuntos a JOIN sesion_orden o ON o.caso_id = a.caso_id WHERE o.sesion_id = s.id), 0)
		|| '|' || coalesce((SELECT max(r.id) FROM adjuntos_retiros r JOIN adjuntos a ON a.id = r.adjunto_id JOIN sesion_orden o ON o.caso_id = a.caso_id WHERE o.sesion_id = s.id), 0)
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
	Personas map[string]dominio.Persona // login → the person behind the account
	// Referencia is the table of values the agenda's evaluations are read
	// with (nil when it could not be read: no increment is shown then).
	Referencia *valores.Referencia
	// Adjuntos are the files attached to each case of the orden del día,
	// by case id, withdrawn ones included.
	Adjuntos map[int64][]Adjunto
}

// FuenteActa reads what the acta of a session is built from, in one read
// transaction, with the mark of what it is.
func (d *DB) FuenteActa(ctx context.Context, sesionID int64) (FuenteActa, error) {
	var f FuenteActa
	err := d.leerFuente(ctx, func(q consultor) (err error) {
		if f.Marca, err = marcaSesion(ctx, q, sesionID); err != nil {
			return err
		}
		if f.Sesion, err = sesionEn(ctx, q, sesionID); err != nil {
			return err
		}
		if f.Actas, err = versiones(ctx, q, claseActa, sesionID, escanearActa); err != nil {
			return err
		}
		if f.Personas, err = personasEn(ctx, q); err != nil {
			return err
		}
		if ref, err := referenciaEn(ctx, q); err == nil {
			f.Referencia = &ref
		}
		f.Adjuntos = map[int64][]Adjunto{}
		for _, p := range f.Sesion.Orden {
			if f.Adjuntos[p.CasoID], err = adjuntosDe(ctx, q, p.CasoID); err != nil {
				return err
			}
		}
		return nil
	})
	return f, err
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
	// Registrar, when set, writes what goes with the acta in the same
	// transaction (its e-mail notices).
	Registrar func(w *Escritura) error
}

// GuardarActa stores an acta built outside the transaction (guardarVersion)
// if the session still is what it was built from and its acta can be
// issued (flujo.ProblemaActa).
func (d *DB) GuardarActa(ctx context.Context, n ActaNueva, quien dominio.ActorCaso) (ActaEmitida, error) {
	v := versionNueva{objeto: n.SesionID, version: n.Version, archivo: n.Archivo, sha256: n.SHA256, sha256Contenido: n.SHA256Contenido,
		firmaSujeto: n.FirmaSujeto, emitidoEn: n.EmitidoEn}
	id, err := d.guardarVersion(ctx, claseActa, v, quien, func(tx *sql.Tx) (registro, error) {
		s, err := sesionEn(ctx, tx, n.SesionID)
		if err != nil {
			return registro{}, err
		}
		if m, err := marcaSesion(ctx, tx, n.SesionID); err != nil {
			return registro{}, err
		} else if m != n.Marca {
			return registro{}, ErrDocumentoDesactualizado
		}
		if msg := flujo.ProblemaActa(s.Sesion.Fecha, d.Hoy(), s.HayQuorum, s.TextoQuoro, s.PuntosPendientes()); msg != "" {
			return registro{}, &flujo.ErrPaso{Mensaje: msg}
		}
		return registro{accion: "sesion.acta", objeto: "sesion:" + s.Numero}, nil
	}, func(tx *sql.Tx) error {
		if n.Registrar == nil {
			return nil
		}
		return n.Registrar(&Escritura{d: d, ctx: ctx, tx: tx, ahora: d.ahoraEn(tx)})
	})
	if err != nil {
		return ActaEmitida{}, err
	}
	return escanearActa(d.QueryRowContext(ctx, `SELECT `+claseActa.columnas+` FROM actas i WHERE i.id = ?`, id))
}

// Instante parses EmitidoEn.
func (a ActaEmitida) Instante() time.Time { return parseInstante(a.EmitidoEn) }

// Actas lists the issued versions of a session's acta, oldest first.
func (d *DB) Actas(ctx context.Context, sesionID int64) ([]ActaEmitida, error) {
	return versiones(ctx, d, claseActa, sesionID, escanearActa)
}

// ActaPDF returns the stored file of one issued version (0: the latest),
// exactly as recorded (signed when it was signed).
func (d *DB) ActaPDF(ctx context.Context, sesionID int64, numero int) (ActaEmitida, []byte, error) {
	return version(ctx, d, claseActa, sesionID, numero, escanearActa)
}
