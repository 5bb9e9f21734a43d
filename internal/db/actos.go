package db

import (
	"comite/internal/dominio"
	"comite/internal/fallo"
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"strings"

	"comite/internal/fecha"
	"comite/internal/importar/filas"
	"comite/internal/nit"
	"comite/internal/sancion"
)

// ErrActoNoExiste is returned when the user has no act with that number.
var ErrActoNoExiste = fallo.Nuevo(fallo.NoEncontrado, "el acto no está registrado")

func detalleActo(a dominio.ActoSancion, centavos int64) map[string]any {
	return map[string]any{"nit": a.NIT, "numero_acto": a.NumeroActo, "fecha_expedicion": textoFecha(a.FechaExpedicion),
		"fecha_firmeza": textoFecha(a.FechaFirmeza), "infraccion": a.Infraccion, "gravedad": string(a.Gravedad),
		"sancion": string(a.Sancion), "valor_cop": PesosDeCentavos(centavos).String(), "allanamiento": a.Allanamiento}
}

// GuardarActo creates the act or updates it (same NIT and número de acto),
// auditing the change with before and after in the same transaction. The
// user must be registered; the act is as validar.Acto leaves it.
func (d *DB) GuardarActo(ctx context.Context, a dominio.ActoSancion, quien dominio.Actor) (Cambio, error) {
	c, err := dominio.CentavosDe(a.Valor)
	if err != nil {
		return SinCambios, err
	}
	var cambio Cambio
	err = d.enTx(ctx, func(tx *sql.Tx) error {
		e := d.nuevoEscritor(ctx, tx, quien)
		defer e.cerrar()
		uid, err := e.idUsuario(a.NIT)
		if err != nil {
			return err
		}
		cambio, err = e.acto(uid, a, c, conservarActo{}, 0)
		return err
	})
	if err != nil {
		return SinCambios, fmt.Errorf("guardar acto %s de %s: %w", a.NumeroActo, a.NIT, err)
	}
	return cambio, nil
}

// conservarActo keeps stored optional fields that an import file did not carry.
type conservarActo struct{ expedicion, infraccion bool }

const (
	sqlInsertarActo = `INSERT INTO actos(usuario_id, numero_acto, fecha_expedicion, fecha_firmeza, infraccion, gravedad, sancion, valor_centavos, allanamiento, actualizado_en)
		VALUES (?,?,?,?,?,?,?,?,?,?) ON CONFLICT(usuario_id, numero_acto) DO NOTHING`
	sqlLeerActo = `SELECT id, fecha_expedicion, fecha_firmeza, infraccion, gravedad, sancion, valor_centavos, allanamiento
		FROM actos WHERE usuario_id = ? AND numero_acto = ?`
	sqlActualizarActo = `UPDATE actos SET fecha_expedicion = ?, fecha_firmeza = ?, infraccion = ?, gravedad = ?, sancion = ?,
		valor_centavos = ?, allanamiento = ?, actualizado_en = ? WHERE id = ?`
)

// acto upserts one act of user uid; centavos is a.Valor already converted.
func (e *escritor) acto(uid int64, a dominio.ActoSancion, centavos int64, cons conservarActo, fila int) (Cambio, error) {
	ok, err := e.insertarSinID(sqlInsertarActo, uid, a.NumeroActo, iso(a.FechaExpedicion), iso(a.FechaFirmeza), a.Infraccion,
		string(a.Gravedad), string(a.Sancion), centavos, boolInt(a.Allanamiento), e.ahora)
	if err != nil {
		return SinCambios, err
	}
	if ok {
		if e.altas {
			return Insertado, e.auditar("acto.crear", objetoActo(a), fila, map[string]any{"despues": detalleActo(a, centavos)})
		}
		return Insertado, nil
	}
	s, err := e.stmt(sqlLeerActo)
	if err != nil {
		return SinCambios, err
	}
	antes := dominio.ActoSancion{NIT: a.NIT, NumeroActo: a.NumeroActo}
	var id, centAntes int64
	var exp, firm sql.NullString
	var grav, sanc string
	var allan int
	if err := s.QueryRowContext(e.ctx, uid, a.NumeroActo).Scan(&id, &exp, &firm, &antes.Infraccion, &grav, &sanc, &centAntes, &allan); err != nil {
		return SinCambios, err
	}
	if antes.FechaExpedicion, err = leerFecha(exp, "fecha_expedicion"); err != nil {
		return SinCambios, err
	}
	if antes.FechaFirmeza, err = leerFecha(firm, "fecha_firmeza"); err != nil {
		return SinCambios, err
	}
	antes.Gravedad, antes.Sancion, antes.Allanamiento = sancion.Gravedad(grav), sancion.Tipo(sanc), allan == 1
	return e.actualizarActo(id, antes, centAntes, a, centavos, cons, fila)
}

