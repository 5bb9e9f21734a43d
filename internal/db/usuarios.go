package db

import (
	"comite/internal/dominio"
	"comite/internal/fallo"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"comite/internal/nit"
)

// ErrUsuarioNoRegistrado is returned when no customs user has the NIT.
var ErrUsuarioNoRegistrado = fallo.Nuevo(fallo.NoEncontrado, "el usuario aduanero no está registrado")

func detalleUsuario(u dominio.UsuarioAduanero) map[string]any {
	return map[string]any{"nit": u.NIT, "razon_social": u.RazonSocial, "tipo": u.Tipo, "direccion_seccional": u.DireccionSeccional}
}

// GuardarUsuario creates the user, or updates its razón social, tipo and
// Dirección Seccional (the NIT is the key), as validar.Usuario leaves it. Registros are written with
// GuardarRegistro. The change is audited in the same transaction.
func (d *DB) GuardarUsuario(ctx context.Context, u dominio.UsuarioAduanero, quien dominio.Actor) (int64, Cambio, error) {
	var id int64
	var c Cambio
	err := d.enTx(ctx, func(tx *sql.Tx) error {
		e := d.nuevoEscritor(ctx, tx, quien)
		defer e.cerrar()
		var err error
		id, c, err = e.usuario(u, false, 0)
		return err
	})
	if err != nil {
		return 0, SinCambios, fmt.Errorf("guardar usuario %s: %w", u.NIT, err)
	}
	return id, c, nil
}

// usuario upserts one user by NIT. conservarSeccional keeps the stored
// Dirección Seccional (an import file without that column, or an empty cell).
func (e *escritor) usuario(u dominio.UsuarioAduanero, conservarSeccional bool, fila int) (int64, Cambio, error) {
	// Every stored Dirección Seccional is a code of the catalogue.
	if !conservarSeccional || u.DireccionSeccional != "" {
		cod, err := e.seccionalDe(u.DireccionSeccional)
		if err != nil {
			return 0, SinCambios, err
		}
		u.DireccionSeccional = cod
	}
	ok, id, err := e.insertar(`INSERT INTO usuarios_aduaneros(nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en)
		VALUES (?,?,?,?,?,?) ON CONFLICT(nit) DO NOTHING`, u.NIT, u.RazonSocial, u.Tipo, u.DireccionSeccional, e.ahora, e.ahora)
	if err != nil {
		return 0, SinCambios, err
	}
	if ok {
		if e.altas {
			return id, Insertado, e.auditar("usuario.crear", "usuario:"+u.NIT, fila, map[string]any{"despues": detalleUsuario(u)})
		}
		return id, Insertado, nil
	}
	s, err := e.stmt(`SELECT id, razon_social, tipo, direccion_seccional FROM usuarios_aduaneros WHERE nit = ?`)
	if err != nil {
		return 0, SinCambios, err
	}
	antes := dominio.UsuarioAduanero{NIT: u.NIT}
	if err := s.QueryRowContext(e.ctx, u.NIT).Scan(&antes.ID, &antes.RazonSocial, &antes.Tipo, &antes.DireccionSeccional); err != nil {
		return 0, SinCambios, err
	}
	if conservarSeccional {
		u.DireccionSeccional = antes.DireccionSeccional
	}
	if antes.RazonSocial == u.RazonSocial && antes.Tipo == u.Tipo && antes.DireccionSeccional == u.DireccionSeccional {
		return antes.ID, SinCambios, nil
	}
	up, err := e.stmt(`UPDATE usuarios_aduaneros SET razon_social = ?, tipo = ?, direccion_seccional = ?, actualizado_en = ? WHERE id = ?`)
	if err != nil {
		return 0, SinCambios, err
	}
	if _, err := up.ExecContext(e.ctx, u.RazonSocial, u.Tipo, u.DireccionSeccional, e.ahora, antes.ID); err != nil {
		return 0, SinCambios, err
	}
	return antes.ID, Actualizado, e.auditar("usuario.actualizar", "usuario:"+u.NIT, fila,
		map[string]any{"antes": detalleUsuario(antes), "despues": detalleUsuario(u)})
}

func detalleRegistro(nit string, r dominio.RegistroUsuario) map[string]any {
	return map[string]any{"nit": nit, "clase": r.Clase, "numero": r.Numero, "vigente_desde": textoFecha(r.VigenteDesde), "vigente_hasta": textoFecha(r.VigenteHasta)}
}

