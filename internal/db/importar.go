package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"comite/internal/importar"
)

// OpcionesImportacion tune Importar.
type OpcionesImportacion struct {
	// Simular validates against the database and counts what would change,
	// inside a transaction that is rolled back: nothing is written (the web's
	// "vista previa" before "confirmar").
	Simular bool
	// Progreso, when set, is called every 10.000 rows written and at the end.
	Progreso func(hechas, total int)
}

// Resumen says what an import did (or would do, when simulated).
type Resumen struct {
	Clase        importar.Clase
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
}

// ErrImportacion lists every row of the file that the database refuses
// (a NIT not registered, a year already loaded in the other form). Nothing
// was written.
type ErrImportacion struct{ Problemas []importar.Problema }

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
// most this many per row of the file (tests set 0 to force row-by-row lookups).
var precargaActos = 20

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
func (d *DB) Importar(ctx context.Context, lote *importar.Lote, quien Actor, o OpcionesImportacion) (Resumen, error) {
	r := Resumen{Clase: lote.Clase, Archivo: lote.Archivo, Filas: lote.Filas(), Simulado: o.Simular}
	err := d.EnTx(ctx, func(tx *sql.Tx) error {
		// A large import touches index pages all over the file: a page cache
		// of 256 MiB on this connection keeps them in memory (the default,
		// 2 MiB, spills pages to the WAL mid-transaction and is several times slower).
		if _, err := tx.ExecContext(ctx, `PRAGMA cache_size = -262144`); err != nil {
			return err
		}
		e := d.nuevoEscritor(ctx, tx, quien)
		defer e.cerrar()
		e.altas = false
		e.origen = func(fila int) map[string]any {
			return map[string]any{"importacion": lote.Archivo, "sha256": lote.SHA256, "fila": fila}
		}
		var err error
		switch lote.Clase {
		case importar.Sanciones:
			err = importarSanciones(e, lote, &r, o.Progreso)
		case importar.Operaciones:
			err = importarOperaciones(e, lote, &r, o.Progreso)
		case importar.Usuarios:
			err = importarUsuarios(e, lote, &r, o.Progreso)
		default:
			err = fmt.Errorf("clase de importación desconocida %q", lote.Clase)
		}
		if err != nil {
			return err
		}
		if o.Progreso != nil {
			o.Progreso(r.Filas, r.Filas)
		}
		detalle := map[string]any{"archivo": lote.Archivo, "sha256": lote.SHA256, "formato": string(lote.Formato), "filas": r.Filas,
			"insertadas": r.Insertadas, "actualizadas": r.Actualizadas, "sin_cambios": r.SinCambios}
		if lote.Clase == importar.Usuarios {
			detalle["usuarios_nuevos"], detalle["usuarios_actualizados"] = r.UsuariosNuevos, r.UsuariosActualizados
		}
		if lote.Clase == importar.Operaciones {
			detalle["por_declaracion"] = lote.PorDeclaracion
		}
		if err := d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "importar." + string(lote.Clase), Objeto: "archivo:" + lote.Archivo, Detalle: detalle}); err != nil {
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
		return Resumen{}, fmt.Errorf("importar %s %s: %w", lote.Clase, lote.Archivo, err)
	}
	return r, nil
}

