package db

import (
	"comite/internal/importar"
	"comite/internal/importar/filas"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
)

// Benchmarks. Run (figures in docs/rendimiento.md):
//
//	go test ./internal/db -run '^$' -bench 'ImportarSanciones|InsertDirecto|EvaluarUsuario' -benchtime 1x -timeout 60m
//
// The whole run builds 50.000 users seven times and writes 7.000.000 rows: on
// a loaded machine it takes about 18 minutes, and a timeout kills it in
// the middle of InsertDirecto, which then prints no line at all.
//
// The import and the bare INSERT loops run in the same process, one after
// the other, on the same file: compare them within one run. Each reports
// rows per second of wall time (filas/s) and the CPU time of the whole
// process per row (µs-cpu/fila), which depends less on other work running
// on the machine. COMITE_BENCH_FILAS changes the 1.000.000 rows.

func filasBench() int {
	if v, err := strconv.Atoi(os.Getenv("COMITE_BENCH_FILAS")); err == nil && v > 0 {
		return v
	}
	return 1000000
}

// dirBench is $TMPDIR/comite-bench-<pid>, shared by the benchmarks of one run
// (a benchmark function runs more than once, so b.TempDir would generate the
// large files again). Directories left by earlier runs whose process is gone
// are removed here.
func dirBench(b *testing.B) string {
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("comite-bench-%d", os.Getpid()))
	viejos, _ := filepath.Glob(filepath.Join(os.TempDir(), "comite-bench-*"))
	for _, v := range viejos {
		pid, err := strconv.Atoi(strings.TrimPrefix(filepath.Base(v), "comite-bench-"))
		if err == nil && pid != os.Getpid() && syscall.Kill(pid, 0) == syscall.ESRCH {
			os.RemoveAll(v)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	return dir
}

// archivoBench is the CSV of the import benchmarks, written once per run.
var archivoBench struct {
	ruta string
	nits []string
}

func prepararArchivoBench(b *testing.B) (string, []string) {
	if archivoBench.ruta == "" {
		archivoBench.nits = nitsSinteticos(50000)
		archivoBench.ruta = archivoSanciones(b, dirBench(b), archivoBench.nits, filasBench(), 0)
	}
	return archivoBench.ruta, archivoBench.nits
}

// BenchmarkImportarSanciones: import a CSV of 1.000.000 sanction rows
// (50.000 users already registered) in one transaction.
//
//   - nuevas: as `comite importar sanciones` does (importar.Preparar and
//     ImportarFuente: the file read and validated whole, then written);
//   - fases: the same, timing its two phases apart: the reading and
//     validation (no lock held: s-lectura) and the write transaction, the
//     only time other writers wait for the import (s-escritura, and its
//     CPU time, s-cpu-escritura, less sensitive to other work on the machine);
//   - nuevas_lote: the web's path, the whole file read first (importar.Leer),
//     then written (Importar);
//   - repetida: the same file again (idempotent: every row read, compared,
//     unchanged).
func BenchmarkImportarSanciones(b *testing.B) {
	ruta, _ := prepararArchivoBench(b)
	n := filasBench()
	medir := func(b *testing.B, importa func(d *DB) (Resumen, error)) {
		var total, cpu time.Duration
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			d := abrirBench(b)
			crearUsuariosMasivo(b, d, 50000)
			b.StartTimer()
			t0, c0 := time.Now(), tiempoCPU()
			r, err := importa(d)
			total, cpu = total+time.Since(t0), cpu+tiempoCPU()-c0
			b.StopTimer()
			if err != nil || r.Insertadas != n {
				b.Fatalf("%+v, %v", r, err)
			}
			d.Close()
		}
		reportar(b, n*b.N, total, cpu)
	}
	b.Run("nuevas", func(b *testing.B) {
		medir(b, func(d *DB) (Resumen, error) {
			f, err := os.Open(ruta)
			if err != nil {
				b.Fatal(err)
			}
			defer f.Close()
			return importarArchivo(d, fondo, filas.Sanciones, filepath.Base(ruta), f, actorPrueba, OpcionesImportacion{})
		})
	})
	b.Run("fases", func(b *testing.B) {
		var lectura, escritura, cpuEscritura time.Duration
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			d := abrirBench(b)
			crearUsuariosMasivo(b, d, 50000)
			f, err := os.Open(ruta)
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			t0 := time.Now()
			fuente, err := importar.Preparar(fondo, filas.Sanciones, filepath.Base(ruta), f, nil)
			if err != nil {
				b.Fatal(err)
			}
			var leido time.Time
			var cpuLeido time.Duration
			entregar := fuente.Entregar
			fuente.Entregar = func(l func(int), parte func(*filas.Lote) bool) (*filas.Lote, []filas.Problema) {
				defer func() { leido, cpuLeido = time.Now(), tiempoCPU() }()
				return entregar(l, parte)
			}
			r, err := d.ImportarFuente(fondo, fuente, actorPrueba, OpcionesImportacion{})
			fin, cpuFin := time.Now(), tiempoCPU()
			b.StopTimer()
			f.Close()
			if err != nil || r.Insertadas != n {
				b.Fatalf("%+v, %v", r, err)
			}
			lectura, escritura, cpuEscritura = lectura+leido.Sub(t0), escritura+fin.Sub(leido), cpuEscritura+cpuFin-cpuLeido
			d.Close()
		}
		b.ReportMetric(lectura.Seconds()/float64(b.N), "s-lectura")
		b.ReportMetric(escritura.Seconds()/float64(b.N), "s-escritura")
		b.ReportMetric(float64(n)/(escritura.Seconds()/float64(b.N)), "filas/s-escritura")
		// The process's CPU time in the write phase (the importer alone
		// runs then): what the phase would last on an idle core.
		b.ReportMetric(cpuEscritura.Seconds()/float64(b.N), "s-cpu-escritura")
	})
	b.Run("nuevas_lote", func(b *testing.B) {
		medir(b, func(d *DB) (Resumen, error) {
			return d.Importar(fondo, leerRuta(b, filas.Sanciones, ruta), actorPrueba, OpcionesImportacion{})
		})
	})
	b.Run("repetida", func(b *testing.B) {
		b.StopTimer()
		d := abrirBench(b)
		defer d.Close()
		crearUsuariosMasivo(b, d, 50000)
		if _, err := d.Importar(fondo, leerRuta(b, filas.Sanciones, ruta), actorPrueba, OpcionesImportacion{}); err != nil {
			b.Fatal(err)
		}
		var total, cpu time.Duration
		for i := 0; i < b.N; i++ {
			b.StartTimer()
			t0, c0 := time.Now(), tiempoCPU()
			f, err := os.Open(ruta)
			if err != nil {
				b.Fatal(err)
			}
			r, err := importarArchivo(d, fondo, filas.Sanciones, filepath.Base(ruta), f, actorPrueba, OpcionesImportacion{})
			f.Close()
			total, cpu = total+time.Since(t0), cpu+tiempoCPU()-c0
			b.StopTimer()
			if err != nil || r.SinCambios != n {
				b.Fatalf("%+v, %v", r, err)
			}
		}
		reportar(b, n*b.N, total, cpu)
	})
}