// GuardarRegistro creates or updates (its end date) an autorización,
// habilitación or registro of a user, keyed by clase, número and start date;
// the NIT and the registro are as validar.Registro leaves them.
func (d *DB) GuardarRegistro(ctx context.Context, nitUsuario string, r dominio.RegistroUsuario, quien dominio.Actor) (Cambio, error) {
	var c Cambio
	err := d.enTx(ctx, func(tx *sql.Tx) error {
		e := d.nuevoEscritor(ctx, tx, quien)
		defer e.cerrar()
		id, err := e.idUsuario(nitUsuario)
		if err != nil {
			return err
		}
		c, err = e.registro(id, nitUsuario, r, 0)
		return err
	})
	if err != nil {
		return SinCambios, fmt.Errorf("guardar registro de %s: %w", nitUsuario, err)
	}
	return c, nil
}

// idUsuario finds the user's id or returns ErrUsuarioNoRegistrado.
func (e *escritor) idUsuario(nitCanon string) (int64, error) {
	s, err := e.stmt(`SELECT id FROM usuarios_aduaneros WHERE nit = ?`)
	if err != nil {
		return 0, err
	}
	var id int64
	if err := s.QueryRowContext(e.ctx, nitCanon).Scan(&id); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return 0, fmt.Errorf("%w: NIT %s", ErrUsuarioNoRegistrado, nitCanon)
		}
		return 0, err
	}
	return id, nil
}

func (e *escritor) registro(uid int64, nitCanon string, r dominio.RegistroUsuario, fila int) (Cambio, error) {
	ok, _, err := e.insertar(`INSERT INTO registros(usuario_id, clase, numero, vigente_desde, vigente_hasta) VALUES (?,?,?,?,?)
		ON CONFLICT(usuario_id, clase, numero, vigente_desde) DO NOTHING`, uid, r.Clase, r.Numero, iso(r.VigenteDesde), iso(r.VigenteHasta))
	if err != nil {
		return SinCambios, err
	}
	objeto := "usuario:" + nitCanon
	if ok {
		if e.altas {
			return Insertado, e.auditar("registro.crear", objeto, fila, map[string]any{"despues": detalleRegistro(nitCanon, r)})
		}
		return Insertado, nil
	}
	s, err := e.stmt(`SELECT id, vigente_hasta FROM registros WHERE usuario_id = ? AND clase = ? AND numero = ? AND vigente_desde = ?`)
	if err != nil {
		return SinCambios, err
	}
	var id int64
	var hasta sql.NullString
	if err := s.QueryRowContext(e.ctx, uid, r.Clase, r.Numero, iso(r.VigenteDesde)).Scan(&id, &hasta); err != nil {
		return SinCambios, err
	}
	antes := r
	if antes.VigenteHasta, err = leerFecha(hasta, "vigente_hasta"); err != nil {
		return SinCambios, err
	}
	if antes.VigenteHasta.Igual(r.VigenteHasta) {
		return SinCambios, nil
	}
	up, err := e.stmt(`UPDATE registros SET vigente_hasta = ? WHERE id = ?`)
	if err != nil {
		return SinCambios, err
	}
	if _, err := up.ExecContext(e.ctx, iso(r.VigenteHasta), id); err != nil {
		return SinCambios, err
	}
	return Actualizado, e.auditar("registro.actualizar", objeto, fila,
		map[string]any{"antes": detalleRegistro(nitCanon, antes), "despues": detalleRegistro(nitCanon, r)})
}

const columnasUsuario = `id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en`

func escanearUsuario(s interface{ Scan(...any) error }) (dominio.UsuarioAduanero, error) {
	var u dominio.UsuarioAduanero
	err := s.Scan(&u.ID, &u.NIT, &u.RazonSocial, &u.Tipo, &u.DireccionSeccional, &u.CreadoEn, &u.ActualizadoEn)
	return u, err
}

// leerIDs reads the ids a query returns, in its order, and closes its rows
// before the caller reads each one (SQLite's cursor is not held open while
// other statements run on the same connection).
func leerIDs(ctx context.Context, q consultor, consulta string, args ...any) ([]int64, error) {
	rows, err := q.QueryContext(ctx, consulta, args...)
	if err != nil {
		return nil, err
	}
	return columna[int64](rows)
}

