package db

// Escritura is the store inside ONE write transaction, for the application
// (internal/expediente): it reads the facts an operation checks (the case,
// what flujo needs to know about it, its conceptos, the session) and writes
// the rows the operation decided (a history row and a state change, an
// evaluation snapshot, a concepto, the REA proposal, the audit row). It
// decides nothing: which step is allowed, who may see a case and what a
// concepto must say are rules the application applies to the facts read
// here, inside the same transaction, so what it checked is what it writes.

import (
	"comite/internal/dominio"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/valores"
)

// Escritura is one write transaction of the store.
type Escritura struct {
	d   *DB
	ctx context.Context
	tx  *sql.Tx
}

// EnEscritura runs f in one write transaction: committed when f returns
// nil, rolled back otherwise.
func (d *DB) EnEscritura(ctx context.Context, f func(w *Escritura) error) error {
	return d.EnTx(ctx, func(tx *sql.Tx) error { return f(&Escritura{d: d, ctx: ctx, tx: tx}) })
}

// Ahora is the instant the transaction records (RFC 3339, UTC).
func (w *Escritura) Ahora() string { return w.d.Ahora() }

// Hoy is today's civil date in Colombia.
func (w *Escritura) Hoy() fecha.Fecha { return w.d.Hoy() }

// Caso reads a case (ErrCasoNoExiste when there is none).
func (w *Escritura) Caso(id int64) (dominio.Caso, error) { return casoEn(w.ctx, w.tx, id) }

// Contexto is what flujo needs to know about the case, and its latest
// evaluation snapshot.
func (w *Escritura) Contexto(c dominio.Caso) (flujo.Contexto, dominio.Evaluacion, error) {
	return contexto(w.ctx, w.tx, c)
}

// UltimaEvaluacion is the case's latest evaluation snapshot.
func (w *Escritura) UltimaEvaluacion(casoID int64) (dominio.Evaluacion, error) {
	return ultimaEvaluacion(w.ctx, w.tx, casoID)
}

// Referencia is the application's reference values (UVT, rule sets).
func (w *Escritura) Referencia() (valores.Referencia, error) { return referenciaEn(w.ctx, w.tx) }

// FechaPresentacion is the civil date the case went to the Comité (zero: not yet).
func (w *Escritura) FechaPresentacion(casoID int64) (fecha.Fecha, error) {
	return fechaPresentacion(w.ctx, w.tx, casoID)
}

// Conceptos lists the case's concepto and its corrections, oldest first.
func (w *Escritura) Conceptos(casoID int64) ([]dominio.ConceptoGuardado, error) {
	return conceptosDe(w.ctx, w.tx, casoID)
}

// Sesion reads a session of the Comité with its attendance and agenda.
func (w *Escritura) Sesion(id int64) (dominio.SesionComite, error) { return sesionEn(w.ctx, w.tx, id) }

// EnOrden says whether the case is on the session's orden del día.
func (w *Escritura) EnOrden(sesionID, casoID int64) (bool, error) {
	var n int
	err := w.tx.QueryRowContext(w.ctx, `SELECT count(*) FROM sesion_orden WHERE sesion_id = ? AND caso_id = ?`, sesionID, casoID).Scan(&n)
	return n > 0, err
}

// Quorum is the quorum in force (ok false: never configured).
func (w *Escritura) Quorum() (minimo int, ok bool, err error) { return quorumEn(w.ctx, w.tx) }

