package db

// Cases (docs/reglas.md §3) as stored: one new infraction of one user,
// carried from the Dirección Seccional's report to the Comité's binding
// concepto. The operations that carry it (internal/expediente) write, in
// one transaction each (Escritura), its caso_eventos row (who, from where,
// when, which snapshot) and its audit row; which role may take which step,
// from which state, is decided by internal/flujo and internal/permisos
// there, never here. The evaluation is computed by internal/reincidencia and
// stored as an insert-only snapshot (contrato's JSON).

import (
	"comite/internal/dominio"
	"comite/internal/fallo"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/sancion"
	"comite/internal/valores"
)

// ErrCasoNoExiste is returned for an unknown case, and for a case of another
// Dirección Seccional asked by a seccional account (its existence is not revealed).
var ErrCasoNoExiste = fallo.Nuevo(fallo.NoEncontrado, "el caso no existe")

// ErrFormulario carries one message per field of a form.
type ErrFormulario struct{ Campos map[string]string }

func (e *ErrFormulario) Error() string {
	var ks []string
	for k := range e.Campos {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	var s []string
	for _, k := range ks {
		s = append(s, k+": "+e.Campos[k])
	}
	return strings.Join(s, "; ")
}

// Hoy is today's civil date in Colombia from the store's clock: the one
// "today" of the application (fecha.DeTiempo holds the one zone of Bogotá).
func (d *DB) Hoy() fecha.Fecha { return fecha.DeTiempo(d.Now()) }

// ErrCasoDuplicado is a report refused because a case of the same NIT, open
// or closed, has the same commission date: it may be the same fact reported
// twice. The reporter can look at the first and confirm that it is another fact.
type ErrCasoDuplicado struct {
	ID     int64
	Numero string
	Estado flujo.Estado
}

// Cerrado says whether the earlier case is already closed.
func (e *ErrCasoDuplicado) Cerrado() bool {
	return e.Estado == flujo.Cerrado || e.Estado == flujo.NoProcede
}

func (e *ErrCasoDuplicado) Error() string {
	if e.Cerrado() {
		return fmt.Sprintf("Ya hay un caso cerrado de este NIT con la misma fecha de comisión: %s (%s). Si es el mismo hecho, ya se tramitó: no lo reporte de nuevo; "+
			"si es otro hecho, confírmelo al reportar.", e.Numero, e.Estado.Etiqueta())
	}
	return fmt.Sprintf("Ya hay un caso abierto de este NIT con la misma fecha de comisión: %s (%s). Si es el mismo hecho, no lo reporte de nuevo; "+
		"si es otro hecho, confírmelo al reportar.", e.Numero, e.Estado.Etiqueta())
}

type detalleEvento struct {
	Accion string `json:"accion"`
	Texto  string `json:"texto"`
}

// ValoresUsados is valores_json: the rule set and reference values an evaluation used.
type ValoresUsados struct {
	ConjuntoReglas      string `json:"conjunto_reglas"`
	Nombre              string `json:"nombre"`
	VigenteDesde        string `json:"vigente_desde"`
	Fuente              string `json:"fuente"`
	MinimoActos         int    `json:"minimo_actos"`
	UmbralPorMil        string `json:"umbral_por_mil"`
	DiasReporte         int    `json:"dias_reporte"`
	IncrementoComiteUVT string `json:"incremento_comite_uvt"`
	UVT                 *struct {
		Anio       int    `json:"anio"`
		ValorCOP   string `json:"valor_cop"`
		Resolucion string `json:"resolucion"`
	} `json:"uvt"`
	DiasInhabiles []string `json:"dias_inhabiles"`
}

// siguienteNumero is the next case number of the year: CF-2026-0001, CF-2026-0002…
func siguienteNumero(ctx context.Context, tx *sql.Tx, anio int) (string, error) {
	prefijo := fmt.Sprintf("CF-%04d-", anio)
	var max sql.NullInt64
	if err := tx.QueryRowContext(ctx, `SELECT max(CAST(substr(numero, ?) AS INTEGER)) FROM casos WHERE numero LIKE ? || '%'`,
		len(prefijo)+1, prefijo).Scan(&max); err != nil {
		return "", fmt.Errorf("numerar el caso: %w", err)
	}
	return fmt.Sprintf("%s%04d", prefijo, max.Int64+1), nil
}

func insertarEvaluacion(ctx context.Context, tx *sql.Tx, casoID int64, version int, conjunto string, ent, res, val []byte, motivo, cuenta, ahora string) (int64, error) {
	rs, err := tx.ExecContext(ctx, `INSERT INTO evaluaciones(caso_id, version, conjunto_reglas, entrada_json, resultado_json, valores_json, motivo, creado_por, creado_en)
		VALUES (?,?,?,?,?,?,?,?,?)`, casoID, version, conjunto, string(ent), string(res), string(val), motivo, cuenta, ahora)
	if err != nil {
		return 0, fmt.Errorf("guardar la evaluación: %w", err)
	}
	return rs.LastInsertId()
}

func insertarEvento(ctx context.Context, tx *sql.Tx, casoID int64, de, a flujo.Estado, accion flujo.Accion, texto string, evaluacionID int64, quien dominio.ActorCaso, ahora string) error {
	det, _ := json.Marshal(detalleEvento{string(accion), texto})
	var deEstado any
	if de != "" {
		deEstado = string(de)
	}
	var evID any
	if evaluacionID > 0 {
		evID = evaluacionID
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO caso_eventos(caso_id, de_estado, a_estado, evaluacion_id, cuenta, ip, en, detalle_json) VALUES (?,?,?,?,?,?,?,?)`,
		casoID, deEstado, string(a), evID, quien.Cuenta, quien.IP, ahora, string(det))
	if err != nil {
		return fmt.Errorf("guardar la historia del caso: %w", err)
	}
	return nil
}

// fromCasos joins the case with its user and the official name of its Dirección Seccional.
const fromCasos = ` FROM casos c JOIN usuarios_aduaneros u ON u.id = c.usuario_id LEFT JOIN seccionales s ON s.codigo = c.direccion_seccional`

const columnasCaso = `c.id, c.numero, c.usuario_id, u.nit, u.razon_social, u.tipo, c.direccion_seccional, coalesce(s.nombre, c.direccion_seccional), c.estado, c.fecha_comision,
	c.fecha_verificacion, c.fecha_expediente, c.fecha_requerimiento, c.fecha_reporte, c.gravedad, c.sancion,
	c.sancion_prevista_centavos, c.sancion_prevista_cop, c.permite_cancelacion, c.anclaje, c.descripcion, c.criterios_json, c.creado_por, c.creado_en`

func escanearCaso(s interface{ Scan(...any) error }) (dominio.Caso, error) {
	var c dominio.Caso
	var estado, com, ver, rep, grav, sanc, anc, crit string
	var exp, req sql.NullString
	var prevista int64
	var previstaExacta sql.NullString
	var permite int
	err := s.Scan(&c.ID, &c.Numero, &c.UsuarioID, &c.NIT, &c.RazonSocial, &c.TipoUsuario, &c.DireccionSeccional, &c.NombreSeccional, &estado, &com,
		&ver, &exp, &req, &rep, &grav, &sanc, &prevista, &previstaExacta, &permite, &anc, &c.Descripcion, &crit, &c.CreadoPor, &c.CreadoEn)
	if err != nil {
		return c, err
	}
	c.Estado, c.Gravedad, c.Sancion, c.Anclaje = flujo.Estado(estado), sancion.Gravedad(grav), sancion.Tipo(sanc), sancion.Anclaje(anc)
	if c.SancionPrevista, err = montoGuardado(previstaExacta, prevista); err != nil {
		return c, err
	}
	c.PermiteCancelacion = permite == 1
	for _, x := range []struct {
		s sql.NullString
		f *fecha.Fecha
	}{{sql.NullString{String: com, Valid: true}, &c.FechaComision}, {sql.NullString{String: ver, Valid: true}, &c.FechaVerificacion},
		{exp, &c.FechaExpediente}, {req, &c.FechaRequerimiento}, {sql.NullString{String: rep, Valid: true}, &c.FechaReporte}} {
		if *x.f, err = leerFecha(x.s, "caso"); err != nil {
			return c, err
		}
	}
	c.Criterios = map[string]string{}
	if err := json.Unmarshal([]byte(crit), &c.Criterios); err != nil {
		return c, fmt.Errorf("criterios del caso %s ilegibles: %w", c.Numero, err)
	}
	return c, nil
}

// Caso reads one case by id.
func (d *DB) Caso(ctx context.Context, id int64) (dominio.Caso, error) {
	return casoEn(ctx, d, id)
}

func casoEn(ctx context.Context, q consultor, id int64) (dominio.Caso, error) {
	c, err := escanearCaso(q.QueryRowContext(ctx, `SELECT `+columnasCaso+fromCasos+` WHERE c.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrCasoNoExiste
	}
	return c, err
}

// CasoPorReferencia reads a case by its number (CF-2026-0001) or numeric id.
func (d *DB) CasoPorReferencia(ctx context.Context, ref string) (dominio.Caso, error) {
	ref = strings.TrimSpace(ref)
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
		return d.Caso(ctx, id)
	}
	c, err := escanearCaso(d.QueryRowContext(ctx, `SELECT `+columnasCaso+fromCasos+` WHERE c.numero = ? COLLATE NOCASE`, ref))
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrCasoNoExiste
	}
	return c, err
}

