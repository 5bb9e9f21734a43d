package db

import (
	"comite/internal/dominio"
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"comite/internal/importar/filas"
)

// OpcionesImportacion tune Importar.
type OpcionesImportacion struct {
	// Simular validates against the database and counts what would change,
	// inside a transaction that is rolled back: nothing is written (the web's
	// "vista previa" before "confirmar").
	Simular bool
	// Progreso, when set, is called every 10.000 rows written and at the end.
	// ImportarArchivo counts the total from the file's lines (an upper bound
	// until the end).
	Progreso func(hechas, total int)
	// Lectura, when set, is called every 10.000 rows read (ImportarArchivo).
	Lectura func(filas int)
	// MasivaDesde is the number of sanciones rows from which the import
	// writes as a bulk write; 0 is FilasImportacionMasiva.
	MasivaDesde int
	// FilaAFila compares a sanciones file with the stored acts one lookup
	// per row whenever the base has any act, instead of loading them in
	// memory when there are few (the two paths give the same result).
	FilaAFila bool
}

// Resumen says what an import did (or would do, when simulated).
type Resumen struct {
	Clase        filas.Clase
	Archivo      string
	Filas        int
	Insertadas   int
	Actualizadas int
	SinCambios   int
	// UsuariosNuevos and UsuariosActualizados: usuarios files only (a user
	// may span several rows, one per period of its registro).
	UsuariosNuevos       int
	UsuariosActualizados int
	Simulado             bool
	AuditoriaID          int64 // the audit row of the import (0 when simulated)
	PorDeclaracion       bool  // operaciones: one row per declaration
}

// ErrImportacion lists every row of the file that the database refuses
// (a NIT not registered, a year already loaded in the other form). Nothing
// was written.
type ErrImportacion struct{ Problemas []filas.Problema }

func (e *ErrImportacion) Error() string {
	var b strings.Builder
	for i, p := range e.Problemas {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(p.String())
	}
	return b.String()
}

// errSimulacion rolls back a simulated import.
var errSimulacion = errors.New("simulación")

const cadaProgreso = 10000

// precargaActos: an import loads the stored acts in memory when there are at
// most this many per row of the file.
const precargaActos = 20

// actosPorFila is the bound precargarActos uses for an import with o.
func (o OpcionesImportacion) actosPorFila() int {
	if o.FilaAFila {
		return 0
	}
	return precargaActos
}

// Importar writes a validated file in ONE transaction: all rows or none.
// Keys: acts by NIT + número de acto; yearly operations by NIT + year;
// declarations by NIT + declaration number; users by NIT and their registro
// by start date. The same file twice adds nothing; a changed row is updated
// and the audit log records it with before and after. The import itself is
// one audit event with the file name, its SHA-256 and the counts (inserted
// rows are identified by that event, not one event each).
//
// Rows of a NIT that is not registered are an error naming the row (a
// usuarios file creates its users). Every such problem is reported, as
// *ErrImportacion, and nothing is written.
func (d *DB) Importar(ctx context.Context, lote *filas.Lote, quien dominio.Actor, o OpcionesImportacion) (Resumen, error) {
	// The rows go to the writer in parts, as a file read alongside.
	return d.ImportarFuente(ctx, filas.FuenteDeLote(lote), quien, o)
}