// CasosIguales are the cases of the user with the same commission date,
// open or closed: the open ones first, each group oldest first.
func (w *Escritura) CasosIguales(usuarioID int64, comision fecha.Fecha) ([]dominio.Caso, error) {
	ids, err := leerIDs(w.ctx, w.tx, `SELECT c.id FROM casos c WHERE c.usuario_id = ? AND c.fecha_comision = ? ORDER BY c.estado IN ('cerrado','no_procede'), c.id`,
		usuarioID, comision.String())
	if err != nil {
		return nil, fmt.Errorf("buscar casos abiertos del mismo hecho: %w", err)
	}
	var out []dominio.Caso
	for _, id := range ids {
		c, err := casoEn(w.ctx, w.tx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// NombreSeccional is the official name of a Dirección Seccional code (the
// code itself when the catalogue cannot be read).
func (w *Escritura) NombreSeccional(codigo string) string {
	if cat, err := catalogoDe(w.ctx, w.tx); err == nil {
		return NombreSeccional(cat, codigo)
	}
	return codigo
}

// CasoNuevo is the row of a case being opened.
type CasoNuevo struct {
	Caso      dominio.NuevoCaso
	UsuarioID int64
	Seccional string // the code of the Dirección Seccional that reports
	Reporte   fecha.Fecha
	Cuenta    string
}

// InsertarCaso numbers (CF-AAAA-NNNN, by the year of the report) and
// writes a new case in state reportado; it returns its id and number.
func (w *Escritura) InsertarCaso(n CasoNuevo) (int64, string, error) {
	numero, err := siguienteNumero(w.ctx, w.tx, n.Reporte.Anio())
	if err != nil {
		return 0, "", err
	}
	c := n.Caso
	exacta, centavos, err := MontoExacto(c.SancionPrevista)
	if err != nil {
		return 0, "", err
	}
	rs, err := w.tx.ExecContext(w.ctx, `INSERT INTO casos(numero, usuario_id, direccion_seccional, estado, fecha_comision, fecha_verificacion,
		fecha_expediente, fecha_requerimiento, fecha_reporte, gravedad, sancion, sancion_prevista_centavos, sancion_prevista_cop, permite_cancelacion,
		anclaje, descripcion, criterios_json, creado_por, creado_en) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,'{}',?,?)`,
		numero, n.UsuarioID, n.Seccional, string(flujo.Reportado), c.FechaComision.String(), c.FechaVerificacion.String(),
		iso(c.FechaExpediente), iso(c.FechaRequerimiento), n.Reporte.String(), string(c.Gravedad), string(c.Sancion), centavos, exacta,
		boolInt(c.PermiteCancelacion), string(c.Anclaje), strings.TrimSpace(c.Descripcion), n.Cuenta, w.Ahora())
	if err != nil {
		return 0, "", fmt.Errorf("guardar el caso: %w", err)
	}
	id, err := rs.LastInsertId()
	return id, numero, err
}

// InsertarEvaluacion writes an evaluation snapshot (insert-only) and returns its id.
func (w *Escritura) InsertarEvaluacion(casoID int64, version int, conjunto string, ent, res, val []byte, motivo, cuenta string) (int64, error) {
	return insertarEvaluacion(w.ctx, w.tx, casoID, version, conjunto, ent, res, val, motivo, cuenta, w.Ahora())
}

// InsertarEvento writes a row of the case's history.
func (w *Escritura) InsertarEvento(casoID int64, de, a flujo.Estado, accion flujo.Accion, texto string, evaluacionID int64, quien dominio.ActorCaso) error {
	return insertarEvento(w.ctx, w.tx, casoID, de, a, accion, texto, evaluacionID, quien, w.Ahora())
}

// RegistrarPaso writes a step the application allowed: the history row,
// the state change (only from the state c was read in: ErrEstadoCambiado
// otherwise) and the audit row "caso.<accion>" with detalle.
func (w *Escritura) RegistrarPaso(c dominio.Caso, hasta flujo.Estado, accion flujo.Accion, texto string, ev dominio.Evaluacion, quien dominio.ActorCaso, detalle map[string]any) error {
	if err := w.InsertarEvento(c.ID, c.Estado, hasta, accion, texto, ev.ID, quien); err != nil {
		return err
	}
	if hasta != c.Estado {
		rs, err := w.tx.ExecContext(w.ctx, `UPDATE casos SET estado = ? WHERE id = ? AND estado = ?`, string(hasta), c.ID, string(c.Estado))
		if err := unaFila(rs, err, ErrEstadoCambiado); err != nil {
			return fmt.Errorf("cambiar el estado: %w", err)
		}
	}
	if detalle == nil {
		detalle = map[string]any{}
	}
	detalle["de"], detalle["a"], detalle["evaluacion_id"], detalle["evaluacion_version"] = c.Estado, hasta, ev.ID, ev.Version
	if texto != "" {
		detalle["texto"] = texto
	}
	return w.Auditar(Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "caso." + string(accion), Objeto: "caso:" + c.Numero, Detalle: detalle})
}

// GuardarCriterios writes the Secretaría's criteria of a case.
func (w *Escritura) GuardarCriterios(casoID int64, criterios map[string]string) error {
	b, err := json.Marshal(criterios)
	if err != nil {
		return err
	}
	if _, err := w.tx.ExecContext(w.ctx, `UPDATE casos SET criterios_json = ? WHERE id = ?`, string(b), casoID); err != nil {
		return fmt.Errorf("guardar criterios: %w", err)
	}
	return nil
}

// InsertarConcepto writes a concepto (corrige > 0: a correction of that
// row; sesionID > 0: recorded in that session) and returns its id.
func (w *Escritura) InsertarConcepto(casoID int64, c flujo.Concepto, evaluacionID, corrige, sesionID int64, motivo, cuenta string) (int64, error) {
	return insertarConcepto(w.ctx, w.tx, casoID, c, evaluacionID, corrige, sesionID, motivo, cuenta, w.Ahora())
}

// InsertarPropuesta writes the REA proposal of a case and its REA date.
func (w *Escritura) InsertarPropuesta(p dominio.PropuestaREA, cuenta string) error {
	var uvtAnio, uvtValor, total, totalExacto any
	if p.Incremento != nil {
		uvtAnio, uvtValor = p.Incremento.UVTAnio, p.Incremento.UVTValor.IntPart()
	}
	if p.Total != nil {
		s, c, err := MontoExacto(*p.Total)
		if err != nil {
			return err
		}
		total, totalExacto = c, s
	}
	if _, err := w.tx.ExecContext(w.ctx, `UPDATE casos SET fecha_requerimiento = ? WHERE id = ?`, p.FechaREA.String(), p.CasoID); err != nil {
		return err
	}
	_, err := w.tx.ExecContext(w.ctx, `INSERT INTO propuestas_rea(caso_id, concepto_id, propuesta, fecha_rea, uvt_anio, uvt_valor, total_centavos, total_cop, registrado_por, registrado_en)
		VALUES (?,?,?,?,?,?,?,?,?,?)`, p.CasoID, p.ConceptoID, string(p.Propuesta), p.FechaREA.String(), uvtAnio, uvtValor, total, totalExacto, cuenta, w.Ahora())
	if err != nil {
		return fmt.Errorf("guardar la propuesta del REA: %w", err)
	}
	return nil
}

// Auditar appends a row to the audit log in this transaction.
func (w *Escritura) Auditar(e Evento) error { return w.d.Auditar(w.ctx, w.tx, e) }

// ConceptoPorID reads one recorded concepto.
func (d *DB) ConceptoPorID(ctx context.Context, id int64) (dominio.ConceptoGuardado, error) {
	c, err := conceptoPorID(ctx, d, id)
	if errors.Is(err, sql.ErrNoRows) {
		return c, fmt.Errorf("el concepto %d no existe", id)
	}
	return c, err
}

// InsertarSesion numbers (SC-AAAA-NNN, by the year of its date) and writes
// a session of the Comité with its attendance; it returns its id and number.
func (w *Escritura) InsertarSesion(s flujo.Sesion, cuenta string) (int64, string, error) {
	var n int
	if err := w.tx.QueryRowContext(w.ctx, `SELECT count(*) FROM sesiones_comite WHERE substr(fecha, 1, 4) = ?`, fmt.Sprintf("%04d", s.Fecha.Anio())).Scan(&n); err != nil {
		return 0, "", err
	}
	numero := fmt.Sprintf("SC-%04d-%03d", s.Fecha.Anio(), n+1)
	rs, err := w.tx.ExecContext(w.ctx, `INSERT INTO sesiones_comite(numero, fecha, hora, modalidad, lugar, preside, secretario, creada_por, creada_en) VALUES (?,?,?,?,?,?,?,?,?)`,
		numero, s.Fecha.String(), s.Hora, s.Modalidad, s.Lugar, s.Preside, s.Secretario, cuenta, w.Ahora())
	if err != nil {
		return 0, "", fmt.Errorf("guardar la sesión: %w", err)
	}
	id, err := rs.LastInsertId()
	if err != nil {
		return 0, "", err
	}
	return id, numero, guardarAsistencia(w.ctx, w.tx, id, s.Miembros)
}

// ConceptosEnSesion counts the conceptos (originals) recorded in a session.
func (w *Escritura) ConceptosEnSesion(id int64) (int, error) {
	return conceptosEnSesion(w.ctx, w.tx, id)
}

// GuardarAsistencia writes who presides, who acts as secretary and the
// members present of a session.
func (w *Escritura) GuardarAsistencia(id int64, preside, secretario string, ms []flujo.MiembroSesion) error {
	if _, err := w.tx.ExecContext(w.ctx, `UPDATE sesiones_comite SET preside = ?, secretario = ? WHERE id = ?`, preside, secretario, id); err != nil {
		return err
	}
	return guardarAsistencia(w.ctx, w.tx, id, ms)
}

// AgregarAlOrden puts a case last on a session's orden del día and returns its position.
func (w *Escritura) AgregarAlOrden(sesionID, casoID int64) (int, error) {
	var pos int
	if err := w.tx.QueryRowContext(w.ctx, `SELECT coalesce(max(posicion), 0) + 1 FROM sesion_orden WHERE sesion_id = ?`, sesionID).Scan(&pos); err != nil {
		return 0, err
	}
	if _, err := w.tx.ExecContext(w.ctx, `INSERT INTO sesion_orden(sesion_id, posicion, caso_id) VALUES (?,?,?)`, sesionID, pos, casoID); err != nil {
		return 0, fmt.Errorf("agregar al orden del día: %w", err)
	}
	return pos, nil
}

// FijarQuorum writes a new quorum row (insert-only: earlier values stay).
func (w *Escritura) FijarQuorum(minimo int, cuenta string) error {
	if _, err := w.tx.ExecContext(w.ctx, `INSERT INTO parametros_comite(clave, valor, registrado_por, registrado_en) VALUES ('quorum_minimo', ?, ?, ?)`,
		minimo, cuenta, w.Ahora()); err != nil {
		return fmt.Errorf("guardar el quórum: %w", err)
	}
	return nil
}