func abrirBench(b *testing.B) *DB {
	d, err := Open(fondo, filepath.Join(b.TempDir(), "comite.db"))
	if err != nil {
		b.Fatal(err)
	}
	return d
}

// BenchmarkInsertDirecto: the floor to compare with — the same rows, already
// parsed and converted (NIT → user id, amount → centavos, dates → text),
// written by a bare prepared INSERT loop, one row per Exec through
// database/sql, in one transaction into the same schema (same table, keys,
// indexes and CHECKs), on a connection with the same settings as an import
// (enTxImportacion: page cache, foreign keys): no reading, no validation, no
// idempotence, no audit. Sub-benchmarks:
//
//   - fila: exactly that;
//   - fila_fk: the same with foreign keys on, as any other connection;
//   - multifila: 100 rows per INSERT statement (prepared once for 100 rows);
//   - multifila_fail: the statement the import uses, "INSERT OR FAIL" of
//     filasPorInsert rows (no statement journal, see insertadorActos), still
//     through database/sql with every value bound: the import's write alone.
func BenchmarkInsertDirecto(b *testing.B) {
	ruta, _ := prepararArchivoBench(b)
	n := filasBench()
	lote := leerRuta(b, filas.Sanciones, ruta)
	const sqlFila = `INSERT INTO actos(usuario_id, numero_acto, fecha_expedicion, fecha_firmeza, infraccion, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (?,?,?,?,?,?,?,?,?,?)`
	type fila struct {
		uid, cent, allan      int64
		num, infr, grav, sanc string
		exp, firm             any
	}
	var filas []fila
	preparar := func(d *DB) {
		ids, err := mapaIDs(d)
		if err != nil {
			b.Fatal(err)
		}
		filas = make([]fila, len(lote.Sanciones))
		for i, s := range lote.Sanciones {
			c, _ := dominio.CentavosDe(s.Valor)
			filas[i] = fila{ids[s.NIT], c, int64(boolInt(s.Allanamiento)), s.NumeroActo, s.Infraccion, string(s.Gravedad), string(s.Sancion), iso(s.FechaExpedicion), iso(s.FechaFirmeza)}
		}
	}
	const ahora = "2026-01-01T00:00:00Z"
	medir := func(b *testing.B, conFK bool, escribe func(tx *sql.Tx) error) {
		var total, cpu time.Duration
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			d := abrirBench(b)
			crearUsuariosMasivo(b, d, 50000)
			preparar(d)
			b.StartTimer()
			t0, c0 := time.Now(), tiempoCPU()
			err := d.enTxImportacion(fondo, !conFK, func(_ *sql.Conn, tx *sql.Tx) error { return escribe(tx) })
			total, cpu = total+time.Since(t0), cpu+tiempoCPU()-c0
			b.StopTimer()
			if err != nil {
				b.Fatal(err)
			}
			var got int
			if err := d.QueryRow(`SELECT count(*) FROM actos`).Scan(&got); err != nil || got != n {
				b.Fatalf("%d actos, %v", got, err)
			}
			d.Close()
		}
		reportar(b, n*b.N, total, cpu)
	}
	porFila := func(tx *sql.Tx) error {
		st, err := tx.Prepare(sqlFila)
		if err != nil {
			return err
		}
		defer st.Close()
		for _, f := range filas {
			if _, err := st.Exec(f.uid, f.num, f.exp, f.firm, f.infr, f.grav, f.sanc, f.cent, f.allan, ahora); err != nil {
				return err
			}
		}
		return nil
	}
	b.Run("fila", func(b *testing.B) { medir(b, false, porFila) })
	b.Run("fila_fk", func(b *testing.B) { medir(b, true, porFila) })
	multifila := func(verbo string, k int) func(tx *sql.Tx) error {
		return func(tx *sql.Tx) error {
			grupo := "(?,?,?,?,?,?,?,?,?,?)"
			st, err := tx.Prepare(strings.Replace(sqlFila, "INSERT", verbo, 1) + strings.Repeat(","+grupo, k-1))
			if err != nil {
				return err
			}
			defer st.Close()
			uno, err := tx.Prepare(sqlFila)
			if err != nil {
				return err
			}
			defer uno.Close()
			args := make([]any, 0, 10*k)
			i := 0
			for ; i+k <= len(filas); i += k {
				args = args[:0]
				for _, f := range filas[i : i+k] {
					args = append(args, f.uid, f.num, f.exp, f.firm, f.infr, f.grav, f.sanc, f.cent, f.allan, ahora)
				}
				if _, err := st.Exec(args...); err != nil {
					return err
				}
			}
			for _, f := range filas[i:] {
				if _, err := uno.Exec(f.uid, f.num, f.exp, f.firm, f.infr, f.grav, f.sanc, f.cent, f.allan, ahora); err != nil {
					return err
				}
			}
			return nil
		}
	}
	b.Run("multifila", func(b *testing.B) { medir(b, false, multifila("INSERT", 100)) })
	b.Run("multifila_fail", func(b *testing.B) { medir(b, false, multifila("INSERT OR FAIL", filasPorInsert)) })
}

