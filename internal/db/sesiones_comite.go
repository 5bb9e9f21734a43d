package db

// Sessions of the Comité de Fiscalización (flujo.Sesion) as stored: the
// attendance, who presides and who acts as secretary, and an orden del día
// of cases en_comite. Every concepto is recorded inside a session by the
// application (internal/expediente.RegistrarConceptoEnSesion), which takes
// its date and members from the session and refuses it without the quorum
// the administrator configured, inside the transaction that records.

import (
	"comite/internal/dominio"
	"comite/internal/fallo"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// ErrSesionNoExiste is returned for an unknown session.
var ErrSesionNoExiste = fallo.Nuevo(fallo.NoEncontrado, "la sesión del Comité no existe")

// ErrSesionRol is returned when the role may not manage sessions
// (internal/permisos.GestionarSesiones; the application checks it).
var ErrSesionRol = &flujo.ErrPaso{Mensaje: "Solo el Comité de Fiscalización y la Secretaría Técnica convocan y gestionan las sesiones del Comité."}

// ParametroQuorum is the quorum in force: the latest row the administrator
// recorded. ok false: never configured (not zero).
func (d *DB) ParametroQuorum(ctx context.Context) (minimo int, ok bool, err error) {
	return quorumEn(ctx, d)
}

func quorumEn(ctx context.Context, q consultor) (int, bool, error) {
	var v int
	err := q.QueryRowContext(ctx, `SELECT valor FROM parametros_comite WHERE clave = 'quorum_minimo' ORDER BY id DESC LIMIT 1`).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("leer el quórum del Comité: %w", err)
	}
	return v, true, nil
}

