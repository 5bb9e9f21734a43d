package db

// The Comité's binding concepto (Decreto Ley 920 de 2023, art. 25 por
// posición; docs/reglas.md §3 step 4) and the closing REA proposal (§2.9, §3
// step 5). A concepto row is insert-only (the database refuses UPDATE and
// DELETE, migraciones/0001); a material error is fixed by a new row linked
// with corrige_id and its reason, and the original stays visible.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/reincidencia"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

// ConceptoGuardado is one recorded concepto (the original, or a correction).
type ConceptoGuardado struct {
	ID               int64
	CasoID           int64
	Concepto         flujo.Concepto
	EvaluacionID     int64
	CorrigeID        int64 // 0: the original
	SesionID         int64 // the session it was recorded in (0: outside a session)
	MotivoCorreccion string
	RegistradoPor    string
	RegistradoEn     string
}

// Instante parses RegistradoEn.
func (c ConceptoGuardado) Instante() time.Time {
	t, _ := time.Parse(time.RFC3339Nano, c.RegistradoEn)
	return t
}

// ErrConcepto carries the problems of a concepto by field (flujo.ValidarConcepto).
type ErrConcepto struct{ Campos map[string]string }

func (e *ErrConcepto) Error() string { return (&ErrFormulario{e.Campos}).Error() }

// ValidarConceptoCaso checks a concepto for a case as it would be recorded now
// (the confirmation step calls it before showing what will be recorded).
func (d *DB) ValidarConceptoCaso(ctx context.Context, casoID int64, c flujo.Concepto) (map[string]string, error) {
	pres, err := fechaPresentacion(ctx, d, casoID)
	if err != nil {
		return nil, err
	}
	caso, err := casoEn(ctx, d, casoID)
	if err != nil {
		return nil, err
	}
	cx, _, err := contexto(ctx, d, caso)
	if err != nil {
		return nil, err
	}
	return flujo.ValidarConcepto(flujo.NormalizarConcepto(c), d.Hoy(), pres, cx.SegundaRuta), nil
}

// ValidarCorreccionCaso checks a correction as it would be recorded now
// against the concepto in force (the confirmation step calls it).
func (d *DB) ValidarCorreccionCaso(ctx context.Context, casoID int64, c flujo.Concepto, motivo string) (map[string]string, error) {
	caso, err := casoEn(ctx, d, casoID)
	if err != nil {
		return nil, err
	}
	cx, _, err := contexto(ctx, d, caso)
	if err != nil {
		return nil, err
	}
	pres, err := fechaPresentacion(ctx, d, casoID)
	if err != nil {
		return nil, err
	}
	cs, err := conceptosDe(ctx, d, casoID)
	if err != nil || len(cs) == 0 {
		return nil, err
	}
	return flujo.ValidarCorreccion(cs[len(cs)-1].Concepto, flujo.NormalizarConcepto(c), motivo, d.Hoy(), pres, cx.SegundaRuta), nil
}

func insertarConcepto(ctx context.Context, tx *sql.Tx, casoID int64, c flujo.Concepto, evID, corrige, sesionID int64, motivo, cuenta, ahora string) (int64, error) {
	miembros, _ := json.Marshal(c.Miembros)
	mot, _ := json.Marshal(c.Motivacion)
	crit, _ := json.Marshal(c.CriteriosCancelacion)
	var cid, sid any
	if corrige > 0 {
		cid = corrige
	}
	if sesionID > 0 {
		sid = sesionID
	}
	rs, err := tx.ExecContext(ctx, `INSERT INTO conceptos(caso_id, fecha_sesion, miembros, decision, motivacion_json, criterios_cancelacion,
		evaluacion_id, corrige_id, motivo_correccion, registrado_por, registrado_en, sesion_id) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)`,
		casoID, c.FechaSesion.String(), string(miembros), string(c.Decision), string(mot), string(crit), evID, cid, motivo, cuenta, ahora, sid)
	if err != nil {
		return 0, fmt.Errorf("guardar el concepto: %w", err)
	}
	return rs.LastInsertId()
}

