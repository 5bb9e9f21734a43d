package db

// The acta of a session of the Comité (internal/informe.PDFActa), and the
// signature as a step of issuing a document (acta or informe): when the
// administrator configured a certificate (DB.Firma), the issued file is the
// PAdES-signed PDF and the version records the signer's subject, the hash of
// the signed file and the hash of the unsigned content. Without a
// certificate the document is issued unsigned and its history says so.
// Actas are insert-only versions, like the informes.

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"comite/internal/flujo"
	"comite/internal/informe"
)

// Firmador signs a PDF as PAdES (internal/firma.Firmante).
type Firmador interface {
	Firmar(pdf []byte, motivo, lugar string, instante time.Time) ([]byte, error)
	Sujeto() string
}

// LugarFirma is the place written in a signature: the Comité sits at the
// DIAN's central level, in Bogotá.
const LugarFirma = "Bogotá D.C., Colombia"

// firmarEmision signs pdf with d.Firma when configured. It returns the file
// to store, its SHA-256, the unsigned content's SHA-256 and the subject
// ("" when unsigned).
func (d *DB) firmarEmision(pdf []byte, motivo string, ahora string) (archivo []byte, hash, hashContenido, sujeto string, err error) {
	suma := sha256.Sum256(pdf)
	hashContenido = hex.EncodeToString(suma[:])
	if d.Firma == nil {
		return pdf, hashContenido, hashContenido, "", nil
	}
	firmado, err := d.Firma.Firmar(pdf, motivo, LugarFirma, parseInstante(ahora))
	if err != nil {
		return nil, "", "", "", fmt.Errorf("firmar el documento: %w", err)
	}
	s := sha256.Sum256(firmado)
	return firmado, hex.EncodeToString(s[:]), hashContenido, d.Firma.Sujeto(), nil
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
var ErrActaNoExiste = errors.New("esa versión del acta no existe")

func datosActa(ctx context.Context, q consultor, s SesionComite, version int, por string, instante time.Time) (informe.Acta, error) {
	if por != "" {
		var err error
		if por, err = personaDe(ctx, q, por); err != nil {
			return informe.Acta{}, err
		}
	}
	a := informe.Acta{Numero: s.Numero, Fecha: s.Sesion.Fecha, Hora: s.Sesion.Hora, Modalidad: flujo.EtiquetaModalidad(s.Sesion.Modalidad),
		Lugar: s.Sesion.Lugar, Preside: s.Sesion.Preside, Secretario: s.Sesion.Secretario, Miembros: s.Sesion.Miembros,
		QuorumConfigurado: s.QuorumSet, QuorumMinimo: s.QuorumMin, TextoQuorum: s.TextoQuoro,
		Version: version, EmitidoPor: por, Instante: instante}
	for _, p := range s.Orden {
		pa := informe.PuntoActa{Posicion: p.Posicion, Caso: p.Numero, RazonSocial: p.RazonSocial, NIT: p.NIT, Estado: p.Estado.Etiqueta()}
		if o := p.Concepto; o != nil && (instante.IsZero() || !o.Instante().After(instante)) {
			ic := &informe.Concepto{FechaSesion: o.Concepto.FechaSesion, Miembros: o.Concepto.Miembros, Decision: o.Concepto.Decision,
				Motivacion: motivaciones(o.Concepto), CriteriosCancelacion: o.Concepto.CriteriosCancelacion,
				RegistradoPor: o.RegistradoPor, RegistradoEn: o.Instante()}
			for _, x := range p.Correccion {
				if !instante.IsZero() && x.Instante().After(instante) {
					break
				}
				ic.Correcciones = append(ic.Correcciones, informe.Correccion{Instante: x.Instante(), Cuenta: x.RegistradoPor, Motivo: x.MotivoCorreccion, Texto: ResumenConcepto(x.Concepto)})
			}
			pa.Concepto = ic
		}
		a.Puntos = append(a.Puntos, pa)
	}
	return a, nil
}

// DatosActa builds the acta of a session as it stands: with the number and
// instant of its latest issued version when nothing changed since (a
// concepto or correction after it makes a draft), else the next version
// number at the instant of the session's latest recorded concepto or, with
// none, its convening — from stored data, never the clock.
func (d *DB) DatosActa(ctx context.Context, sesionID int64) (informe.Acta, error) {
	s, err := d.SesionComite(ctx, sesionID)
	if err != nil {
		return informe.Acta{}, err
	}
	vs, err := d.Actas(ctx, sesionID)
	if err != nil {
		return informe.Acta{}, err
	}
	instante, por := parseInstante(s.CreadaEn), "borrador (sin emitir)"
	for _, p := range s.Orden {
		if p.Vigente != nil && p.Vigente.Instante().After(instante) {
			instante = p.Vigente.Instante()
		}
	}
	if n := len(vs); n > 0 && !instante.After(vs[n-1].Instante()) {
		return datosActa(ctx, d, s, vs[n-1].Version, vs[n-1].EmitidoPor, vs[n-1].Instante())
	}
	return datosActa(ctx, d, s, len(vs)+1, por, instante)
}

// Instante parses EmitidoEn.
func (a ActaEmitida) Instante() time.Time { return parseInstante(a.EmitidoEn) }

// EmitirActa issues a new version of the acta of a session (the Comité or
// the Secretaría), signed when a certificate is configured.
func (d *DB) EmitirActa(ctx context.Context, sesionID int64, quien ActorCaso) (ActaEmitida, error) {
	if !puedeGestionarSesion(quien.Rol) {
		return ActaEmitida{}, ErrSesionRol
	}
	var id int64
	err := d.EnTx(ctx, func(tx *sql.Tx) error {
		s, err := sesionEn(ctx, tx, sesionID)
		if err != nil {
			return err
		}
		var version int
		if err := tx.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) + 1 FROM actas WHERE sesion_id = ?`, sesionID).Scan(&version); err != nil {
			return err
		}
		ahora := d.Ahora()
		a, err := datosActa(ctx, tx, s, version, quien.Cuenta, parseInstante(ahora))
		if err != nil {
			return err
		}
		pdf, err := informe.PDFActa(a)
		if err != nil {
			return err
		}
		archivo, hash, contenido, sujeto, err := d.firmarEmision(pdf, "Acta de la sesión "+s.Numero+" del Comité de Fiscalización", ahora)
		if err != nil {
			return err
		}
		rs, err := tx.ExecContext(ctx, `INSERT INTO actas(sesion_id, version, sha256_contenido, sha256, firma_sujeto, pdf, emitido_por, emitido_en) VALUES (?,?,?,?,?,?,?,?)`,
			sesionID, version, contenido, hash, sujeto, archivo, quien.Cuenta, ahora)
		if err != nil {
			return fmt.Errorf("guardar el acta: %w", err)
		}
		id, _ = rs.LastInsertId()
		return d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "sesion.acta", Objeto: "sesion:" + s.Numero, Detalle: map[string]any{
			"version": version, "sha256": hash, "sha256_contenido": contenido, "firma": TextoFirma(sujeto), "bytes": len(archivo),
		}})
	})
	if err != nil {
		return ActaEmitida{}, err
	}
	return escanearActa(d.QueryRowContext(ctx, `SELECT `+columnasActa+` FROM actas WHERE id = ?`, id))
}

const columnasActa = `id, sesion_id, version, sha256, sha256_contenido, firma_sujeto, length(pdf), emitido_por, emitido_en`

func escanearActa(s interface{ Scan(...any) error }) (ActaEmitida, error) {
	var a ActaEmitida
	err := s.Scan(&a.ID, &a.SesionID, &a.Version, &a.SHA256, &a.SHA256Contenido, &a.FirmaSujeto, &a.Bytes, &a.EmitidoPor, &a.EmitidoEn)
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
	return a, pdf, err
}

// PDFActa is the acta of a session: the unsigned content built from the
// stored session (DatosActa; the same stored session gives the same bytes).
func (d *DB) PDFActa(ctx context.Context, sesionID int64) ([]byte, error) {
	a, err := d.DatosActa(ctx, sesionID)
	if err != nil {
		return nil, err
	}
	return informe.PDFActa(a)
}
