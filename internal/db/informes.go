package db

// The informe gerencial of a case (docs/reglas.md §4), as stored: what it
// is built from (FuenteInforme: the case's STORED snapshot, its history and
// its concepto — never live data) and its issued versions (documentos.go).
// The application (internal/expediente) builds and renders it outside the
// write transaction; GuardarInforme stores it if nothing changed meanwhile.
// Each issue is a version, insert-only: downloading a version again gives
// the same bytes; a new issue after a re-evaluation is a new version and
// the earlier ones stay retrievable.

import (
	"comite/internal/dominio"
	"comite/internal/fallo"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"comite/internal/flujo"
	"comite/internal/valores"
)

// InformeEmitido is one issued version (without its bytes).
type InformeEmitido struct {
	ID                int64
	CasoID            int64
	Version           int
	EvaluacionID      int64
	EvaluacionVersion int
	SHA256            string // of the stored file (signed when FirmaSujeto != "")
	SHA256Contenido   string // of the unsigned PDF
	FirmaSujeto       string // the signer's certificate subject ("": unsigned)
	SHA256Evaluacion  string // of the evaluation attached to it ("": issued before it carried one)
	Bytes             int
	EmitidoPor        string
	EmitidoEn         string
}

// ErrInformeNoExiste is returned for an unknown version.
var ErrInformeNoExiste = fallo.Nuevo(fallo.NoEncontrado, "esa versión del informe no existe")

// Instante parses EmitidoEn, which the store checked when it read the row
// (comprobarInstante in escanearInforme).
func (i InformeEmitido) Instante() time.Time { return instanteComprobado(i.EmitidoEn) }

// parseInstante parses an instant the store formatted (DB.Ahora) or checked
// when it read its row (comprobarInstante).
func parseInstante(s string) time.Time { return instanteComprobado(s) }

// MarcaCaso stamps what an issued document of a case is built from: its
// state, criteria, latest evaluation, history, conceptos, proposal and
// issued informes. Two equal marks mean nothing the informe shows changed
// in between (the optimistic check of issuing outside the write lock).
type MarcaCaso string