// ImportarFuente writes the rows of a file as Importar does. The source
// (internal/importar.Preparar) is read and validated whole first, outside
// any transaction, and for a sanciones file what its rows are compared
// with (previaActos) is read next, in a read transaction: the write lock is
// held only for the write phase, and while a large file is read other
// writers (a case reported, an account created) go on. The write phase
// then runs in ONE transaction: it checks the rows against the database as
// it stands inside that transaction (NITs registered, stored rows to
// compare: the previa when nothing moved since, read again otherwise) and
// writes them. Every problem of the
// file and of the database is reported, in row order, as *ErrImportacion,
// and then nothing is written. o.Lectura, when set, is called every 10.000
// rows read; it and o.Progreso are never called at the same time.
func (d *DB) ImportarFuente(ctx context.Context, f filas.Fuente, quien dominio.Actor, o OpcionesImportacion) (Resumen, error) {
	if _, err := filas.ParseClase(string(f.Clase)); err != nil {
		return Resumen{}, err
	}
	if len(f.Problemas) > 0 { // found before the transaction: nothing to write
		return Resumen{}, &ErrImportacion{f.Problemas}
	}
	leido := leerFuente(f, o.Lectura)
	if err := ctx.Err(); err != nil { // the person left while the file was read
		if len(leido.problemas) > 0 {
			return Resumen{}, &ErrImportacion{leido.problemas}
		}
		return Resumen{}, fmt.Errorf("importar %s %s: %w", f.Clase, leido.archivo(), err)
	}
	if f.Clase == filas.Sanciones && len(leido.problemas) == 0 && leido.meta != nil && len(leido.partes) > 0 {
		// What the write phase compares the acts with, read before it
		// without the lock; it is used only if nothing changed meanwhile.
		p, err := d.leerPreviaActos(ctx, leido.partes, o.actosPorFila())
		if err != nil {
			return Resumen{}, fmt.Errorf("importar %s %s: %w", f.Clase, leido.archivo(), err)
		}
		leido.previa = p
	}
	if d.trasLecturaPrevia != nil {
		d.trasLecturaPrevia()
	}
	return d.importar(ctx, f.Clase, quien, o, leido)
}

// fuenteLeida is a file read and validated whole, before the transaction:
// its parts in file order, its data without rows (nil when it could not be
// read, or the reading was stopped) and its problems.
type fuenteLeida struct {
	partes    []*filas.Lote
	meta      *filas.Lote
	problemas []filas.Problema
	// previa is what a sanciones import read of the store before its
	// write transaction (nil: nothing; the transaction reads it all).
	previa *previaActos
}

// previaActos is what the write phase of a sanciones import compares the
// file with, read in a read transaction (a snapshot, no write lock) after
// the file was read: the NIT map (of the file's users when it names few),
// the number of stored acts (counted up to what the choice of comparing in
// memory needs) and, when the import compares in memory, the stored acts. The write transaction uses
// it only when the data version of the customs data (version_datos.
// aduaneros, moved by every write of users and acts) is still the one read
// with it; otherwise it reads everything again, inside, as if there were
// no previa: the result is the same either way.
type previaActos struct {
	version    int64
	nits       map[string]int64
	existentes int
	guardados  map[claveActo]actoGuardado
}

