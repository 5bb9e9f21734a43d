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
	"comite/internal/plazos"
)

// TerminoInterno is the internal term of a stage: the one the administrator
// set, or the stated default (Predeterminado true) when none was set.
type TerminoInterno struct {
	Etapa          plazos.Etapa
	Dias           int
	Predeterminado bool
	FijadoPor      string
	FijadoEn       string
}

// TerminosInternos returns the term of every stage, in workflow order.
func (d *DB) TerminosInternos(ctx context.Context) ([]TerminoInterno, error) {
	fijados := map[plazos.Etapa]TerminoInterno{}
	rows, err := d.QueryContext(ctx, `SELECT etapa, dias_habiles, fijado_por, fijado_en FROM terminos_internos`)
	if err != nil {
		return nil, fmt.Errorf("leer términos internos: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var t TerminoInterno
		var e string
		if err := rows.Scan(&e, &t.Dias, &t.FijadoPor, &t.FijadoEn); err != nil {
			return nil, err
		}
		t.Etapa = plazos.Etapa(e)
		fijados[t.Etapa] = t
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]TerminoInterno, 0, len(plazos.Etapas))
	for _, e := range plazos.Etapas {
		t, ok := fijados[e]
		if !ok {
			t = TerminoInterno{Etapa: e, Dias: plazos.Predeterminados[e], Predeterminado: true}
		}
		out = append(out, t)
	}
	return out, nil
}

// DiasPorEtapa is TerminosInternos as a map.
func (d *DB) DiasPorEtapa(ctx context.Context) (map[plazos.Etapa]int, error) {
	ts, err := d.TerminosInternos(ctx)
	if err != nil {
		return nil, err
	}
	out := map[plazos.Etapa]int{}
	for _, t := range ts {
		out[t.Etapa] = t.Dias
	}
	return out, nil
}

// FijarTerminosInternos sets the internal terms of the given stages in one
// transaction, each change with its audit row (the value before and after):
// all land or none does. A stage whose term does not change is left alone.
func (d *DB) FijarTerminosInternos(ctx context.Context, dias map[plazos.Etapa]int, quien dominio.Actor) error {
	for _, e := range plazos.Etapas {
		if n, ok := dias[e]; ok {
			if err := plazos.Validar(e, n); err != nil {
				return &dominio.ErrValidacion{Campo: "dias_" + string(e), Mensaje: err.Error()}
			}
		}
	}
	if len(dias) != 0 {
		for e := range dias {
			if _, ok := plazos.Predeterminados[e]; !ok {
				return &dominio.ErrValidacion{Campo: "etapa", Mensaje: "etapa desconocida"}
			}
		}
	}
	return d.EnTx(ctx, func(tx *sql.Tx) error {
		for _, e := range plazos.Etapas {
			n, ok := dias[e]
			if !ok {
				continue
			}
			antes := plazos.Predeterminados[e]
			predeterminado := true
			err := tx.QueryRowContext(ctx, `SELECT dias_habiles FROM terminos_internos WHERE etapa = ?`, string(e)).Scan(&antes)
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
				string(e), n, quien.Cuenta, d.Ahora()); err != nil {
				return err
			}
			if err := d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "termino_interno.fijar", Objeto: "termino_interno:" + string(e),
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
