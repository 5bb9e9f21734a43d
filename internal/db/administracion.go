package db

// Queries behind the administration and audit screens of the web application
// non-business days, the audit log with filters, and small counts
// for the Inicio page.

import (
	"comite/internal/dominio"
	"comite/internal/fallo"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"comite/internal/fecha"
)

// DiaInhabil is a day the authority declared closed (docs/reglas.md §7).
type DiaInhabil struct {
	Fecha     fecha.Fecha
	Motivo    string
	CreadoPor string
	CreadoEn  string
}

// ErrDiaInhabilExiste is returned when the date is already in the table.
var ErrDiaInhabilExiste = fallo.Nuevo(fallo.Conflicto, "esa fecha ya está registrada como día inhábil")

// ErrDiaInhabilNoExiste is returned when removing a date that is not in the table.
var ErrDiaInhabilNoExiste = fallo.Nuevo(fallo.NoEncontrado, "esa fecha no está registrada como día inhábil")

// ListarDiasInhabiles returns the declared non-business days, oldest first.
func (d *DB) ListarDiasInhabiles(ctx context.Context) ([]DiaInhabil, error) {
	rows, err := (conPreparadas{d: d}).QueryContext(ctx, `SELECT fecha, motivo, creado_por, creado_en FROM dias_inhabiles ORDER BY fecha`)
	if err != nil {
		return nil, fmt.Errorf("listar días inhábiles: %w", err)
	}
	defer rows.Close()
	var out []DiaInhabil
	for rows.Next() {
		var di DiaInhabil
		var f string
		if err := rows.Scan(&f, &di.Motivo, &di.CreadoPor, &di.CreadoEn); err != nil {
			return nil, err
		}
		if di.Fecha, err = fecha.ParseISO(f); err != nil {
			return nil, fmt.Errorf("día inhábil con fecha inválida %q", f)
		}
		out = append(out, di)
	}
	return out, rows.Err()
}

// AgregarDiaInhabil records a non-business day with its reason, as
// validar.DiaInhabil leaves them.
func (d *DB) AgregarDiaInhabil(ctx context.Context, f fecha.Fecha, motivo string, quien dominio.Actor) error {
	return d.enTx(ctx, func(tx *sql.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM dias_inhabiles WHERE fecha = ?`, f.String()).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return ErrDiaInhabilExiste
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO dias_inhabiles(fecha, motivo, creado_por, creado_en) VALUES (?,?,?,?)`,
			f.String(), motivo, quien.Cuenta, d.ahoraEn(tx)); err != nil {
			return err
		}
		return d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "dia_inhabil.agregar", Objeto: "dia_inhabil:" + f.String(),
			Detalle: map[string]string{"motivo": motivo}})
	})
}