func detalleConcepto(c flujo.Concepto) map[string]any {
	return map[string]any{"fecha_sesion": c.FechaSesion.String(), "miembros": c.Miembros, "decision": c.Decision,
		"motivacion": c.Motivacion, "criterios_cancelacion": c.CriteriosCancelacion}
}

// RegistrarConcepto records the Comité's concepto (en_comite →
// concepto_emitido) outside a session. Kept for the records written before
// sessions existed and for the store's own checks; the application records
// every concepto inside a session (RegistrarConceptoEnSesion), where its date
// and members come from the session and the quorum is enforced. It is final:
// nothing in the application changes or deletes it afterwards.
func (d *DB) RegistrarConcepto(ctx context.Context, casoID int64, c flujo.Concepto, quien ActorCaso) (ConceptoGuardado, error) {
	var id int64
	err := d.EnTx(ctx, func(tx *sql.Tx) error {
		var err error
		id, err = d.registrarConcepto(ctx, tx, casoID, c, 0, "", quien)
		return err
	})
	if err != nil {
		return ConceptoGuardado{}, err
	}
	return conceptoPorID(ctx, d, id)
}

// registrarConcepto validates and records a concepto inside tx; sesionID > 0
// links it to the session numbered sesionNumero.
func (d *DB) registrarConcepto(ctx context.Context, tx *sql.Tx, casoID int64, c flujo.Concepto, sesionID int64, sesionNumero string, quien ActorCaso) (int64, error) {
	c = flujo.NormalizarConcepto(c)
	caso, err := casoPara(ctx, tx, casoID, quien)
	if err != nil {
		return 0, err
	}
	cx, _, err := contexto(ctx, tx, caso)
	if err != nil {
		return 0, err
	}
	if _, err := flujo.Validar(flujo.EmitirConcepto, quien.Rol, cx); err != nil {
		return 0, err
	}
	pres, err := fechaPresentacion(ctx, tx, casoID)
	if err != nil {
		return 0, err
	}
	if p := flujo.ValidarConcepto(c, d.Hoy(), pres, cx.SegundaRuta); len(p) > 0 {
		return 0, &ErrConcepto{p}
	}
	texto := "Concepto del Comité: " + c.Decision.Etiqueta() + " (sesión del " + c.FechaSesion.DMA() + ")"
	det := detalleConcepto(c)
	if sesionID > 0 {
		texto = "Concepto del Comité: " + c.Decision.Etiqueta() + " (sesión " + sesionNumero + " del " + c.FechaSesion.DMA() + ")"
		det["sesion"] = sesionNumero
	}
	_, ev, err := d.paso(ctx, tx, caso, flujo.EmitirConcepto, quien, texto, det)
	if err != nil {
		return 0, err
	}
	return insertarConcepto(ctx, tx, casoID, c, ev.ID, 0, sesionID, "", quien.Cuenta, d.Ahora())
}

