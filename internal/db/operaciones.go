package db

import (
	"comite/internal/dominio"
	"context"
	"database/sql"
	"errors"
	"fmt"

	"comite/internal/nit"

	"github.com/shopspring/decimal"
)

// Foreign-trade operations come in two forms (docs/reglas.md §6): yearly totals
// (NIT, year, value, number) or one row per customs declaration (NIT, date,
// declaration number, value), totalled by year when read.
//
// One NIT-year is kept in ONE form: writing yearly totals for a year that
// has declarations (or a declaration for a year that has a yearly total) is
// refused with a message naming the NIT and the year, so a year is never
// counted twice. To change the form of a year, its rows must be removed first
// (not offered by the application: ask the administrator).

// OperacionesAnio is what the rules read: one year's value and number of
// operations, from whichever form the year was loaded in.
type OperacionesAnio struct {
	Anio   int
	Valor  decimal.Decimal
	Numero int64
	Origen string // "anual" or "declaraciones"
}

// ErrFormaOperaciones is returned when a NIT-year would mix yearly totals and declarations.
type ErrFormaOperaciones struct {
	NIT       string
	Anio      int
	Existente string // the form already stored: "anual" or "declaraciones"
}

func (e *ErrFormaOperaciones) Error() string {
	if e.Existente == "declaraciones" {
		return fmt.Sprintf("el NIT %s ya tiene declaraciones cargadas para %d: un año se carga por totales anuales o por declaraciones, no de ambas formas", e.NIT, e.Anio)
	}
	return fmt.Sprintf("el NIT %s ya tiene un total anual cargado para %d: un año se carga por totales anuales o por declaraciones, no de ambas formas", e.NIT, e.Anio)
}

func detalleOperacion(o dominio.OperacionAnual, cent int64) map[string]any {
	return map[string]any{"nit": o.NIT, "anio": o.Anio, "valor_cop": PesosDeCentavos(cent).String(), "numero": o.Numero}
}

func detalleDeclaracion(o dominio.Declaracion, cent int64) map[string]any {
	return map[string]any{"nit": o.NIT, "numero_declaracion": o.Numero, "fecha": textoFecha(o.Fecha), "valor_cop": PesosDeCentavos(cent).String()}
}

// GuardarOperacionAnual creates or updates the yearly total of a user, as
// validar.OperacionAnual leaves it.
func (d *DB) GuardarOperacionAnual(ctx context.Context, o dominio.OperacionAnual, quien dominio.Actor) (Cambio, error) {
	cent, err := dominio.CentavosDe(o.Valor)
	if err != nil {
		return SinCambios, err
	}
	var c Cambio
	err = d.enTx(ctx, func(tx *sql.Tx) error {
		e := d.nuevoEscritor(ctx, tx, quien)
		defer e.cerrar()
		uid, err := e.idUsuario(o.NIT)
		if err != nil {
			return err
		}
		var hay int
		if err := tx.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM declaraciones WHERE usuario_id = ? AND anio = ?)`, uid, o.Anio).Scan(&hay); err != nil {
			return err
		}
		if hay == 1 {
			return &ErrFormaOperaciones{o.NIT, o.Anio, "declaraciones"}
		}
		c, err = e.operacionAnual(uid, o, cent, 0)
		return err
	})
	if err != nil {
		return SinCambios, fmt.Errorf("guardar operaciones %d de %s: %w", o.Anio, o.NIT, err)
	}
	return c, nil
}

func (e *escritor) operacionAnual(uid int64, o dominio.OperacionAnual, cent int64, fila int) (Cambio, error) {
	ok, _, err := e.insertar(`INSERT INTO operaciones_anuales(usuario_id, anio, valor_centavos, numero, actualizado_en) VALUES (?,?,?,?,?)
		ON CONFLICT(usuario_id, anio) DO NOTHING`, uid, o.Anio, cent, o.Numero, e.ahora)
	if err != nil {
		return SinCambios, err
	}
	objeto := fmt.Sprintf("operaciones:%s/%d", o.NIT, o.Anio)
	if ok {
		if e.altas {
			return Insertado, e.auditar("operaciones.crear", objeto, fila, map[string]any{"despues": detalleOperacion(o, cent)})
		}
		return Insertado, nil
	}
	s, err := e.stmt(`SELECT valor_centavos, numero FROM operaciones_anuales WHERE usuario_id = ? AND anio = ?`)
	if err != nil {
		return SinCambios, err
	}
	antes := dominio.OperacionAnual{NIT: o.NIT, Anio: o.Anio}
	var centAntes int64
	if err := s.QueryRowContext(e.ctx, uid, o.Anio).Scan(&centAntes, &antes.Numero); err != nil {
		return SinCambios, err
	}
	if centAntes == cent && antes.Numero == o.Numero {
		return SinCambios, nil
	}
	up, err := e.stmt(`UPDATE operaciones_anuales SET valor_centavos = ?, numero = ?, actualizado_en = ? WHERE usuario_id = ? AND anio = ?`)
	if err != nil {
		return SinCambios, err
	}
	if _, err := up.ExecContext(e.ctx, cent, o.Numero, e.ahora, uid, o.Anio); err != nil {
		return SinCambios, err
	}
	return Actualizado, e.auditar("operaciones.actualizar", objeto, fila,
		map[string]any{"antes": detalleOperacion(antes, centAntes), "despues": detalleOperacion(o, cent)})
}

// GuardarDeclaracion creates or updates one customs declaration of a user,
// as validar.Declaracion leaves it.
func (d *DB) GuardarDeclaracion(ctx context.Context, o dominio.Declaracion, quien dominio.Actor) (Cambio, error) {
	cent, err := dominio.CentavosDe(o.Valor)
	if err != nil {
		return SinCambios, err
	}
	var c Cambio
	err = d.enTx(ctx, func(tx *sql.Tx) error {
		e := d.nuevoEscritor(ctx, tx, quien)
		defer e.cerrar()
		uid, err := e.idUsuario(o.NIT)
		if err != nil {
			return err
		}
		var hay int
		if err := tx.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM operaciones_anuales WHERE usuario_id = ? AND anio = ?)`, uid, o.Fecha.Anio()).Scan(&hay); err != nil {
			return err
		}
		if hay == 1 {
			return &ErrFormaOperaciones{o.NIT, o.Fecha.Anio(), "anual"}
		}
		c, err = e.declaracion(uid, o, cent, 0)
		return err
	})
	if err != nil {
		return SinCambios, fmt.Errorf("guardar declaración %s de %s: %w", o.Numero, o.NIT, err)
	}
	return c, nil
}

