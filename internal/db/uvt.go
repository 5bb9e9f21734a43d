package db

// The UVT table as data: the administrator adds the year DIAN publishes
// (value and resolution), audited; the application builds its reference
// values from here, in one place (Referencia), cached and reloaded on every
// write of the table.

import (
	"comite/internal/dominio"
	"comite/internal/fallo"
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"

	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

// Audit actions and the account of the seed rows.
const (
	accionUVTAgregar   = "uvt.agregar"
	accionUVTCorregir  = "uvt.corregir"
	sistemaSiembraUVT  = "sistema"
	objetoAuditoriaUVT = "uvt:"
)

// ErrUVTUsada is returned when correcting a row that stored computations used.
var ErrUVTUsada = fallo.Nuevo(fallo.Conflicto, "la UVT de ese año ya se usó en evaluaciones o propuestas guardadas")

// referenciaCache holds the reference built from the uvt table, with the
// data version (VersionDatos.Aduaneros) read before the table was: a UVT
// row written by another process (or by hand) moves the version, and the
// next Referencia reads the table again.
type referenciaCache struct {
	mu      sync.RWMutex
	ref     *valores.Referencia
	version int64
}

// sembrarUVT writes the built-in rows (2015–2026) as the seed of the table.
func sembrarUVT(d *DB, ctx context.Context, tx *sql.Tx) error {
	for _, u := range valores.TablaUVT {
		if _, err := tx.ExecContext(ctx, `INSERT INTO uvt(anio, valor_cop, resolucion, registrado_por, registrado_en) VALUES (?,?,?,?,?)`,
			u.Anio, u.Valor.IntPart(), u.Resolucion, sistemaSiembraUVT, d.ahoraEn(tx)); err != nil {
			return fmt.Errorf("sembrar la UVT de %d: %w", u.Anio, err)
		}
	}
	return nil
}

// filasUVT reads the table (with how many stored computations used each row).
func filasUVT(ctx context.Context, q consultor) ([]dominio.FilaUVT, error) {
	rows, err := q.QueryContext(ctx, `SELECT u.anio, u.valor_cop, u.resolucion, u.registrado_por, u.registrado_en,
		(SELECT count(*) FROM evaluaciones e WHERE json_valid(e.valores_json) AND json_extract(e.valores_json, '$.uvt.anio') = u.anio)
		+ (SELECT count(*) FROM propuestas_rea p WHERE p.uvt_anio = u.anio)
		FROM uvt u ORDER BY u.anio`)
	if err != nil {
		return nil, fmt.Errorf("leer la tabla de UVT: %w", err)
	}
	defer rows.Close()
	var out []dominio.FilaUVT
	for rows.Next() {
		var f dominio.FilaUVT
		var v int64
		if err := rows.Scan(&f.Anio, &v, &f.Resolucion, &f.RegistradoPor, &f.RegistradoEn, &f.Usos); err != nil {
			return nil, err
		}
		f.Valor = decimal.NewFromInt(v)
		out = append(out, f)
	}
	return out, rows.Err()
}

// referenciaEn builds the application's reference values from the uvt table
// read through q (inside a transaction when q is one): the rule sets held and
// the rows of the table, nothing else.
func referenciaEn(ctx context.Context, q consultor) (valores.Referencia, error) {
	// Only the rows: their uses (filasUVT) scan every stored evaluation, a
	// cost that grows with the cases and, inside a write transaction, is
	// paid with the write lock held.
	rows, err := q.QueryContext(ctx, `SELECT anio, valor_cop, resolucion FROM uvt ORDER BY anio`)
	if err != nil {
		return valores.Referencia{}, fmt.Errorf("leer la tabla de UVT: %w", err)
	}
	defer rows.Close()
	var us []valores.UVT
	for rows.Next() {
		var u valores.UVT
		var v int64
		if err := rows.Scan(&u.Anio, &v, &u.Resolucion); err != nil {
			return valores.Referencia{}, err
		}
		u.Valor = decimal.NewFromInt(v)
		us = append(us, u)
	}
	if err := rows.Err(); err != nil {
		return valores.Referencia{}, err
	}
	r, err := valores.Integrada().ConUVT(us)
	if err != nil {
		return r, fmt.Errorf("tabla de UVT de la base: %w", err)
	}
	return r, nil
}

// recargarReferencia reads the table again and replaces the cache. The
// version is read first, so a write that lands meanwhile makes the next
// Referencia read the table once more (the error is on the side of reading).
func (d *DB) recargarReferencia(ctx context.Context) (valores.Referencia, error) {
	v, errV := d.LeerVersionDatos(ctx)
	r, err := referenciaEn(ctx, d)
	d.ref.mu.Lock()
	defer d.ref.mu.Unlock()
	if err != nil {
		d.ref.ref = nil
		return r, err
	}
	d.ref.ref = &r
	d.ref.version = v.Aduaneros
	if errV != nil {
		d.ref.version = -1 // unknown: the next Referencia reads the table again
	}
	return r, nil
}

// Referencia is the reference values every computation of the application
// uses (the web, the informe, the screening, the commands with --db): the
// rule sets held and the UVT rows of the database. It is the one place the
// application builds them; the command-line contract keeps the built-in ones.
// When the table cannot be read the UVT rows are left empty, so the core
// answers uvt_no_disponible instead of using a value nobody entered.
//
// The cached reference is used while the data version of the customs data
// (which counts the writes of the uvt table) has not moved; reading it is one
// primary-key lookup.
func (d *DB) Referencia() valores.Referencia {
	v, errV := d.LeerVersionDatos(context.Background())
	d.ref.mu.RLock()
	r, version := d.ref.ref, d.ref.version
	d.ref.mu.RUnlock()
	if r != nil && errV == nil && version == v.Aduaneros {
		return *r
	}
	ref, err := d.recargarReferencia(context.Background())
	if err != nil {
		return valores.Referencia{Conjuntos: valores.Integrada().Conjuntos}
	}
	return ref
}

// ListarUVT returns the rows of the table, oldest year first, with their uses.
func (d *DB) ListarUVT(ctx context.Context) ([]dominio.FilaUVT, error) { return filasUVT(ctx, d) }

// GuardarUVT adds the UVT of a year, or corrects the row of a year. The
// caller has checked the fields (validar.UVT); reglas checks the row
// against the table as read inside the transaction that writes
// (validar.UVTEnTabla: which year may be added or corrected, and its value
// beside its neighbours'), so nothing changes the table in between.
// Audited with before and after.
func (d *DB) GuardarUVT(ctx context.Context, anio int, valor decimal.Decimal, resolucion string, reglas func([]dominio.FilaUVT) error, quien dominio.Actor) error {
	resolucion = strings.TrimSpace(resolucion)
	err := d.enTx(ctx, func(tx *sql.Tx) error {
		filas, err := filasUVT(ctx, tx)
		if err != nil {
			return err
		}
		var antes *dominio.FilaUVT
		for i := range filas {
			if filas[i].Anio == anio {
				antes = &filas[i]
			}
		}
		if err := reglas(filas); err != nil {
			return err
		}
		despues := map[string]string{"anio": fmt.Sprint(anio), "valor_cop": valor.String(), "resolucion": resolucion}
		accion := accionUVTAgregar
		var detalleAntes map[string]string
		if antes != nil {
			accion = accionUVTCorregir
			detalleAntes = map[string]string{"anio": fmt.Sprint(anio), "valor_cop": antes.Valor.String(), "resolucion": antes.Resolucion,
				"registrado_por": antes.RegistradoPor, "registrado_en": antes.RegistradoEn}
			_, err = tx.ExecContext(ctx, `UPDATE uvt SET valor_cop = ?, resolucion = ?, registrado_por = ?, registrado_en = ? WHERE anio = ?`,
				valor.IntPart(), resolucion, quien.Cuenta, d.ahoraEn(tx), anio)
		} else {
			_, err = tx.ExecContext(ctx, `INSERT INTO uvt(anio, valor_cop, resolucion, registrado_por, registrado_en) VALUES (?,?,?,?,?)`,
				anio, valor.IntPart(), resolucion, quien.Cuenta, d.ahoraEn(tx))
		}
		if err != nil {
			return err
		}
		return d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: accion, Objeto: objetoAuditoriaUVT + fmt.Sprint(anio),
			Detalle: map[string]any{"antes": detalleAntes, "despues": despues}})
	})
	// The cache follows the table whatever happened (a failed write leaves it as it was).
	if _, errRef := d.recargarReferencia(ctx); err == nil && errRef != nil {
		return errRef
	}
	return err
}