// QuitarDiaInhabil removes a non-business day.
func (d *DB) QuitarDiaInhabil(ctx context.Context, f fecha.Fecha, quien dominio.Actor) error {
	return d.enTx(ctx, func(tx *sql.Tx) error {
		var motivo string
		err := tx.QueryRowContext(ctx, `SELECT motivo FROM dias_inhabiles WHERE fecha = ?`, f.String()).Scan(&motivo)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrDiaInhabilNoExiste
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM dias_inhabiles WHERE fecha = ?`, f.String()); err != nil {
			return err
		}
		return d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "dia_inhabil.quitar", Objeto: "dia_inhabil:" + f.String(),
			Detalle: map[string]string{"motivo": motivo}})
	})
}

// FilaAuditoria is one row of the audit log as the screen shows it.
type FilaAuditoria struct {
	ID      int64
	En      string
	Cuenta  string
	IP      string
	Accion  string
	Objeto  string
	Detalle string
	Hash    string
}

// FiltroAuditoria selects rows of the audit log. Empty fields do not filter.
// Cuenta and Accion match exactly or by prefix ("cuenta." matches every
// account action); Objeto matches any part. Desde and Hasta are civil dates in
// Bogotá, inclusive.
type FiltroAuditoria struct {
	Cuenta    string
	Accion    string
	Objeto    string
	Desde     fecha.Fecha
	Hasta     fecha.Fecha
	Pagina    int // from 1
	PorPagina int
}

// ListarAuditoria returns one page of the audit log, newest first, and the
// number of rows that match the filter.
func (d *DB) ListarAuditoria(ctx context.Context, f FiltroAuditoria) ([]FilaAuditoria, int, error) {
	var where []string
	var args []any
	if f.Cuenta != "" {
		where = append(where, `cuenta = ? COLLATE NOCASE`)
		args = append(args, f.Cuenta)
	}
	if f.Accion != "" {
		// The action itself or any that starts with it ("caso." is every
		// step of a case), as a range of the index auditoria_accion: every
		// string that starts with the prefix sorts before the prefix followed
		// by the last code point.
		where = append(where, `accion >= ? AND accion < ?`)
		args = append(args, f.Accion, f.Accion+"\U0010FFFF")
	}
	if f.Objeto != "" {
		where = append(where, `instr(sin_tildes(objeto), ?) > 0`)
		args = append(args, SinTildes(f.Objeto))
	}
	// Instants are stored in UTC; a civil day in Bogotá runs from 05:00 UTC to 05:00 UTC.
	if !f.Desde.IsZero() {
		where = append(where, `en >= ?`)
		args = append(args, f.Desde.String()+"T05:00:00")
	}
	if !f.Hasta.IsZero() {
		where = append(where, `en < ?`)
		args = append(args, f.Hasta.MasDias(1).String()+"T05:00:00")
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	var total int
	if err := d.QueryRowContext(ctx, `SELECT count(*) FROM auditoria`+cond, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("contar la auditoría: %w", err)
	}
	if f.PorPagina <= 0 || f.PorPagina > 500 {
		f.PorPagina = 50
	}
	if f.Pagina < 1 {
		f.Pagina = 1
	}
	rows, err := d.QueryContext(ctx, `SELECT id, en, cuenta, ip, accion, objeto, detalle_json, hash FROM auditoria`+cond+` ORDER BY id DESC LIMIT ? OFFSET ?`,
		append(args, f.PorPagina, (f.Pagina-1)*f.PorPagina)...)
	if err != nil {
		return nil, 0, fmt.Errorf("leer la auditoría: %w", err)
	}
	defer rows.Close()
	var out []FilaAuditoria
	for rows.Next() {
		var r FilaAuditoria
		if err := rows.Scan(&r.ID, &r.En, &r.Cuenta, &r.IP, &r.Accion, &r.Objeto, &r.Detalle, &r.Hash); err != nil {
			return nil, 0, err
		}
		out = append(out, r)
	}
	return out, total, rows.Err()
}

// AccionesAuditoria lists the distinct actions in the audit log (for the filter).
func (d *DB) AccionesAuditoria(ctx context.Context) ([]string, error) {
	rows, err := d.QueryContext(ctx, `SELECT DISTINCT accion FROM auditoria ORDER BY accion`)
	if err != nil {
		return nil, err
	}
	return columna[string](rows)
}

// ActosPorGravedad counts the sanction acts by gravedad; seccional, when not
// empty, limits the count to the users of that Dirección Seccional.
func (d *DB) ActosPorGravedad(ctx context.Context, seccional string) (leve, grave, gravisima int, err error) {
	q := `SELECT a.gravedad, count(*) FROM actos a`
	var args []any
	if seccional != "" {
		q += ` JOIN usuarios_aduaneros u ON u.id = a.usuario_id WHERE u.direccion_seccional = ?`
		args = append(args, seccional)
	}
	rows, err := d.QueryContext(ctx, q+` GROUP BY a.gravedad`, args...)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("contar actos por gravedad: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var g string
		var n int
		if err := rows.Scan(&g, &n); err != nil {
			return 0, 0, 0, err
		}
		switch g {
		case "leve":
			leve = n
		case "grave":
			grave = n
		case "gravisima":
			gravisima = n
		}
	}
	return leve, grave, gravisima, rows.Err()
}

// ContarCasosPorEstado counts the cases by state; seccional, when not empty,
// limits the count to that Dirección Seccional's cases.
func (d *DB) ContarCasosPorEstado(ctx context.Context, seccional string) (map[string]int, error) {
	q := `SELECT estado, count(*) FROM casos`
	var args []any
	if seccional != "" {
		q += ` WHERE direccion_seccional = ?`
		args = append(args, seccional)
	}
	rows, err := d.QueryContext(ctx, q+` GROUP BY estado`, args...)
	if err != nil {
		return nil, fmt.Errorf("contar casos: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var e string
		var n int
		if err := rows.Scan(&e, &n); err != nil {
			return nil, err
		}
		out[e] = n
	}
	return out, rows.Err()
}
