package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/sancion"
)

// LectorTamizaje receives, row by row, what the national screening reads
// (LeerTamizaje). Each function is called once per row, in the order stated
// there; the first error it returns stops the read and is returned.
type LectorTamizaje struct {
	// Usuarios, when not nil, is told first how many users there are (a
	// capacity hint: the read is one snapshot and the count is of it).
	Usuarios func(n int)
	// Usuario: every customs user, in id order. Tipo and Dirección Seccional
	// take a few values: equal values are the same string.
	Usuario func(id int64, nit, razonSocial, tipo, seccional string) error
	// Registro: every autorización, habilitación or registro, of any user.
	Registro func(usuarioID int64, r dominio.RegistroUsuario) error
	// Acto: the acts the preselection admits, in no particular order.
	Acto func(usuarioID int64, firmeza fecha.Fecha, g sancion.Gravedad, s sancion.Tipo, allanamiento bool, centavos int64) error
	// Operaciones: the yearly rows of the years asked, and the declarations
	// totalled by user and year (value and count), as OperacionesDeUsuario
	// does; several rows of one user and year add up.
	Operaciones func(usuarioID int64, anio int, centavos, numero int64) error
}

var (
	gravedadesTamizaje = sancion.Gravedades()
	sancionesTamizaje  = sancion.Tipos()
)

// FiltroActos bounds the acts the screening reads, as plain values put in
// the query: the firmeza dates (inclusive), the gravedades (empty: no act is
// read) and whether an act with accepted allanamiento is read. The caller
// derives it from the core (reincidencia.Preseleccion has the same fields).
type FiltroActos struct {
	Desde, Hasta    fecha.Fecha
	Gravedades      []sancion.Gravedad
	ConAllanamiento bool
}

// LeerTamizaje reads, in one read-only snapshot, what the screening of the
// reference years anioDesde … anioHasta needs, and hands it to l row by row:
// nothing is kept here, so the caller decides what to hold. It only selects
// rows; every rule is applied by the caller through the core
// (reincidencia.ExclusionActo and reincidencia.Decidir):
//
//   - users: all of them, in id order;
//   - registros: all;
//   - acts: only those the core's preselection admits (actos, made by the
//     caller from reincidencia.PreseleccionActos): fecha_firmeza from actos.Desde to
//     actos.Hasta, gravedad among actos.Gravedades, and no accepted
//     allanamiento unless actos.ConAllanamiento. The store does not decide
//     which act counts: it puts those values in the query as parameters, and
//     the caller still judges each act read; an act left out is one the core
//     says can never count, so leaving it out changes no figure;
//   - operations of anioDesde … anioHasta (see LectorTamizaje.Operaciones).
//
// Amounts are integer centavos, as stored.
//
// The acts are read with a full scan of the table (NOT INDEXED), not through
// the index actos_firmeza: two years out of five are 40 % of the table, and
// the index then costs one random table lookup per row (measured on 50.000
// users and 1.000.000 acts: the scan reads the 364.579 rows in ≈ 0,4 s, the
// index in ≈ 1,0 s). With decades of acts the index would win again. Each act
// comes as two integers (the driver's cost is per column): user, firmeza
// date as a day number and gravedad, sanción and allanamiento packed in one
// ((usuario × 2¹⁷ + days since 1970) × 32 + gravedad × 8 + sanción × 2 +
// allanamiento), and the amount. The packing keeps every value; a value
// outside the stored vocabulary (which the table's CHECK constraints already
// refuse) or a date SQLite cannot read packs to NULL and is an error. The
// dates were checked when they were written (importar); SQLite's date
// reading would carry an impossible day such as 30 February into March.
func (d *DB) LeerTamizaje(ctx context.Context, anioDesde, anioHasta int, actos FiltroActos, l LectorTamizaje) error {
	return d.leerTamizaje(ctx, solo{}, anioDesde, anioHasta, actos, l)
}

// LeerTamizajeDe is LeerTamizaje of only the users whose ids are given (those
// of them that exist), read through the indexes by user: what a screening
// kept in memory needs to re-evaluate the users a change touched
// (CambiosUsuariosDesde).
func (d *DB) LeerTamizajeDe(ctx context.Context, ids []int64, anioDesde, anioHasta int, actos FiltroActos, l LectorTamizaje) error {
	b, err := json.Marshal(ids)
	if err != nil {
		return fmt.Errorf("leer el tamizaje: %w", err)
	}
	if ids == nil {
		b = []byte("[]")
	}
	return d.leerTamizaje(ctx, solo{json: string(b), hay: true}, anioDesde, anioHasta, actos, l)
}

