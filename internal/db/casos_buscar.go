package db

import (
	"comite/internal/dominio"
	"context"
	"database/sql"
	"fmt"
	"strings"

	"comite/internal/fecha"
	"comite/internal/flujo"
)

// ConsultaCasos is a search of the case list: every field is optional.
type ConsultaCasos struct {
	Texto     string       // NIT, razón social or case number; without accents or case
	Seccional string       // the account's limit ("" = every Dirección Seccional)
	Elegida   string       // the Dirección Seccional chosen in the filter ("" = all)
	Estado    flujo.Estado // "" = every state
	// Ruta is the decision of the concepto in force: "cancelacion",
	// "multa_incrementada", "sin_concepto" or "" (all).
	Ruta string
	// Resultado of the latest stored evaluation: "procede", "no_procede" or "" (all).
	Resultado    string
	Desde, Hasta fecha.Fecha // report date between (inclusive); zero = open
	Orden        string      // one of OrdenesCasos; "" = reporte
	Ascendente   bool
	Pagina       int // 1-based; <1 = 1
	PorPagina    int // 0 = 50; capped at MaxPorPagina (or MaxExportacion when Exportar)
	Exportar     bool
}

// OrdenesCasos are the sortable columns of the list.
var OrdenesCasos = []string{"numero", "usuario", "seccional", "estado", "reporte", "vence"}

const (
	MaxPorPagina   = 200
	MaxExportacion = 100000
)

// FilaCaso is a case of the list with what the columns and the filters show.
type FilaCaso struct {
	dominio.Caso
	PlazoReporte fecha.Fecha
	// Evaluado says the case has a stored evaluation; without one its
	// result is not "datos incompletos" but not evaluated at all.
	Evaluado bool
	// Procede is the result of the latest stored evaluation (nil: no
	// evaluation, or unknown because the operations of the reference year
	// were not loaded).
	Procede  *bool
	Decision flujo.Decision // of the concepto in force ("" = none)
	// Presentado and Concepto are the days the case went to the Comité and
	// its concepto in force was registered (zero: not yet).
	Presentado, Concepto fecha.Fecha
}

// ResultadoCasos is one page of the list and the count of every match.
type ResultadoCasos struct {
	Filas     []FilaCaso
	Total     int
	Pagina    int
	PorPagina int
}

// plegar folds s like the stored razon_social_busqueda (SinTildes: no case,
// no accents) and escapes LIKE's wildcards (escape "\").
func plegar(s string) string {
	s = SinTildes(strings.TrimSpace(s))
	return strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(s)
}

const extrasCaso = `,
	coalesce((SELECT json_extract(e.resultado_json, '$.plazo_reporte') FROM evaluaciones e WHERE e.caso_id = c.id ORDER BY e.version DESC LIMIT 1), '') AS vence,
	(SELECT json_extract(e.resultado_json, '$.procede_comite') FROM evaluaciones e WHERE e.caso_id = c.id ORDER BY e.version DESC LIMIT 1) AS procede,
	coalesce((SELECT k.decision FROM conceptos k WHERE k.caso_id = c.id ORDER BY k.id DESC LIMIT 1), '') AS decision,
	coalesce((SELECT max(x.en) FROM caso_eventos x WHERE x.caso_id = c.id AND x.a_estado = 'en_comite'), '') AS presentado,
	coalesce((SELECT k.registrado_en FROM conceptos k WHERE k.caso_id = c.id ORDER BY k.id DESC LIMIT 1), '') AS concepto,
	EXISTS (SELECT 1 FROM evaluaciones e WHERE e.caso_id = c.id) AS evaluado`

