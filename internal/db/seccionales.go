package db

// The catalogue of Direcciones Seccionales (internal/seccionales) as stored:
// seeded by migration 0031 with seccionales.Semilla, edited by the
// administrator (audited), and read to turn the names people and files write
// into the code every table stores.

import (
	"comite/internal/dominio"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strings"

	"comite/internal/importar/filas"
	"comite/internal/seccionales"
)

// CatalogoSeccionales reads the catalogue.
func (d *DB) CatalogoSeccionales(ctx context.Context) (*seccionales.Catalogo, error) {
	return catalogoDe(ctx, d)
}

func catalogoDe(ctx context.Context, q consultor) (*seccionales.Catalogo, error) {
	l, err := listaSeccionales(ctx, q)
	if err != nil {
		return nil, err
	}
	return seccionales.NuevoCatalogo(l)
}

func listaSeccionales(ctx context.Context, q consultor) ([]seccionales.Seccional, error) {
	rows, err := q.QueryContext(ctx, `SELECT codigo, nombre, nombres_cortos FROM seccionales ORDER BY nombre COLLATE `+ColacionEspanol)
	if err != nil {
		return nil, fmt.Errorf("leer las Direcciones Seccionales: %w", err)
	}
	defer rows.Close()
	var out []seccionales.Seccional
	for rows.Next() {
		var s seccionales.Seccional
		var cortos string
		if err := rows.Scan(&s.Codigo, &s.Nombre, &cortos); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(cortos), &s.Cortos); err != nil {
			return nil, fmt.Errorf("nombres cortos de %s ilegibles: %w", s.Codigo, err)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// CodigoSeccional resolves a name written by a person to its code; an
// unknown name is an dominio.ErrValidacion of the field direccion_seccional that
// lists the accepted names. "" stays "".
func (d *DB) CodigoSeccional(ctx context.Context, nombre string) (string, error) {
	return codigoSeccional(ctx, d, nombre)
}

func codigoSeccional(ctx context.Context, q consultor, nombre string) (string, error) {
	if strings.TrimSpace(nombre) == "" {
		return "", nil
	}
	cat, err := catalogoDe(ctx, q)
	if err != nil {
		return "", err
	}
	cod, err := cat.Codigo(nombre)
	if err != nil {
		return "", &dominio.ErrValidacion{Campo: "direccion_seccional", Mensaje: err.Error()}
	}
	return cod, nil
}

// NombreSeccional is the official name of a stored code, or the stored value
// itself when it is not in the catalogue (a value the migration could not convert).
func NombreSeccional(cat *seccionales.Catalogo, codigo string) string {
	if cat != nil {
		if n := cat.Nombre(codigo); n != "" {
			return n
		}
	}
	return codigo
}

// GuardarSeccional adds a Dirección Seccional or changes the name and short
// names of one (the code does not change: it is what the tables store). The
// whole catalogue must stay unambiguous. Audited with before and after. The
// Seccional is as validar.Seccional leaves it.
func (d *DB) GuardarSeccional(ctx context.Context, s seccionales.Seccional, quien dominio.Actor) error {
	return d.enTx(ctx, func(tx *sql.Tx) error {
		l, err := listaSeccionales(ctx, tx)
		if err != nil {
			return err
		}
		var antes *seccionales.Seccional
		nueva := []seccionales.Seccional{}
		for i := range l {
			if l[i].Codigo == s.Codigo {
				antes = &l[i]
				continue
			}
			nueva = append(nueva, l[i])
		}
		cat, err := seccionales.NuevoCatalogo(append(nueva, s))
		if err != nil {
			return &dominio.ErrValidacion{Campo: "nombres_cortos", Mensaje: err.Error()}
		}
		cj, _ := json.Marshal(s.Cortos)
		if s.Cortos == nil {
			cj = []byte("[]")
		}
		ahora := d.ahoraEn(tx)
		if _, err := tx.ExecContext(ctx, `INSERT INTO seccionales(codigo, nombre, nombres_cortos, actualizado_por, actualizado_en) VALUES (?,?,?,?,?)
			ON CONFLICT(codigo) DO UPDATE SET nombre = excluded.nombre, nombres_cortos = excluded.nombres_cortos,
			actualizado_por = excluded.actualizado_por, actualizado_en = excluded.actualizado_en`, s.Codigo, s.Nombre, string(cj), quien.Cuenta, ahora); err != nil {
			return fmt.Errorf("guardar la Dirección Seccional: %w", err)
		}
		det := map[string]any{"codigo": s.Codigo, "despues": map[string]any{"nombre": s.Nombre, "nombres_cortos": s.Cortos}}
		// Values the migration could not convert that the catalogue now
		// names become their code.
		conv, err := reconvertir(ctx, tx, cat)
		if err != nil {
			return err
		}
		if len(conv) > 0 {
			det["filas_convertidas"] = conv
		}
		accion := "seccional.crear"
		if antes != nil {
			accion = "seccional.cambiar"
			det["antes"] = map[string]any{"nombre": antes.Nombre, "nombres_cortos": antes.Cortos}
		}
		return d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: accion, Objeto: "seccional:" + s.Codigo, Detalle: det})
	})
}

