package respaldo

import (
	"bufio"
	"comite/internal/importar/filas"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"comite/internal/db"
	"comite/internal/demo"
	"comite/internal/dominio"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/importar"
	"comite/internal/permisos"
	"comite/internal/pruebas"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

var fondo = context.Background()

func TestMain(m *testing.M) { os.Exit(pruebas.ConPlantillas(m)) }

// baseDemo is a small demo database (users, acts, cases in every state,
// informes and audit rows) with a fixed clock, at dir/comite.db, with its
// audit key and anchor beside it. The demo is generated once per test
// binary; each test gets a copy of its files.
func baseDemo(t testing.TB, dir string) *db.DB {
	t.Helper()
	pruebas.CopiaDePlantilla(t, "demo", dir, func(dir string) error {
		d, err := db.Open(fondo, filepath.Join(dir, "comite.db"))
		if err != nil {
			return err
		}
		d.Now = ahoraDemo
		if _, err := demo.Generar(fondo, d, demo.Opciones{Usuarios: demo.MinUsuarios, Anios: 2}); err != nil {
			d.Close()
			return err
		}
		return d.Close()
	})
	d, err := db.Open(fondo, filepath.Join(dir, "comite.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	d.Now = ahoraDemo
	return d
}

// ahoraDemo is the fixed clock of baseDemo.
func ahoraDemo() time.Time { return time.Date(2026, 3, 20, 15, 0, 0, 0, time.UTC) }

func nitsDe(t testing.TB, d *db.DB) []string {
	t.Helper()
	rows, err := d.Query(`SELECT nit FROM usuarios_aduaneros ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		rows.Scan(&n)
		out = append(out, n)
	}
	return out
}

// confirmados is a list of keys whose transaction had committed when they
// were added.
type confirmados struct {
	mu    sync.Mutex
	lista []string
}

func (c *confirmados) agregar(s ...string) {
	c.mu.Lock()
	c.lista = append(c.lista, s...)
	c.mu.Unlock()
}

func (c *confirmados) copia() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.lista...)
}

// TestRespaldo_bajoCargaDeEscrituraYRestauracion: while two importers write
// batches of acts and a Secretaría opens and starts cases, a backup is
// taken; once the load stops, the backup is restored at another path. Every
// act and every case step whose transaction committed before the backup
// began is in the restored database, and its audit chain verifies.
func TestRespaldo_bajoCargaDeEscrituraYRestauracion(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	d := baseDemo(t, dir)
	nits := nitsDe(t, d)
	ctx, parar := context.WithCancel(fondo)
	defer parar()
	var actos, pasos confirmados
	var lotes, casosAbiertos atomic.Int64
	errs := make(chan error, 8)
	var wg sync.WaitGroup
	for g := 0; g < 2; g++ {
		wg.Add(1)
		go func(g int) { // imports: 40 acts per file, all or nothing
			defer wg.Done()
			for i := 0; ctx.Err() == nil; i++ {
				var b strings.Builder
				b.WriteString("nit,numero_acto,fecha_firmeza,gravedad,sancion,valor,allanamiento\n")
				var claves []string
				for k := 0; k < 40; k++ {
					n := fmt.Sprintf("CARGA-%d-%d-%d", g, i, k)
					fmt.Fprintf(&b, "%s,%s,2025-06-%02d,grave,multa,1000000,no\n", nits[(i+k)%len(nits)], n, 1+k%28)
					claves = append(claves, n)
				}
				fuente, err := importar.Preparar(ctx, filas.Sanciones, "carga.csv", strings.NewReader(b.String()), nil)
				if err != nil {
					errs <- err
					return
				}
				if _, err := d.ImportarFuente(ctx, fuente, dominio.Actor{Cuenta: "carga"}, db.OpcionesImportacion{}); err != nil {
					if ctx.Err() == nil {
						errs <- fmt.Errorf("importación %d/%d: %w", g, i, err)
					}
					return
				}
				actos.agregar(claves...)
				lotes.Add(1)
			}
		}(g)
	}
	wg.Add(1)
	go func() { // case steps: report, then start the evaluation
		defer wg.Done()
		quien := dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "secretaria"}, Rol: permisos.RolSecretaria}
		for i := 0; ctx.Err() == nil; i++ {
			c, err := expediente.Nuevo(d).AbrirCaso(ctx, dominio.NuevoCaso{NIT: nits[i%len(nits)], DireccionSeccional: "Dirección Seccional de Aduanas de Bogotá",
				FechaComision: fecha.Debe(2026, 2, 10), FechaVerificacion: fecha.Debe(2026, 3, 2), Gravedad: sancion.Grave,
				Sancion: sancion.Multa, SancionPrevista: decimal.NewFromInt(5000000), Descripcion: "caso de la prueba de carga", ConfirmarDuplicado: true}, quien) // the same fact, many times
			if err != nil {
				if ctx.Err() == nil {
					errs <- fmt.Errorf("abrir caso %d: %w", i, err)
				}
				return
			}
			pasos.agregar(c.Numero + ":reportado")
			if _, err := expediente.Nuevo(d).Transicion(ctx, c.ID, flujo.IniciarEvaluacion, "", quien); err != nil {
				if ctx.Err() == nil {
					errs <- fmt.Errorf("iniciar caso %s: %w", c.Numero, err)
				}
				return
			}
			pasos.agregar(c.Numero + ":en_evaluacion")
			casosAbiertos.Add(1)
		}
	}()

	// Let the load run, then back up in the middle of it.
	for lotes.Load() < 6 || casosAbiertos.Load() < 3 {
		select {
		case err := <-errs:
			t.Fatal(err)
		case <-time.After(5 * time.Millisecond):
		}
	}
	actosAntes, pasosAntes := actos.copia(), pasos.copia()
	destino := filepath.Join(dir, "respaldo.db")
	r, err := Respaldar(fondo, d.Ruta, destino)
	if err != nil {
		t.Fatal(err)
	}
	lotesAlTerminar := lotes.Load()
	for lotes.Load() < lotesAlTerminar+2 { // the writers go on after the backup
		select {
		case err := <-errs:
			t.Fatal(err)
		case <-time.After(5 * time.Millisecond):
		}
	}
	parar()
	wg.Wait()
	select {
	case err := <-errs:
		t.Fatal(err)
	default:
	}
	if r.Verificacion.Integridad != "ok" || r.Verificacion.FilasAuditoria == 0 || len(r.SHA256) != 64 {
		t.Fatalf("resultado del respaldo: %+v", r)
	}
	if h, _ := SHA256(destino); h != r.SHA256 {
		t.Fatalf("SHA-256 del archivo %s, informado %s", h, r.SHA256)
	}
	t.Logf("respaldo bajo carga: %d actos y %d pasos confirmados antes; %d lotes al final", len(actosAntes), len(pasosAntes), lotes.Load())

	restaurada := filepath.Join(t.TempDir(), "otra", "comite.db")
	os.MkdirAll(filepath.Dir(restaurada), 0o700)
	// On another path the restore is told the key of the database backed up
	// (the operator copies it or names it, as for «comite serve»).
	clave := db.ConClaveAuditoria(db.RutaClaveAuditoria(d.Ruta))
	rr, err := Restaurar(fondo, destino, restaurada, false, clave)
	if err != nil {
		t.Fatal(err)
	}
	if rr.Despues.FilasAuditoria != r.Verificacion.FilasAuditoria || rr.Despues.Casos != r.Verificacion.Casos {
		t.Fatalf("restaurado %+v; respaldado %+v", rr.Despues, r.Verificacion)
	}
	d2, err := db.Open(fondo, restaurada, clave)
	if err != nil {
		t.Fatal(err)
	}
	defer d2.Close()
	if n, err := d2.VerificarAuditoria(fondo); err != nil || n < rr.Despues.FilasAuditoria {
		t.Fatalf("la base restaurada no verifica con la clave de la de origen: %d filas, %v", n, err)
	}
	for _, a := range actosAntes {
		var n int
		if err := d2.QueryRow(`SELECT count(*) FROM actos WHERE numero_acto = ?`, a).Scan(&n); err != nil || n != 1 {
			t.Fatalf("el acto %s, confirmado antes del respaldo, no está en la base restaurada (%d, %v)", a, n, err)
		}
	}
	for _, p := range pasosAntes {
		numero, estado, _ := strings.Cut(p, ":")
		var n int
		if err := d2.QueryRow(`SELECT count(*) FROM caso_eventos e JOIN casos c ON c.id = e.caso_id WHERE c.numero = ? AND e.a_estado = ?`, numero, estado).Scan(&n); err != nil || n != 1 {
			t.Fatalf("el paso %s, confirmado antes del respaldo, no está en la base restaurada (%d, %v)", p, n, err)
		}
	}
	if _, err := d2.VerificarAuditoria(fondo); err != nil {
		t.Fatalf("cadena de auditoría de la base restaurada: %v", err)
	}
	// Each import and each case step left its audit row: the restored log has
	// at least one row per batch and step confirmed before the backup.
	if min := int64(len(actosAntes)/40 + len(pasosAntes)); rr.Despues.FilasAuditoria < min {
		t.Fatalf("la base restaurada tiene %d filas de auditoría; se confirmaron al menos %d antes del respaldo", rr.Despues.FilasAuditoria, min)
	}
}

const envHijo = "COMITE_PRUEBA_RESPALDO_HIJO"

// TestRespaldo_matadoConSIGKILLNoDejaArchivoConNombreDeRespaldo: the test
// binary runs itself as a child that backs up a database of about 60 MB; the
// parent kills it with SIGKILL (a) while VACUUM INTO is writing the copy and
// (b) after the copy was checked, just before it gets its name. Either way no
// file has the backup's name, the source is intact (integrity, every row,
// its audit chain) and a later scheduled backup clears the temporary file.
func TestRespaldo_matadoConSIGKILLNoDejaArchivoConNombreDeRespaldo(t *testing.T) {
	t.Parallel()
	if v := os.Getenv(envHijo); v != "" {
		hijoRespaldar(v)
		return
	}
	dir := t.TempDir()
	d := baseDemo(t, dir)
	// About 60 MB of payload in a table of the schema (a table of its own
	// would make the copy's schema differ), so the copy takes a while.
	if _, err := d.Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < 60)
		INSERT INTO dias_inhabiles(fecha, motivo, creado_por, creado_en) SELECT 'relleno-' || i, hex(randomblob(500000)), 'prueba', '2026-01-01' FROM n`); err != nil {
		t.Fatal(err)
	}
	antes := huella(t, d)
	d.Close()
	for _, momento := range []string{"copiando", "antes_de_nombrar"} {
		t.Run(momento, func(t *testing.T) {
			salida := t.TempDir()
			destino := filepath.Join(salida, "comite-respaldo.db")
			cmd := exec.Command(os.Args[0], "-test.run=^TestRespaldo_matadoConSIGKILLNoDejaArchivoConNombreDeRespaldo$", "-test.count=1")
			cmd.Env = append(os.Environ(), envHijo+"="+momento+"|"+filepath.Join(dir, "comite.db")+"|"+destino)
			tubo, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			cmd.Stderr = os.Stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			lector := bufio.NewScanner(tubo)
			if !lector.Scan() || lector.Text() != "empiezo" {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("el hijo no empezó: %q", lector.Text())
			}
			if momento == "copiando" {
				// Kill as soon as the temporary copy exists and has data.
				limite := time.Now().Add(30 * time.Second)
				for !temporalConDatos(salida) {
					if time.Now().After(limite) {
						cmd.Process.Kill()
						cmd.Wait()
						t.Fatal("la copia temporal nunca apareció")
					}
					time.Sleep(200 * time.Microsecond)
				}
			} else if !lector.Scan() || lector.Text() != "verificada" {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("el hijo no llegó a nombrar la copia: %q", lector.Text())
			}
			if err := cmd.Process.Kill(); err != nil { // SIGKILL
				t.Fatal(err)
			}
			cmd.Wait()
			if existe(destino) {
				t.Fatalf("%s existe después de matar el respaldo (%s)", destino, momento)
			}
			if !hayTemporal(salida) && momento == "antes_de_nombrar" {
				t.Fatal("se esperaba la copia temporal oculta que dejó el proceso matado")
			}
			p := &Programa{Origen: filepath.Join(dir, "comite.db"), Dir: salida, Cada: time.Hour, Conservar: 2}
			if gs, _ := p.Guardados(); len(gs) != 0 {
				t.Fatalf("la lista de respaldos toma la copia a medias por un respaldo: %v", gs)
			}
			d, err := db.Open(fondo, filepath.Join(dir, "comite.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			if got := huella(t, d); got != antes {
				t.Fatalf("la base de origen cambió: %s; antes %s", got, antes)
			}
			d.Close()
			if _, err := p.RespaldarAhora(fondo); err != nil {
				t.Fatal(err)
			}
			if hayTemporal(salida) {
				t.Fatal("el respaldo programado siguiente no quitó la copia temporal")
			}
		})
	}
}

// huella is the integrity check, the row counts and the audit chain of a
// database, as one string.
func huella(t testing.TB, d *db.DB) string {
	t.Helper()
	var integridad string
	if err := d.QueryRow(`PRAGMA integrity_check`).Scan(&integridad); err != nil {
		t.Fatal(err)
	}
	n, err := d.VerificarAuditoria(fondo)
	if err != nil {
		t.Fatal(err)
	}
	s := fmt.Sprintf("integridad=%s auditoria=%d", integridad, n)
	for _, tabla := range []string{"usuarios_aduaneros", "actos", "casos", "informes", "dias_inhabiles"} {
		var c int
		d.QueryRow(`SELECT count(*) FROM ` + tabla).Scan(&c)
		s += fmt.Sprintf(" %s=%d", tabla, c)
	}
	return s
}

func temporalConDatos(dir string) bool {
	es, _ := os.ReadDir(dir)
	for _, e := range es {
		if EsTemporal(e.Name()) {
			if i, err := e.Info(); err == nil && i.Size() > 0 {
				return true
			}
		}
	}
	return false
}

func hayTemporal(dir string) bool {
	es, _ := os.ReadDir(dir)
	for _, e := range es {
		if EsTemporal(e.Name()) {
			return true
		}
	}
	return false
}

// hijoRespaldar is the child: it backs up and, for "antes_de_nombrar",
// says so once the copy is checked and waits to be killed.
func hijoRespaldar(arg string) {
	partes := strings.SplitN(arg, "|", 3)
	momento, origen, destino := partes[0], partes[1], partes[2]
	if momento == "antes_de_nombrar" {
		antesDeRenombrar = func(string) {
			fmt.Println("verificada")
			os.Stdout.Sync()
			time.Sleep(60 * time.Second)
		}
	}
	fmt.Println("empiezo")
	os.Stdout.Sync()
	_, err := Respaldar(fondo, origen, destino)
	fmt.Fprintln(os.Stderr, "el hijo no debía terminar:", err)
	os.Exit(4)
}

// Helpers for the refusals below.

func respaldoDe(t testing.TB, d *db.DB, dir string) string {
	t.Helper()
	destino := filepath.Join(dir, "respaldo.db")
	if _, err := Respaldar(fondo, d.Ruta, destino); err != nil {
		t.Fatal(err)
	}
	return destino
}

func copiarArchivo(t testing.TB, de, a string) {
	t.Helper()
	src, err := os.Open(de)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := os.Create(a)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	dst.Close()
}

// TestRestaurar_negativas: each refusal says why in Spanish and changes
// nothing at the destination.
func TestRestaurar_negativas(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	d := baseDemo(t, dir)
	bueno := respaldoDe(t, d, t.TempDir())

	basura := filepath.Join(dir, "basura.db")
	os.WriteFile(basura, []byte(strings.Repeat("esto no es una base de datos\n", 200)), 0o600)
	truncado := filepath.Join(dir, "truncado.db")
	copiarArchivo(t, bueno, truncado)
	st, _ := os.Stat(truncado)
	os.Truncate(truncado, st.Size()/2)
	danado := filepath.Join(dir, "danado.db")
	copiarArchivo(t, bueno, danado)
	{ // overwrite pages in the middle of the file with zeros
		f, _ := os.OpenFile(danado, os.O_RDWR, 0)
		f.WriteAt(make([]byte, 64*1024), st.Size()/2)
		f.Close()
	}
	recadenado := filepath.Join(dir, "recadenado.db")
	copiarArchivo(t, bueno, recadenado)
	{ // someone edits an audit row in the copy
		x, err := abrirSinMigrar(recadenado, false)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{`DROP TRIGGER auditoria_sin_update`, `UPDATE auditoria SET cuenta = 'otra' WHERE id = 1`} {
			if _, err := x.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		x.Close()
	}
	futuro := filepath.Join(dir, "futuro.db")
	copiarArchivo(t, bueno, futuro)
	{
		x, _ := abrirSinMigrar(futuro, false)
		x.Exec(`INSERT INTO migraciones(nombre, aplicada_en) VALUES ('9999_futuro.sql', '2030-01-01T00:00:00Z')`)
		x.Close()
	}

	for _, c := range []struct {
		nombre, desde, dice string
	}{
		{"no_existe", filepath.Join(dir, "no-esta.db"), "no se encontró el archivo"},
		{"no_es_una_base", basura, "no es una base de datos SQLite legible"},
		{"truncado", truncado, "no es válido"},
		{"paginas_danadas", danado, "no es válido"},
		{"cadena_de_auditoria_editada", recadenado, "la cadena de auditoría no verifica"},
		{"version_mas_reciente", futuro, "es de una versión más reciente de comite"},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			destino := filepath.Join(t.TempDir(), "comite.db")
			// With the key of the database the backup comes from: each is
			// refused for its own fault, not for a missing key.
			_, err := Restaurar(fondo, c.desde, destino, false, db.ConClaveAuditoria(db.RutaClaveAuditoria(d.Ruta)))
			var inv *ErrInvalido
			if !errors.As(err, &inv) || !strings.Contains(err.Error(), c.dice) {
				t.Fatalf("err = %v; quiere un *ErrInvalido que diga %q", err, c.dice)
			}
			if existe(destino) {
				t.Fatal("un respaldo inválido dejó una base en el destino")
			}
		})
	}

	t.Run("base_existente_sin_reemplazar", func(t *testing.T) {
		destino := filepath.Join(t.TempDir(), "comite.db")
		os.WriteFile(destino, []byte("la base actual"), 0o600)
		_, err := Restaurar(fondo, bueno, destino, false, db.ConClaveAuditoria(db.RutaClaveAuditoria(d.Ruta)))
		var ex *ErrExiste
		if !errors.As(err, &ex) || !strings.Contains(err.Error(), "use --reemplazar") {
			t.Fatalf("err = %v", err)
		}
		if b, _ := os.ReadFile(destino); string(b) != "la base actual" {
			t.Fatal("la base existente cambió")
		}
	})

	t.Run("base_en_uso_por_el_servidor", func(t *testing.T) {
		destino := filepath.Join(t.TempDir(), "comite.db")
		b, err := BloquearServidor(destino) // what `comite serve` holds while it runs
		if err != nil {
			t.Fatal(err)
		}
		_, err = Restaurar(fondo, bueno, destino, true, db.ConClaveAuditoria(db.RutaClaveAuditoria(d.Ruta)))
		b.Soltar()
		var uso *ErrEnUso
		if !errors.As(err, &uso) || !strings.Contains(err.Error(), "está en uso") || !strings.Contains(err.Error(), "comite serve") {
			t.Fatalf("err = %v", err)
		}
		if existe(destino) {
			t.Fatal("se restauró sobre una base en uso")
		}
		// And a server does not start while a restore holds the lock.
		ex, err := bloquearExclusivo(destino)
		if err != nil {
			t.Fatal(err)
		}
		defer ex.Soltar()
		if _, err := BloquearServidor(destino); err == nil || !strings.Contains(err.Error(), "se está restaurando") {
			t.Fatalf("el servidor arrancaría durante una restauración: %v", err)
		}
	})
}

const envAbierta = "COMITE_PRUEBA_BASE_ABIERTA"

// TestRestaurar_seNiegaSiOtroProcesoTieneLaBaseAbierta: a child process opens
// the database (as comite importar, the sqlite3 shell or Litestream would)
// and sits idle; the restore refuses, naming that process, and the database
// is untouched.
func TestRestaurar_seNiegaSiOtroProcesoTieneLaBaseAbierta(t *testing.T) {
	t.Parallel()
	if ruta := os.Getenv(envAbierta); ruta != "" {
		d, err := db.Open(fondo, ruta)
		if err != nil {
			os.Exit(3)
		}
		d.Ping()
		fmt.Println("abierta")
		os.Stdout.Sync()
		time.Sleep(60 * time.Second)
		os.Exit(0)
	}
	dir := t.TempDir()
	d := baseDemo(t, dir)
	bueno := respaldoDe(t, d, t.TempDir())
	d.Close()
	ruta := filepath.Join(dir, "comite.db")
	h0, _ := SHA256(ruta)
	cmd := exec.Command(os.Args[0], "-test.run=^TestRestaurar_seNiegaSiOtroProcesoTieneLaBaseAbierta$", "-test.count=1")
	cmd.Env = append(os.Environ(), envAbierta+"="+ruta)
	tubo, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	lector := bufio.NewScanner(tubo)
	if !lector.Scan() || lector.Text() != "abierta" {
		t.Fatalf("el hijo no abrió la base: %q", lector.Text())
	}
	_, err := Restaurar(fondo, bueno, ruta, true)
	var uso *ErrEnUso
	if !errors.As(err, &uso) || uso.Proceso != cmd.Process.Pid || !strings.Contains(err.Error(), "detenga el servicio") {
		t.Fatalf("err = %v (hijo %d)", err, cmd.Process.Pid)
	}
	if h, _ := SHA256(ruta); h != h0 {
		t.Fatal("la base en uso cambió")
	}
	if m, _ := filepath.Glob(ruta + ".reemplazada-*"); len(m) != 0 {
		t.Fatalf("quedó una copia de reemplazo: %v", m)
	}
}

// TestRestaurar_reemplazaGuardandoLaAnterior: with --reemplazar, the current
// database (including what is still only in its -wal file) is kept beside it
// before the backup takes its place.
func TestRestaurar_reemplazaGuardandoLaAnterior(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	d := baseDemo(t, dir)
	bueno := respaldoDe(t, d, t.TempDir())
	// A change after the backup, left in the WAL of the database to replace.
	if _, err := d.CrearCuenta(fondo, dominio.NuevaCuenta{Usuario: "despues", Rol: permisos.RolAuditor, Clave: "una-clave-suficientemente-larga"}, dominio.Actor{Cuenta: "sistema"}); err != nil {
		t.Fatal(err)
	}
	d.Close()
	ruta := filepath.Join(dir, "comite.db")
	r, err := Restaurar(fondo, bueno, ruta, true)
	if err != nil {
		t.Fatal(err)
	}
	if r.Reemplazada == "" || !existe(r.Reemplazada) {
		t.Fatalf("no se guardó la base reemplazada: %+v", r)
	}
	for _, c := range []struct {
		ruta string
		hay  int
	}{{ruta, 0}, {r.Reemplazada, 1}} {
		x, err := abrirSinMigrar(c.ruta, true)
		if err != nil {
			t.Fatal(err)
		}
		var n int
		x.QueryRow(`SELECT count(*) FROM cuentas WHERE usuario = 'despues'`).Scan(&n)
		x.Close()
		if n != c.hay {
			t.Errorf("%s: %d cuentas «despues»; quiere %d", c.ruta, n, c.hay)
		}
	}
	if existe(ruta + "-wal") {
		if st, _ := os.Stat(ruta + "-wal"); st.Size() > 0 {
			t.Fatal("quedó el -wal de la base reemplazada junto a la restaurada")
		}
	}
}

// TestRespaldar_negativas: a backup never overwrites a file and needs its source.
func TestRespaldar_negativas(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	d := baseDemo(t, dir)
	existente := filepath.Join(dir, "ya-esta.db")
	os.WriteFile(existente, []byte("otro archivo"), 0o600)
	for _, c := range []struct{ nombre, origen, destino, dice string }{
		{"destino_existente", d.Ruta, existente, "nunca sobrescribe"},
		{"origen_inexistente", filepath.Join(dir, "no.db"), filepath.Join(dir, "r.db"), "no se encontró la base de datos"},
		{"carpeta_inexistente", d.Ruta, filepath.Join(dir, "no", "r.db"), "no existe la carpeta"},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			_, err := Respaldar(fondo, c.origen, c.destino)
			if err == nil || !strings.Contains(err.Error(), c.dice) {
				t.Fatalf("err = %v; quiere %q", err, c.dice)
			}
		})
	}
	if b, _ := os.ReadFile(existente); string(b) != "otro archivo" {
		t.Fatal("el archivo existente cambió")
	}
}

// The message for a damaged copy names the first finding, not the heading.
func TestPrimeraLinea_saltaElEncabezadoDeIntegrityCheck(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ entrada, quiere string }{
		{"*** in database main ***\nTree 28 page 201 cell 2: overflow list length is 1 but should be 33\nPage 5 never used", "Tree 28 page 201 cell 2: overflow list length is 1 but should be 33"},
		{"row 3 missing from index actos_firmeza", "row 3 missing from index actos_firmeza"},
		{"*** in database main ***", "*** in database main ***"},
	} {
		if got := primeraLinea(c.entrada); got != c.quiere {
			t.Errorf("primeraLinea(%q) = %q; quiere %q", c.entrada, got, c.quiere)
		}
	}
}
