package db

import (
	"bytes"
	"comite/internal/dominio"
	"comite/internal/importar/filas"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"comite/internal/importar"
	"comite/internal/sancion"
)

// importarArchivo reads a file with internal/importar and writes it with
// ImportarFuente, as the command and the web do.
func importarArchivo(d *DB, ctx context.Context, clase filas.Clase, nombre string, r io.Reader, quien dominio.Actor, o OpcionesImportacion) (Resumen, error) {
	f, err := importar.Preparar(ctx, clase, nombre, r, o.Lectura)
	if err != nil {
		return Resumen{}, err
	}
	return d.ImportarFuente(ctx, f, quien, o)
}

// Reading and writing at once, in parts (ImportarFuente) against
// Importar (the whole file read first): the same result, the same rows, the
// same problems; nothing written when there is any (all or nothing,
// idempotent, every bad row and field reported).

func importarArchivoEjemplo(t *testing.T, d *DB, clase filas.Clase, nombre string) (Resumen, error) {
	t.Helper()
	f, err := os.Open(filepath.Join(dirEjemplos, nombre))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return importarArchivo(d, fondo, clase, nombre, f, actorPrueba, OpcionesImportacion{})
}

// volcado lists a table's rows as text, without its times of update.
func volcado(t *testing.T, d *DB, consulta string) string {
	t.Helper()
	rows, err := d.Query(consulta)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var b strings.Builder
	for rows.Next() {
		v := make([]any, len(cols))
		p := make([]any, len(cols))
		for i := range v {
			p[i] = &v[i]
		}
		if err := rows.Scan(p...); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintln(&b, v...)
	}
	return b.String()
}

func TestImportarArchivo_mismoResultadoQueLeerEImportar(t *testing.T) {
	t.Parallel()
	pasos := []struct {
		clase  filas.Clase
		nombre string
	}{
		{filas.Usuarios, "usuarios.csv"},
		{filas.Sanciones, "sanciones.csv"},
		{filas.Sanciones, "sanciones.xlsx"}, // idempotent: the same acts again
		{filas.Operaciones, "operaciones.csv"},
		{filas.Operaciones, "operaciones_declaraciones.csv"},
		{filas.Sanciones, "sanciones_latin1.csv"},
	}
	porArchivo, porLote := abrirTemporal(t), abrirTemporal(t)
	ahora := func() time.Time { return time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC) }
	porArchivo.Now, porLote.Now = ahora, ahora
	for _, p := range pasos {
		t.Run(p.nombre, func(t *testing.T) {
			ra, err := importarArchivoEjemplo(t, porArchivo, p.clase, p.nombre)
			if err != nil {
				t.Fatal(err)
			}
			rl, err := porLote.Importar(fondo, leerEjemplo(t, p.clase, p.nombre), actorPrueba, OpcionesImportacion{})
			if err != nil {
				t.Fatal(err)
			}
			if ra != rl {
				t.Fatalf("ImportarArchivo %+v\nImportar        %+v", ra, rl)
			}
		})
	}
	for _, q := range []string{
		`SELECT * FROM actos ORDER BY id`, `SELECT * FROM usuarios_aduaneros ORDER BY id`, `SELECT * FROM registros ORDER BY id`,
		`SELECT * FROM operaciones_anuales ORDER BY usuario_id, anio`, `SELECT * FROM declaraciones ORDER BY id`,
		`SELECT id, en, cuenta, accion, objeto, detalle_json, hash FROM auditoria ORDER BY id`,
	} {
		if a, l := volcado(t, porArchivo, q), volcado(t, porLote, q); a != l {
			t.Errorf("%s difiere:\nImportarArchivo:\n%s\nImportar:\n%s", q, a, l)
		}
	}
}

// archivoGrande is a sanciones CSV of n rows (several parts) over the NITs.
func archivoGrande(t *testing.T, nits []string, n int, cambiar func(i int, fila string) string) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := escribirSanciones(&b, nits, n, 0); err != nil {
		t.Fatal(err)
	}
	if cambiar == nil {
		return b.Bytes()
	}
	lineas := strings.SplitAfter(b.String(), "\n")
	for i := 1; i < len(lineas); i++ {
		lineas[i] = cambiar(i-1, lineas[i])
	}
	return []byte(strings.Join(lineas, ""))
}