// CorregirConcepto records a correction of a material error: a new concepto
// row linked to the latest one, with its reason. The original is not touched
// (the database would refuse it) and stays visible. Only while the case is
// concepto_emitido (flujo), never with another decision, never with a session
// date before the presentation (flujo.ValidarCorreccion).
func (d *DB) CorregirConcepto(ctx context.Context, casoID int64, c flujo.Concepto, motivo string, quien ActorCaso) (ConceptoGuardado, error) {
	c = flujo.NormalizarConcepto(c)
	motivo = strings.TrimSpace(motivo)
	var id int64
	err := d.EnTx(ctx, func(tx *sql.Tx) error {
		caso, err := casoPara(ctx, tx, casoID, quien)
		if err != nil {
			return err
		}
		cx, ev, err := contexto(ctx, tx, caso)
		if err != nil {
			return err
		}
		if _, err := flujo.Validar(flujo.CorregirConcepto, quien.Rol, cx); err != nil {
			return err
		}
		cs, err := conceptosDe(ctx, tx, casoID)
		if err != nil {
			return err
		}
		if len(cs) == 0 {
			return &flujo.ErrPaso{Mensaje: "El caso no tiene concepto registrado: no hay nada que corregir."}
		}
		ultimo := cs[len(cs)-1]
		pres, err := fechaPresentacion(ctx, tx, casoID)
		if err != nil {
			return err
		}
		if p := flujo.ValidarCorreccion(ultimo.Concepto, c, motivo, d.Hoy(), pres, cx.SegundaRuta); len(p) > 0 {
			return &ErrConcepto{p}
		}
		ahora := d.Ahora()
		if id, err = insertarConcepto(ctx, tx, casoID, c, ultimo.EvaluacionID, ultimo.ID, ultimo.SesionID, motivo, quien.Cuenta, ahora); err != nil {
			return err
		}
		texto := "Corrección del concepto: " + motivo
		if err := insertarEvento(ctx, tx, casoID, caso.Estado, caso.Estado, flujo.CorregirConcepto, texto, ev.ID, quien, ahora); err != nil {
			return err
		}
		det := detalleConcepto(c)
		det["corrige_id"], det["motivo_correccion"], det["concepto_id"] = ultimo.ID, motivo, id
		return d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "caso.corregir_concepto", Objeto: "caso:" + caso.Numero, Detalle: det})
	})
	if err != nil {
		return ConceptoGuardado{}, err
	}
	return conceptoPorID(ctx, d, id)
}

const columnasConcepto = `id, caso_id, fecha_sesion, miembros, decision, motivacion_json, criterios_cancelacion, evaluacion_id, corrige_id, motivo_correccion, registrado_por, registrado_en, coalesce(sesion_id, 0)`

func escanearConcepto(s interface{ Scan(...any) error }) (ConceptoGuardado, error) {
	var c ConceptoGuardado
	var ses, miembros, dec, mot, crit string
	var corrige sql.NullInt64
	if err := s.Scan(&c.ID, &c.CasoID, &ses, &miembros, &dec, &mot, &crit, &c.EvaluacionID, &corrige, &c.MotivoCorreccion, &c.RegistradoPor, &c.RegistradoEn, &c.SesionID); err != nil {
		return c, err
	}
	f, err := fecha.ParseISO(ses)
	if err != nil {
		return c, fmt.Errorf("fecha de sesión guardada inválida %q", ses)
	}
	c.Concepto.FechaSesion, c.Concepto.Decision, c.CorrigeID = f, flujo.Decision(dec), corrige.Int64
	if err := json.Unmarshal([]byte(miembros), &c.Concepto.Miembros); err != nil {
		return c, fmt.Errorf("miembros guardados ilegibles: %w", err)
	}
	if err := json.Unmarshal([]byte(mot), &c.Concepto.Motivacion); err != nil {
		return c, fmt.Errorf("motivación guardada ilegible: %w", err)
	}
	if err := json.Unmarshal([]byte(crit), &c.Concepto.CriteriosCancelacion); err != nil {
		return c, fmt.Errorf("criterios guardados ilegibles: %w", err)
	}
	return c, nil
}

func conceptoPorID(ctx context.Context, q consultor, id int64) (ConceptoGuardado, error) {
	return escanearConcepto(q.QueryRowContext(ctx, `SELECT `+columnasConcepto+` FROM conceptos WHERE id = ?`, id))
}