func guardarAsistencia(ctx context.Context, tx *sql.Tx, id int64, ms []flujo.MiembroSesion) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM sesion_miembros WHERE sesion_id = ?`, id); err != nil {
		return err
	}
	for i, m := range ms {
		if _, err := tx.ExecContext(ctx, `INSERT INTO sesion_miembros(sesion_id, posicion, nombre, cargo) VALUES (?,?,?,?)`, id, i+1, m.Nombre, m.Cargo); err != nil {
			return fmt.Errorf("guardar la asistencia: %w", err)
		}
	}
	return nil
}

func conceptosEnSesion(ctx context.Context, q consultor, id int64) (int, error) {
	var n int
	err := q.QueryRowContext(ctx, `SELECT count(*) FROM conceptos WHERE sesion_id = ? AND corrige_id IS NULL`, id).Scan(&n)
	return n, err
}

// SesionComite reads a session with its attendance, agenda and quorum.
func (d *DB) SesionComite(ctx context.Context, id int64) (dominio.SesionComite, error) {
	return sesionEn(ctx, d, id)
}

func sesionEn(ctx context.Context, q consultor, id int64) (dominio.SesionComite, error) {
	var s dominio.SesionComite
	var f string
	err := q.QueryRowContext(ctx, `SELECT id, numero, fecha, hora, modalidad, lugar, preside, secretario, creada_por, creada_en FROM sesiones_comite WHERE id = ?`, id).
		Scan(&s.ID, &s.Numero, &f, &s.Sesion.Hora, &s.Sesion.Modalidad, &s.Sesion.Lugar, &s.Sesion.Preside, &s.Sesion.Secretario, &s.CreadaPor, &s.CreadaEn)
	if errors.Is(err, sql.ErrNoRows) {
		return s, ErrSesionNoExiste
	}
	if err != nil {
		return s, err
	}
	if s.Sesion.Fecha, err = fecha.ParseISO(f); err != nil {
		return s, fmt.Errorf("fecha de sesión guardada inválida %q", f)
	}
	if err := comprobarInstante("sesiones_comite.creada_en", s.CreadaEn); err != nil {
		return s, err
	}
	rows, err := q.QueryContext(ctx, `SELECT nombre, cargo FROM sesion_miembros WHERE sesion_id = ? ORDER BY posicion`, id)
	if err != nil {
		return s, err
	}
	for rows.Next() {
		var m flujo.MiembroSesion
		if err := rows.Scan(&m.Nombre, &m.Cargo); err != nil {
			rows.Close()
			return s, err
		}
		s.Sesion.Miembros = append(s.Sesion.Miembros, m)
	}
	rows.Close()
	if s.Aplazamientos, err = aplazamientosEn(ctx, q, id); err != nil {
		return s, err
	}
	rows, err = q.QueryContext(ctx, `SELECT posicion, caso_id, coalesce(aplazado_motivo, '') FROM sesion_orden WHERE sesion_id = ? ORDER BY posicion`, id)
	if err != nil {
		return s, err
	}
	var puntos []dominio.PuntoOrden
	for rows.Next() {
		var p dominio.PuntoOrden
		if err := rows.Scan(&p.Posicion, &p.CasoID, &p.Aplazado); err != nil {
			rows.Close()
			return s, err
		}
		puntos = append(puntos, p)
	}
	rows.Close()
	for _, p := range puntos {
		c, err := casoEn(ctx, q, p.CasoID)
		if err != nil {
			return s, err
		}
		p.Numero, p.Estado, p.SancionPrevista = c.Numero, c.Estado, c.SancionPrevista
		if ev, err := ultimaEvaluacion(ctx, q, c.ID); err == nil {
			p.Evaluacion = &ev
		}
		p.RazonSocial, p.NIT = c.RazonSocial, c.NIT
		cs, err := conceptosDe(ctx, q, p.CasoID)
		if err != nil {
			return s, err
		}
		for i := range cs {
			if cs[i].SesionID == id && cs[i].CorrigeID == 0 {
				p.Concepto = &cs[i]
				p.Vigente = &cs[len(cs)-1]
				p.Correccion = cs[i+1:]
				s.Conceptos++
				break
			}
		}
		s.Orden = append(s.Orden, p)
	}
	if s.QuorumMin, s.QuorumSet, err = quorumEn(ctx, q); err != nil {
		return s, err
	}
	s.HayQuorum, s.TextoQuoro = flujo.Quorum(len(s.Sesion.Miembros), s.QuorumMin, s.QuorumSet)
	return s, nil
}

// SesionesComite lists every session, newest first (without agenda detail).
func (d *DB) SesionesComite(ctx context.Context) ([]dominio.SesionComite, error) {
	return d.listarSesiones(ctx, `SELECT id FROM sesiones_comite ORDER BY fecha DESC, hora DESC, id DESC`)
}

// SesionesProximas lists the sessions on or after desde, soonest first: for
// "Mis pendientes" and the iCalendar feed of each account.
func (d *DB) SesionesProximas(ctx context.Context, desde fecha.Fecha) ([]dominio.SesionComite, error) {
	return d.listarSesiones(ctx, `SELECT id FROM sesiones_comite WHERE fecha >= ? ORDER BY fecha, hora, id`, desde.String())
}

func (d *DB) listarSesiones(ctx context.Context, q string, args ...any) ([]dominio.SesionComite, error) {
	ids, err := leerIDs(ctx, d, q, args...)
	if err != nil {
		return nil, fmt.Errorf("leer sesiones: %w", err)
	}
	var out []dominio.SesionComite
	for _, id := range ids {
		s, err := d.SesionComite(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// SesionPorReferencia finds a session by its number (SC-2026-001) or id.
func (d *DB) SesionPorReferencia(ctx context.Context, ref string) (dominio.SesionComite, error) {
	var id int64
	err := d.QueryRowContext(ctx, `SELECT id FROM sesiones_comite WHERE numero = ? COLLATE NOCASE OR CAST(id AS TEXT) = ?`, ref, ref).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return dominio.SesionComite{}, ErrSesionNoExiste
	}
	if err != nil {
		return dominio.SesionComite{}, err
	}
	return d.SesionComite(ctx, id)
}

// SesionesDelCaso lists the sessions whose orden del día includes the case,
// newest first: where its concepto is (or was) recorded.
func (d *DB) SesionesDelCaso(ctx context.Context, casoID int64) ([]dominio.SesionDeCaso, error) {
	rows, err := d.QueryContext(ctx, `SELECT s.id, s.numero, s.fecha, s.hora FROM sesion_orden o JOIN sesiones_comite s ON s.id = o.sesion_id
		WHERE o.caso_id = ? ORDER BY s.fecha DESC, s.hora DESC, s.id DESC`, casoID)
	if err != nil {
		return nil, fmt.Errorf("leer las sesiones del caso: %w", err)
	}
	defer rows.Close()
	var out []dominio.SesionDeCaso
	for rows.Next() {
		var s dominio.SesionDeCaso
		var f string
		if err := rows.Scan(&s.ID, &s.Numero, &f, &s.Hora); err != nil {
			return nil, err
		}
		if s.Fecha, err = fecha.ParseISO(f); err != nil {
			return nil, fmt.Errorf("fecha de sesión guardada inválida %q", f)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

func aplazamientosEn(ctx context.Context, q consultor, id int64) ([]dominio.Aplazamiento, error) {
	rows, err := q.QueryContext(ctx, `SELECT fecha_anterior, hora_anterior, fecha, hora, motivo, registrado_por, registrado_en FROM sesion_aplazamientos WHERE sesion_id = ? ORDER BY id`, id)
	if err != nil {
		return nil, fmt.Errorf("leer los aplazamientos de la sesión: %w", err)
	}
	defer rows.Close()
	var out []dominio.Aplazamiento
	for rows.Next() {
		var a dominio.Aplazamiento
		var antes, nueva string
		if err := rows.Scan(&antes, &a.HoraAnterior, &nueva, &a.Hora, &a.Motivo, &a.Por, &a.En); err != nil {
			return nil, err
		}
		if a.FechaAnterior, err = fecha.ParseISO(antes); err != nil {
			return nil, fmt.Errorf("fecha de aplazamiento guardada inválida %q", antes)
		}
		if a.Fecha, err = fecha.ParseISO(nueva); err != nil {
			return nil, fmt.Errorf("fecha de aplazamiento guardada inválida %q", nueva)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// AplazarSesion moves a session to a new date and time, keeping the earlier
// ones and the reason in sesion_aplazamientos.
func (w *Escritura) AplazarSesion(id int64, antes flujo.Sesion, fechaNueva fecha.Fecha, horaNueva, motivo, cuenta string) error {
	if _, err := w.tx.ExecContext(w.ctx, `INSERT INTO sesion_aplazamientos(sesion_id, fecha_anterior, hora_anterior, fecha, hora, motivo, registrado_por, registrado_en) VALUES (?,?,?,?,?,?,?,?)`,
		id, antes.Fecha.String(), antes.Hora, fechaNueva.String(), horaNueva, motivo, cuenta, w.Ahora()); err != nil {
		return fmt.Errorf("guardar el aplazamiento: %w", err)
	}
	if _, err := w.tx.ExecContext(w.ctx, `UPDATE sesiones_comite SET fecha = ?, hora = ? WHERE id = ?`, fechaNueva.String(), horaNueva, id); err != nil {
		return fmt.Errorf("aplazar la sesión: %w", err)
	}
	return nil
}

// AplazarCaso records why a case of a session's agenda was not decided in it.
func (w *Escritura) AplazarCaso(sesionID, casoID int64, motivo, cuenta string) error {
	rs, err := w.tx.ExecContext(w.ctx, `UPDATE sesion_orden SET aplazado_motivo = ?, aplazado_por = ?, aplazado_en = ? WHERE sesion_id = ? AND caso_id = ? AND aplazado_motivo IS NULL`,
		motivo, cuenta, w.Ahora(), sesionID, casoID)
	if err != nil {
		return fmt.Errorf("aplazar el caso: %w", err)
	}
	if n, _ := rs.RowsAffected(); n != 1 {
		return &flujo.ErrPaso{Mensaje: "El caso no está en el orden del día de la sesión o ya se aplazó."}
	}
	return nil
}