func TestImportarArchivo_problemasDelArchivoYDeLaBaseJuntosYNadaEscrito(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	nits := crearUsuariosMasivo(t, d, 300)
	const n = 3*filas.FilasPorParte + 100
	datos := archivoGrande(t, nits, n, func(i int, fila string) string {
		switch i + 2 { // as Excel numbers rows: the header is row 1
		case 7: // a problem of the file
			return strings.Replace(fila, "multa", "pena", 1)
		case 2*filas.FilasPorParte + 5: // a valid NIT that is not registered
			return strings.Replace(fila, nits[i%len(nits)], "900000001-2", 1)
		}
		return fila
	})
	audit := contarFilas(t, d, "auditoria")
	_, err := importarArchivo(d, fondo, filas.Sanciones, "grande.csv", bytes.NewReader(datos), actorPrueba, OpcionesImportacion{})
	var ei *ErrImportacion
	if !errors.As(err, &ei) || len(ei.Problemas) != 2 {
		t.Fatalf("err = %v", err)
	}
	quiere := []string{`fila 7, sancion: sanción desconocida "pena"`, fmt.Sprintf("fila %d, nit: el NIT 900000001-2 no está registrado", 2*filas.FilasPorParte+5)}
	for i, q := range quiere {
		if !strings.HasPrefix(ei.Problemas[i].String(), q) {
			t.Errorf("problema %d = %q, quiere %q", i, ei.Problemas[i], q)
		}
	}
	if contarFilas(t, d, "actos") != 0 || contarFilas(t, d, "auditoria") != audit {
		t.Fatal("una importación rechazada escribió algo")
	}
}

func TestImportarArchivo_variasPartesIdempotenteYCambiosAuditados(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	nits := crearUsuariosMasivo(t, d, 500)
	const n = 2*filas.FilasPorParte + 777
	var progreso []string
	o := OpcionesImportacion{Progreso: func(h, total int) { progreso = append(progreso, fmt.Sprintf("%d/%d", h, total)) }}
	r, err := importarArchivo(d, fondo, filas.Sanciones, "s.csv", bytes.NewReader(archivoGrande(t, nits, n, nil)), actorPrueba, o)
	if err != nil || r.Insertadas != n || r.Filas != n {
		t.Fatalf("%+v, %v", r, err)
	}
	if got := strings.Join(progreso, " "); got != "10000/17161 17161/17161" {
		t.Fatalf("progreso = %s", got)
	}
	// Again, with three rows changed (one in each part) and one added.
	cambiadas := map[int]bool{5: true, filas.FilasPorParte + 9: true, n - 1: true}
	datos := archivoGrande(t, nits, n, func(i int, fila string) string {
		if cambiadas[i] {
			return strings.Replace(fila, ".000,50;", ".000,75;", 1)
		}
		return fila
	})
	datos = append(datos, []byte(nits[0]+";NUEVO-1;;01/02/2025;;leve;amonestación;0;no\n")...)
	audit := contarFilas(t, d, "auditoria")
	r, err = importarArchivo(d, fondo, filas.Sanciones, "s2.csv", bytes.NewReader(datos), actorPrueba, OpcionesImportacion{})
	if err != nil || r.Insertadas != 1 || r.Actualizadas != 3 || r.SinCambios != n-3 || r.Filas != n+1 {
		t.Fatalf("%+v, %v", r, err)
	}
	// One event per update (with before and after) and one for the file.
	if got := contarFilas(t, d, "auditoria") - audit; got != 4 {
		t.Fatalf("%d eventos de auditoría, quiere 4", got)
	}
	var antes, despues string
	if err := d.QueryRow(`SELECT json_extract(detalle_json, '$.antes.valor_cop'), json_extract(detalle_json, '$.despues.valor_cop') FROM auditoria
		WHERE accion = 'acto.actualizar' AND json_extract(detalle_json, '$.fila') = ?`, filas.FilasPorParte+9+2).Scan(&antes, &despues); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(antes, "000.5") || !strings.HasSuffix(despues, "000.75") {
		t.Fatalf("antes %s, después %s", antes, despues)
	}
	if contarFilas(t, d, "actos") != n+1 {
		t.Fatal("faltan actos")
	}
}