func (e *escritor) declaracion(uid int64, o dominio.Declaracion, cent int64, fila int) (Cambio, error) {
	ok, _, err := e.insertar(`INSERT INTO declaraciones(usuario_id, numero_declaracion, fecha, anio, valor_centavos, actualizado_en) VALUES (?,?,?,?,?,?)
		ON CONFLICT(usuario_id, numero_declaracion) DO NOTHING`, uid, o.Numero, iso(o.Fecha), o.Fecha.Anio(), cent, e.ahora)
	if err != nil {
		return SinCambios, err
	}
	objeto := "declaracion:" + o.NIT + "/" + o.Numero
	if ok {
		if e.altas {
			return Insertado, e.auditar("declaracion.crear", objeto, fila, map[string]any{"despues": detalleDeclaracion(o, cent)})
		}
		return Insertado, nil
	}
	s, err := e.stmt(`SELECT id, fecha, valor_centavos FROM declaraciones WHERE usuario_id = ? AND numero_declaracion = ?`)
	if err != nil {
		return SinCambios, err
	}
	antes := dominio.Declaracion{NIT: o.NIT, Numero: o.Numero}
	var id, centAntes int64
	var f sql.NullString
	if err := s.QueryRowContext(e.ctx, uid, o.Numero).Scan(&id, &f, &centAntes); err != nil {
		return SinCambios, err
	}
	if antes.Fecha, err = leerFecha(f, "fecha"); err != nil {
		return SinCambios, err
	}
	if antes.Fecha.Igual(o.Fecha) && centAntes == cent {
		return SinCambios, nil
	}
	up, err := e.stmt(`UPDATE declaraciones SET fecha = ?, anio = ?, valor_centavos = ?, actualizado_en = ? WHERE id = ?`)
	if err != nil {
		return SinCambios, err
	}
	if _, err := up.ExecContext(e.ctx, iso(o.Fecha), o.Fecha.Anio(), cent, e.ahora, id); err != nil {
		return SinCambios, err
	}
	return Actualizado, e.auditar("declaracion.actualizar", objeto, fila,
		map[string]any{"antes": detalleDeclaracion(antes, centAntes), "despues": detalleDeclaracion(o, cent)})
}

// OperacionesDeUsuario returns the user's operations by year, oldest first:
// the yearly total, or the sum and count of the year's declarations.
func (d *DB) OperacionesDeUsuario(ctx context.Context, nitUsuario string) ([]OperacionesAnio, error) {
	n, err := nit.Parse(nitUsuario)
	if err != nil {
		return nil, &dominio.ErrValidacion{Campo: "nit", Mensaje: err.Error()}
	}
	var uid int64
	if err := d.QueryRowContext(ctx, `SELECT id FROM usuarios_aduaneros WHERE nit = ?`, n.String()).Scan(&uid); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("%w: NIT %s", ErrUsuarioNoRegistrado, n)
		}
		return nil, fmt.Errorf("operaciones de %s: %w", n, err)
	}
	return operacionesDe(ctx, d.DB, uid)
}

func operacionesDe(ctx context.Context, q consultor, uid int64) ([]OperacionesAnio, error) {
	rows, err := q.QueryContext(ctx, `SELECT anio, valor_centavos, numero, 'anual' FROM operaciones_anuales WHERE usuario_id = ?1
		UNION ALL
		SELECT anio, sum(valor_centavos), count(*), 'declaraciones' FROM declaraciones WHERE usuario_id = ?1 GROUP BY anio
		ORDER BY 1, 4`, uid)
	if err != nil {
		return nil, fmt.Errorf("leer operaciones: %w", err)
	}
	defer rows.Close()
	var out []OperacionesAnio
	for rows.Next() {
		var o OperacionesAnio
		var cent int64
		if err := rows.Scan(&o.Anio, &cent, &o.Numero, &o.Origen); err != nil {
			return nil, fmt.Errorf("leer operaciones: %w", err)
		}
		o.Valor = PesosDeCentavos(cent)
		out = append(out, o)
	}
	return out, rows.Err()
}