// mapaNITs loads NIT → user id (50.000 users: a few milliseconds).
func mapaNITs(e *escritor) (map[string]int64, error) {
	rows, err := e.tx.QueryContext(e.ctx, `SELECT nit, id FROM usuarios_aduaneros`)
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

func noRegistrado(fila int, nit string) importar.Problema {
	return importar.Problema{Fila: fila, Campo: "nit", Mensaje: fmt.Sprintf("el NIT %s no está registrado: impórtelo antes con el archivo de usuarios", nit)}
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

func importarSanciones(e *escritor, lote *importar.Lote, r *Resumen, p func(int, int)) error {
	nits, err := mapaNITs(e)
	if err != nil {
		return err
	}
	// First every problem, before writing anything.
	var probs []importar.Problema
	ids := make([]int64, len(lote.Sanciones))
	cents := make([]int64, len(lote.Sanciones))
	for i, s := range lote.Sanciones {
		id, ok := nits[s.NIT]
		if !ok {
			probs = append(probs, noRegistrado(s.Fila, s.NIT))
		}
		ids[i] = id
		if cents[i], err = CentavosDe(s.Valor); err != nil {
			probs = append(probs, importar.Problema{Fila: s.Fila, Campo: "valor", Mensaje: err.Error()})
		}
	}
	if len(probs) > 0 {
		return &ErrImportacion{probs}
	}
	cons := conservarActo{expedicion: !lote.Tiene("fecha_expedicion"), infraccion: !lote.Tiene("infraccion")}
	// With few stored acts relative to the file, load them all once and
	// compare in memory (one INSERT per new row, nothing per unchanged row);
	// with many (a small file into a large base), one lookup per row.
	var guardados map[claveActo]actoGuardado
	var existentes int
	if err := e.tx.QueryRowContext(e.ctx, `SELECT count(*) FROM actos`).Scan(&existentes); err != nil {
		return err
	}
	if existentes <= precargaActos*len(lote.Sanciones) {
		if guardados, err = actosGuardados(e); err != nil {
			return err
		}
	}
	for i, s := range lote.Sanciones {
		a := ActoSancion{NIT: s.NIT, NumeroActo: s.NumeroActo, FechaExpedicion: s.FechaExpedicion, FechaFirmeza: s.FechaFirmeza,
			Infraccion: s.Infraccion, Gravedad: s.Gravedad, Sancion: s.Sancion, Allanamiento: s.Allanamiento}
		var c Cambio
		if guardados != nil {
			var g *actoGuardado
			if v, ok := guardados[claveActo{ids[i], s.NumeroActo}]; ok {
				g = &v
			}
			c, err = e.actoConocido(ids[i], a, cents[i], cons, s.Fila, g)
		} else {
			c, err = e.acto(ids[i], a, cents[i], cons, s.Fila)
		}
		if err != nil {
			return fmt.Errorf("fila %d: %w", s.Fila, err)
		}
		contar(r, c)
		progreso(p, i+1, len(lote.Sanciones))
	}
	return nil
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

func importarOperaciones(e *escritor, lote *importar.Lote, r *Resumen, p func(int, int)) error {
	nits, err := mapaNITs(e)
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
	var probs []importar.Problema
	ids := make([]int64, len(lote.Operaciones))
	cents := make([]int64, len(lote.Operaciones))
	for i, o := range lote.Operaciones {
		id, ok := nits[o.NIT]
		if !ok {
			probs = append(probs, noRegistrado(o.Fila, o.NIT))
			continue
		}
		ids[i] = id
		if ocupados[claveAnio{id, o.Anio}] {
			campo := "anio"
			if lote.PorDeclaracion {
				campo = "fecha"
			}
			probs = append(probs, importar.Problema{Fila: o.Fila, Campo: campo, Mensaje: (&ErrFormaOperaciones{o.NIT, o.Anio, existente}).Error()})
		}
		if cents[i], err = CentavosDe(o.Valor); err != nil {
			probs = append(probs, importar.Problema{Fila: o.Fila, Campo: "valor", Mensaje: err.Error()})
		}
	}
	if len(probs) > 0 {
		return &ErrImportacion{probs}
	}
	for i, o := range lote.Operaciones {
		var c Cambio
		if lote.PorDeclaracion {
			c, err = e.declaracion(ids[i], Declaracion{NIT: o.NIT, Numero: o.Declaracion, Fecha: o.Fecha, Valor: o.Valor}, cents[i], o.Fila)
		} else {
			c, err = e.operacionAnual(ids[i], OperacionAnual{NIT: o.NIT, Anio: o.Anio, Valor: o.Valor, Numero: o.Numero}, cents[i], o.Fila)
		}
		if err != nil {
			return fmt.Errorf("fila %d: %w", o.Fila, err)
		}
		contar(r, c)
		progreso(p, i+1, len(lote.Operaciones))
	}
	return nil
}

func importarUsuarios(e *escritor, lote *importar.Lote, r *Resumen, p func(int, int)) error {
	ids := map[string]int64{}
	conservarSeccional := !lote.Tiene("direccion_seccional")
	for i, f := range lote.Usuarios {
		id, ok := ids[f.NIT]
		if !ok {
			u := UsuarioAduanero{NIT: f.NIT, RazonSocial: f.RazonSocial, Tipo: f.Tipo, DireccionSeccional: f.DireccionSeccional}
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
			cr, err := e.registro(id, f.NIT, RegistroUsuario{Clase: "registro", VigenteDesde: f.VigenteDesde, VigenteHasta: f.VigenteHasta}, f.Fila)
			if err != nil {
				return fmt.Errorf("fila %d: %w", f.Fila, err)
			}
			if c == Actualizado && cr == SinCambios {
				cr = Actualizado
			}
			contar(r, cr)
		} else {
			cr, err := e.registro(id, f.NIT, RegistroUsuario{Clase: "registro", VigenteDesde: f.VigenteDesde, VigenteHasta: f.VigenteHasta}, f.Fila)
			if err != nil {
				return fmt.Errorf("fila %d: %w", f.Fila, err)
			}
			contar(r, cr)
		}
		progreso(p, i+1, len(lote.Usuarios))
	}
	return nil
}
