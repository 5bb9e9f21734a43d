package respaldo

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"comite/internal/db"
)

// Restauracion is what a restore did.
type Restauracion struct {
	Desde, Ruta string
	Antes       Verificacion // the backup, checked before anything was touched
	Despues     Verificacion // the restored database, checked in its place
	// Reemplazada is where the database that was at Ruta was kept ("" when
	// there was none).
	Reemplazada string
	// Ancla is the restore recorded in the anchor of Ruta (zero when no line
	// was written: no audit key and nothing published past the backup).
	Ancla     db.RestauracionAnclada
	AnclaRuta string
}

// ErrExiste refuses to replace a database without --reemplazar.
type ErrExiste struct{ Ruta string }

func (e *ErrExiste) Error() string {
	return fmt.Sprintf("ya existe la base de datos %s: para reemplazarla use --reemplazar (la actual se guarda antes como %s.reemplazada-FECHA)", e.Ruta, e.Ruta)
}

// Restaurar puts the backup desde at ruta. It checks the backup first; it
// refuses while any process has the database at ruta open (and keeps servers
// from starting until it ends); it never overwrites an existing database
// unless reemplazar, and then keeps a consistent copy of it beside it; it
// writes under a temporary name and renames, and checks the result in place.
//
// The audit key and anchor are those the restored database will be opened
// with: those of ruta, found as db.Open finds them (next to it, the
// environment, or opciones, the --clave-auditoria and --ancla of the command
// line). The backup is checked with them before anything is touched; the key
// is never created here. The anchor of ruta may have published rows past the
// backup: the restore appends to it a line signed with the key that records
// the restore (the backup's SHA-256, its head, the highest row left behind),
// so «comite auditoria verificar» explains the shorter chain instead of
// calling it a missing tail, and the anchor is never rewritten.
func Restaurar(ctx context.Context, desde, ruta string, reemplazar bool, opciones ...db.OpcionAuditoria) (Restauracion, error) {
	return restaurar(ctx, desde, ruta, reemplazar, exigirManifiesto, opciones)
}

// RestaurarSinManifiesto is Restaurar accepting a backup without a manifest
// (made before backups had them); the restored database records in its
// audit log that it was restored so.
func RestaurarSinManifiesto(ctx context.Context, desde, ruta string, reemplazar bool, opciones ...db.OpcionAuditoria) (Restauracion, error) {
	return restaurar(ctx, desde, ruta, reemplazar, aceptarSinManifiesto, opciones)
}