func marcaCaso(ctx context.Context, q consultor, casoID int64) (MarcaCaso, error) {
	var estado, criterios string
	var ev, evento, concepto, propuesta, informes, adjuntos, retiros sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT estado, coalesce(criterios_json, ''),
		(SELECT max(id) FROM evaluaciones WHERE caso_id = c.id), (SELECT max(id) FROM caso_eventos WHERE caso_id = c.id),
		(SELECT max(id) FROM conceptos WHERE caso_id = c.id), (SELECT max(id) FROM propuestas_rea WHERE caso_id = c.id),
		(SELECT max(version) FROM informes WHERE caso_id = c.id), (SELECT max(id) FROM adjuntos WHERE caso_id = c.id),
		(SELECT max(r.id) FROM adjuntos_retiros r JOIN adjuntos a ON a.id = r.adjunto_id WHERE a.caso_id = c.id)
		FROM casos c WHERE c.id = ?`, casoID).Scan(&estado, &criterios, &ev, &evento, &concepto, &propuesta, &informes, &adjuntos, &retiros)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrCasoNoExiste
	}
	if err != nil {
		return "", fmt.Errorf("leer la marca del caso: %w", err)
	}
	return MarcaCaso(fmt.Sprintf("%s|%d|%d|%d|%d|%d|%d|%d|%s", estado, ev.Int64, evento.Int64, concepto.Int64, propuesta.Int64, informes.Int64, adjuntos.Int64, retiros.Int64, criterios)), nil
}

// ErrDocumentoDesactualizado is returned when what a document was built
// from changed before it could be stored: nothing was written.
var ErrDocumentoDesactualizado = &flujo.ErrPaso{Mensaje: "El caso o la sesión cambió mientras se generaba el documento (otra persona registró un paso, una evaluación o un concepto). No se guardó nada: vuelva a cargar la página y emítalo de nuevo."}

// FuenteInforme is what the informe of a case is built from, as stored.
type FuenteInforme struct {
	Caso       dominio.Caso
	Evaluacion dominio.Evaluacion // the latest snapshot
	Referencia valores.Referencia
	Historia   []dominio.EventoCaso
	Conceptos  []dominio.ConceptoGuardado
	Propuesta  *dominio.PropuestaREA
	Informes   []InformeEmitido // issued versions, oldest first
	Cabeza     Cabeza           // head of the audit chain when read
	Marca      MarcaCaso
	Norma      *NormaAplicable            // the decision on the applicable norm (nil: none)
	Personas   map[string]dominio.Persona // login → the person behind the account
	Adjuntos   []Adjunto                  // the files attached to the case, withdrawn ones included
}

// FuenteInforme reads what the informe of a case is built from, in one
// read transaction, with the mark of what it is.
func (d *DB) FuenteInforme(ctx context.Context, casoID int64) (FuenteInforme, error) {
	var f FuenteInforme
	err := d.leerFuente(ctx, func(q consultor) error {
		marca, err := marcaCaso(ctx, q, casoID)
		if err != nil {
			return err
		}
		f, err = fuenteInforme(ctx, q, casoID)
		f.Marca = marca
		return err
	})
	return f, err
}

func fuenteInforme(ctx context.Context, q consultor, casoID int64) (FuenteInforme, error) {
	var f FuenteInforme
	var err error
	if f.Caso, err = casoEn(ctx, q, casoID); err != nil {
		return f, err
	}
	if f.Evaluacion, err = ultimaEvaluacion(ctx, q, casoID); err != nil {
		return f, err
	}
	if f.Referencia, err = referenciaEn(ctx, q); err != nil {
		return f, err
	}
	if f.Historia, err = historiaDe(ctx, q, casoID); err != nil {
		return f, err
	}
	if f.Conceptos, err = conceptosDe(ctx, q, casoID); err != nil {
		return f, err
	}
	if f.Propuesta, err = propuestaDe(ctx, q, casoID); err != nil {
		return f, err
	}
	if f.Informes, err = versiones(ctx, q, claseInforme, casoID, escanearInforme); err != nil {
		return f, err
	}
	if f.Norma, err = normaAplicableEn(ctx, q, casoID); err != nil {
		return f, err
	}
	if f.Personas, err = personasEn(ctx, q); err != nil {
		return f, err
	}
	if f.Adjuntos, err = adjuntosDe(ctx, q, casoID); err != nil {
		return f, err
	}
	if err := q.QueryRowContext(ctx, `SELECT id, hash FROM auditoria ORDER BY id DESC LIMIT 1`).Scan(&f.Cabeza.ID, &f.Cabeza.Hash); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return f, err
	}
	return f, nil
}

// EvaluacionPorID reads one stored snapshot.
func (d *DB) EvaluacionPorID(ctx context.Context, id int64) (dominio.Evaluacion, error) {
	return escanearEvaluacion(d.QueryRowContext(ctx, `SELECT `+columnasEvaluacion+` FROM evaluaciones WHERE id = ?`, id))
}

// InformeNuevo is an issued informe to store: the file (signed when
// FirmaSujeto != ""), its hashes, and the mark of what it was built from.
type InformeNuevo struct {
	CasoID          int64
	Version         int
	EvaluacionID    int64
	Marca           MarcaCaso
	Archivo         []byte
	SHA256          string
	SHA256Contenido string
	FirmaSujeto     string
	// SHA256Evaluacion is that of the evaluation attached to the PDF.
	SHA256Evaluacion string
	EmitidoEn        string // RFC 3339, UTC: the instant printed on it
	Texto            string // the history line
}

// GuardarInforme stores an informe built outside the transaction
// (guardarVersion) if the case still is what it was built from (n.Marca,
// and its latest snapshot n.EvaluacionID), with the step in the case's
// history that records the issue.
func (d *DB) GuardarInforme(ctx context.Context, n InformeNuevo, quien dominio.ActorCaso) (InformeEmitido, error) {
	v := versionNueva{objeto: n.CasoID, version: n.Version, archivo: n.Archivo, sha256: n.SHA256, sha256Contenido: n.SHA256Contenido,
		firmaSujeto: n.FirmaSujeto, emitidoEn: n.EmitidoEn,
		extra: []string{"evaluacion_id", "sha256_evaluacion"}, valoresExtra: []any{n.EvaluacionID, n.SHA256Evaluacion}}
	var c dominio.Caso
	id, err := d.guardarVersion(ctx, claseInforme, v, quien, func(tx *sql.Tx) (registro, error) {
		var err error
		if c, err = casoEn(ctx, tx, n.CasoID); err != nil {
			return registro{}, err
		}
		m, err := marcaCaso(ctx, tx, n.CasoID)
		if err != nil {
			return registro{}, err
		}
		ev, err := ultimaEvaluacion(ctx, tx, n.CasoID)
		if err != nil {
			return registro{}, err
		}
		if m != n.Marca || ev.ID != n.EvaluacionID {
			return registro{}, ErrDocumentoDesactualizado
		}
		return registro{accion: "caso.informe", objeto: "caso:" + c.Numero, detalle: map[string]any{
			"evaluacion_id": ev.ID, "evaluacion_version": ev.Version, "sha256_evaluacion": n.SHA256Evaluacion}}, nil
	}, func(tx *sql.Tx) error {
		return insertarEvento(ctx, tx, n.CasoID, c.Estado, c.Estado, "informe", n.Texto, n.EvaluacionID, quien, n.EmitidoEn)
	})
	if err != nil {
		return InformeEmitido{}, err
	}
	return escanearInforme(d.QueryRowContext(ctx, `SELECT `+columnasInforme+` FROM `+claseInforme.desde+` WHERE i.id = ?`, id))
}

const columnasInforme = `i.id, i.caso_id, i.version, i.evaluacion_id, v.version, i.sha256, length(i.pdf), i.emitido_por, i.emitido_en, coalesce(i.sha256_contenido, i.sha256), coalesce(i.firma_sujeto, ''), coalesce(i.sha256_evaluacion, '')`

var claseInforme = claseDocumento{tabla: "informes", nombre: "el informe", objeto: "caso_id",
	desde: "informes i JOIN evaluaciones v ON v.id = i.evaluacion_id", columnas: columnasInforme, noExiste: ErrInformeNoExiste}

func escanearInforme(s escaneable, mas ...any) (InformeEmitido, error) {
	var i InformeEmitido
	err := s.Scan(append([]any{&i.ID, &i.CasoID, &i.Version, &i.EvaluacionID, &i.EvaluacionVersion, &i.SHA256, &i.Bytes, &i.EmitidoPor, &i.EmitidoEn, &i.SHA256Contenido, &i.FirmaSujeto, &i.SHA256Evaluacion}, mas...)...)
	if err == nil {
		err = comprobarInstante("informes.emitido_en", i.EmitidoEn)
	}
	return i, err
}

// Informes lists the issued versions of a case, oldest first.
func (d *DB) Informes(ctx context.Context, casoID int64) ([]InformeEmitido, error) {
	return versiones(ctx, d, claseInforme, casoID, escanearInforme)
}

// InformePDF returns the stored bytes of one issued version (version 0: the latest).
func (d *DB) InformePDF(ctx context.Context, casoID int64, numero int) (InformeEmitido, []byte, error) {
	return version(ctx, d, claseInforme, casoID, numero, escanearInforme)
}
