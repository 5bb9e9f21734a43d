package db

// The documents of the expediente as stored: the informe gerencial of a
// case (table informes) and the acta of a session (table actas) are two
// kinds of one thing, told apart by a claseDocumento. Each step has one
// implementation for both: the sources are read in one read transaction
// (leerFuente), a version is stored in one write transaction that checks
// first that what it was built from did not change (guardarVersion), and
// the issued versions are listed (versiones) and read back with their
// file (version) the same way. Issued versions are insert-only: the file,
// its SHA-256 (of the signed file when signed) and that of the unsigned
// content, the signer's subject, who issued it and when.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"comite/internal/dominio"
)

// claseDocumento is where the versions of one kind of document are stored.
type claseDocumento struct {
	tabla  string // informes, actas
	nombre string // el informe, el acta
	objeto string // the column naming what it is the document of: caso_id, sesion_id
	// desde and columnas are what a version is read from (the table as i)
	// and what escanear reads of it.
	desde, columnas string
	noExiste        error
}

// escaneable is a row to scan (*sql.Row, *sql.Rows).
type escaneable interface{ Scan(...any) error }

// leerFuente runs f in one read transaction: every source of a document
// is read from the same state of the database, with the mark of what it is.
// A deferred read does not wait for writers (WAL).
func (d *DB) leerFuente(ctx context.Context, f func(q consultor) error) error {
	tx, err := d.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return fmt.Errorf("leer las fuentes del documento: %w", err)
	}
	defer tx.Rollback()
	return f(conPreparadas{d, tx})
}

// versiones lists the issued versions of the document of objeto, oldest first.
func versiones[T any](ctx context.Context, q consultor, k claseDocumento, objeto int64, escanear func(escaneable, ...any) (T, error)) ([]T, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+k.columnas+` FROM `+k.desde+` WHERE i.`+k.objeto+` = ? ORDER BY i.version`, objeto)
	if err != nil {
		return nil, fmt.Errorf("leer %s: %w", k.tabla, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := escanear(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// version reads one issued version (0: the latest) with its stored file,
// exactly as recorded (signed when it was signed).
func version[T any](ctx context.Context, q consultor, k claseDocumento, objeto int64, numero int, escanear func(escaneable, ...any) (T, error)) (T, []byte, error) {
	consulta := `SELECT ` + k.columnas + `, i.pdf FROM ` + k.desde + ` WHERE i.` + k.objeto + ` = ?`
	args := []any{objeto}
	if numero > 0 {
		consulta += ` AND i.version = ?`
		args = append(args, numero)
	}
	var pdf []byte
	v, err := escanear(q.QueryRowContext(ctx, consulta+` ORDER BY i.version DESC LIMIT 1`, args...), &pdf)
	if errors.Is(err, sql.ErrNoRows) {
		return v, nil, k.noExiste
	}
	return v, pdf, err
}

// versionNueva is what every stored version records, with the columns
// only its kind has (extra, with their values in valoresExtra).
type versionNueva struct {
	objeto                                          int64
	version                                         int
	archivo                                         []byte
	sha256, sha256Contenido, firmaSujeto, emitidoEn string
	extra                                           []string
	valoresExtra                                    []any
}

// registro is what the audit row of a stored version says beyond the
// version itself: its action, its object and the kind's details.
type registro struct {
	accion, objeto string
	detalle        map[string]any
}

// guardarVersion stores a version built outside the transaction, in one
// transaction: the version must be the next one (else two people issued at
// once) and comprobar must find that what it was built from did not change
// (else ErrDocumentoDesactualizado, and nothing is written); then the row,
// what registrar adds (a step in the case's history) and the audit row.
func (d *DB) guardarVersion(ctx context.Context, k claseDocumento, n versionNueva, quien dominio.ActorCaso,
	comprobar func(tx *sql.Tx) (registro, error), registrar func(tx *sql.Tx) error) (int64, error) {
	var id int64
	err := d.enTx(ctx, func(tx *sql.Tx) error {
		var siguiente int
		if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) + 1 FROM `+k.tabla+` WHERE `+k.objeto+` = ?`, n.objeto).Scan(&siguiente); err != nil {
			return err
		}
		if siguiente != n.version {
			return ErrDocumentoDesactualizado
		}
		r, err := comprobar(tx)
		if err != nil {
			return err
		}
		columnas := append([]string{k.objeto, "version", "sha256", "sha256_contenido", "firma_sujeto", "pdf", "emitido_por", "emitido_en"}, n.extra...)
		valores := append([]any{n.objeto, n.version, n.sha256, n.sha256Contenido, n.firmaSujeto, n.archivo, quien.Cuenta, n.emitidoEn}, n.valoresExtra...)
		rs, err := tx.ExecContext(ctx, `INSERT INTO `+k.tabla+`(`+strings.Join(columnas, ", ")+`) VALUES (?`+strings.Repeat(",?", len(columnas)-1)+`)`, valores...)
		if err != nil {
			return fmt.Errorf("guardar %s: %w", k.nombre, err)
		}
		id, _ = rs.LastInsertId()
		if registrar != nil {
			if err := registrar(tx); err != nil {
				return err
			}
		}
		detalle := map[string]any{"version": n.version, "sha256": n.sha256, "sha256_contenido": n.sha256Contenido,
			"firma": TextoFirma(n.firmaSujeto), "bytes": len(n.archivo)}
		for c, v := range r.detalle {
			detalle[c] = v
		}
		return d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: r.accion, Objeto: r.objeto, Detalle: detalle})
	})
	return id, err
}

// TextoFirma says how a document was issued, for its page and its history.
func TextoFirma(sujeto string) string {
	if sujeto == "" {
		return "sin firma electrónica (no hay certificado configurado)"
	}
	return "firmado electrónicamente (PAdES) por " + sujeto
}
