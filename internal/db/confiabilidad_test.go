package db

import (
	"bufio"
	"comite/internal/dominio"
	"comite/internal/importar/filas"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"comite/internal/fecha"
	"comite/internal/importar"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
)

// Reliability of imports: all or nothing, killed midway, readers
// at the same time, insert-only tables, a tamper-evident audit log.

func TestImportar_unaFilaMalaEntre100000NoImportaNadaYLaNombra(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	nits := crearUsuariosMasivo(t, d, 500)
	ruta := archivoSanciones(t, t.TempDir(), nits, 100000, 73412)
	f, err := os.Open(ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lote, ps := importar.Leer(filas.Sanciones, filepath.Base(ruta), f)
	if lote != nil || len(ps) != 1 {
		t.Fatalf("problemas = %v", ps)
	}
	if got := ps[0].String(); !strings.HasPrefix(got, `fila 73412, valor: monto inválido "12,5,3"`) {
		t.Fatalf("problema = %q", got)
	}
	if contarFilas(t, d, "actos") != 0 {
		t.Fatal("se escribieron actos")
	}

	// The same at the database: 100.000 good rows, one of a NIT not registered.
	g := archivoSanciones(t, t.TempDir(), append(nits[:0:0], nits...), 100000, 0)
	lote = leerRuta(t, filas.Sanciones, g)
	lote.Sanciones[54320].NIT = "900000001-2"
	audit := contarFilas(t, d, "auditoria")
	_, err = d.Importar(fondo, lote, actorPrueba, OpcionesImportacion{})
	var ei *ErrImportacion
	if !errors.As(err, &ei) || len(ei.Problemas) != 1 || ei.Problemas[0].Fila != 54322 || ei.Problemas[0].Campo != "nit" {
		t.Fatalf("err = %v", err)
	}
	if contarFilas(t, d, "actos") != 0 || contarFilas(t, d, "auditoria") != audit {
		t.Fatal("una importación rechazada escribió algo")
	}
}

func leerRuta(t testing.TB, clase filas.Clase, ruta string) *filas.Lote {
	t.Helper()
	f, err := os.Open(ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, ps := importar.Leer(clase, filepath.Base(ruta), f)
	if len(ps) > 0 {
		t.Fatalf("%s: %v", ruta, ps[:min(len(ps), 5)])
	}
	return l
}

const envHijo = "COMITE_PRUEBA_IMPORTACION_HIJO"

// TestImportar_matadoConSIGKILLNoDejaNada: the test binary runs itself as a
// child that imports 200.000 rows; when the child reports progress (in the
// middle of the transaction) the parent kills it with SIGKILL. The database
// is then exactly as before and PRAGMA integrity_check says ok.
func TestImportar_matadoConSIGKILLNoDejaNada(t *testing.T) {
	t.Parallel()
	if v := os.Getenv(envHijo); v != "" {
		hijoImportar(v)
		return
	}
	dir := t.TempDir()
	ruta := filepath.Join(dir, "comite.db")
	d, err := Open(fondo, ruta)
	if err != nil {
		t.Fatal(err)
	}
	nits := crearUsuariosMasivo(t, d, 1000)
	if _, err := d.GuardarActo(fondo, dominio.ActoSancion{NIT: nits[0], NumeroActo: "PREVIO", Gravedad: sancion.Grave, Sancion: sancion.Multa, Valor: montoPrueba("5")}, actorPrueba); err != nil {
		t.Fatal(err)
	}
	antes := map[string]int{}
	for _, tabla := range []string{"usuarios_aduaneros", "actos", "auditoria"} {
		antes[tabla] = contarFilas(t, d, tabla)
	}
	d.Close()
	archivo := archivoSanciones(t, dir, nits, 200000, 0)

	cmd := exec.Command(os.Args[0], "-test.run=^TestImportar_matadoConSIGKILLNoDejaNada$", "-test.count=1")
	cmd.Env = append(os.Environ(), envHijo+"="+ruta+"|"+archivo)
	salida, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lector := bufio.NewScanner(salida)
	enMitad := false
	for lector.Scan() {
		if strings.HasPrefix(lector.Text(), "progreso ") {
			enMitad = true
			break
		}
	}
	if err := cmd.Process.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	cmd.Wait()
	if !enMitad {
		t.Fatal("el proceso hijo terminó sin informar progreso")
	}

	d, err = Open(fondo, ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var integridad string
	if err := d.QueryRow(`PRAGMA integrity_check`).Scan(&integridad); err != nil || integridad != "ok" {
		t.Fatalf("integrity_check = %q, %v", integridad, err)
	}
	for tabla, n := range antes {
		if got := contarFilas(t, d, tabla); got != n {
			t.Errorf("%s: %d filas después de matar la importación; antes %d", tabla, got, n)
		}
	}
	if _, err := d.VerificarAuditoria(fondo); err != nil {
		t.Fatal(err)
	}
}

// hijoImportar is the child: it imports and, at the first progress report,
// says so and pauses, so that the SIGKILL lands inside the transaction.
func hijoImportar(arg string) {
	ruta, archivo, _ := strings.Cut(arg, "|")
	d, err := Open(fondo, ruta)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	f, err := os.Open(archivo)
	if err != nil {
		os.Exit(3)
	}
	lote, ps := importar.Leer(filas.Sanciones, filepath.Base(archivo), f)
	if len(ps) > 0 {
		fmt.Fprintln(os.Stderr, ps[0])
		os.Exit(3)
	}
	_, err = d.Importar(fondo, lote, dominio.Actor{Cuenta: "hijo"}, OpcionesImportacion{Progreso: func(hechas, total int) {
		if hechas >= 50000 && hechas < total {
			fmt.Printf("progreso %d/%d\n", hechas, total)
			os.Stdout.Sync()
			time.Sleep(30 * time.Second) // the parent kills us here
		}
	}})
	fmt.Fprintln(os.Stderr, "el hijo no debía terminar:", err)
	os.Exit(4)
}

// TestImportar_conLectoresConcurrentesSinSQLITE_BUSY: while a 50.000-row
// import runs, other connections evaluate users and count rows; none fails
// (WAL: readers never wait for the writer). A second writer would wait for
// the import's transaction up to busy_timeout (10 s in db.DSN).
func TestImportar_conLectoresConcurrentesSinSQLITE_BUSY(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	nits := crearUsuariosMasivo(t, d, 500)
	lote := leerRuta(t, filas.Sanciones, archivoSanciones(t, t.TempDir(), nits, 50000, 0))
	nueva := reincidencia.NuevaInfraccion{FechaComision: fecha.Debe(2026, 2, 10), FechaVerificacion: fecha.Debe(2026, 3, 2), Gravedad: sancion.Grave, Sancion: sancion.Multa, SancionPrevista: montoPrueba("1000")}
	var fin atomic.Bool
	var lecturas atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for g := 0; g < 2; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; !fin.Load(); i++ {
				if _, _, err := evaluarUsuario(fondo, d, nits[(g*97+i)%len(nits)], nueva, ""); err != nil {
					errs <- fmt.Errorf("lector %d: %w", g, err)
					return
				}
				var n int
				if err := d.QueryRow(`SELECT count(*) FROM actos`).Scan(&n); err != nil {
					errs <- fmt.Errorf("lector %d: %w", g, err)
					return
				}
				lecturas.Add(1)
				time.Sleep(time.Millisecond) // leave CPU to the import on a 2-core machine
			}
		}(g)
	}
	r, err := d.Importar(fondo, lote, actorPrueba, OpcionesImportacion{})
	fin.Store(true)
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if err != nil || r.Insertadas != 50000 {
		t.Fatalf("importar = %+v, %v", r, err)
	}
	if lecturas.Load() == 0 {
		t.Fatal("ningún lector alcanzó a leer")
	}
	if _, err := d.VerificarAuditoria(fondo); err != nil {
		t.Fatal(err)
	}
}

// TestVerificarAuditoria_detectaFilaAlterada: with the triggers dropped (what
// someone with the file in hand could do), an edited or deleted row is named.
func TestVerificarAuditoria_detectaFilaAlterada(t *testing.T) {
	t.Parallel()
	casos := []struct {
		nombre, trigger, sql string
		fila                 int64
		motivo               string
	}{
		{"detalle_editado", "auditoria_sin_update", `UPDATE auditoria SET detalle_json = '{"filas":1}' WHERE id = 3`, 3, "su contenido no corresponde a su hash"},
		{"cuenta_editada", "auditoria_sin_update", `UPDATE auditoria SET cuenta = 'nadie' WHERE id = 2`, 2, "su contenido no corresponde a su hash"},
		{"hash_recalculado_rompe_el_siguiente", "auditoria_sin_update", `UPDATE auditoria SET hash = 'ab' WHERE id = 2`, 2, "su contenido no corresponde a su hash"},
		{"fila_borrada", "auditoria_sin_delete", `DELETE FROM auditoria WHERE id = 3`, 3, "falta la fila 3"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			d := dbConEjemplo(t)
			n, err := d.VerificarAuditoria(fondo)
			if err != nil || n < 4 {
				t.Fatalf("antes: %d, %v", n, err)
			}
			if _, err := d.Exec(`DROP TRIGGER ` + c.trigger); err != nil {
				t.Fatal(err)
			}
			if _, err := d.Exec(c.sql); err != nil {
				t.Fatal(err)
			}
			_, err = d.VerificarAuditoria(fondo)
			var rota *ErrCadenaRota
			if !errors.As(err, &rota) || rota.ID != c.fila || !strings.Contains(rota.Motivo, c.motivo) {
				t.Fatalf("err = %v; quiere fila %d: %s", err, c.fila, c.motivo)
			}
		})
	}
}
