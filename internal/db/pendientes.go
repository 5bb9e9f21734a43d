package db

import (
	"comite/internal/dominio"
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"
	"time"

	"comite/internal/fecha"
	"comite/internal/flujo"
)

// TerminoFijado is the internal term (business days) an administrator set
// for a stage, with who set it and when.
type TerminoFijado struct {
	Etapa     string
	Dias      int
	FijadoPor string
	FijadoEn  string
}

// TerminosFijados reads the terms set, by stage; a stage never set is absent
// (the application gives it its stated default).
func (d *DB) TerminosFijados(ctx context.Context) (map[string]TerminoFijado, error) {
	out := map[string]TerminoFijado{}
	rows, err := (conPreparadas{d: d}).QueryContext(ctx, `SELECT etapa, dias_habiles, fijado_por, fijado_en FROM terminos_internos`)
	if err != nil {
		return nil, fmt.Errorf("leer términos internos: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var t TerminoFijado
		if err := rows.Scan(&t.Etapa, &t.Dias, &t.FijadoPor, &t.FijadoEn); err != nil {
			return nil, err
		}
		out[t.Etapa] = t
	}
	return out, rows.Err()
}

// CambioTermino is the new term of a stage, with the term the stage has
// when none was set (what the audit row records as the value before).
type CambioTermino struct {
	Etapa          string
	Dias           int
	Predeterminado int
}

// FijarTerminosInternos sets the internal terms given, in their order, in
// one transaction, each change with its audit row (the value before and
// after): all land or none does. A stage whose term does not change is left
// alone. The terms were checked by the caller.
func (d *DB) FijarTerminosInternos(ctx context.Context, cambios []CambioTermino, quien dominio.Actor) error {
	return d.enTx(ctx, func(tx *sql.Tx) error {
		for _, c := range cambios {
			e, n := c.Etapa, c.Dias
			antes := c.Predeterminado
			predeterminado := true
			err := tx.QueryRowContext(ctx, `SELECT dias_habiles FROM terminos_internos WHERE etapa = ?`, e).Scan(&antes)
			switch {
			case err == nil:
				predeterminado = false
			case err != sql.ErrNoRows:
				return err
			}
			if !predeterminado && antes == n {
				continue
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO terminos_internos(etapa, dias_habiles, fijado_por, fijado_en) VALUES (?,?,?,?)
				ON CONFLICT(etapa) DO UPDATE SET dias_habiles = excluded.dias_habiles, fijado_por = excluded.fijado_por, fijado_en = excluded.fijado_en`,
				e, n, quien.Cuenta, d.ahoraEn(tx)); err != nil {
				return err
			}
			if err := d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "termino_interno.fijar", Objeto: "termino_interno:" + e,
				Detalle: map[string]any{"antes": antes, "antes_predeterminado": predeterminado, "despues": n}}); err != nil {
				return err
			}
		}
		return nil
	})
}

// CasoPendiente is an open case with the dates its stage terms count from.
type CasoPendiente struct {
	ID                 int64
	Numero             string
	NIT                string
	RazonSocial        string
	DireccionSeccional string
	Estado             flujo.Estado
	FechaReporte       fecha.Fecha
	PlazoReporte       fecha.Fecha // legal term of the report (latest stored evaluation); zero if unknown
	EnEstadoDesde      fecha.Fecha // day the case entered its current state
	Presentado         fecha.Fecha // day it went to the Comité (zero: not yet)
	Concepto           fecha.Fecha // day the concepto in force was registered (zero: none)
}

// FiltroPendientes chooses the open cases of a queue.
type FiltroPendientes struct {
	Estados   []flujo.Estado // the states whose next step is the account's
	Seccional string         // "" = every Dirección Seccional
}

// CasosPendientes lists the open cases in the given states, oldest in their
// state first. No limit: a queue is every case waiting.
func (d *DB) CasosPendientes(ctx context.Context, f FiltroPendientes) ([]CasoPendiente, error) {
	if len(f.Estados) == 0 {
		return nil, nil
	}
	marcas := make([]string, len(f.Estados))
	args := make([]any, 0, len(f.Estados)+1)
	for i, e := range f.Estados {
		marcas[i] = "?"
		args = append(args, string(e))
	}
	q := `SELECT c.id, c.numero, u.nit, u.razon_social, c.direccion_seccional, c.estado, c.fecha_reporte,
		coalesce((SELECT json_extract(e.resultado_json, '$.plazo_reporte') FROM evaluaciones e WHERE e.caso_id = c.id ORDER BY e.version DESC LIMIT 1), ''),
		coalesce((SELECT max(x.en) FROM caso_eventos x WHERE x.caso_id = c.id AND x.a_estado = c.estado), ''),
		coalesce((SELECT max(x.en) FROM caso_eventos x WHERE x.caso_id = c.id AND x.a_estado = 'en_comite'), ''),
		coalesce((SELECT k.registrado_en FROM conceptos k WHERE k.caso_id = c.id ORDER BY k.id DESC LIMIT 1), '')
		FROM casos c JOIN usuarios_aduaneros u ON u.id = c.usuario_id
		WHERE c.estado IN (` + strings.Join(marcas, ",") + `)`
	if f.Seccional != "" {
		q += ` AND c.direccion_seccional = ?`
		args = append(args, f.Seccional)
	}
	rows, err := d.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("listar pendientes: %w", err)
	}
	defer rows.Close()
	var out []CasoPendiente
	for rows.Next() {
		var p CasoPendiente
		var estado, rep, plazo, desde, pres, conc string
		if err := rows.Scan(&p.ID, &p.Numero, &p.NIT, &p.RazonSocial, &p.DireccionSeccional, &estado, &rep, &plazo, &desde, &pres, &conc); err != nil {
			return nil, err
		}
		p.Estado = flujo.Estado(estado)
		var err error
		if p.FechaReporte, err = fechaGuardada("casos.fecha_reporte", rep); err != nil {
			return nil, fmt.Errorf("caso %s: %w", p.Numero, err)
		}
		if p.PlazoReporte, err = fechaGuardada("plazo_reporte de la evaluación", plazo); err != nil {
			return nil, fmt.Errorf("caso %s: %w", p.Numero, err)
		}
		if p.EnEstadoDesde, err = fechaDeInstante("caso_eventos.en", desde); err != nil {
			return nil, fmt.Errorf("caso %s: %w", p.Numero, err)
		}
		if p.Presentado, err = fechaDeInstante("caso_eventos.en", pres); err != nil {
			return nil, fmt.Errorf("caso %s: %w", p.Numero, err)
		}
		if p.Concepto, err = fechaDeInstante("conceptos.registrado_en", conc); err != nil {
			return nil, fmt.Errorf("caso %s: %w", p.Numero, err)
		}
		if p.EnEstadoDesde.IsZero() {
			// A case reported before its history was kept: it is in its
			// state since the report.
			p.EnEstadoDesde = p.FechaReporte
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	ordenarPendientes(out)
	return out, nil
}

func ordenarPendientes(ps []CasoPendiente) {
	// Oldest in its state first; ties by case number, so the order is stable.
	sort.Slice(ps, func(i, j int) bool { return antesPendiente(ps[i], ps[j]) })
}

func antesPendiente(a, b CasoPendiente) bool {
	if c := a.EnEstadoDesde.Compare(b.EnEstadoDesde); c != 0 {
		return c < 0
	}
	return a.Numero < b.Numero
}

// FechaBogotaDe is the civil date in Colombia of a stored instant (zero when empty or unreadable).
func FechaBogotaDe(s string) fecha.Fecha {
	if s == "" {
		return fecha.Fecha{}
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return fecha.Fecha{}
	}
	return fecha.DeTiempo(t)
}
