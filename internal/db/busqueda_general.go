package db

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/nit"
)

// The search of the header looks for one text in customs users, cases and
// sessions of the Comité at once. Each kind answers its best matches first
// (Relevancia, smaller is better) and how many match in all:
//
//	0 the very thing: the NIT (or its base) or the case or session number typed whole;
//	1 the start of a NIT or of a number, or the session's date;
//	2 the razón social (or the place) begins with the text;
//	3 a word of it begins with the text;
//	4 the text is somewhere inside it.
//
// Ties go by name (or by the newest case or session). Names and places are
// compared without case or accents (sin_tildes); NITs as nit.LeerConsulta
// reads them.

// MaxHallazgos is the most rows one kind of the search answers.
const MaxHallazgos = 50

// HallazgoUsuario is a customs user found by the search.
type HallazgoUsuario struct {
	NIT, RazonSocial, Tipo, DireccionSeccional string
	Relevancia                                 int
}

// HallazgoCaso is a case found by the search.
type HallazgoCaso struct {
	ID                       int64
	Numero, NIT, RazonSocial string
	DireccionSeccional       string
	Estado                   flujo.Estado
	FechaReporte             fecha.Fecha
	Relevancia               int
}

// HallazgoSesion is a session of the Comité found by the search.
type HallazgoSesion struct {
	ID         int64
	Numero     string
	Fecha      fecha.Fecha
	Hora       string
	Lugar      string
	Relevancia int
}

// relevancia is the SQL CASE that ranks a row for texto (see above), and
// its arguments: numero is the column of a number ("" = none), nitCol that
// of a canonical NIT ("" = none) and nombre that of a folded name.
func relevancia(texto, numero, nitCol, nombre string) (string, []any) {
	var b strings.Builder
	var args []any
	b.WriteString("CASE")
	if numero != "" {
		b.WriteString(" WHEN lower(" + numero + ") = ? THEN 0")
		args = append(args, strings.ToLower(texto))
	}
	if nitCol != "" {
		prefijos := nit.LeerConsulta(texto)
		// A whole NIT, or a whole base without its check digit, names one.
		for _, p := range prefijos {
			switch {
			case strings.HasSuffix(p, "-"):
				b.WriteString(" WHEN " + nitCol + " LIKE ? THEN 0")
				args = append(args, p+"_")
			case strings.Contains(p, "-"):
				b.WriteString(" WHEN " + nitCol + " = ? THEN 0")
				args = append(args, p)
			default:
				b.WriteString(" WHEN " + nitCol + " LIKE ? THEN 0")
				args = append(args, p+"-_")
			}
		}
		if cond, a := condicionNIT(nitCol, texto); cond != "" {
			b.WriteString(" WHEN " + cond + " THEN 1")
			args = append(args, a...)
		}
	}
	p := plegar(texto)
	if numero != "" {
		b.WriteString(" WHEN " + numero + " LIKE ? ESCAPE '\\' THEN 1")
		args = append(args, "%"+p+"%")
	}
	b.WriteString(" WHEN " + nombre + " LIKE ? ESCAPE '\\' THEN 2 WHEN " + nombre + " LIKE ? ESCAPE '\\' THEN 3 WHEN " + nombre + " LIKE ? ESCAPE '\\' THEN 4 ELSE 9 END")
	args = append(args, p+"%", "% "+p+"%", "%"+p+"%")
	return b.String(), args
}