// The import connection runs with its own settings (page cache, foreign
// keys off): they are restored before it goes back to the pool, after a
// good import and after a failed one.
func TestImportar_conexionVuelveConSusAjustes(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	d.SetMaxOpenConns(1) // every statement uses the import's connection
	nits := crearUsuariosMasivo(t, d, 10)
	// Large enough to be written as a bulk import (foreign keys off).
	lote := leerRuta(t, filas.Sanciones, archivoSanciones(t, t.TempDir(), nits, FilasImportacionMasiva, 0))
	malo := *lote
	malo.Sanciones = append([]filas.FilaSancion{}, lote.Sanciones...)
	malo.Sanciones[50].NIT = "900000001-2"
	for _, caso := range []struct {
		nombre string
		lote   *filas.Lote
		bien   bool
	}{{"importacion_rechazada", &malo, false}, {"importacion_buena", lote, true}} {
		t.Run(caso.nombre, func(t *testing.T) {
			_, err := d.Importar(fondo, caso.lote, actorPrueba, OpcionesImportacion{})
			if (err == nil) != caso.bien {
				t.Fatal(err)
			}
			var fk, cache int
			if err := d.QueryRow(`PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
				t.Fatalf("foreign_keys = %d, %v", fk, err)
			}
			if err := d.QueryRow(`PRAGMA cache_size`).Scan(&cache); err != nil || cache != -2000 {
				t.Fatalf("cache_size = %d, %v", cache, err)
			}
		})
	}
}

// A Lote built by a program (not by importar.Leer) may break what the reader
// checks: the database refuses it and the import writes nothing.
func TestImportar_loteInvalidoSinLectorNoEscribeNada(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	nits := crearUsuariosMasivo(t, d, 10)
	base := leerRuta(t, filas.Sanciones, archivoSanciones(t, t.TempDir(), nits, filas.FilasPorParte+200, 0))
	casos := []struct {
		nombre string
		dañar  func(s []filas.FilaSancion)
	}{
		{"clave_repetida_en_la_misma_parte", func(s []filas.FilaSancion) { s[70].NIT, s[70].NumeroActo = s[3].NIT, s[3].NumeroActo }},
		{"clave_repetida_en_otra_parte", func(s []filas.FilaSancion) {
			s[filas.FilasPorParte+150].NIT, s[filas.FilasPorParte+150].NumeroActo = s[3].NIT, s[3].NumeroActo
		}},
		{"gravedad_fuera_del_check", func(s []filas.FilaSancion) { s[100].Gravedad = sancion.Gravedad("muy grave") }},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			l := *base
			l.Sanciones = append([]filas.FilaSancion{}, base.Sanciones...)
			c.dañar(l.Sanciones)
			audit := contarFilas(t, d, "auditoria")
			if _, err := d.Importar(fondo, &l, actorPrueba, OpcionesImportacion{}); err == nil {
				t.Fatal("importó un lote inválido")
			}
			if contarFilas(t, d, "actos") != 0 || contarFilas(t, d, "auditoria") != audit {
				t.Fatal("una importación rechazada escribió algo")
			}
		})
	}
}

// Reading and writing report progress from two goroutines (ImportarFuente
// serialises the callbacks, so these append to one slice without a lock);
// every multiple of 10.000 rows is reported by both, the writer against the
// file's line count.
func TestImportarArchivo_progresoDeLecturaYEscrituraSinCarreras(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	nits := crearUsuariosMasivo(t, d, 100)
	const n = 45000
	var eventos []string // appended to without a lock on purpose
	o := OpcionesImportacion{
		Lectura:  func(f int) { eventos = append(eventos, fmt.Sprintf("leyendo %d", f)) },
		Progreso: func(h, total int) { eventos = append(eventos, fmt.Sprintf("escribiendo %d de %d", h, total)) },
	}
	if _, err := importarArchivo(d, fondo, filas.Sanciones, "s.csv", bytes.NewReader(archivoGrande(t, nits, n, nil)), actorPrueba, o); err != nil {
		t.Fatal(err)
	}
	todos := strings.Join(eventos, "\n")
	for _, q := range []string{"leyendo 40000", "escribiendo 40000 de 45000", "escribiendo 45000 de 45000"} {
		if !strings.Contains(todos, q) {
			t.Errorf("falta %q en:\n%s", q, todos)
		}
	}
}