func conceptosDe(ctx context.Context, q consultor, casoID int64) ([]ConceptoGuardado, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+columnasConcepto+` FROM conceptos WHERE caso_id = ? ORDER BY id`, casoID)
	if err != nil {
		return nil, fmt.Errorf("leer conceptos: %w", err)
	}
	defer rows.Close()
	var out []ConceptoGuardado
	for rows.Next() {
		c, err := escanearConcepto(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// Conceptos lists the concepto of a case and its corrections, oldest first:
// [0] is the original; the last one is in force.
func (d *DB) Conceptos(ctx context.Context, casoID int64) ([]ConceptoGuardado, error) {
	return conceptosDe(ctx, d, casoID)
}

// PropuestaREA is the proposal recorded when a case closes.
type PropuestaREA struct {
	ID            int64
	CasoID        int64
	ConceptoID    int64
	Propuesta     flujo.Decision
	FechaREA      fecha.Fecha
	Incremento    *reincidencia.SancionIncrementada // nil for cancelación or no increment
	Total         *decimal.Decimal                  // nil for cancelación
	RegistradoPor string
	RegistradoEn  string
}

// ProponerREA computes, without recording, the proposal the case would close
// with for an REA date, always from the last concepto (the one in force):
// cancelación when it cancels (also the second route's visto bueno); on the
// first route the foreseen fine plus 1.000 UVT of the REA's year
// (reincidencia.IncrementoComite; art. 25 by position), no increment when the
// infraction's own sanction is not a multa; on the second route without visto
// bueno, the foreseen fine without the increment (art. 25 last paragraph by position).
func (d *DB) ProponerREA(ctx context.Context, casoID int64, fechaREA fecha.Fecha) (PropuestaREA, error) {
	return proponer(ctx, d, casoID, fechaREA)
}

func proponer(ctx context.Context, q consultor, casoID int64, fechaREA fecha.Fecha) (PropuestaREA, error) {
	p := PropuestaREA{CasoID: casoID, FechaREA: fechaREA}
	caso, err := casoEn(ctx, q, casoID)
	if err != nil {
		return p, err
	}
	cs, err := conceptosDe(ctx, q, casoID)
	if err != nil {
		return p, err
	}
	if len(cs) == 0 {
		return p, &flujo.ErrPaso{Mensaje: "El caso no tiene concepto del Comité: la propuesta del REA se registra después del concepto."}
	}
	vig := cs[len(cs)-1]
	p.ConceptoID, p.Propuesta = vig.ID, vig.Concepto.Decision
	if fechaREA.IsZero() {
		return p, &ErrFormulario{map[string]string{"fecha_rea": "Indique la fecha del requerimiento especial aduanero."}}
	}
	if fechaREA.Antes(vig.Concepto.FechaSesion) {
		return p, &ErrFormulario{map[string]string{"fecha_rea": "El requerimiento no puede ser anterior a la sesión del Comité (" + vig.Concepto.FechaSesion.DMA() + ")."}}
	}
	if p.Propuesta.Cancela() {
		return p, nil
	}
	total := caso.SancionPrevista
	if p.Propuesta.Incrementa() && caso.Sancion == sancion.Multa {
		// The rule set stored with the evaluation, never one chosen again.
		ref, err := referenciaEn(ctx, q)
		if err != nil {
			return p, err
		}
		ev, err := ultimaEvaluacion(ctx, q, casoID)
		if err != nil {
			return p, err
		}
		conj, err := ref.Conjunto(ev.ConjuntoReglas)
		if err != nil {
			return p, fmt.Errorf("la evaluación guardada del caso: %w", err)
		}
		inc, err := reincidencia.IncrementoComite(caso.SancionPrevista, fechaREA.Anio(), conj, ref)
		if err != nil {
			return p, &ErrFormulario{map[string]string{"fecha_rea": formato.MayusculaInicial(err.Error()) + "."}}
		}
		p.Incremento, total = &inc, inc.Total
	}
	p.Total = &total
	return p, nil
}

// CerrarCaso records the REA proposal (concepto_emitido → cerrado).
func (d *DB) CerrarCaso(ctx context.Context, casoID int64, fechaREA fecha.Fecha, quien ActorCaso) (PropuestaREA, error) {
	err := d.EnTx(ctx, func(tx *sql.Tx) error {
		caso, err := casoPara(ctx, tx, casoID, quien)
		if err != nil {
			return err
		}
		cx, _, err := contexto(ctx, tx, caso)
		if err != nil {
			return err
		}
		if _, err := flujo.Validar(flujo.Cerrar, quien.Rol, cx); err != nil {
			return err
		}
		p, err := proponer(ctx, tx, casoID, fechaREA)
		if err != nil {
			return err
		}
		var uvtAnio, uvtValor, total any
		det := map[string]any{"propuesta": p.Propuesta, "fecha_rea": fechaREA.String(), "concepto_id": p.ConceptoID}
		texto := "Propuesta del REA del " + fechaREA.DMA() + ": " + p.Propuesta.Etiqueta()
		if p.Incremento != nil {
			uvtAnio, uvtValor = p.Incremento.UVTAnio, p.Incremento.UVTValor.IntPart()
			det["uvt_anio"], det["uvt_valor_cop"], det["incremento_cop"] = p.Incremento.UVTAnio, p.Incremento.UVTValor.String(), p.Incremento.Incremento.String()
		}
		if p.Total != nil {
			c, err := CentavosDe(*p.Total)
			if err != nil {
				return err
			}
			total = c
			det["total_cop"] = p.Total.String()
			texto += " por " + formato.Pesos(*p.Total)
		}
		if _, _, err := d.paso(ctx, tx, caso, flujo.Cerrar, quien, texto, det); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE casos SET fecha_requerimiento = ? WHERE id = ?`, fechaREA.String(), casoID); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO propuestas_rea(caso_id, concepto_id, propuesta, fecha_rea, uvt_anio, uvt_valor, total_centavos, registrado_por, registrado_en)
			VALUES (?,?,?,?,?,?,?,?,?)`, casoID, p.ConceptoID, string(p.Propuesta), fechaREA.String(), uvtAnio, uvtValor, total, quien.Cuenta, d.Ahora())
		if err != nil {
			return fmt.Errorf("guardar la propuesta del REA: %w", err)
		}
		return nil
	})
	if err != nil {
		return PropuestaREA{}, err
	}
	p, err := d.PropuestaDe(ctx, casoID)
	if err != nil || p == nil {
		return PropuestaREA{}, err
	}
	return *p, nil
}

// PropuestaDe reads the recorded REA proposal of a case (nil: none yet).
func (d *DB) PropuestaDe(ctx context.Context, casoID int64) (*PropuestaREA, error) {
	return propuestaDe(ctx, d, casoID)
}

func propuestaDe(ctx context.Context, q consultor, casoID int64) (*PropuestaREA, error) {
	var p PropuestaREA
	var prop, f string
	var uvtAnio, uvtValor, total sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT id, caso_id, concepto_id, propuesta, fecha_rea, uvt_anio, uvt_valor, total_centavos, registrado_por, registrado_en
		FROM propuestas_rea WHERE caso_id = ?`, casoID).Scan(&p.ID, &p.CasoID, &p.ConceptoID, &prop, &f, &uvtAnio, &uvtValor, &total, &p.RegistradoPor, &p.RegistradoEn)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	p.Propuesta = flujo.Decision(prop)
	if p.FechaREA, err = fecha.ParseISO(f); err != nil {
		return nil, err
	}
	if total.Valid {
		t := PesosDeCentavos(total.Int64)
		p.Total = &t
	}
	if uvtAnio.Valid && p.Total != nil {
		// As recorded: the UVT row used and the total; the increment is their difference.
		caso, err := casoEn(ctx, q, casoID)
		if err != nil {
			return nil, err
		}
		inc := reincidencia.SancionIncrementada{UVTAnio: int(uvtAnio.Int64), UVTValor: decimal.NewFromInt(uvtValor.Int64),
			Incremento: p.Total.Sub(caso.SancionPrevista), Total: *p.Total}
		if err := q.QueryRowContext(ctx, `SELECT resolucion FROM uvt WHERE anio = ?`, inc.UVTAnio).Scan(&inc.UVTResolucion); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		p.Incremento = &inc
	}
	return &p, nil
}