// SinConvertir is a stored value the migration could not map to a code.
type SinConvertir struct {
	Tabla string
	Valor string
	Filas int
}

// SeccionalesSinConvertir lists what the migration could not convert and is
// still stored as free text (rows the administrator has not fixed yet).
func (d *DB) SeccionalesSinConvertir(ctx context.Context) ([]SinConvertir, error) {
	rows, err := d.QueryContext(ctx, `SELECT tabla, valor, filas FROM seccionales_sin_convertir ORDER BY tabla, valor`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []SinConvertir
	for rows.Next() {
		var s SinConvertir
		if err := rows.Scan(&s.Tabla, &s.Valor, &s.Filas); err != nil {
			return nil, err
		}
		var quedan int
		if err := d.QueryRowContext(ctx, `SELECT count(*) FROM `+tablaConSeccional(s.Tabla)+` WHERE direccion_seccional = ?`, s.Valor).Scan(&quedan); err != nil {
			return nil, err
		}
		if quedan > 0 {
			s.Filas = quedan
			out = append(out, s)
		}
	}
	return out, rows.Err()
}

// tablasConSeccional are the tables that store a Dirección Seccional.
var tablasConSeccional = []string{"usuarios_aduaneros", "cuentas", "casos"}

func tablaConSeccional(t string) string {
	for _, x := range tablasConSeccional {
		if x == t {
			return x
		}
	}
	return "usuarios_aduaneros"
}

// convertirSeccionales runs right after migraciones/0031 in its transaction:
// it seeds the catalogue and maps every free-text Dirección Seccional stored
// by earlier versions to its code. A value it cannot map stays as it was, is
// listed in seccionales_sin_convertir, in the audit log and in the log.
func (d *DB) convertirSeccionales(ctx context.Context, tx *sql.Tx) error {
	ahora := d.ahoraEn(tx)
	for _, s := range seccionales.Semilla {
		cj, _ := json.Marshal(s.Cortos)
		// actualizado_en '' marks a seed row never edited (and keeps a new
		// database the same bytes for the same data).
		if _, err := tx.ExecContext(ctx, `INSERT INTO seccionales(codigo, nombre, nombres_cortos, actualizado_por, actualizado_en) VALUES (?,?,?,'sistema','')`,
			s.Codigo, s.Nombre, string(cj)); err != nil {
			return fmt.Errorf("sembrar la Dirección Seccional %s: %w", s.Codigo, err)
		}
	}
	cat := seccionales.DebeCatalogo(seccionales.Semilla)
	convertidos := map[string]int64{}
	var sin []SinConvertir
	for _, t := range tablasConSeccional {
		rows, err := tx.QueryContext(ctx, `SELECT direccion_seccional, count(*) FROM `+t+` WHERE direccion_seccional <> '' GROUP BY direccion_seccional`)
		if err != nil {
			return err
		}
		type valor struct {
			v string
			n int
		}
		var vs []valor
		for rows.Next() {
			var x valor
			if err := rows.Scan(&x.v, &x.n); err != nil {
				rows.Close()
				return err
			}
			vs = append(vs, x)
		}
		rows.Close()
		for _, x := range vs {
			cod, ok := cat.Resolver(x.v)
			if !ok {
				sin = append(sin, SinConvertir{t, x.v, x.n})
				continue
			}
			if cod == x.v {
				continue
			}
			rs, err := tx.ExecContext(ctx, `UPDATE `+t+` SET direccion_seccional = ? WHERE direccion_seccional = ?`, cod, x.v)
			if err != nil {
				return fmt.Errorf("convertir %q en %s: %w", x.v, t, err)
			}
			n, _ := rs.RowsAffected()
			convertidos[t] += n
		}
	}
	for _, s := range sin {
		if _, err := tx.ExecContext(ctx, `INSERT INTO seccionales_sin_convertir(tabla, valor, filas, en) VALUES (?,?,?,?)`, s.Tabla, s.Valor, s.Filas, ahora); err != nil {
			return err
		}
		slog.Warn("Dirección Seccional sin convertir a un código del catálogo: corríjala en Administración → Direcciones Seccionales",
			"tabla", s.Tabla, "valor", s.Valor, "filas", s.Filas)
	}
	if len(convertidos) == 0 && len(sin) == 0 {
		return nil // a new database: nothing to convert, nothing to audit
	}
	sort.Slice(sin, func(i, j int) bool { return sin[i].Tabla+sin[i].Valor < sin[j].Tabla+sin[j].Valor })
	lista := []map[string]any{}
	for _, s := range sin {
		lista = append(lista, map[string]any{"tabla": s.Tabla, "valor": s.Valor, "filas": s.Filas})
	}
	return d.auditar(ctx, tx, Evento{Cuenta: "sistema", Accion: "seccional.migrar", Objeto: "migracion:0031_seccionales",
		Detalle: map[string]any{"sembradas": len(seccionales.Semilla), "filas_convertidas": convertidos, "sin_convertir": lista}})
}

// problemasSeccionalLote resolves the direccion_seccional of every row of a
// usuarios import to its code (in place); unknown names are problems that
// name the row and the accepted names.
func problemasSeccionalLote(ctx context.Context, q consultor, lote *filas.Lote) ([]filas.Problema, error) {
	cat, err := catalogoDe(ctx, q)
	if err != nil {
		return nil, err
	}
	var probs []filas.Problema
	for i, f := range lote.Usuarios {
		if strings.TrimSpace(f.DireccionSeccional) == "" {
			continue
		}
		cod, err := cat.Codigo(f.DireccionSeccional)
		if err != nil {
			probs = append(probs, filas.Problema{Fila: f.Fila, Campo: "direccion_seccional", Columna: lote.Cabeceras["direccion_seccional"], Mensaje: err.Error()})
			continue
		}
		lote.Usuarios[i].DireccionSeccional = cod
	}
	return probs, nil
}

// seccionalCuenta is the code of an account's Dirección Seccional (the
// field is "seccional" in the account forms).
func (d *DB) seccionalCuenta(ctx context.Context, nombre string) (string, error) {
	cod, err := codigoSeccional(ctx, d, nombre)
	var ev *dominio.ErrValidacion
	if errors.As(err, &ev) {
		return "", &dominio.ErrValidacion{Campo: "seccional", Mensaje: ev.Mensaje}
	}
	return cod, err
}

// reconvertir maps to their code the stored values listed in
// seccionales_sin_convertir that cat now resolves; it returns the rows
// changed by "tabla: valor".
func reconvertir(ctx context.Context, tx *sql.Tx, cat *seccionales.Catalogo) (map[string]int64, error) {
	rows, err := tx.QueryContext(ctx, `SELECT tabla, valor FROM seccionales_sin_convertir`)
	if err != nil {
		return nil, err
	}
	var pend []SinConvertir
	for rows.Next() {
		var x SinConvertir
		if err := rows.Scan(&x.Tabla, &x.Valor); err != nil {
			rows.Close()
			return nil, err
		}
		pend = append(pend, x)
	}
	rows.Close()
	out := map[string]int64{}
	for _, x := range pend {
		cod, ok := cat.Resolver(x.Valor)
		if !ok {
			continue
		}
		rs, err := tx.ExecContext(ctx, `UPDATE `+tablaConSeccional(x.Tabla)+` SET direccion_seccional = ? WHERE direccion_seccional = ?`, cod, x.Valor)
		if err != nil {
			return nil, err
		}
		if n, _ := rs.RowsAffected(); n > 0 {
			out[x.Tabla+": "+x.Valor] = n
		}
	}
	return out, nil
}