func objetoActo(a dominio.ActoSancion) string { return "acto:" + a.NIT + "/" + a.NumeroActo }

// actualizarActo compares the stored act with the new one and, when they
// differ, updates it and audits before and after.
func (e *escritor) actualizarActo(id int64, antes dominio.ActoSancion, centAntes int64, a dominio.ActoSancion, centavos int64, cons conservarActo, fila int) (Cambio, error) {
	if cons.expedicion {
		a.FechaExpedicion = antes.FechaExpedicion
	}
	if cons.infraccion {
		a.Infraccion = antes.Infraccion
	}
	if antes.FechaExpedicion.Igual(a.FechaExpedicion) && antes.FechaFirmeza.Igual(a.FechaFirmeza) && antes.Infraccion == a.Infraccion &&
		antes.Gravedad == a.Gravedad && antes.Sancion == a.Sancion && centAntes == centavos && antes.Allanamiento == a.Allanamiento {
		return SinCambios, nil
	}
	up, err := e.stmt(sqlActualizarActo)
	if err != nil {
		return SinCambios, err
	}
	if _, err := up.ExecContext(e.ctx, iso(a.FechaExpedicion), iso(a.FechaFirmeza), a.Infraccion, string(a.Gravedad), string(a.Sancion),
		centavos, boolInt(a.Allanamiento), e.ahora, id); err != nil {
		return SinCambios, err
	}
	return Actualizado, e.auditar("acto.actualizar", objetoActo(a), fila,
		map[string]any{"antes": detalleActo(antes, centAntes), "despues": detalleActo(a, centavos)})
}

// actoGuardado is a stored act as the bulk import keeps it in memory to
// compare without one SELECT per row. Dates are the stored text ("" = NULL).
type actoGuardado struct {
	id        int64
	exp, firm string
	infr      string
	grav      sancion.Gravedad
	sanc      sancion.Tipo
	cent      int64
	allan     bool
}

type claveActo struct {
	uid    int64
	numero string
}

