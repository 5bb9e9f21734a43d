package db

// The Comité's binding concepto (Decreto Ley 920 de 2023, art. 25 por
// posición; docs/reglas.md §3 step 4) and the closing REA proposal (§2.9, §3
// step 5). A concepto row is insert-only (the database refuses UPDATE and
// DELETE, migraciones/0001); a material error is fixed by a new row linked
// with corrige_id and its reason, and the original stays visible.

import (
	"comite/internal/dominio"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"comite/internal/fecha"
	"comite/internal/flujo"

	"github.com/shopspring/decimal"
)

// ErrConcepto carries the problems of a concepto by field (flujo.ValidarConcepto).
type ErrConcepto struct{ Campos map[string]string }

func (e *ErrConcepto) Error() string { return (&ErrFormulario{e.Campos}).Error() }

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

const columnasConcepto = `id, caso_id, fecha_sesion, miembros, decision, motivacion_json, criterios_cancelacion, evaluacion_id, corrige_id, motivo_correccion, registrado_por, registrado_en, coalesce(sesion_id, 0)`

func escanearConcepto(s interface{ Scan(...any) error }) (dominio.ConceptoGuardado, error) {
	var c dominio.ConceptoGuardado
	var ses, miembros, dec, mot, crit string
	var corrige sql.NullInt64
	if err := s.Scan(&c.ID, &c.CasoID, &ses, &miembros, &dec, &mot, &crit, &c.EvaluacionID, &corrige, &c.MotivoCorreccion, &c.RegistradoPor, &c.RegistradoEn, &c.SesionID); err != nil {
		return c, err
	}
	if err := comprobarInstante("conceptos.registrado_en", c.RegistradoEn); err != nil {
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

func conceptoPorID(ctx context.Context, q consultor, id int64) (dominio.ConceptoGuardado, error) {
	return escanearConcepto(q.QueryRowContext(ctx, `SELECT `+columnasConcepto+` FROM conceptos WHERE id = ?`, id))
}

func conceptosDe(ctx context.Context, q consultor, casoID int64) ([]dominio.ConceptoGuardado, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+columnasConcepto+` FROM conceptos WHERE caso_id = ? ORDER BY id`, casoID)
	if err != nil {
		return nil, fmt.Errorf("leer conceptos: %w", err)
	}
	defer rows.Close()
	var out []dominio.ConceptoGuardado
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
func (d *DB) Conceptos(ctx context.Context, casoID int64) ([]dominio.ConceptoGuardado, error) {
	return conceptosDe(ctx, d, casoID)
}

// PropuestaDe reads the recorded REA proposal of a case (nil: none yet).
func (d *DB) PropuestaDe(ctx context.Context, casoID int64) (*dominio.PropuestaREA, error) {
	return propuestaDe(ctx, d, casoID)
}

func propuestaDe(ctx context.Context, q consultor, casoID int64) (*dominio.PropuestaREA, error) {
	var p dominio.PropuestaREA
	var prop, f string
	var uvtAnio, uvtValor, total sql.NullInt64
	var totalExacto sql.NullString
	err := q.QueryRowContext(ctx, `SELECT id, caso_id, concepto_id, propuesta, fecha_rea, uvt_anio, uvt_valor, total_centavos, total_cop, registrado_por, registrado_en
		FROM propuestas_rea WHERE caso_id = ?`, casoID).Scan(&p.ID, &p.CasoID, &p.ConceptoID, &prop, &f, &uvtAnio, &uvtValor, &total, &totalExacto, &p.RegistradoPor, &p.RegistradoEn)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if err := comprobarInstante("propuestas_rea.registrado_en", p.RegistradoEn); err != nil {
		return nil, err
	}
	p.Propuesta = flujo.Decision(prop)
	if p.FechaREA, err = fecha.ParseISO(f); err != nil {
		return nil, err
	}
	if total.Valid {
		t, err := montoGuardado(totalExacto, total.Int64)
		if err != nil {
			return nil, err
		}
		p.Total = &t
	}
	if uvtAnio.Valid && p.Total != nil {
		// As recorded: the UVT row used and the total; the increment is their difference.
		caso, err := casoEn(ctx, q, casoID)
		if err != nil {
			return nil, err
		}
		inc := dominio.IncrementoREA{UVTAnio: int(uvtAnio.Int64), UVTValor: decimal.NewFromInt(uvtValor.Int64),
			Incremento: p.Total.Sub(caso.SancionPrevista)}
		if err := q.QueryRowContext(ctx, `SELECT resolucion FROM uvt WHERE anio = ?`, inc.UVTAnio).Scan(&inc.UVTResolucion); err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		p.Incremento = &inc
	}
	return &p, nil
}
