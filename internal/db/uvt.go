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
	"unicode/utf8"

	"comite/internal/formato"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

// FilaUVT is one row of the uvt table.
type FilaUVT struct {
	Anio          int
	Valor         decimal.Decimal // whole pesos per UVT
	Resolucion    string          // DIAN resolution that fixed it
	RegistradoPor string
	RegistradoEn  string
	// Usos counts the stored evaluations and REA proposals that used the row;
	// a row already used cannot be corrected.
	Usos int
}

// Limits of the form, audit actions and the texts of the refusals.
// saltoMaximoUVT is the largest ratio between the UVT of two consecutive
// years of the table.
var saltoMaximoUVT = decimal.RequireFromString("1.25")

const (
	anioUVTMinimo       = 1990
	anioUVTMaximo       = 2200
	maxResolucionUVT    = 200
	maxValorUVTDigitos  = 9
	accionUVTAgregar    = "uvt.agregar"
	accionUVTCorregir   = "uvt.corregir"
	sistemaSiembraUVT   = "sistema"
	objetoAuditoriaUVT  = "uvt:"
	errUVTUsadaMensaje  = "la UVT de %d ya se usó en %d evaluaciones o propuestas guardadas y no se puede corregir: lo calculado con ella debe poder reproducirse"
	errUVTNoSiguiente   = "solo se agrega el año siguiente al último de la tabla (%d) o un año que falte entre %d y %d"
	errUVTNoMayor       = "la UVT de %d debe ser mayor que la de %d (%s)"
	errUVTNoMenor       = "la UVT de %d debe ser menor que la de %d (%s)"
	errUVTSalto         = "la UVT de %d no puede diferir en más de un 25 %% de la de %d (%s): revise el valor"
	errUVTSinResolucion = "escriba la resolución de la DIAN que fijó la UVT (por ejemplo, «Resolución DIAN 000238 de 2025»)"
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
			u.Anio, u.Valor.IntPart(), u.Resolucion, sistemaSiembraUVT, d.Ahora()); err != nil {
			return fmt.Errorf("sembrar la UVT de %d: %w", u.Anio, err)
		}
	}
	return nil
}