// columna reads the rows of a query of one column, in order, and closes
// them.
func columna[T any](rows *sql.Rows) ([]T, error) {
	defer rows.Close()
	var out []T
	for rows.Next() {
		var v T
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// consultor is what both *sql.DB and *sql.Tx offer for reads.
type consultor interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// UsuarioPorNIT returns the user with its registros (NIT with check digit,
// in any accepted form). ErrUsuarioNoRegistrado when there is none.
func (d *DB) UsuarioPorNIT(ctx context.Context, nitUsuario string) (dominio.UsuarioAduanero, error) {
	n, err := nit.Parse(nitUsuario)
	if err != nil {
		return dominio.UsuarioAduanero{}, &dominio.ErrValidacion{Campo: "nit", Mensaje: err.Error()}
	}
	return usuarioPorNIT(ctx, d.DB, n.String())
}

func usuarioPorNIT(ctx context.Context, q consultor, nitCanon string) (dominio.UsuarioAduanero, error) {
	u, err := escanearUsuario(q.QueryRowContext(ctx, `SELECT `+columnasUsuario+` FROM usuarios_aduaneros WHERE nit = ?`, nitCanon))
	if errors.Is(err, sql.ErrNoRows) {
		return u, fmt.Errorf("%w: NIT %s", ErrUsuarioNoRegistrado, nitCanon)
	}
	if err != nil {
		return u, fmt.Errorf("leer usuario %s: %w", nitCanon, err)
	}
	if u.Registros, err = registrosDe(ctx, q, u.ID); err != nil {
		return u, fmt.Errorf("leer registros de %s: %w", nitCanon, err)
	}
	return u, nil
}

func registrosDe(ctx context.Context, q consultor, uid int64) ([]dominio.RegistroUsuario, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, clase, numero, vigente_desde, vigente_hasta FROM registros WHERE usuario_id = ? ORDER BY vigente_desde, id`, uid)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []dominio.RegistroUsuario
	for rows.Next() {
		var r dominio.RegistroUsuario
		var desde, hasta sql.NullString
		if err := rows.Scan(&r.ID, &r.Clase, &r.Numero, &desde, &hasta); err != nil {
			return nil, err
		}
		if r.VigenteDesde, err = leerFecha(desde, "vigente_desde"); err != nil {
			return nil, err
		}
		if r.VigenteHasta, err = leerFecha(hasta, "vigente_hasta"); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// FiltroUsuarios selects a page of users.
type FiltroUsuarios struct {
	Texto     string // NIT (its start, with or without dots and check digit) or part of the razón social
	Seccional string // exact Dirección Seccional; "" = all
	Tipo      string // "" = all
	Limite    int    // page size (default 50, at most 500)
	Desde     int    // offset
}

// BuscarUsuarios returns a page of users ordered by razón social, and how
// many match in total. Registros are not filled.
func (d *DB) BuscarUsuarios(ctx context.Context, f FiltroUsuarios) ([]dominio.UsuarioAduanero, int, error) {
	var cond []string
	var args []any
	if t := strings.TrimSpace(f.Texto); t != "" {
		like := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
		// The razón social is compared without case or accents (sin_tildes);
		// the NIT with or without hyphen, dots or check digit.
		alt := `razon_social_busqueda LIKE ? ESCAPE '\'`
		args = append(args, "%"+like.Replace(SinTildes(t))+"%")
		if porNIT, a := condicionNIT("nit", t); porNIT != "" {
			alt += " OR " + porNIT
			args = append(args, a...)
		}
		cond = append(cond, "("+alt+")")
	}
	if f.Seccional != "" {
		cond = append(cond, `direccion_seccional = ?`)
		args = append(args, f.Seccional)
	}
	if f.Tipo != "" {
		cond = append(cond, `tipo = ?`)
		args = append(args, f.Tipo)
	}
	where := ""
	if len(cond) > 0 {
		where = " WHERE " + strings.Join(cond, " AND ")
	}
	var total int
	if err := d.QueryRowContext(ctx, `SELECT count(*) FROM usuarios_aduaneros`+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("buscar usuarios: %w", err)
	}
	limite := f.Limite
	if limite <= 0 {
		limite = 50
	}
	if limite > 500 {
		limite = 500
	}
	desde := max(f.Desde, 0)
	rows, err := d.QueryContext(ctx, `SELECT `+columnasUsuario+` FROM usuarios_aduaneros`+where+
		` ORDER BY razon_social COLLATE `+ColacionEspanol+`, nit LIMIT ? OFFSET ?`, append(args, limite, desde)...)
	if err != nil {
		return nil, 0, fmt.Errorf("buscar usuarios: %w", err)
	}
	defer rows.Close()
	var out []dominio.UsuarioAduanero
	for rows.Next() {
		u, err := escanearUsuario(rows)
		if err != nil {
			return nil, 0, fmt.Errorf("buscar usuarios: %w", err)
		}
		out = append(out, u)
	}
	return out, total, rows.Err()
}

// seccionalDe resolves a Dirección Seccional written by a person or a file
// to its catalogue code ("" stays ""), reading the catalogue once per writer.
func (e *escritor) seccionalDe(nombre string) (string, error) {
	if strings.TrimSpace(nombre) == "" {
		return "", nil
	}
	if e.seccionales == nil {
		cat, err := catalogoDe(e.ctx, e.tx)
		if err != nil {
			return "", err
		}
		e.seccionales = cat
	}
	cod, err := e.seccionales.Codigo(nombre)
	if err != nil {
		return "", &dominio.ErrValidacion{Campo: "direccion_seccional", Mensaje: err.Error()}
	}
	return cod, nil
}