// tiempoCPU is the CPU time of the whole process so far (every thread:
// the writer, the reader, the garbage collector). On a machine shared with
// other work it varies less than the wall time.
func tiempoCPU() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// reportar: rows per second of wall time, and CPU microseconds per row.
func reportar(b *testing.B, filas int, total, cpu time.Duration) {
	b.ReportMetric(float64(filas)/total.Seconds(), "filas/s")
	b.ReportMetric(float64(cpu.Microseconds())/float64(filas), "µs-cpu/fila")
}

func mapaIDs(d *DB) (map[string]int64, error) {
	rows, err := d.Query(`SELECT nit, id FROM usuarios_aduaneros`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	m := map[string]int64{}
	for rows.Next() {
		var n string
		var id int64
		rows.Scan(&n, &id)
		m[n] = id
	}
	return m, rows.Err()
}

// baseGrande generates the database of BenchmarkEvaluarUsuario once per run
// (the benchmark function runs more than once) and opens it.
var baseGrandeRuta string
var baseGrandeNITs []string

func baseGrande(b *testing.B) (*DB, []string) {
	const usuarios, actosPorUsuario = 50000, 20
	if baseGrandeRuta != "" {
		d, err := Open(fondo, baseGrandeRuta)
		if err != nil {
			b.Fatal(err)
		}
		return d, baseGrandeNITs
	}
	d, err := Open(fondo, filepath.Join(dirBench(b), "evaluar.db"))
	if err != nil {
		b.Fatal(err)
	}
	t0 := time.Now()
	nits := crearUsuariosMasivo(b, d, usuarios)
	err = d.enTx(fondo, func(tx *sql.Tx) error {
		a, err := tx.Prepare(`INSERT INTO actos(usuario_id, numero_acto, fecha_expedicion, fecha_firmeza, infraccion, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (?,?,?,?,?,?,?,?,?,?)`)
		if err != nil {
			return err
		}
		defer a.Close()
		o, err := tx.Prepare(`INSERT INTO operaciones_anuales(usuario_id, anio, valor_centavos, numero, actualizado_en) VALUES (?,?,?,?,?)`)
		if err != nil {
			return err
		}
		defer o.Close()
		rnd := rand.New(rand.NewPCG(1, 2))
		grav := [...]string{"leve", "grave", "gravisima"}
		for u := 1; u <= usuarios; u++ {
			for k := 0; k < actosPorUsuario; k++ {
				f := fecha.Debe(2021+rnd.IntN(5), time.Month(1+rnd.IntN(12)), 1+rnd.IntN(28))
				if _, err := a.Exec(u, fmt.Sprintf("RS-%d-%d", u, k), nil, iso(f), "", grav[rnd.IntN(3)], "multa", rnd.Int64N(50000000)*100, boolInt(rnd.IntN(10) == 0), "2026-01-01T00:00:00Z"); err != nil {
					return err
				}
			}
			for y := 2021; y <= 2025; y++ {
				if _, err := o.Exec(u, y, rnd.Int64N(20000000000)*100, rnd.Int64N(3000), "2026-01-01T00:00:00Z"); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := d.Exec(`ANALYZE`); err != nil {
		b.Fatal(err)
	}
	b.Logf("base generada en %v: %d usuarios, %d actos", time.Since(t0).Round(time.Millisecond), usuarios, usuarios*actosPorUsuario)
	baseGrandeRuta, baseGrandeNITs = d.Ruta, nits
	return d, nits
}

// BenchmarkEvaluarUsuario: one user's committee test from a database of
// 50.000 users, 1.000.000 acts (20 each) and 5 years of operations each,
// loaded with bulk INSERTs. Reports the median of the evaluations.
func BenchmarkEvaluarUsuario(b *testing.B) {
	d, nits := baseGrande(b)
	defer d.Close()
	nueva := reincidencia.NuevaInfraccion{FechaComision: fecha.Debe(2026, 2, 10), FechaVerificacion: fecha.Debe(2026, 3, 2),
		Gravedad: sancion.Gravisima, Sancion: sancion.Multa, SancionPrevista: montoPrueba("10475000")}
	rnd := rand.New(rand.NewPCG(3, 4))
	var tiempos []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t := time.Now()
		_, r, err := evaluarUsuario(fondo, d, nits[rnd.IntN(len(nits))], nueva, sancion.AnclajeComision)
		tiempos = append(tiempos, time.Since(t))
		if err != nil || r.Periodo.Anio != 2025 {
			b.Fatal(err)
		}
	}
	slices.Sort(tiempos)
	b.ReportMetric(float64(tiempos[len(tiempos)/2].Nanoseconds()), "ns-mediana")
}