// filasUVT reads the table (with how many stored computations used each row).
func filasUVT(ctx context.Context, q consultor) ([]FilaUVT, error) {
	rows, err := q.QueryContext(ctx, `SELECT u.anio, u.valor_cop, u.resolucion, u.registrado_por, u.registrado_en,
		(SELECT count(*) FROM evaluaciones e WHERE json_valid(e.valores_json) AND json_extract(e.valores_json, '$.uvt.anio') = u.anio)
		+ (SELECT count(*) FROM propuestas_rea p WHERE p.uvt_anio = u.anio)
		FROM uvt u ORDER BY u.anio`)
	if err != nil {
		return nil, fmt.Errorf("leer la tabla de UVT: %w", err)
	}
	defer rows.Close()
	var out []FilaUVT
	for rows.Next() {
		var f FilaUVT
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
	filas, err := filasUVT(ctx, q)
	if err != nil {
		return valores.Referencia{}, err
	}
	us := make([]valores.UVT, len(filas))
	for i, f := range filas {
		us[i] = valores.UVT{Anio: f.Anio, Valor: f.Valor, Resolucion: f.Resolucion}
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
func (d *DB) ListarUVT(ctx context.Context) ([]FilaUVT, error) { return filasUVT(ctx, d) }

// GuardarUVT adds the UVT of a year, or corrects the row of a year no stored
// evaluation or REA proposal used. A new year is the one after the last of
// the table or a missing year between the first and the last; the value is a
// whole number of pesos, greater than the previous year's and smaller than
// the next one's; the resolution is required. Audited with before and after.
func (d *DB) GuardarUVT(ctx context.Context, anio int, valor decimal.Decimal, resolucion string, quien dominio.Actor) error {
	resolucion = strings.TrimSpace(resolucion)
	if anio < anioUVTMinimo || anio > anioUVTMaximo {
		return &dominio.ErrValidacion{Campo: "anio", Mensaje: fmt.Sprintf("escriba un año entre %d y %d", anioUVTMinimo, anioUVTMaximo)}
	}
	if !valor.IsPositive() {
		return &dominio.ErrValidacion{Campo: "valor", Mensaje: "la UVT debe ser mayor que cero"}
	}
	if !valor.Equal(valor.Truncate(0)) || len(valor.Truncate(0).String()) > maxValorUVTDigitos {
		return &dominio.ErrValidacion{Campo: "valor", Mensaje: "escriba la UVT en pesos enteros (por ejemplo, 52.374)"}
	}
	if resolucion == "" {
		return &dominio.ErrValidacion{Campo: "resolucion", Mensaje: errUVTSinResolucion}
	}
	if utf8.RuneCountInString(resolucion) > maxResolucionUVT {
		return &dominio.ErrValidacion{Campo: "resolucion", Mensaje: fmt.Sprintf("use como máximo %d caracteres", maxResolucionUVT)}
	}
	err := d.EnTx(ctx, func(tx *sql.Tx) error {
		filas, err := filasUVT(ctx, tx)
		if err != nil {
			return err
		}
		var antes, previa, siguiente *FilaUVT
		for i := range filas {
			f := &filas[i]
			switch {
			case f.Anio == anio:
				antes = f
			case f.Anio < anio:
				previa = f
			case f.Anio > anio && siguiente == nil:
				siguiente = f
			}
		}
		if antes != nil && antes.Usos > 0 {
			return &dominio.ErrValidacion{Campo: "anio", Mensaje: fmt.Sprintf(errUVTUsadaMensaje, anio, antes.Usos)}
		}
		if antes == nil && len(filas) > 0 {
			primero, ultimo := filas[0].Anio, filas[len(filas)-1].Anio
			if anio != ultimo+1 && (anio < primero || anio > ultimo) {
				return &dominio.ErrValidacion{Campo: "anio", Mensaje: fmt.Sprintf(errUVTNoSiguiente, ultimo, primero, ultimo)}
			}
		}
		if previa != nil && !valor.GreaterThan(previa.Valor) {
			return &dominio.ErrValidacion{Campo: "valor", Mensaje: fmt.Sprintf(errUVTNoMayor, anio, previa.Anio, formato.Pesos(previa.Valor))}
		}
		if siguiente != nil && !valor.LessThan(siguiente.Valor) {
			return &dominio.ErrValidacion{Campo: "valor", Mensaje: fmt.Sprintf(errUVTNoMenor, anio, siguiente.Anio, formato.Pesos(siguiente.Valor))}
		}
		// From one year to the next the UVT follows inflation: a value
		// that jumps more than saltoMaximoUVT from its neighbour is a typo
		// (the first year of the table has no year before it to compare).
		if siguiente != nil && valor.Mul(saltoMaximoUVT).LessThan(siguiente.Valor) {
			return &dominio.ErrValidacion{Campo: "valor", Mensaje: fmt.Sprintf(errUVTSalto, anio, siguiente.Anio, formato.Pesos(siguiente.Valor))}
		}
		if previa != nil && previa.Valor.Mul(saltoMaximoUVT).LessThan(valor) {
			return &dominio.ErrValidacion{Campo: "valor", Mensaje: fmt.Sprintf(errUVTSalto, anio, previa.Anio, formato.Pesos(previa.Valor))}
		}
		despues := map[string]string{"anio": fmt.Sprint(anio), "valor_cop": valor.String(), "resolucion": resolucion}
		accion := accionUVTAgregar
		var detalleAntes map[string]string
		if antes != nil {
			accion = accionUVTCorregir
			detalleAntes = map[string]string{"anio": fmt.Sprint(anio), "valor_cop": antes.Valor.String(), "resolucion": antes.Resolucion,
				"registrado_por": antes.RegistradoPor, "registrado_en": antes.RegistradoEn}
			_, err = tx.ExecContext(ctx, `UPDATE uvt SET valor_cop = ?, resolucion = ?, registrado_por = ?, registrado_en = ? WHERE anio = ?`,
				valor.IntPart(), resolucion, quien.Cuenta, d.Ahora(), anio)
		} else {
			_, err = tx.ExecContext(ctx, `INSERT INTO uvt(anio, valor_cop, resolucion, registrado_por, registrado_en) VALUES (?,?,?,?,?)`,
				anio, valor.IntPart(), resolucion, quien.Cuenta, d.Ahora())
		}
		if err != nil {
			return err
		}
		return d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: accion, Objeto: objetoAuditoriaUVT + fmt.Sprint(anio),
			Detalle: map[string]any{"antes": detalleAntes, "despues": despues}})
	})
	// The cache follows the table whatever happened (a failed write leaves it as it was).
	if _, errRef := d.recargarReferencia(ctx); err == nil && errRef != nil {
		return errRef
	}
	return err
}