// BuscarCasos returns one page of the cases that match q, and how many match.
func (d *DB) BuscarCasos(ctx context.Context, q ConsultaCasos) (ResultadoCasos, error) {
	res := ResultadoCasos{Pagina: q.Pagina, PorPagina: q.PorPagina}
	if res.Pagina < 1 {
		res.Pagina = 1
	}
	maximo := MaxPorPagina
	if q.Exportar {
		maximo = MaxExportacion
	}
	if res.PorPagina <= 0 {
		res.PorPagina = 50
	}
	if q.Exportar {
		res.PorPagina, res.Pagina = maximo, 1
	}
	if res.PorPagina > maximo {
		res.PorPagina = maximo
	}
	var donde []string
	var args []any
	// The user's row is joined only to search its NIT and name; the sort by
	// razón social reads the copy kept on the case (casos.razon_social_busqueda).
	conUsuario := false
	if q.Seccional != "" {
		donde, args = append(donde, `c.direccion_seccional = ?`), append(args, q.Seccional)
	}
	if q.Elegida != "" {
		donde, args = append(donde, `c.direccion_seccional = ?`), append(args, q.Elegida)
	}
	if q.Estado != "" {
		donde, args = append(donde, `c.estado = ?`), append(args, string(q.Estado))
	}
	if t := strings.TrimSpace(q.Texto); t != "" {
		patron := "%" + plegar(t) + "%"
		alt := []string{`u.razon_social_busqueda LIKE ? ESCAPE '\'`, `c.numero LIKE ? ESCAPE '\'`}
		args = append(args, patron, patron)
		if porNIT, a := condicionNIT("u.nit", t); porNIT != "" {
			alt = append(alt, porNIT)
			args = append(args, a...)
		}
		donde = append(donde, "("+strings.Join(alt, " OR ")+")")
		conUsuario = true
	}
	switch q.Ruta {
	case "":
	case "sin_concepto":
		donde = append(donde, `NOT EXISTS (SELECT 1 FROM conceptos k WHERE k.caso_id = c.id)`)
	case string(flujo.DecisionCancelacion), string(flujo.DecisionMultaIncrementada),
		string(flujo.DecisionVistoBuenoCancelacion), string(flujo.DecisionSinVistoBueno):
		donde = append(donde, `(SELECT k.decision FROM conceptos k WHERE k.caso_id = c.id ORDER BY k.id DESC LIMIT 1) = ?`)
		args = append(args, q.Ruta)
	default:
		return res, &dominio.ErrValidacion{Campo: "ruta", Mensaje: "ruta desconocida"}
	}
	switch q.Resultado {
	case "":
	case "procede", "no_procede":
		v := 0
		if q.Resultado == "procede" {
			v = 1
		}
		donde = append(donde, `(SELECT json_extract(e.resultado_json, '$.procede_comite') FROM evaluaciones e WHERE e.caso_id = c.id ORDER BY e.version DESC LIMIT 1) = ?`)
		args = append(args, v)
	case "incompletos":
		// Unknown, never zero: the core could not decide (operations of the
		// reference year not loaded).
		donde = append(donde, `(SELECT json_type(e.resultado_json, '$.procede_comite') FROM evaluaciones e WHERE e.caso_id = c.id ORDER BY e.version DESC LIMIT 1) = 'null'`)
	default:
		return res, &dominio.ErrValidacion{Campo: "resultado", Mensaje: "resultado desconocido"}
	}
	if !q.Desde.IsZero() {
		donde, args = append(donde, `c.fecha_reporte >= ?`), append(args, q.Desde.String())
	}
	if !q.Hasta.IsZero() {
		donde, args = append(donde, `c.fecha_reporte <= ?`), append(args, q.Hasta.String())
	}
	where := ""
	if len(donde) > 0 {
		where = " WHERE " + strings.Join(donde, " AND ")
	}
	desde := ` FROM casos c` + where
	if conUsuario {
		desde = ` FROM casos c JOIN usuarios_aduaneros u ON u.id = c.usuario_id` + where
	}
	// Prepared once per query text (the filters chosen give a few texts;
	// the values are arguments): SQLite does not parse them on every page.
	pre := conPreparadas{d: d}
	if err := pre.QueryRowContext(ctx, `SELECT count(*)`+desde, args...).Scan(&res.Total); err != nil {
		return res, fmt.Errorf("contar casos: %w", err)
	}
	clave, dir, err := ordenCasos(q.Orden, q.Ascendente)
	if err != nil {
		return res, err
	}
	// The page is chosen first over the case ids alone, and only its rows
	// read the latest evaluation and concepto: sorting by the razón social
	// no longer computes them for every case (see BenchmarkBuscarCasos).
	orden := ` ORDER BY p.k` + dir + `, p.id` + dir
	rows, err := pre.QueryContext(ctx, `WITH p AS (SELECT c.id AS id, `+clave+` AS k`+desde+` ORDER BY k`+dir+`, c.id`+dir+` LIMIT ? OFFSET ?)
		SELECT `+columnasCaso+extrasCaso+` FROM p JOIN casos c ON c.id = p.id JOIN usuarios_aduaneros u ON u.id = c.usuario_id LEFT JOIN seccionales s ON s.codigo = c.direccion_seccional`+orden,
		append(args, res.PorPagina, (res.Pagina-1)*res.PorPagina)...)
	if err != nil {
		return res, fmt.Errorf("buscar casos: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var f FilaCaso
		var vence, decision, presentado, concepto string
		var procede sql.NullInt64
		var evaluado bool
		c, err := escanearCaso(conExtras{rows, []any{&vence, &procede, &decision, &presentado, &concepto, &evaluado}})
		if err != nil {
			return res, err
		}
		f.Caso = c
		if vence != "" {
			if f.PlazoReporte, err = fecha.ParseISO(vence); err != nil {
				return res, fmt.Errorf("plazo del reporte guardado ilegible en el caso %s: %w", c.Numero, err)
			}
		}
		f.Evaluado = evaluado
		if procede.Valid {
			p := procede.Int64 == 1
			f.Procede = &p
		}
		f.Decision = flujo.Decision(decision)
		if f.Presentado, err = fechaDeInstante("caso_eventos.en", presentado); err != nil {
			return res, fmt.Errorf("caso %s: %w", c.Numero, err)
		}
		if f.Concepto, err = fechaDeInstante("conceptos.registrado_en", concepto); err != nil {
			return res, fmt.Errorf("caso %s: %w", c.Numero, err)
		}
		res.Filas = append(res.Filas, f)
	}
	return res, rows.Err()
}

// ordenCasos is the sort key of a sortable column and its direction; the
// case id breaks ties, so pages never repeat or skip a case.
func ordenCasos(col string, asc bool) (clave, dir string, err error) {
	dir = " DESC"
	if asc {
		dir = " ASC"
	}
	switch col {
	case "numero":
		clave = "c.numero"
	case "usuario":
		clave = "c.razon_social_busqueda" // the user's, kept on the case and indexed with its id
	case "seccional":
		clave = "lower(c.direccion_seccional)"
	case "estado":
		clave = "c.estado"
	case "", "reporte":
		clave = "c.fecha_reporte"
	case "vence":
		clave = `coalesce((SELECT json_extract(e.resultado_json, '$.plazo_reporte') FROM evaluaciones e WHERE e.caso_id = c.id ORDER BY e.version DESC LIMIT 1), '')`
	default:
		return "", "", &dominio.ErrValidacion{Campo: "orden", Mensaje: "columna de orden desconocida"}
	}
	return clave, dir, nil
}

type conExtras struct {
	rows  *sql.Rows
	extra []any
}

func (s conExtras) Scan(dest ...any) error { return s.rows.Scan(append(dest, s.extra...)...) }

// SeccionalesDeCasos lists the Direcciones Seccionales that have cases (for the filter).
func (d *DB) SeccionalesDeCasos(ctx context.Context) ([]string, error) {
	rows, err := (conPreparadas{d: d}).QueryContext(ctx, `SELECT DISTINCT direccion_seccional FROM casos ORDER BY direccion_seccional COLLATE NOCASE`)
	if err != nil {
		return nil, fmt.Errorf("leer Direcciones Seccionales: %w", err)
	}
	return columna[string](rows)
}