// leerPreviaActos reads the previa of a sanciones file read in partes (the
// same choice of comparing in memory as the write phase, made on the first
// part). A file that names few users reads only theirs, not the whole NIT
// map: the write phase looks up only the NITs of the file, and a NIT absent
// from the map is one not registered, as in the whole map. The stored acts
// are counted only as far as the choice needs.
func (d *DB) leerPreviaActos(ctx context.Context, partes []*filas.Lote, porFila int) (*previaActos, error) {
	primera := partes[0]
	conn, err := d.Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	// A deferred transaction: a consistent snapshot that takes no lock
	// (the pool's transactions begin IMMEDIATE, a writer's).
	if _, err := conn.ExecContext(ctx, `BEGIN DEFERRED`); err != nil {
		return nil, err
	}
	defer func() {
		if _, err := conn.ExecContext(context.Background(), `ROLLBACK`); err != nil {
			conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	p := &previaActos{}
	if err := conn.QueryRowContext(ctx, `SELECT aduaneros FROM version_datos WHERE id = 1`).Scan(&p.version); err != nil {
		return nil, err
	}
	if nits := nitsDe(partes, maxNITsPrevia); nits != nil {
		p.nits, err = mapaNITsDe(ctx, conn, nits)
	} else {
		p.nits, err = mapaNITs(ctx, conn)
	}
	if err != nil {
		return nil, err
	}
	// precargarActos compares the count with a bound: counting past it
	// changes nothing.
	tope := porFila*max(primera.FilasEstimadas, len(primera.Sanciones)) + 1
	if err := conn.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM actos LIMIT ?)`, tope).Scan(&p.existentes); err != nil {
		return nil, err
	}
	if precargarActos(p.existentes, primera, porFila) {
		if p.guardados, err = actosGuardados(ctx, conn); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// maxNITsPrevia is how many distinct NITs a sanciones file may name for its
// previa to read only those users; above it the whole map is read at once.
const maxNITsPrevia = 2000

// nitsDe gives the distinct NITs of the rows of partes, or nil when there
// are more than max.
func nitsDe(partes []*filas.Lote, max int) []string {
	vistos := map[string]bool{}
	var nits []string
	for _, l := range partes {
		for i := range l.Sanciones {
			n := l.Sanciones[i].NIT
			if vistos[n] {
				continue
			}
			if len(nits) == max {
				return nil
			}
			vistos[n] = true
			nits = append(nits, n)
		}
	}
	return nits
}

// mapaNITsDe is mapaNITs limited to nits: the users registered with them.
func mapaNITsDe(ctx context.Context, q consultor, nits []string) (map[string]int64, error) {
	m := make(map[string]int64, len(nits))
	const porConsulta = 500 // within SQLite's limit of bound parameters
	for len(nits) > 0 {
		n := min(len(nits), porConsulta)
		args := make([]any, n)
		for i, v := range nits[:n] {
			args[i] = v
		}
		rows, err := q.QueryContext(ctx, `SELECT nit, id FROM usuarios_aduaneros WHERE nit IN (?`+strings.Repeat(", ?", n-1)+`)`, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var nit string
			var id int64
			if err := rows.Scan(&nit, &id); err != nil {
				rows.Close()
				return nil, err
			}
			m[nit] = id
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
		nits = nits[n:]
	}
	return m, nil
}

// archivo is the file's name, as its parts or its data carry it.
func (l *fuenteLeida) archivo() string {
	switch {
	case l.meta != nil:
		return l.meta.Archivo
	case len(l.partes) > 0:
		return l.partes[0].Archivo
	}
	return ""
}

// leerFuente reads every part of f (the reading and the validation of its
// rows: the slow half of an import, done without any lock).
func leerFuente(f filas.Fuente, lectura func(int)) *fuenteLeida {
	l := &fuenteLeida{}
	l.meta, l.problemas = f.Entregar(lectura, func(p *filas.Lote) bool {
		l.partes = append(l.partes, p)
		return true
	})
	return l
}

// importar writes the parts of a file already read, in one transaction that
// is committed only when neither the file nor the database found any problem.
func (d *DB) importar(ctx context.Context, clase filas.Clase, quien dominio.Actor, o OpcionesImportacion, leido *fuenteLeida) (Resumen, error) {
	r := Resumen{Clase: clase, Simulado: o.Simular}
	desde := o.MasivaDesde
	if desde <= 0 {
		desde = FilasImportacionMasiva
	}
	masiva := clase == filas.Sanciones && filasDe(leido.partes) >= desde
	sinFK := masiva && importarSinFK
	err := d.enTxImportacion(ctx, sinFK, func(conn *sql.Conn, tx *sql.Tx) error {
		e := d.nuevoEscritor(ctx, tx, quien)
		defer e.cerrar()
		e.altas = false
		var archivo, sha string
		e.origen = func(fila int) map[string]any {
			return map[string]any{"importacion": archivo, "sha256": sha, "fila": fila}
		}
		meta, probsArchivo := leido.meta, leido.problemas
		var imp importador
		var err error
		var version *triggersVersion
		switch clase {
		case filas.Sanciones:
			if masiva {
				version, err = suspenderVersionPorFila(ctx, tx, "actos")
			}
			if err == nil {
				imp, err = nuevaImportacionActos(e, conn, &r, o.Progreso, leido.previa, o.actosPorFila())
			}
		case filas.Operaciones, filas.Usuarios:
			imp = &importacionEntera{e: e, r: &r, progreso: o.Progreso}
		default:
			err = fmt.Errorf("clase de importación desconocida %q", clase)
		}
		if err != nil {
			return err
		}
		defer imp.cerrar()
		for i, p := range leido.partes {
			archivo, sha, r.Archivo = p.Archivo, p.SHA256, p.Archivo
			if err := ctx.Err(); err != nil {
				return err
			}
			if err := imp.parte(p); err != nil {
				return err
			}
			leido.partes[i] = nil // written: its rows may go
		}
		probs, err := imp.fin()
		if err != nil {
			return err
		}
		if len(probsArchivo) > 0 || meta == nil {
			todos := append(probsArchivo, probs...)
			if len(todos) == 0 {
				return errors.New("la lectura del archivo se detuvo")
			}
			sort.SliceStable(todos, func(i, j int) bool { return todos[i].Fila < todos[j].Fila })
			return &ErrImportacion{todos}
		}
		if len(probs) > 0 {
			return &ErrImportacion{probs}
		}
		if version != nil {
			if err := version.restaurar(ctx, tx, r.Insertadas+r.Actualizadas > 0); err != nil {
				return err
			}
		}
		if err := recortarCambiosUsuarios(ctx, tx); err != nil {
			return err
		}
		r.Archivo, r.PorDeclaracion = meta.Archivo, meta.PorDeclaracion
		if o.Progreso != nil {
			o.Progreso(r.Filas, r.Filas)
		}
		detalle := map[string]any{"archivo": meta.Archivo, "sha256": meta.SHA256, "formato": string(meta.Formato), "filas": r.Filas,
			"insertadas": r.Insertadas, "actualizadas": r.Actualizadas, "sin_cambios": r.SinCambios}
		if clase == filas.Usuarios {
			detalle["usuarios_nuevos"], detalle["usuarios_actualizados"] = r.UsuariosNuevos, r.UsuariosActualizados
		}
		if clase == filas.Operaciones {
			detalle["por_declaracion"] = meta.PorDeclaracion
		}
		if err := d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "importar." + string(clase), Objeto: "archivo:" + meta.Archivo, Detalle: detalle}); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, `SELECT max(id) FROM auditoria`).Scan(&r.AuditoriaID); err != nil {
			return err
		}
		if o.Simular {
			return errSimulacion
		}
		return nil
	})
	if o.Simular && errors.Is(err, errSimulacion) {
		r.AuditoriaID = 0
		return r, nil
	}
	if err != nil {
		var ei *ErrImportacion
		if errors.As(err, &ei) {
			return Resumen{}, err
		}
		return Resumen{}, fmt.Errorf("importar %s %s: %w", clase, r.Archivo, err)
	}
	return r, nil
}

// importador writes the parts of one kind of file.
type importador interface {
	// parte checks the rows against the database and writes them (nothing
	// more is written once a problem is found: the import will be rolled back).
	parte(l *filas.Lote) error
	// fin finishes and returns the problems found.
	fin() ([]filas.Problema, error)
	// cerrar releases its statements (always called).
	cerrar() error
}

// importacionEntera gathers the parts of an operaciones or usuarios file and
// writes them at the end (their checks look at the whole file).
type importacionEntera struct {
	e        *escritor
	r        *Resumen
	progreso func(int, int)
	lote     *filas.Lote
}

func (im *importacionEntera) parte(l *filas.Lote) error {
	if im.lote == nil {
		c := *l
		im.lote = &c
		return nil
	}
	im.lote.Operaciones = append(im.lote.Operaciones, l.Operaciones...)
	im.lote.Usuarios = append(im.lote.Usuarios, l.Usuarios...)
	return nil
}

func (im *importacionEntera) cerrar() error { return nil }

func (im *importacionEntera) fin() ([]filas.Problema, error) {
	if im.lote == nil {
		return nil, nil
	}
	im.r.Filas = im.lote.Filas()
	var err error
	if im.lote.Clase == filas.Usuarios {
		err = importarUsuarios(im.e, im.lote, im.r, im.progreso)
	} else {
		err = importarOperaciones(im.e, im.lote, im.r, im.progreso)
	}
	var ei *ErrImportacion
	if errors.As(err, &ei) {
		return ei.Problemas, nil
	}
	return nil, err
}

// importarSinFK: a sanciones import runs on a connection with foreign_keys
// off. Every usuario_id it writes comes from the NIT map read inside the
// same write transaction (BEGIN IMMEDIATE: nobody else writes meanwhile), so
// the per-row lookup of the parent user would only check again what is
// known; and without it a statement of many rows needs no statement journal
// (see insertadorActos).
var importarSinFK = true

// enTxImportacion runs f in one transaction on a connection of its own with
// the settings of a bulk write, restored afterwards: a page cache of 256 MiB
// (the default, 2 MiB, spills pages to the WAL mid-transaction and is
// several times slower) and, when sinFK, no foreign-key checks (a pragma
// that only takes effect outside a transaction). A connection that cannot
// be restored is discarded, never returned to the pool.
func (d *DB) enTxImportacion(ctx context.Context, sinFK bool, f func(conn *sql.Conn, tx *sql.Tx) error) error {
	conn, err := d.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	var cache, fk int64
	if err := conn.QueryRowContext(ctx, `PRAGMA cache_size`).Scan(&cache); err != nil {
		return err
	}
	if err := conn.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk); err != nil {
		return err
	}
	defer func() {
		bg := context.Background()
		_, e1 := conn.ExecContext(bg, `PRAGMA cache_size = `+strconv.FormatInt(cache, 10))
		var e2 error
		if sinFK {
			// Only when changed: setting it expires every prepared
			// statement of the connection.
			_, e2 = conn.ExecContext(bg, `PRAGMA foreign_keys = `+strconv.FormatInt(fk, 10))
		}
		if e1 != nil || e2 != nil {
			conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	ajustes := []string{`PRAGMA cache_size = -262144`}
	if sinFK {
		ajustes = append(ajustes, `PRAGMA foreign_keys = OFF`)
	}
	for _, a := range ajustes {
		if _, err := conn.ExecContext(ctx, a); err != nil {
			return err
		}
	}
	return d.escribir(ctx, func() (*sql.Tx, error) { return conn.BeginTx(ctx, nil) }, func(w *Escritura) error { return f(conn, w.tx) })
}

// mapaNITs loads NIT → user id (50.000 users: a few milliseconds).
func mapaNITs(ctx context.Context, q consultor) (map[string]int64, error) {
	rows, err := q.QueryContext(ctx, `SELECT nit, id FROM usuarios_aduaneros`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	m := map[string]int64{}
	for rows.Next() {
		var n string
		var id int64
		if err := rows.Scan(&n, &id); err != nil {
			return nil, err
		}
		m[n] = id
	}
	return m, rows.Err()
}

func noRegistrado(l *filas.Lote, fila int, nit string) filas.Problema {
	return filas.Problema{Fila: fila, Campo: "nit", Columna: l.Cabeceras["nit"], Mensaje: fmt.Sprintf("el NIT %s no está registrado: impórtelo antes con el archivo de usuarios", nit)}
}

func contar(r *Resumen, c Cambio) {
	switch c {
	case Insertado:
		r.Insertadas++
	case Actualizado:
		r.Actualizadas++
	default:
		r.SinCambios++
	}
}

func progreso(p func(int, int), hechas, total int) {
	if p != nil && hechas%cadaProgreso == 0 {
		p(hechas, total)
	}
}

type claveAnio struct {
	uid  int64
	anio int
}

// aniosDe loads the (user, year) pairs already stored in one form.
func aniosDe(e *escritor, consulta string) (map[claveAnio]bool, error) {
	rows, err := e.tx.QueryContext(e.ctx, consulta)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	m := map[claveAnio]bool{}
	for rows.Next() {
		var k claveAnio
		if err := rows.Scan(&k.uid, &k.anio); err != nil {
			return nil, err
		}
		m[k] = true
	}
	return m, rows.Err()
}

func importarOperaciones(e *escritor, lote *filas.Lote, r *Resumen, p func(int, int)) error {
	nits, err := mapaNITs(e.ctx, e.tx)
	if err != nil {
		return err
	}
	otraForma, existente := `SELECT DISTINCT usuario_id, anio FROM declaraciones`, "declaraciones"
	if lote.PorDeclaracion {
		otraForma, existente = `SELECT usuario_id, anio FROM operaciones_anuales`, "anual"
	}
	ocupados, err := aniosDe(e, otraForma)
	if err != nil {
		return err
	}
	var probs []filas.Problema
	ids := make([]int64, len(lote.Operaciones))
	cents := make([]int64, len(lote.Operaciones))
	for i, o := range lote.Operaciones {
		id, ok := nits[o.NIT]
		if !ok {
			probs = append(probs, noRegistrado(lote, o.Fila, o.NIT))
			continue
		}
		ids[i] = id
		if ocupados[claveAnio{id, o.Anio}] {
			campo := "anio"
			if lote.PorDeclaracion {
				campo = "fecha"
			}
			probs = append(probs, filas.Problema{Fila: o.Fila, Campo: campo, Mensaje: (&ErrFormaOperaciones{o.NIT, o.Anio, existente}).Error()})
		}
		if cents[i], err = dominio.CentavosDe(o.Valor); err != nil {
			probs = append(probs, filas.Problema{Fila: o.Fila, Campo: "valor", Mensaje: err.Error()})
		}
	}
	if len(probs) > 0 {
		return &ErrImportacion{probs}
	}
	for i, o := range lote.Operaciones {
		var c Cambio
		if lote.PorDeclaracion {
			c, err = e.declaracion(ids[i], dominio.Declaracion{NIT: o.NIT, Numero: o.Declaracion, Fecha: o.Fecha, Valor: o.Valor}, cents[i], o.Fila)
		} else {
			c, err = e.operacionAnual(ids[i], dominio.OperacionAnual{NIT: o.NIT, Anio: o.Anio, Valor: o.Valor, Numero: o.Numero}, cents[i], o.Fila)
		}
		if err != nil {
			return fmt.Errorf("fila %d: %w", o.Fila, err)
		}
		contar(r, c)
		progreso(p, i+1, len(lote.Operaciones))
	}
	return nil
}

func importarUsuarios(e *escritor, lote *filas.Lote, r *Resumen, p func(int, int)) error {
	// Each Dirección Seccional becomes its catalogue code; unknown names are
	// problems of their rows (internal/db/seccionales.go).
	if probs, err := problemasSeccionalLote(e.ctx, e.tx, lote); err != nil {
		return err
	} else if len(probs) > 0 {
		return &ErrImportacion{probs}
	}
	ids := map[string]int64{}
	conservarSeccional := !lote.Tiene("direccion_seccional")
	for i, f := range lote.Usuarios {
		id, ok := ids[f.NIT]
		if !ok {
			u := dominio.UsuarioAduanero{NIT: f.NIT, RazonSocial: f.RazonSocial, Tipo: f.Tipo, DireccionSeccional: f.DireccionSeccional}
			var c Cambio
			var err error
			id, c, err = e.usuario(u, conservarSeccional || f.DireccionSeccional == "", f.Fila)
			if err != nil {
				return fmt.Errorf("fila %d: %w", f.Fila, err)
			}
			ids[f.NIT] = id
			switch c {
			case Insertado:
				r.UsuariosNuevos++
			case Actualizado:
				r.UsuariosActualizados++
			}
			// The row counts as updated when its user changed, even if its registro did not.
			cr, err := e.registro(id, f.NIT, dominio.RegistroUsuario{Clase: "registro", VigenteDesde: f.VigenteDesde, VigenteHasta: f.VigenteHasta}, f.Fila)
			if err != nil {
				return fmt.Errorf("fila %d: %w", f.Fila, err)
			}
			if c == Actualizado && cr == SinCambios {
				cr = Actualizado
			}
			contar(r, cr)
		} else {
			cr, err := e.registro(id, f.NIT, dominio.RegistroUsuario{Clase: "registro", VigenteDesde: f.VigenteDesde, VigenteHasta: f.VigenteHasta}, f.Fila)
			if err != nil {
				return fmt.Errorf("fila %d: %w", f.Fila, err)
			}
			contar(r, cr)
		}
		progreso(p, i+1, len(lote.Usuarios))
	}
	return nil
}