// actosGuardados loads every stored act. Repeated texts (dates, codes) are
// shared, so a million acts take about a hundred megabytes.
func actosGuardados(ctx context.Context, q consultor) (map[claveActo]actoGuardado, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, usuario_id, numero_acto, fecha_expedicion, fecha_firmeza, infraccion, gravedad, sancion, valor_centavos, allanamiento FROM actos`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	m := map[claveActo]actoGuardado{}
	textos := map[string]string{}
	compartir := func(b sql.RawBytes) string {
		if t, ok := textos[string(b)]; ok {
			return t
		}
		t := string(b)
		if len(textos) < 200000 {
			textos[t] = t
		}
		return t
	}
	for rows.Next() {
		var g actoGuardado
		var uid int64
		var num, exp, firm, infr, grav, sanc sql.RawBytes
		var allan int
		if err := rows.Scan(&g.id, &uid, &num, &exp, &firm, &infr, &grav, &sanc, &g.cent, &allan); err != nil {
			return nil, err
		}
		g.exp, g.firm, g.infr = compartir(exp), compartir(firm), compartir(infr)
		g.grav, g.sanc, g.allan = sancion.Gravedad(compartir(grav)), sancion.Tipo(compartir(sanc)), allan == 1
		m[claveActo{uid, string(num)}] = g
	}
	return m, rows.Err()
}

const sqlInsertarActoNuevo = `INSERT INTO actos(usuario_id, numero_acto, fecha_expedicion, fecha_firmeza, infraccion, gravedad, sancion, valor_centavos, allanamiento, actualizado_en)
		VALUES (?,?,?,?,?,?,?,?,?,?)`

// actoConocido writes one act when the stored acts are in memory: g is the
// stored act, or nil when the key is new.
func (e *escritor) actoConocido(uid int64, a dominio.ActoSancion, centavos int64, cons conservarActo, fila int, g *actoGuardado) (Cambio, error) {
	exp, firm := iso(a.FechaExpedicion), iso(a.FechaFirmeza)
	if g == nil {
		s, err := e.stmt(sqlInsertarActoNuevo)
		if err != nil {
			return SinCambios, err
		}
		if _, err := s.ExecContext(e.ctx, uid, a.NumeroActo, exp, firm, a.Infraccion, string(a.Gravedad), string(a.Sancion), centavos, boolInt(a.Allanamiento), e.ahora); err != nil {
			return SinCambios, err
		}
		if e.altas {
			return Insertado, e.auditar("acto.crear", objetoActo(a), fila, map[string]any{"despues": detalleActo(a, centavos)})
		}
		return Insertado, nil
	}
	texto := func(v any) string {
		if v == nil {
			return ""
		}
		return v.(string)
	}
	if (cons.expedicion || texto(exp) == g.exp) && texto(firm) == g.firm && (cons.infraccion || a.Infraccion == g.infr) &&
		a.Gravedad == g.grav && a.Sancion == g.sanc && centavos == g.cent && a.Allanamiento == g.allan {
		return SinCambios, nil
	}
	antes := dominio.ActoSancion{NIT: a.NIT, NumeroActo: a.NumeroActo, Infraccion: g.infr, Gravedad: g.grav, Sancion: g.sanc, Allanamiento: g.allan}
	var err error
	if antes.FechaExpedicion, err = leerFecha(sql.NullString{String: g.exp, Valid: g.exp != ""}, "fecha_expedicion"); err != nil {
		return SinCambios, err
	}
	if antes.FechaFirmeza, err = leerFecha(sql.NullString{String: g.firm, Valid: g.firm != ""}, "fecha_firmeza"); err != nil {
		return SinCambios, err
	}
	return e.actualizarActo(g.id, antes, g.cent, a, centavos, cons, fila)
}

const columnasActo = `a.id, u.nit, a.numero_acto, a.fecha_expedicion, a.fecha_firmeza, a.infraccion, a.gravedad, a.sancion, a.valor_centavos, a.allanamiento, a.actualizado_en`

func escanearActo(s interface{ Scan(...any) error }) (dominio.ActoSancion, error) {
	var a dominio.ActoSancion
	var exp, firm sql.NullString
	var grav, sanc string
	var cent int64
	var allan int
	if err := s.Scan(&a.ID, &a.NIT, &a.NumeroActo, &exp, &firm, &a.Infraccion, &grav, &sanc, &cent, &allan, &a.ActualizadoEn); err != nil {
		return a, err
	}
	var err error
	if a.FechaExpedicion, err = leerFecha(exp, "fecha_expedicion"); err != nil {
		return a, err
	}
	if a.FechaFirmeza, err = leerFecha(firm, "fecha_firmeza"); err != nil {
		return a, err
	}
	a.Gravedad, a.Sancion, a.Valor, a.Allanamiento = sancion.Gravedad(grav), sancion.Tipo(sanc), PesosDeCentavos(cent), allan == 1
	return a, nil
}

// ActosDeUsuario returns every act of the user, by firmeza date (acts not
// firm last) and number.
func (d *DB) ActosDeUsuario(ctx context.Context, nitUsuario string) ([]dominio.ActoSancion, error) {
	n, err := nit.Parse(nitUsuario)
	if err != nil {
		return nil, &dominio.ErrValidacion{Campo: "nit", Mensaje: err.Error()}
	}
	var uid int64
	if err := d.QueryRowContext(ctx, `SELECT id FROM usuarios_aduaneros WHERE nit = ?`, n.String()).Scan(&uid); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, fmt.Errorf("%w: NIT %s", ErrUsuarioNoRegistrado, n)
		}
		return nil, fmt.Errorf("actos de %s: %w", n, err)
	}
	return actosDe(ctx, d.DB, uid)
}

func actosDe(ctx context.Context, q consultor, uid int64) ([]dominio.ActoSancion, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+columnasActo+` FROM actos a JOIN usuarios_aduaneros u ON u.id = a.usuario_id
		WHERE a.usuario_id = ? ORDER BY a.fecha_firmeza IS NULL, a.fecha_firmeza, a.numero_acto`, uid)
	if err != nil {
		return nil, fmt.Errorf("leer actos: %w", err)
	}
	defer rows.Close()
	var out []dominio.ActoSancion
	for rows.Next() {
		a, err := escanearActo(rows)
		if err != nil {
			return nil, fmt.Errorf("leer actos: %w", err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// ActoPorNumero returns one act of a user, or ErrActoNoExiste.
func (d *DB) ActoPorNumero(ctx context.Context, nitUsuario, numero string) (dominio.ActoSancion, error) {
	n, err := nit.Parse(nitUsuario)
	if err != nil {
		return dominio.ActoSancion{}, &dominio.ErrValidacion{Campo: "nit", Mensaje: err.Error()}
	}
	a, err := escanearActo(d.QueryRowContext(ctx, `SELECT `+columnasActo+` FROM actos a JOIN usuarios_aduaneros u ON u.id = a.usuario_id
		WHERE u.nit = ? AND a.numero_acto = ?`, n.String(), strings.TrimSpace(numero)))
	if errors.Is(err, sql.ErrNoRows) {
		return a, fmt.Errorf("%w: %s del NIT %s", ErrActoNoExiste, numero, n)
	}
	if err != nil {
		return a, fmt.Errorf("leer acto %s: %w", numero, err)
	}
	return a, nil
}

// importacionActos writes the parts of a sanciones file. New acts go in
// through insertadorActos; stored acts that changed are updated and audited
// through the escritor, as GuardarActo does.
type importacionActos struct {
	e        *escritor
	ins      *insertadorActos
	r        *Resumen
	progreso func(int, int)
	nits     map[string]int64
	cons     conservarActo
	// guardados holds the stored acts when there are few relative to the
	// file (see precargaActos); nil: one lookup per row.
	guardados  map[claveActo]actoGuardado
	existentes int
	porFila    int // the bound of precargarActos
	// previa: what was read before the transaction and is still current.
	previa   *previaActos
	empezada bool
	probs    []filas.Problema
	nuevas   []actoNuevo
}

// precargarActos says whether an import compares with the stored acts in
// memory: with few stored acts relative to the file (the first part says
// how many rows it estimates), load them all once and compare there (one
// INSERT per new row, nothing per unchanged row); with many (a small file
// into a large base), one lookup per row.
func precargarActos(existentes int, primera *filas.Lote, porFila int) bool {
	return existentes <= porFila*max(primera.FilasEstimadas, len(primera.Sanciones))
}

// nuevaImportacionActos starts the write phase of a sanciones file. previa,
// when not nil and still current (the same data version), spares reading
// the NIT map and the stored acts inside the transaction.
func nuevaImportacionActos(e *escritor, conn *sql.Conn, r *Resumen, progreso func(int, int), previa *previaActos, porFila int) (*importacionActos, error) {
	im := &importacionActos{e: e, ins: &insertadorActos{conn: conn, ahora: e.ahora}, r: r, progreso: progreso, porFila: porFila}
	if previa != nil {
		var version int64
		if err := e.tx.QueryRowContext(e.ctx, `SELECT aduaneros FROM version_datos WHERE id = 1`).Scan(&version); err != nil {
			return nil, err
		}
		if version == previa.version {
			im.nits, im.existentes, im.previa = previa.nits, previa.existentes, previa
			return im, nil
		}
	}
	nits, err := mapaNITs(e.ctx, e.tx)
	if err != nil {
		return nil, err
	}
	im.nits = nits
	if err := e.tx.QueryRowContext(e.ctx, `SELECT count(*) FROM actos`).Scan(&im.existentes); err != nil {
		return nil, err
	}
	return im, nil
}

func (im *importacionActos) parte(l *filas.Lote) error {
	if !im.empezada {
		im.empezada = true
		im.cons = conservarActo{expedicion: !l.Tiene("fecha_expedicion"), infraccion: !l.Tiene("infraccion")}
		switch {
		case im.previa != nil:
			im.guardados = im.previa.guardados // read before, as this would
		case precargarActos(im.existentes, l, im.porFila):
			g, err := actosGuardados(im.e.ctx, im.e.tx)
			if err != nil {
				return err
			}
			im.guardados = g
		}
	}
	antes := im.r.Filas
	im.nuevas = im.nuevas[:0]
	for i := range l.Sanciones {
		s := &l.Sanciones[i]
		im.r.Filas++
		uid, ok := im.nits[s.NIT]
		if !ok {
			im.probs = append(im.probs, noRegistrado(l, s.Fila, s.NIT))
		}
		cent, err := dominio.CentavosDe(s.Valor)
		if err != nil {
			im.probs = append(im.probs, filas.Problema{Fila: s.Fila, Campo: "valor", Mensaje: err.Error()})
		}
		if len(im.probs) > 0 {
			continue // nothing is written any more: the import will be rolled back
		}
		if im.guardados == nil {
			c, err := im.e.acto(uid, actoDeFila(s), cent, im.cons, s.Fila)
			if err != nil {
				return fmt.Errorf("fila %d: %w", s.Fila, err)
			}
			contar(im.r, c)
			continue
		}
		g, ok := im.guardados[claveActo{uid, s.NumeroActo}]
		if !ok {
			im.nuevas = append(im.nuevas, actoNuevo{uid: uid, centavos: cent, fila: s})
			continue
		}
		c, err := im.e.actoConocido(uid, actoDeFila(s), cent, im.cons, s.Fila, &g)
		if err != nil {
			return fmt.Errorf("fila %d: %w", s.Fila, err)
		}
		contar(im.r, c)
	}
	if len(im.probs) == 0 && len(im.nuevas) > 0 {
		if err := im.ins.insertar(im.nuevas); err != nil {
			return err
		}
		im.r.Insertadas += len(im.nuevas)
	}
	if im.progreso != nil && len(im.probs) == 0 {
		total := max(l.FilasEstimadas, im.r.Filas)
		for h := (antes/cadaProgreso + 1) * cadaProgreso; h <= im.r.Filas; h += cadaProgreso {
			im.progreso(h, total)
		}
	}
	return nil
}

func (im *importacionActos) fin() ([]filas.Problema, error) { return im.probs, nil }

func (im *importacionActos) cerrar() error { return im.ins.cerrar() }

func actoDeFila(s *filas.FilaSancion) dominio.ActoSancion {
	return dominio.ActoSancion{NIT: s.NIT, NumeroActo: s.NumeroActo, FechaExpedicion: s.FechaExpedicion, FechaFirmeza: s.FechaFirmeza,
		Infraccion: s.Infraccion, Gravedad: s.Gravedad, Sancion: s.Sancion, Allanamiento: s.Allanamiento}
}

// actoNuevo is a row of the file whose key is not stored.
type actoNuevo struct {
	uid      int64
	centavos int64
	fila     *filas.FilaSancion
}

// insertadorActos writes new acts with plain INSERTs (the keys are known to
// be new: the import compared them with the stored acts), filasPorInsert
// rows per statement, with the time of the import written in the
// statement. It talks to the driver's connection directly (database/sql
// adds locking and argument conversion on every call) and without a context
// (the driver would watch it with a goroutine per statement): the import
// checks its context between parts.
//
// "OR FAIL": a statement of many rows that may stop halfway with ABORT needs
// a statement journal to undo its own rows, a copy of every page it touches;
// FAIL keeps them. No row can fail (the values are validated, the keys are
// new), and if one did the error ends the import and the whole transaction
// is rolled back.
type insertadorActos struct {
	conn  *sql.Conn
	ahora string
	// muchas inserts filasPorInsert rows; una, one.
	muchas, una driver.StmtExecContext
	stmts       []driver.Stmt
	args        []driver.NamedValue
	cajas       cajas
}

// cajas keeps the values bound over and over (user ids, dates, codes of
// infraction, gravedad, sanción) already converted to interfaces: making an
// interface of a string or of a number above 255 allocates, and a million
// rows would make ten million of them for the garbage collector.
type cajas struct {
	usuarios []any // by id, for ids below maxCajaUsuario
	fechas   map[fecha.Fecha]any
	textos   map[string]any
}

const (
	maxCajaUsuario = 1 << 22
	maxCajasTexto  = 4096
)

func (c *cajas) usuario(id int64) any {
	if id < 0 || id >= maxCajaUsuario {
		return id
	}
	if int(id) >= len(c.usuarios) {
		c.usuarios = append(c.usuarios, make([]any, int(id)+1-len(c.usuarios))...)
	}
	if c.usuarios[id] == nil {
		c.usuarios[id] = id
	}
	return c.usuarios[id]
}

func (c *cajas) fecha(f fecha.Fecha) any {
	if v, ok := c.fechas[f]; ok {
		return v
	}
	v := iso(f)
	if c.fechas == nil {
		c.fechas = map[fecha.Fecha]any{}
	}
	if len(c.fechas) < maxCajasTexto {
		c.fechas[f] = v
	}
	return v
}

func (c *cajas) texto(s string) any {
	if v, ok := c.textos[s]; ok {
		return v
	}
	var v any = s
	if c.textos == nil {
		c.textos = map[string]any{}
	}
	if len(c.textos) < maxCajasTexto {
		c.textos[strings.Clone(s)] = v
	}
	return v
}

const filasPorInsert = 64

const columnasInsertActo = `usuario_id, numero_acto, fecha_expedicion, fecha_firmeza, infraccion, gravedad, sancion, valor_centavos, allanamiento, actualizado_en`

// literalSQL quotes a text for SQL.
func literalSQL(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// casoSQL is "CASE ? WHEN 1 THEN 'a' WHEN 2 THEN 'b' ... END": gravedad and
// sanción are bound as their position in the list (an integer is bound
// without copying a text into the driver's memory); 0, a value outside the
// list, gives NULL, which the NOT NULL column refuses.
func casoSQL(valores ...string) string {
	var b strings.Builder
	b.WriteString("CASE ?")
	for i, v := range valores {
		fmt.Fprintf(&b, " WHEN %d THEN %s", i+1, literalSQL(v))
	}
	b.WriteString(" END")
	return b.String()
}

var (
	sqlGravedad = casoSQL(string(sancion.Leve), string(sancion.Grave), string(sancion.Gravisima))
	sqlSancion  = casoSQL(string(sancion.Multa), string(sancion.Amonestacion), string(sancion.Suspension), string(sancion.Cancelacion))
)

func codigoGravedad(g sancion.Gravedad) int64 {
	switch g {
	case sancion.Leve:
		return 1
	case sancion.Grave:
		return 2
	case sancion.Gravisima:
		return 3
	}
	return 0
}

func codigoSancion(t sancion.Tipo) int64 {
	switch t {
	case sancion.Multa:
		return 1
	case sancion.Amonestacion:
		return 2
	case sancion.Suspension:
		return 3
	case sancion.Cancelacion:
		return 4
	}
	return 0
}

func (in *insertadorActos) preparar(pc driver.ConnPrepareContext, filas int) (driver.StmtExecContext, error) {
	grupo := `(?,?,?,?,?,` + sqlGravedad + `,` + sqlSancion + `,?,?,` + literalSQL(in.ahora) + `)`
	q := `INSERT OR FAIL INTO actos(` + columnasInsertActo + `) VALUES ` + grupo + strings.Repeat(","+grupo, filas-1)
	s, err := pc.PrepareContext(context.Background(), q)
	if err != nil {
		return nil, err
	}
	in.stmts = append(in.stmts, s)
	st, ok := s.(driver.StmtExecContext)
	if !ok {
		return nil, errors.New("el controlador de SQLite no ejecuta con contexto")
	}
	return st, nil
}

func (in *insertadorActos) insertar(filas []actoNuevo) error {
	return in.conn.Raw(func(dc any) error {
		if in.muchas == nil {
			pc, ok := dc.(driver.ConnPrepareContext)
			if !ok {
				return errors.New("el controlador de SQLite no prepara consultas con contexto")
			}
			var err error
			if in.muchas, err = in.preparar(pc, filasPorInsert); err != nil {
				return err
			}
			if in.una, err = in.preparar(pc, 1); err != nil {
				return err
			}
			in.args = make([]driver.NamedValue, 9*filasPorInsert)
			for i := range in.args {
				in.args[i].Ordinal = i + 1
			}
		}
		fondo := context.Background()
		for len(filas) > 0 {
			st, k := in.muchas, filasPorInsert
			if len(filas) < filasPorInsert {
				st, k = in.una, 1
			}
			c := &in.cajas
			for j, n := range filas[:k] {
				f, a := n.fila, in.args[9*j:9*j+9]
				a[0].Value, a[1].Value, a[2].Value, a[3].Value, a[4].Value = c.usuario(n.uid), f.NumeroActo, c.fecha(f.FechaExpedicion), c.fecha(f.FechaFirmeza), c.texto(f.Infraccion)
				a[5].Value, a[6].Value, a[7].Value, a[8].Value = codigoGravedad(f.Gravedad), codigoSancion(f.Sancion), n.centavos, int64(boolInt(f.Allanamiento))
			}
			if _, err := st.ExecContext(fondo, in.args[:9*k]); err != nil {
				if k == 1 {
					return fmt.Errorf("fila %d: %w", filas[0].fila.Fila, err)
				}
				return fmt.Errorf("filas %d a %d: %w", filas[0].fila.Fila, filas[k-1].fila.Fila, err)
			}
			filas = filas[k:]
		}
		return nil
	})
}

func (in *insertadorActos) cerrar() error {
	if len(in.stmts) == 0 {
		return nil
	}
	return in.conn.Raw(func(any) error {
		var err error
		for _, s := range in.stmts {
			err = errors.Join(err, s.Close())
		}
		in.stmts, in.muchas, in.una = nil, nil, nil
		return err
	})
}