// FiltroCasos limits a list of cases.
type FiltroCasos struct {
	Seccional string       // "" = every Dirección Seccional
	Estado    flujo.Estado // "" = every state
	Limite    int          // 0 = 500
}

// ListarCasos lists cases, newest first.
func (d *DB) ListarCasos(ctx context.Context, f FiltroCasos) ([]dominio.Caso, error) {
	q := `SELECT ` + columnasCaso + fromCasos + ` WHERE 1=1`
	var args []any
	if f.Seccional != "" {
		q += ` AND c.direccion_seccional = ?`
		args = append(args, f.Seccional)
	}
	if f.Estado != "" {
		q += ` AND c.estado = ?`
		args = append(args, string(f.Estado))
	}
	if f.Limite <= 0 {
		f.Limite = 500
	}
	q += ` ORDER BY c.id DESC LIMIT ?`
	args = append(args, f.Limite)
	rows, err := d.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("listar casos: %w", err)
	}
	defer rows.Close()
	var out []dominio.Caso
	for rows.Next() {
		c, err := escanearCaso(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

const columnasEvaluacion = `id, caso_id, version, conjunto_reglas, entrada_json, resultado_json, valores_json, motivo, creado_por, creado_en`

func escanearEvaluacion(s interface{ Scan(...any) error }) (dominio.Evaluacion, error) {
	var e dominio.Evaluacion
	err := s.Scan(&e.ID, &e.CasoID, &e.Version, &e.ConjuntoReglas, &e.EntradaJSON, &e.ResultadoJSON, &e.ValoresJSON, &e.Motivo, &e.CreadoPor, &e.CreadoEn)
	if err == nil {
		err = comprobarInstante("evaluaciones.creado_en", e.CreadoEn)
	}
	return e, err
}

// Evaluaciones lists the stored snapshots of a case, oldest first.
func (d *DB) Evaluaciones(ctx context.Context, casoID int64) ([]dominio.Evaluacion, error) {
	return evaluacionesDe(ctx, d, casoID)
}

func evaluacionesDe(ctx context.Context, q consultor, casoID int64) ([]dominio.Evaluacion, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+columnasEvaluacion+` FROM evaluaciones WHERE caso_id = ? ORDER BY version`, casoID)
	if err != nil {
		return nil, fmt.Errorf("leer evaluaciones: %w", err)
	}
	defer rows.Close()
	var out []dominio.Evaluacion
	for rows.Next() {
		e, err := escanearEvaluacion(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

func ultimaEvaluacion(ctx context.Context, q consultor, casoID int64) (dominio.Evaluacion, error) {
	e, err := escanearEvaluacion(q.QueryRowContext(ctx, `SELECT `+columnasEvaluacion+` FROM evaluaciones WHERE caso_id = ? ORDER BY version DESC LIMIT 1`, casoID))
	if errors.Is(err, sql.ErrNoRows) {
		return e, fmt.Errorf("el caso %d no tiene evaluación guardada", casoID)
	}
	return e, err
}

// UltimaEvaluacion is the latest snapshot of a case (the one in force).
func (d *DB) UltimaEvaluacion(ctx context.Context, casoID int64) (dominio.Evaluacion, error) {
	return ultimaEvaluacion(ctx, d, casoID)
}

// Historia lists the history of a case in the order it happened.
func (d *DB) Historia(ctx context.Context, casoID int64) ([]dominio.EventoCaso, error) {
	return historiaDe(ctx, d, casoID)
}

func historiaDe(ctx context.Context, q consultor, casoID int64) ([]dominio.EventoCaso, error) {
	rows, err := q.QueryContext(ctx, `SELECT e.id, e.de_estado, e.a_estado, e.evaluacion_id, coalesce(v.version, 0), e.cuenta, e.ip, e.en, e.detalle_json
		FROM caso_eventos e LEFT JOIN evaluaciones v ON v.id = e.evaluacion_id WHERE e.caso_id = ? ORDER BY e.id`, casoID)
	if err != nil {
		return nil, fmt.Errorf("leer la historia: %w", err)
	}
	defer rows.Close()
	var out []dominio.EventoCaso
	for rows.Next() {
		var ev dominio.EventoCaso
		var de sql.NullString
		var evID sql.NullInt64
		var a, det string
		if err := rows.Scan(&ev.ID, &de, &a, &evID, &ev.EvaluacionVersion, &ev.Cuenta, &ev.IP, &ev.En, &det); err != nil {
			return nil, err
		}
		if err := comprobarInstante("caso_eventos.en", ev.En); err != nil {
			return nil, err
		}
		ev.DeEstado, ev.AEstado, ev.EvaluacionID = flujo.Estado(de.String), flujo.Estado(a), evID.Int64
		var x detalleEvento
		if json.Unmarshal([]byte(det), &x) == nil {
			ev.Accion, ev.Texto = flujo.Accion(x.Accion), x.Texto
		}
		out = append(out, ev)
	}
	return out, rows.Err()
}

// HechosCaso are the stored facts a step of a case is decided on (the
// application assembles flujo.Contexto from them): its latest evaluation
// snapshot, the reference values to read it with, whether an informe was
// issued on that snapshot and whether the applicable norm was recorded.
type HechosCaso struct {
	Evaluacion      dominio.Evaluacion
	Referencia      valores.Referencia
	InformeEmitido  bool
	NormaRegistrada bool
}

func hechosCaso(ctx context.Context, q consultor, c dominio.Caso) (HechosCaso, error) {
	var h HechosCaso
	var err error
	if h.Evaluacion, err = ultimaEvaluacion(ctx, q, c.ID); err != nil {
		return h, err
	}
	if h.Referencia, err = referenciaEn(ctx, q); err != nil {
		return h, err
	}
	var n int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM informes WHERE caso_id = ? AND evaluacion_id = ?`, c.ID, h.Evaluacion.ID).Scan(&n); err != nil {
		return h, err
	}
	norma, err := normaAplicableEn(ctx, q, c.ID)
	if err != nil {
		return h, err
	}
	h.InformeEmitido, h.NormaRegistrada = n > 0, norma != nil
	return h, nil
}

// HechosCaso reads, in one read transaction, the facts a step of the case
// is decided on (for the screens: flujo.Siguientes).
func (d *DB) HechosCaso(ctx context.Context, c dominio.Caso) (HechosCaso, error) {
	tx, err := d.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return HechosCaso{}, err
	}
	defer tx.Rollback()
	return hechosCaso(ctx, tx, c)
}

// fechaPresentacion is the civil date the case went to the Comité (zero: not yet).
func fechaPresentacion(ctx context.Context, q consultor, casoID int64) (fecha.Fecha, error) {
	var en string
	err := q.QueryRowContext(ctx, `SELECT en FROM caso_eventos WHERE caso_id = ? AND a_estado = ? ORDER BY id DESC LIMIT 1`, casoID, string(flujo.EnComite)).Scan(&en)
	if errors.Is(err, sql.ErrNoRows) {
		return fecha.Fecha{}, nil
	}
	if err != nil {
		return fecha.Fecha{}, err
	}
	t, err := time.Parse(time.RFC3339Nano, en)
	if err != nil {
		return fecha.Fecha{}, err
	}
	return fecha.DeTiempo(t), nil
}

// FechaPresentacion is the civil date the case went to the Comité (zero: not yet).
func (d *DB) FechaPresentacion(ctx context.Context, casoID int64) (fecha.Fecha, error) {
	return fechaPresentacion(ctx, d, casoID)
}