// hallazgos runs one kind of the search: base selects the rows with their
// relevance as r, seccional limits them ("" = none), orden breaks the ties;
// leer scans one row. It answers at most limite rows and the count of all.
func hallazgos[T any](ctx context.Context, d *DB, que, base string, args []any, seccional, orden string, limite int,
	leer func(*sql.Rows) (T, error)) ([]T, int, error) {
	where := ` WHERE r < 9`
	if seccional != "" {
		where += ` AND direccion_seccional = ?`
		args = append(args, seccional)
	}
	var total int
	if err := d.QueryRowContext(ctx, `SELECT count(*) FROM (`+base+`)`+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("buscar %s: %w", que, err)
	}
	rows, err := d.QueryContext(ctx, `SELECT * FROM (`+base+`)`+where+` ORDER BY r, `+orden+` LIMIT ?`,
		append(args, min(max(limite, 1), MaxHallazgos))...)
	if err != nil {
		return nil, 0, fmt.Errorf("buscar %s: %w", que, err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		h, err := leer(rows)
		if err != nil {
			return nil, 0, fmt.Errorf("buscar %s: %w", que, err)
		}
		out = append(out, h)
	}
	return out, total, rows.Err()
}

// BuscarUsuariosGeneral returns at most limite users matching texto, the
// most relevant first, and how many match; seccional limits them to one
// Dirección Seccional ("" = every one).
func (d *DB) BuscarUsuariosGeneral(ctx context.Context, texto, seccional string, limite int) ([]HallazgoUsuario, int, error) {
	texto = strings.TrimSpace(texto)
	if texto == "" {
		return nil, 0, nil
	}
	rel, args := relevancia(texto, "", "nit", "razon_social_busqueda")
	base := `SELECT nit, razon_social, tipo, direccion_seccional, ` + rel + ` AS r FROM usuarios_aduaneros`
	return hallazgos(ctx, d, "usuarios", base, args, seccional, `sin_tildes(razon_social), nit`, limite, func(rows *sql.Rows) (HallazgoUsuario, error) {
		var h HallazgoUsuario
		err := rows.Scan(&h.NIT, &h.RazonSocial, &h.Tipo, &h.DireccionSeccional, &h.Relevancia)
		return h, err
	})
}

// BuscarCasosGeneral returns at most limite cases matching texto by number,
// NIT or razón social, the most relevant first (ties: the newest report),
// and how many match; seccional limits them as BuscarUsuariosGeneral.
func (d *DB) BuscarCasosGeneral(ctx context.Context, texto, seccional string, limite int) ([]HallazgoCaso, int, error) {
	texto = strings.TrimSpace(texto)
	if texto == "" {
		return nil, 0, nil
	}
	rel, args := relevancia(texto, "c.numero", "u.nit", "u.razon_social_busqueda")
	base := `SELECT c.id, c.numero, u.nit, u.razon_social, c.direccion_seccional, c.estado, c.fecha_reporte, ` + rel +
		` AS r FROM casos c JOIN usuarios_aduaneros u ON u.id = c.usuario_id`
	return hallazgos(ctx, d, "casos", base, args, seccional, `fecha_reporte DESC, id DESC`, limite, func(rows *sql.Rows) (HallazgoCaso, error) {
		var h HallazgoCaso
		var estado, rep string
		if err := rows.Scan(&h.ID, &h.Numero, &h.NIT, &h.RazonSocial, &h.DireccionSeccional, &estado, &rep, &h.Relevancia); err != nil {
			return h, err
		}
		h.Estado = flujo.Estado(estado)
		var err error
		if h.FechaReporte, err = fecha.ParseISO(rep); err != nil {
			return h, fmt.Errorf("caso %s: fecha del reporte guardada ilegible: %w", h.Numero, err)
		}
		return h, nil
	})
}

// BuscarSesionesGeneral returns at most limite sessions of the Comité
// matching texto by number, date (dd/mm/aaaa) or place, the most relevant
// first (ties: the newest), and how many match.
func (d *DB) BuscarSesionesGeneral(ctx context.Context, texto string, limite int) ([]HallazgoSesion, int, error) {
	texto = strings.TrimSpace(texto)
	if texto == "" {
		return nil, 0, nil
	}
	rel, args := relevancia(texto, "numero", "", "sin_tildes(lugar)")
	if f, err := fecha.Parse(texto); err == nil {
		rel = "CASE WHEN fecha = ? THEN 1 ELSE " + rel + " END"
		args = append([]any{f.String()}, args...)
	}
	base := `SELECT id, numero, fecha, hora, lugar, ` + rel + ` AS r FROM sesiones_comite`
	return hallazgos(ctx, d, "sesiones", base, args, "", `fecha DESC, hora DESC, id DESC`, limite, func(rows *sql.Rows) (HallazgoSesion, error) {
		var h HallazgoSesion
		var f string
		if err := rows.Scan(&h.ID, &h.Numero, &f, &h.Hora, &h.Lugar, &h.Relevancia); err != nil {
			return h, err
		}
		var err error
		if h.Fecha, err = fecha.ParseISO(f); err != nil {
			return h, fmt.Errorf("sesión %s: fecha guardada ilegible: %w", h.Numero, err)
		}
		return h, nil
	})
}