// solo limits a read of the screening to some users: a JSON array of ids,
// when hay.
type solo struct {
	json string
	hay  bool
}

// filtro is the condition on the column col (with a leading AND when y), and
// its argument numbered n; "" when every user is read.
func (s solo) filtro(col string, n int, y bool) string {
	if !s.hay {
		return ""
	}
	c := fmt.Sprintf(" %s IN (SELECT value FROM json_each(?%d))", col, n)
	if y {
		return " AND" + c
	}
	return " WHERE" + c
}

func (s solo) args(args []any) []any {
	if !s.hay {
		return args
	}
	return append(args, s.json)
}

func (d *DB) leerTamizaje(ctx context.Context, so solo, anioDesde, anioHasta int, actos FiltroActos, l LectorTamizaje) error {
	tx, err := d.BeginTx(ctx, &sql.TxOptions{ReadOnly: true}) // a deferred read: does not wait for writers (WAL)
	if err != nil {
		return fmt.Errorf("leer el tamizaje: %w", err)
	}
	defer tx.Rollback()
	if l.Usuarios != nil {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM usuarios_aduaneros`+so.filtro("id", 1, false), so.args(nil)...).Scan(&n); err != nil {
			return fmt.Errorf("leer usuarios: %w", err)
		}
		l.Usuarios(n)
	}
	if err := leerUsuariosTamizaje(ctx, tx, so, l.Usuario); err != nil {
		return err
	}
	if err := leerRegistrosTamizaje(ctx, tx, so, l.Registro); err != nil {
		return err
	}
	if err := leerActosTamizaje(ctx, tx, so, actos, l.Acto); err != nil {
		return err
	}
	if err := leerOperacionesTamizaje(ctx, tx, so, anioDesde, anioHasta, l.Operaciones); err != nil {
		return err
	}
	if err := tx.Rollback(); err != nil {
		return fmt.Errorf("leer el tamizaje: %w", err)
	}
	return nil
}

func leerUsuariosTamizaje(ctx context.Context, tx *sql.Tx, so solo, f func(id int64, nit, razonSocial, tipo, seccional string) error) error {
	// Three columns instead of five (the driver's cost is per column): the
	// NIT (digits and a dash) and the razón social joined by a tab, and the
	// tipo (a canonical code) and the Dirección Seccional likewise; split
	// at the first tab.
	rows, err := tx.QueryContext(ctx, `SELECT id, nit || char(9) || razon_social, tipo || char(9) || direccion_seccional FROM usuarios_aduaneros`+so.filtro("id", 1, false)+` ORDER BY id`, so.args(nil)...)
	if err != nil {
		return fmt.Errorf("leer usuarios: %w", err)
	}
	defer rows.Close()
	type par struct{ tipo, seccional string }
	comunes := map[string]par{}
	var id int64
	var nombre string
	var clase sql.RawBytes
	for rows.Next() {
		if err := rows.Scan(&id, &nombre, &clase); err != nil {
			return fmt.Errorf("leer usuarios: %w", err)
		}
		nit, razon, _ := strings.Cut(nombre, "\t")
		c, ok := comunes[string(clase)]
		if !ok {
			t, s, _ := strings.Cut(string(clase), "\t")
			c = par{t, s}
			comunes[string(clase)] = c
		}
		if err := f(id, nit, razon, c.tipo, c.seccional); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("leer usuarios: %w", err)
	}
	return nil
}

func leerRegistrosTamizaje(ctx context.Context, tx *sql.Tx, so solo, f func(usuarioID int64, r dominio.RegistroUsuario) error) error {
	// The dates as day numbers (two integer columns instead of three, no
	// text to parse): user × 2¹⁷ + first day, and the last day (−1: none).
	// A date SQLite cannot read comes as NULL and is an error.
	rows, err := tx.QueryContext(ctx, `SELECT usuario_id * 131072 + unixepoch(vigente_desde) / 86400,
		CASE WHEN vigente_hasta IS NULL OR vigente_hasta = '' THEN -1 ELSE unixepoch(vigente_hasta) / 86400 END FROM registros`+so.filtro("usuario_id", 1, false), so.args(nil)...)
	if err != nil {
		return fmt.Errorf("leer registros: %w", err)
	}
	defer rows.Close()
	fechas := map[int64]fecha.Fecha{}
	deDia := func(dia int64) (fecha.Fecha, error) {
		if fe, ok := fechas[dia]; ok {
			return fe, nil
		}
		fe, err := fecha.Nueva(time.Unix(dia*86400, 0).UTC().Date())
		if err == nil {
			fechas[dia] = fe
		}
		return fe, err
	}
	var desde, hasta sql.NullInt64
	for rows.Next() {
		if err := rows.Scan(&desde, &hasta); err != nil {
			return fmt.Errorf("leer registros: %w", err)
		}
		if !desde.Valid || !hasta.Valid {
			return registroInvalido(ctx, tx)
		}
		uid, dia := desde.Int64>>17, desde.Int64&(1<<17-1)
		var r dominio.RegistroUsuario
		if r.VigenteDesde, err = deDia(dia); err != nil {
			return fmt.Errorf("registro del usuario %s: vigente_desde guardada inválida: %w", nitDeID(ctx, tx, uid), err)
		}
		if hasta.Int64 >= 0 {
			if r.VigenteHasta, err = deDia(hasta.Int64); err != nil {
				return fmt.Errorf("registro del usuario %s: vigente_hasta guardada inválida: %w", nitDeID(ctx, tx, uid), err)
			}
		}
		if err := f(uid, r); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("leer registros: %w", err)
	}
	return nil
}

// registroInvalido names the user of a registro whose dates SQLite cannot read.
func registroInvalido(ctx context.Context, tx *sql.Tx) error {
	var nit, desde string
	var hasta sql.NullString
	err := tx.QueryRowContext(ctx, `SELECT u.nit, r.vigente_desde, r.vigente_hasta FROM registros r JOIN usuarios_aduaneros u ON u.id = r.usuario_id
		WHERE unixepoch(r.vigente_desde) IS NULL OR (r.vigente_hasta IS NOT NULL AND r.vigente_hasta <> '' AND unixepoch(r.vigente_hasta) IS NULL) LIMIT 1`).Scan(&nit, &desde, &hasta)
	if err != nil {
		return fmt.Errorf("leer registros: un registro tiene fechas de vigencia guardadas inválidas")
	}
	return fmt.Errorf("registro del usuario %s: fechas de vigencia guardadas inválidas (%q, %q)", nit, desde, hasta.String)
}

func leerActosTamizaje(ctx context.Context, tx *sql.Tx, so solo, pre FiltroActos, f func(usuarioID int64, firmeza fecha.Fecha, g sancion.Gravedad, s sancion.Tipo, allanamiento bool, centavos int64) error) error {
	if len(pre.Gravedades) == 0 || pre.Desde.IsZero() || pre.Hasta.IsZero() || pre.Hasta.Antes(pre.Desde) {
		return nil // no act can count
	}
	desde, hasta := pre.Desde, pre.Hasta
	args := []any{desde.String(), hasta.String()}
	marcas := make([]string, len(pre.Gravedades))
	for i, g := range pre.Gravedades {
		args = append(args, string(g))
		marcas[i] = fmt.Sprintf("?%d", len(args))
	}
	filtro := ` AND gravedad IN (` + strings.Join(marcas, ", ") + `)`
	if !pre.ConAllanamiento {
		filtro += ` AND allanamiento = 0`
	}
	// Every act is scanned (see LeerTamizaje); a few users are read through
	// the index on usuario_id instead.
	tabla := `actos NOT INDEXED`
	if so.hay {
		tabla = `actos`
		filtro += so.filtro("usuario_id", len(args)+1, true)
		args = so.args(args)
	}
	rows, err := tx.QueryContext(ctx, `SELECT ((usuario_id * 131072 + unixepoch(fecha_firmeza) / 86400) * 32
		+ CASE gravedad WHEN 'leve' THEN 0 WHEN 'grave' THEN 1 WHEN 'gravisima' THEN 2 END * 8
		+ CASE sancion WHEN 'multa' THEN 0 WHEN 'amonestacion' THEN 1 WHEN 'suspension' THEN 2 WHEN 'cancelacion' THEN 3 END * 2
		+ CASE allanamiento WHEN 0 THEN 0 WHEN 1 THEN 1 END),
		valor_centavos
		FROM `+tabla+` WHERE fecha_firmeza BETWEEN ?1 AND ?2`+filtro, args...)
	if err != nil {
		return fmt.Errorf("leer actos: %w", err)
	}
	defer rows.Close()
	// The firmeza dates of the years asked, made once each, by day number.
	primero := diaUnix(desde)
	fechas := make([]fecha.Fecha, diaUnix(hasta)-primero+1)
	var clave sql.NullInt64
	var cent int64
	for rows.Next() {
		if err := rows.Scan(&clave, &cent); err != nil {
			return fmt.Errorf("leer actos: %w", err)
		}
		if !clave.Valid {
			return actoInvalido(ctx, tx, desde, hasta)
		}
		k := clave.Int64
		codigo, dia, uid := k&31, k>>5&(1<<17-1), k>>22
		i := dia - primero
		if i < 0 || i >= int64(len(fechas)) {
			return actoInvalido(ctx, tx, desde, hasta)
		}
		fe := fechas[i]
		if fe.IsZero() {
			if fe, err = fecha.Nueva(time.Unix(dia*86400, 0).UTC().Date()); err != nil {
				return fmt.Errorf("acto del usuario %s: fecha_firmeza guardada inválida: %w", nitDeID(ctx, tx, uid), err)
			}
			fechas[i] = fe
		}
		g := codigo >> 3
		if g >= int64(len(gravedadesTamizaje)) {
			return actoInvalido(ctx, tx, desde, hasta)
		}
		if err := f(uid, fe, gravedadesTamizaje[g], sancionesTamizaje[codigo>>1&3], codigo&1 == 1, cent); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("leer actos: %w", err)
	}
	return nil
}

// diaUnix is the number of days from 1 January 1970 to f.
func diaUnix(f fecha.Fecha) int64 {
	return time.Date(f.Anio(), f.Mes(), f.Dia(), 0, 0, 0, 0, time.UTC).Unix() / 86400
}

// nitDeID is the NIT of a user, for an error message (the id when it cannot
// be read).
func nitDeID(ctx context.Context, tx *sql.Tx, id int64) string {
	var nit string
	if err := tx.QueryRowContext(ctx, `SELECT nit FROM usuarios_aduaneros WHERE id = ?`, id).Scan(&nit); err != nil {
		return fmt.Sprintf("con id %d", id)
	}
	return nit
}

// actoInvalido names the user of an act whose gravedad, sanción or
// allanamiento is outside the stored vocabulary.
func actoInvalido(ctx context.Context, tx *sql.Tx, desde, hasta fecha.Fecha) error {
	var nit, firmeza, grav, sanc string
	var allan int64
	err := tx.QueryRowContext(ctx, `SELECT u.nit, a.fecha_firmeza, a.gravedad, a.sancion, a.allanamiento FROM actos a JOIN usuarios_aduaneros u ON u.id = a.usuario_id
		WHERE a.fecha_firmeza BETWEEN ?1 AND ?2 AND (a.gravedad NOT IN ('leve','grave','gravisima')
		OR a.sancion NOT IN ('multa','amonestacion','suspension','cancelacion') OR a.allanamiento NOT IN (0, 1)
		OR unixepoch(a.fecha_firmeza) IS NULL OR date(a.fecha_firmeza) <> a.fecha_firmeza) LIMIT 1`, desde.String(), hasta.String()).Scan(&nit, &firmeza, &grav, &sanc, &allan)
	if err != nil {
		return fmt.Errorf("leer actos: un acto tiene fecha de firmeza, gravedad, sanción o allanamiento guardados inválidos")
	}
	return fmt.Errorf("acto del usuario %s: fecha de firmeza, gravedad, sanción o allanamiento guardados inválidos (%q, %q, %q, %d)", nit, firmeza, grav, sanc, allan)
}

func leerOperacionesTamizaje(ctx context.Context, tx *sql.Tx, so solo, anioDesde, anioHasta int, f func(usuarioID int64, anio int, centavos, numero int64) error) error {
	// User and year packed in one integer (usuario × 2¹⁶ + año): three
	// columns instead of four.
	rows, err := tx.QueryContext(ctx, `SELECT usuario_id * 65536 + anio, valor_centavos, numero FROM operaciones_anuales WHERE anio BETWEEN ?1 AND ?2`+so.filtro("usuario_id", 3, true)+`
		UNION ALL
		SELECT usuario_id * 65536 + anio, sum(valor_centavos), count(*) FROM declaraciones WHERE anio BETWEEN ?1 AND ?2`+so.filtro("usuario_id", 3, true)+` GROUP BY usuario_id, anio`, so.args([]any{anioDesde, anioHasta})...)
	if err != nil {
		return fmt.Errorf("leer operaciones: %w", err)
	}
	defer rows.Close()
	var clave, cent, numero int64
	for rows.Next() {
		if err := rows.Scan(&clave, &cent, &numero); err != nil {
			return fmt.Errorf("leer operaciones: %w", err)
		}
		if err := f(clave>>16, int(clave&0xffff), cent, numero); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("leer operaciones: %w", err)
	}
	return nil
}