func restaurar(ctx context.Context, desde, ruta string, reemplazar bool, modo modoManifiesto, opciones []db.OpcionAuditoria) (Restauracion, error) {
	r := Restauracion{Desde: desde, Ruta: ruta}
	opciones = conBase(ruta, opciones)
	var err error
	if r.Antes, err = verificar(ctx, desde, false, politica{manifiesto: modo}, opciones); err != nil {
		return r, err
	}
	if r.Antes.ClaveOrigen == "" && r.Antes.AnclaPublicada > r.Antes.FilasAuditoria {
		return r, fmt.Errorf("el ancla de auditoría %s publicó hasta la fila %d y el respaldo termina en la %d, pero no se encontró la clave de auditoría para registrar la restauración en el ancla (indique --clave-auditoria)",
			r.Antes.RutaAncla, r.Antes.AnclaPublicada, r.Antes.FilasAuditoria)
	}
	sha, err := SHA256(desde)
	if err != nil {
		return r, err
	}
	if abs1, _ := filepath.Abs(desde); abs1 != "" {
		if abs2, _ := filepath.Abs(ruta); abs1 == abs2 {
			return r, fmt.Errorf("el respaldo y la base de destino son el mismo archivo %s", ruta)
		}
	}
	if st, err := os.Stat(filepath.Dir(ruta)); err != nil || !st.IsDir() {
		return r, fmt.Errorf("no existe la carpeta de destino %s", filepath.Dir(ruta))
	}
	b, err := bloquearExclusivo(ruta)
	if err != nil {
		return r, err
	}
	defer b.Soltar()
	habia := existe(ruta)
	if habia && !reemplazar {
		return r, &ErrExiste{ruta}
	}
	tmp := nombreTemporal(ruta)
	defer os.Remove(tmp)
	if err := copiar(ctx, desde, tmp); err != nil {
		return r, err
	}
	// The copy is VACUUM's, with other bytes: it must have the rows the
	// backup (checked against its manifest) has.
	if vt, err := verificar(ctx, tmp, false, politica{manifiesto: sinManifiesto}, opciones); err != nil {
		return r, fmt.Errorf("la copia del respaldo no verifica: %w", err)
	} else if !mismasFilas(vt.Filas, r.Antes.Filas) {
		return r, fmt.Errorf("la copia del respaldo no tiene las filas que el respaldo verificado (el archivo %s cambió mientras se restauraba)", desde)
	}
	if habia {
		r.Reemplazada = fmt.Sprintf("%s.reemplazada-%s", ruta, time.Now().UTC().Format("20060102T150405Z"))
		if err := copiar(ctx, ruta, r.Reemplazada); err != nil {
			os.Remove(r.Reemplazada)
			return r, fmt.Errorf("guardar la base actual antes de reemplazarla: %w", err)
		}
		// The old -wal and -shm must go with the old file: SQLite would
		// otherwise replay the old WAL over the restored database.
		for _, x := range []string{"-wal", "-shm", "-journal"} {
			if err := os.Remove(ruta + x); err != nil && !os.IsNotExist(err) {
				return r, fmt.Errorf("quitar %s%s: %w", ruta, x, err)
			}
		}
	}
	if err := os.Rename(tmp, ruta); err != nil {
		return r, fmt.Errorf("poner la base restaurada en %s: %w", ruta, err)
	}
	if err := sincronizarCarpeta(filepath.Dir(ruta)); err != nil {
		return r, err
	}
	if r.Antes.ClaveOrigen != "" {
		if r.Ancla, r.AnclaRuta, err = anclarRestauracion(ctx, ruta, sha, r.Antes.SinManifiesto, opciones); err != nil {
			return r, fmt.Errorf("la base se restauró en %s, pero no se pudo registrar la restauración en el ancla de auditoría: %w", ruta, err)
		}
	}
	// In its place the database is checked as «comite auditoria verificar»
	// will: a head published past its last row would be a missing tail.
	if r.Despues, err = verificar(ctx, ruta, true, politica{manifiesto: sinManifiesto}, opciones); err != nil {
		return r, fmt.Errorf("la base restaurada no verifica en su lugar: %w", err)
	}
	advertidas := int64(0)
	if r.Antes.SinManifiesto && r.Antes.ClaveOrigen != "" {
		advertidas = 1 // the row that records the restore without a manifest
	}
	if r.Despues.FilasAuditoria != r.Antes.FilasAuditoria+advertidas || r.Despues.Casos != r.Antes.Casos ||
		r.Despues.Conceptos != r.Antes.Conceptos || r.Despues.Informes != r.Antes.Informes {
		return r, fmt.Errorf("la base restaurada no tiene lo mismo que el respaldo (antes %+v, después %+v)", r.Antes, r.Despues)
	}
	return r, nil
}

// anclarRestauracion records the restore in the anchor of the database at ruta.
func anclarRestauracion(ctx context.Context, ruta, sha string, sinManifiesto bool, opciones []db.OpcionAuditoria) (db.RestauracionAnclada, string, error) {
	// Writable: the restored database records the head it now publishes.
	d, err := abrirSinMigrar(ruta, false)
	if err != nil {
		return db.RestauracionAnclada{}, "", err
	}
	defer d.Close()
	if err := d.CargarAuditoria(ctx, opciones...); err != nil {
		return db.RestauracionAnclada{}, "", err
	}
	if sinManifiesto {
		// Accepted on request: the restored log says so, signed like any row.
		if err := d.EnEscritura(ctx, func(w *db.Escritura) error {
			return w.Auditar(db.Evento{Cuenta: "sistema", IP: "línea de comandos", Accion: "respaldo.restaurado_sin_manifiesto", Objeto: "respaldo:" + sha,
				Detalle: map[string]any{"sha256": sha, "aviso": "respaldo sin manifiesto firmado, aceptado con --sin-manifiesto: sus bytes no se pudieron comprobar"}})
		}); err != nil {
			return db.RestauracionAnclada{}, "", fmt.Errorf("registrar en la auditoría la restauración sin manifiesto: %w", err)
		}
	}
	a, err := d.AnclarRestauracion(ctx, sha)
	return a, d.RutaAncla(), err
}

func mismasFilas(a, b map[string]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for t, n := range a {
		if m, ok := b[t]; !ok || m != n {
			return false
		}
	}
	return true
}
