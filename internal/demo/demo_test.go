package demo

import (
	"comite/internal/contrato"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"comite/internal/db"
	"comite/internal/fecha"
	wf "comite/internal/flujo"
	"comite/internal/nit"
	"comite/internal/pruebas"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

func TestMain(m *testing.M) { os.Exit(pruebas.ConPlantillas(m)) }

// abrir opens a fresh database file with a fixed clock (the audit row's
// instant) and a fixed audit key (the audit row's hash).
func abrir(t testing.TB) *db.DB {
	t.Helper()
	d, err := abrirEn(t.TempDir(), true)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// abrirEn opens dir/demo.db with the fixed clock, writing the fixed audit
// key first when conClave (a copy of a plantilla brings its own).
func abrirEn(dir string, conClave bool) (*db.DB, error) {
	ruta := filepath.Join(dir, "demo.db")
	clave := "sellado 0\n1 " + strings.Repeat("5a", 32) + "\n"
	if conClave {
		if err := os.WriteFile(db.RutaClaveAuditoria(ruta), []byte(clave), 0o600); err != nil {
			return nil, err
		}
	}
	d, err := db.Open(context.Background(), ruta)
	if err != nil {
		return nil, err
	}
	d.Now = func() time.Time { return time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC) }
	return d, nil
}

// generarNueva loads the demo of o into a new file (abrir).
func generarNueva(t testing.TB, o Opciones) (*db.DB, Resumen) {
	t.Helper()
	d := abrir(t)
	res, err := Generar(context.Background(), d, o)
	if err != nil {
		t.Fatal(err)
	}
	return d, res
}

// resumenes holds the summary of each plantilla's load, by its name.
var resumenes sync.Map

// generar is the demo of o as generarNueva writes it, loaded once per test
// binary and options (a plantilla) and copied into a new folder for each
// test: the tests that only read it, or write on their own copy, run in
// parallel without loading the same demo again.
func generar(t testing.TB, o Opciones) (*db.DB, Resumen) {
	t.Helper()
	nombre := fmt.Sprintf("%+v", o)
	dir := t.TempDir()
	pruebas.CopiaDePlantilla(t, nombre, dir, func(dir string) error {
		d, err := abrirEn(dir, true)
		if err != nil {
			return err
		}
		res, err := Generar(context.Background(), d, o)
		if err != nil {
			d.Close()
			return err
		}
		resumenes.Store(nombre, res)
		return d.Close()
	})
	d, err := abrirEn(dir, false)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	res, _ := resumenes.Load(nombre)
	return d, res.(Resumen)
}

// huella is a SHA-256 over every row of the demo tables, the audit log and
// what the story wrote (cases to actas, PDFs included), read in key order.
func huella(t testing.TB, d *db.DB) string {
	t.Helper()
	h := sha256.New()
	for _, q := range []string{
		`SELECT * FROM usuarios_aduaneros ORDER BY id`,
		`SELECT * FROM registros ORDER BY id`,
		`SELECT * FROM actos ORDER BY id`,
		`SELECT * FROM operaciones_anuales ORDER BY usuario_id, anio`,
		`SELECT * FROM declaraciones ORDER BY id`,
		`SELECT * FROM auditoria ORDER BY id`,
		// What the story wrote through the application.
		`SELECT * FROM casos ORDER BY id`,
		`SELECT * FROM evaluaciones ORDER BY id`,
		`SELECT * FROM caso_eventos ORDER BY id`,
		`SELECT * FROM informes ORDER BY id`,
		`SELECT * FROM sesiones_comite ORDER BY id`,
		`SELECT * FROM sesion_miembros ORDER BY rowid`,
		`SELECT * FROM sesion_orden ORDER BY rowid`,
		`SELECT * FROM conceptos ORDER BY id`,
		`SELECT * FROM propuestas_rea ORDER BY id`,
		`SELECT * FROM actas ORDER BY id`,
		`SELECT * FROM parametros_comite ORDER BY id`,
		`SELECT * FROM terminos_internos ORDER BY etapa`,
	} {
		rows, err := d.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		fmt.Fprintln(h, q)
		for rows.Next() {
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for _, v := range vals {
				fmt.Fprintf(h, "%T:%v|", v, v)
			}
			h.Write([]byte{'\n'})
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		rows.Close()
	}
	return hex.EncodeToString(h.Sum(nil))
}

func TestGenerar_determinista(t *testing.T) {
	t.Parallel()
	d1, r1 := generarNueva(t, Opciones{Usuarios: 300, Semilla: 42})
	d2, r2 := generarNueva(t, Opciones{Usuarios: 300, Semilla: 42})
	d3, _ := generarNueva(t, Opciones{Usuarios: 300, Semilla: 43})
	h1, h2, h3 := huella(t, d1), huella(t, d2), huella(t, d3)
	if h1 != h2 {
		t.Errorf("la misma semilla dio datos distintos: %s ≠ %s", h1, h2)
	}
	if h1 == h3 {
		t.Errorf("semillas distintas dieron los mismos datos: %s", h1)
	}
	if fmt.Sprint(r1) != fmt.Sprint(r2) {
		t.Errorf("la misma semilla dio resúmenes distintos:\n%v\n%v", r1, r2)
	}
}

func TestGenerar_resumenCuentaLasFilas(t *testing.T) {
	t.Parallel()
	d, res := generar(t, Opciones{})
	for _, c := range []struct {
		tabla string
		want  int64
	}{
		{"usuarios_aduaneros", res.Usuarios},
		{"registros", res.Registros},
		{"actos", res.Actos},
		{"operaciones_anuales", res.OperacionesAnuales},
		{"declaraciones", res.Declaraciones},
	} {
		var n int64
		if err := d.QueryRow("SELECT count(*) FROM " + c.tabla).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != c.want || n == 0 {
			t.Errorf("%s: %d filas, el resumen dice %d", c.tabla, n, c.want)
		}
	}
	if res.Usuarios != UsuariosPorDefecto || res.AnioInicial != 2022 || res.AnioFinal != 2026 || res.AnioReferencia != 2025 {
		t.Errorf("resumen por defecto: %+v", res)
	}
	if res.MuyPorEncima[0].RazonSocial != "Agencia de Aduanas Reincidente Demo S.A.S." {
		t.Errorf("el primer usuario destacado es %q", res.MuyPorEncima[0].RazonSocial)
	}
	// The load is the first row of the audit log, the story's steps follow
	// it (each audited by the application), and the chain checks.
	var accion string
	if err := d.QueryRow(`SELECT accion FROM auditoria ORDER BY id LIMIT 1`).Scan(&accion); err != nil || accion != "demo.generar" {
		t.Errorf("auditoría: %q, %v", accion, err)
	}
	var filas int64
	if err := d.QueryRow(`SELECT count(*) FROM auditoria`).Scan(&filas); err != nil || filas < 2 {
		t.Errorf("auditoría: %d filas, %v", filas, err)
	}
	if n, err := d.VerificarAuditoria(context.Background()); err != nil || n != filas {
		t.Errorf("VerificarAuditoria = %d, %v; quiere %d", n, err, filas)
	}
	var b strings.Builder
	res.Escribir(&b)
	for _, s := range []string{"actos sancionatorios", res.MuyPorEncima[0].NIT, "Justo debajo", "año de referencia 2025"} {
		if !strings.Contains(b.String(), s) {
			t.Errorf("el resumen impreso no dice %q:\n%s", s, b.String())
		}
	}
}

// The NIT check digit of docs/reglas.md §7 (internal/nit): every stored NIT is canonical and valid.
func TestGenerar_nitsConDigitoDeVerificacionValido(t *testing.T) {
	t.Parallel()
	d, _ := generar(t, Opciones{Usuarios: 2000, Semilla: 9})
	rows, err := d.Query(`SELECT nit FROM usuarios_aduaneros`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var s string
		rows.Scan(&s)
		v, err := nit.Parse(s)
		if err != nil {
			t.Errorf("NIT inválido: %v", err)
			continue
		}
		if v.String() != s || len(v.Base) != 9 {
			t.Errorf("NIT %q no es canónico de 9 dígitos (%s)", s, v)
		}
		n++
	}
	if n != 2000 {
		t.Errorf("%d NIT leídos", n)
	}
}

// Amounts are exact, non-negative INTEGER centavos (docs/reglas.md §6), and the
// other fields are what the import would accept.
func TestGenerar_importesYFechasPlausibles(t *testing.T) {
	t.Parallel()
	d, _ := generar(t, Opciones{Usuarios: 1000, Semilla: 5})
	for _, c := range []struct{ nombre, sql string }{
		{"importes no enteros o negativos", `SELECT count(*) FROM (
			SELECT valor_centavos v FROM actos UNION ALL SELECT valor_centavos FROM operaciones_anuales UNION ALL SELECT valor_centavos FROM declaraciones)
			WHERE typeof(v) <> 'integer' OR v < 0`},
		{"multas fuera de 5 a 500 millones", `SELECT count(*) FROM actos WHERE sancion = 'multa' AND valor_centavos NOT BETWEEN 500000000 AND 50000000000`},
		{"multas con centavos", `SELECT count(*) FROM actos WHERE valor_centavos % 100 <> 0`},
		{"sanciones sin multa con valor", `SELECT count(*) FROM actos WHERE sancion <> 'multa' AND valor_centavos <> 0`},
		{"amonestaciones que no son leves", `SELECT count(*) FROM actos WHERE sancion = 'amonestacion' AND gravedad <> 'leve'`},
		{"allanamiento sin multa", `SELECT count(*) FROM actos WHERE allanamiento = 1 AND sancion <> 'multa'`},
		{"firmeza antes de la expedición", `SELECT count(*) FROM actos WHERE fecha_firmeza < fecha_expedicion`},
		{"firmeza después del corte", `SELECT count(*) FROM actos WHERE fecha_firmeza > '2026-10-31'`},
		{"número de acto mal formado", `SELECT count(*) FROM actos WHERE numero_acto NOT GLOB 'RS-[0-9][0-9][0-9][0-9]-[0-9][0-9][0-9][0-9][0-9][0-9]*' OR substr(numero_acto, 4, 4) <> substr(fecha_expedicion, 1, 4)`},
		{"infracción mal formada", `SELECT count(*) FROM actos WHERE infraccion NOT GLOB 'D920-[0-9][0-9]-[123].[1-8]'`},
		{"operaciones fuera de 10 a 20.000", `SELECT count(*) FROM operaciones_anuales WHERE (valor_centavos = 0) <> (numero = 0) OR (numero <> 0 AND numero NOT BETWEEN 10 AND 20000)`},
		{"valor anual fuera de rango", `SELECT count(*) FROM operaciones_anuales WHERE valor_centavos <> 0 AND valor_centavos NOT BETWEEN 5000000000 AND 50000000000000`},
		{"años fuera del periodo", `SELECT count(*) FROM operaciones_anuales WHERE anio NOT BETWEEN 2022 AND 2026`},
		{"declaración con año distinto de su fecha", `SELECT count(*) FROM declaraciones WHERE anio <> CAST(substr(fecha, 1, 4) AS INTEGER)`},
		{"registro que termina antes de empezar", `SELECT count(*) FROM registros WHERE vigente_hasta < vigente_desde`},
		{"usuario sin registro", `SELECT count(*) FROM usuarios_aduaneros u WHERE NOT EXISTS (SELECT 1 FROM registros r WHERE r.usuario_id = u.id)`},
		{"seccional desconocida", `SELECT count(*) FROM usuarios_aduaneros u WHERE NOT EXISTS (SELECT 1 FROM seccionales s WHERE s.codigo = u.direccion_seccional)`},
		{"razón social repetida", `SELECT count(*) - count(DISTINCT razon_social) FROM usuarios_aduaneros`},
	} {
		var n int64
		if err := d.QueryRow(c.sql).Scan(&n); err != nil {
			t.Fatalf("%s: %v", c.nombre, err)
		}
		if n != 0 {
			t.Errorf("%s: %d filas", c.nombre, n)
		}
	}
	// Every stored date is a valid civil date.
	rows, err := d.Query(`SELECT fecha_expedicion FROM actos UNION ALL SELECT fecha_firmeza FROM actos WHERE fecha_firmeza IS NOT NULL
		UNION ALL SELECT vigente_desde FROM registros UNION ALL SELECT fecha FROM declaraciones`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var s string
		rows.Scan(&s)
		if _, err := fecha.ParseISO(s); err != nil {
			t.Fatalf("fecha inválida %q: %v", s, err)
		}
	}
	// Proportions are plausible: each type and gravedad present, declarantes the most.
	var tipos, declarantes, leves, graves, gravisimas, sinFirmeza, total int64
	d.QueryRow(`SELECT count(DISTINCT tipo), sum(tipo = 'declarante') FROM usuarios_aduaneros`).Scan(&tipos, &declarantes)
	d.QueryRow(`SELECT sum(gravedad='leve'), sum(gravedad='grave'), sum(gravedad='gravisima'), sum(fecha_firmeza IS NULL), count(*) FROM actos`).Scan(&leves, &graves, &gravisimas, &sinFirmeza, &total)
	if tipos != 7 || declarantes < 450 || declarantes > 650 {
		t.Errorf("tipos = %d, declarantes = %d de 1000", tipos, declarantes)
	}
	if leves == 0 || graves == 0 || gravisimas == 0 || sinFirmeza == 0 || gravisimas > graves {
		t.Errorf("gravedades: leve %d, grave %d, gravísima %d, sin firmeza %d de %d", leves, graves, gravisimas, sinFirmeza, total)
	}
}

// cifras are S, the number of acts that count and O of a user in year y,
// computed straight with SQL (docs/reglas.md §2.2–2.4), independently of the generator.
type cifras struct {
	actos          int
	s, o           decimal.Decimal // COP
	filaAnual      bool            // a row in operaciones_anuales for y
	registroVigent bool            // on the day of the load
}

func leerCifras(t *testing.T, d *db.DB, nitUsuario string, y int) cifras {
	t.Helper()
	var c cifras
	var s, oAnual, oDecl int64
	var filas, vig int
	desde, hasta := fmt.Sprintf("%d-01-01", y), fmt.Sprintf("%d-12-31", y)
	err := d.QueryRow(`
		SELECT
		  (SELECT count(*) FROM actos a WHERE a.usuario_id = u.id AND a.gravedad IN ('grave','gravisima') AND a.allanamiento = 0 AND a.fecha_firmeza BETWEEN ?1 AND ?2),
		  (SELECT coalesce(sum(CASE WHEN a.sancion IN ('cancelacion','suspension') THEN 0 ELSE a.valor_centavos END), 0) FROM actos a
		     WHERE a.usuario_id = u.id AND a.gravedad IN ('grave','gravisima') AND a.allanamiento = 0 AND a.fecha_firmeza BETWEEN ?1 AND ?2),
		  (SELECT coalesce(sum(valor_centavos), 0) FROM operaciones_anuales WHERE usuario_id = u.id AND anio = ?3),
		  (SELECT count(*) FROM operaciones_anuales WHERE usuario_id = u.id AND anio = ?3),
		  (SELECT coalesce(sum(valor_centavos), 0) FROM declaraciones WHERE usuario_id = u.id AND anio = ?3),
		  (SELECT count(*) FROM registros r WHERE r.usuario_id = u.id AND r.vigente_desde <= ?4 AND (r.vigente_hasta IS NULL OR r.vigente_hasta >= ?4))
		FROM usuarios_aduaneros u WHERE u.nit = ?5`, desde, hasta, y, "2026-11-01", nitUsuario).Scan(&c.actos, &s, &oAnual, &filas, &oDecl, &vig)
	if err != nil {
		t.Fatalf("%s: %v", nitUsuario, err)
	}
	c.s = decimal.New(s, -2)
	c.o = decimal.New(oAnual+oDecl, -2)
	c.filaAnual = filas > 0
	c.registroVigent = vig > 0
	return c
}

var (
	mil     = decimal.NewFromInt(1000)
	cinco   = decimal.NewFromInt(5)
	diezMil = decimal.NewFromInt(10000)
)

// cumpleUmbral is docs/reglas.md §2.5: S × 1000 ≥ O × 5; with O = 0, S > 0.
func cumpleUmbral(c cifras) bool {
	if c.o.IsZero() {
		return c.s.IsPositive()
	}
	return c.s.Mul(mil).GreaterThanOrEqual(c.o.Mul(cinco))
}

// entradaDesdeBase builds the committee test's input for a user from the rows,
// as if a new grave infraction were committed on 10 February of y+1.
func entradaDesdeBase(t *testing.T, d *db.DB, nitUsuario string, y int) reincidencia.Entrada {
	t.Helper()
	var id int64
	e := reincidencia.Entrada{Nueva: reincidencia.NuevaInfraccion{
		FechaComision:     fecha.Debe(y+1, 2, 10),
		FechaVerificacion: fecha.Debe(y+1, 3, 2),
		FechaExpediente:   fecha.Debe(y+1, 3, 13),
		Gravedad:          sancion.Grave,
		Sancion:           sancion.Multa,
		SancionPrevista:   decimal.NewFromInt(10_475_000),
	}}
	var vig int
	if err := d.QueryRow(`SELECT u.id, u.nit, u.razon_social, u.tipo,
		(SELECT count(*) FROM registros r WHERE r.usuario_id = u.id AND r.vigente_desde <= '2026-11-01' AND (r.vigente_hasta IS NULL OR r.vigente_hasta >= '2026-11-01'))
		FROM usuarios_aduaneros u WHERE nit = ?`, nitUsuario).Scan(&id, &e.Usuario.NIT, &e.Usuario.RazonSocial, &e.Usuario.Tipo, &vig); err != nil {
		t.Fatal(err)
	}
	e.Usuario.RegistroVigente = vig > 0
	rows, err := d.Query(`SELECT numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento FROM actos WHERE usuario_id = ? ORDER BY id`, id)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var a reincidencia.Acto
		var firmeza sql.NullString
		var grav, san string
		var valor int64
		var allan int
		if err := rows.Scan(&a.Numero, &firmeza, &grav, &san, &valor, &allan); err != nil {
			t.Fatal(err)
		}
		if firmeza.Valid {
			a.FechaFirmeza, err = fecha.ParseISO(firmeza.String)
			if err != nil {
				t.Fatal(err)
			}
		}
		a.Gravedad, a.Sancion, a.Valor, a.Allanamiento = sancion.Gravedad(grav), sancion.Tipo(san), decimal.New(valor, -2), allan == 1
		e.Actos = append(e.Actos, a)
	}
	rows.Close()
	rows, err = d.Query(`SELECT anio, valor_centavos, numero FROM operaciones_anuales WHERE usuario_id = ?1
		UNION ALL SELECT anio, valor_centavos, 1 FROM declaraciones WHERE usuario_id = ?1`, id)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var o reincidencia.Operaciones
		var v int64
		if err := rows.Scan(&o.Anio, &v, &o.Numero); err != nil {
			t.Fatal(err)
		}
		o.Valor = decimal.New(v, -2)
		e.Operaciones = append(e.Operaciones, o)
	}
	rows.Close()
	return e
}

// The highlighted users are where the Resumen says, checked twice: with S and O
// computed in SQL and compared exactly (Decreto Ley 920 de 2023 art. 25 by
// position; docs/reglas.md §2.2–2.6), and through reincidencia.Evaluar.
func TestGenerar_art25_destacadosAlrededorDelUmbral(t *testing.T) {
	t.Parallel()
	for _, semilla := range []int64{1, 2, 77, -5} {
		t.Run(fmt.Sprintf("semilla_%d", semilla), func(t *testing.T) {
			d, res := generar(t, Opciones{Usuarios: 60, Semilla: semilla})
			y := res.AnioReferencia
			type caso struct {
				nombre          string
				us              []Destacado
				n               int
				actos           func(int) bool
				umbral          bool
				registroVigente bool
				extra           func(t *testing.T, i int, c cifras)
			}
			alMenos3 := func(n int) bool { return n >= 3 }
			casos := []caso{
				{"art25_inc1_muy_por_encima_procede", res.MuyPorEncima, 5, alMenos3, true, true, func(t *testing.T, i int, c cifras) {
					if !c.s.Mul(decimal.NewFromInt(100)).GreaterThanOrEqual(c.o) { // S/O ≥ 1 %
						t.Errorf("S/O = %s %% no es muy superior a 0,5 %%", c.s.Mul(decimal.NewFromInt(100)).Div(c.o))
					}
					if i == 0 && (!c.s.Equal(decimal.NewFromInt(77_000_000)) || !c.o.Equal(decimal.NewFromInt(3_850_000_000)) || c.actos != 3) {
						t.Errorf("el primero no es el ejemplo del dominio al 2 %%: S = %s, O = %s, %d actos", c.s, c.o, c.actos)
					}
				}},
				{"art25_inc1_umbral_justo_encima_entre_0_50_y_0_52", res.JustoEncima, 3, alMenos3, true, true, func(t *testing.T, i int, c cifras) {
					if !c.s.Mul(diezMil).LessThan(c.o.Mul(decimal.NewFromInt(52))) {
						t.Errorf("S/O ≥ 0,52 %%: S = %s, O = %s", c.s, c.o)
					}
					if i == 0 && (!c.s.Mul(mil).Equal(c.o.Mul(cinco)) || !c.o.Equal(decimal.NewFromInt(15_400_000_000))) {
						t.Errorf("el primero no está exactamente en 0,5 %%: S = %s, O = %s", c.s, c.o)
					}
				}},
				{"art25_inc1_umbral_justo_debajo_entre_0_48_y_0_4999", res.JustoDebajo, 3, alMenos3, false, true, func(t *testing.T, i int, c cifras) {
					if c.s.Mul(diezMil).LessThan(c.o.Mul(decimal.NewFromInt(48))) {
						t.Errorf("S/O < 0,48 %%: S = %s, O = %s", c.s, c.o)
					}
					if c.s.Mul(decimal.NewFromInt(1_000_000)).GreaterThan(c.o.Mul(decimal.NewFromInt(4999))) {
						t.Errorf("S/O > 0,4999 %%: S = %s, O = %s", c.s, c.o)
					}
					if i == 0 && !c.o.Equal(decimal.NewFromInt(15_500_000_000)) {
						t.Errorf("el primero no es el ejemplo del dominio con 15.500.000.000: O = %s", c.o)
					}
				}},
				{"art25_inc1_dos_actos_no_alcanzan_el_minimo_de_tres", res.DosActos, 3, func(n int) bool { return n == 2 }, true, true, nil},
				{"art25_inc1_sin_operaciones_con_sanciones_cumple_umbral", res.SinOperaciones, 1, alMenos3, true, true, func(t *testing.T, _ int, c cifras) {
					if !c.o.IsZero() || !c.filaAnual {
						t.Errorf("O = %s (fila anual %v); se esperaba una fila con 0", c.o, c.filaAnual)
					}
				}},
				{"art25_inc1_registro_vencido", res.RegistroVencido, 1, alMenos3, true, false, nil},
			}
			for _, c := range casos {
				t.Run(c.nombre, func(t *testing.T) {
					if len(c.us) != c.n {
						t.Fatalf("%d usuarios destacados, se esperaban %d", len(c.us), c.n)
					}
					for i, u := range c.us {
						ci := leerCifras(t, d, u.NIT, y)
						if !c.actos(ci.actos) {
							t.Errorf("%s: %d actos cuentan", u.RazonSocial, ci.actos)
						}
						if cumpleUmbral(ci) != c.umbral {
							t.Errorf("%s: umbral %v, se esperaba %v (S = %s, O = %s)", u.RazonSocial, !c.umbral, c.umbral, ci.s, ci.o)
						}
						if ci.registroVigent != c.registroVigente {
							t.Errorf("%s: registro vigente %v", u.RazonSocial, ci.registroVigent)
						}
						if c.extra != nil {
							c.extra(t, i, ci)
						}
						// The same through the rules package.
						r, err := reincidencia.Evaluar(entradaDesdeBase(t, d, u.NIT, y), valores.Integrada())
						if err != nil {
							t.Fatalf("%s: Evaluar: %v", u.RazonSocial, err)
						}
						procede := c.actos(3) && c.umbral && c.registroVigente
						if r.Periodo.Anio != y || r.NumeroActos != ci.actos || !r.Suma.Equal(ci.s) || r.TotalOperaciones == nil || !r.TotalOperaciones.Equal(ci.o) ||
							r.Requisitos.UmbralCeroCinco != reincidencia.DeBool(c.umbral) || r.ProcedeComite != reincidencia.DeBool(procede) {
							t.Errorf("%s: Evaluar da año %d, %d actos, S = %s, O = %s, umbral %v, procede %v; SQL: %d actos, S = %s, O = %s; se esperaba procede %v",
								u.RazonSocial, r.Periodo.Anio, r.NumeroActos, r.Suma, r.TotalOperaciones, r.Requisitos.UmbralCeroCinco, r.ProcedeComite, ci.actos, ci.s, ci.o, procede)
						}
					}
				})
			}
			t.Run("operaciones_por_declaracion_en_un_anio_sin_fila_anual", func(t *testing.T) {
				if len(res.ConDeclaraciones) != 2 {
					t.Fatalf("%d usuarios con declaraciones", len(res.ConDeclaraciones))
				}
				c0 := leerCifras(t, d, res.ConDeclaraciones[0].NIT, y)
				if c0.filaAnual || c0.o.IsZero() || c0.actos < 3 || !cumpleUmbral(c0) {
					t.Errorf("%+v", c0)
				}
				r, err := reincidencia.Evaluar(entradaDesdeBase(t, d, res.ConDeclaraciones[0].NIT, y), valores.Integrada())
				if err != nil || !r.ProcedeComite.EsSi() || r.TotalOperaciones == nil || !r.TotalOperaciones.Equal(c0.o) {
					t.Errorf("Evaluar: procede %v, O = %s (SQL %s), %v", r.ProcedeComite, r.TotalOperaciones, c0.o, err)
				}
				c1 := leerCifras(t, d, res.ConDeclaraciones[1].NIT, y-1)
				if c1.filaAnual || c1.o.IsZero() {
					t.Errorf("%+v", c1)
				}
			})
		})
	}
}

// The worked example of docs/reglas.md §2 is carried by the first user: Evaluar
// lists D (allanamiento), E (outside the year), the leve act and the act not
// yet firm among those left out.
func TestGenerar_art25_primerUsuarioLlevaElEjemploDelDominio(t *testing.T) {
	t.Parallel()
	d, res := generar(t, Opciones{Usuarios: 20})
	r, err := reincidencia.Evaluar(entradaDesdeBase(t, d, res.MuyPorEncima[0].NIT, 2025), valores.Integrada())
	if err != nil {
		t.Fatal(err)
	}
	motivos := map[reincidencia.Motivo]int{}
	for _, x := range r.Excluidos {
		if x.FechaFirmeza.Anio() >= 2024 || x.FechaFirmeza.IsZero() {
			motivos[x.Motivo]++
		}
	}
	if !r.ProcedeComite.EsSi() || r.NumeroActos != 3 || r.Participacion == nil || r.Participacion.StringFixed(4) != "2.0000" {
		t.Errorf("procede %v, %d actos, participación %v", r.ProcedeComite, r.NumeroActos, r.Participacion)
	}
	for _, m := range []reincidencia.Motivo{reincidencia.ConAllanamiento, reincidencia.FueraDePeriodo, reincidencia.GravedadLeve, reincidencia.SinFirmeza} {
		if motivos[m] == 0 {
			t.Errorf("ningún acto excluido por %s: %v", m, motivos)
		}
	}
	if r.PlazoReporte.String() != "2026-03-30" {
		t.Errorf("plazo %s", r.PlazoReporte)
	}
}

func TestGenerar_rechazaBaseNoVacia(t *testing.T) {
	t.Parallel()
	d, _ := generar(t, Opciones{Usuarios: 30})
	antes := huella(t, d)
	_, err := Generar(context.Background(), d, Opciones{Usuarios: 30, Semilla: 2})
	var nv *ErrBaseNoVacia
	if !errors.As(err, &nv) || !strings.Contains(err.Error(), "ya tiene datos") || !strings.Contains(err.Error(), "30 usuarios aduaneros") {
		t.Fatalf("err = %v", err)
	}
	if huella(t, d) != antes {
		t.Error("la segunda carga cambió la base")
	}
	// One user is enough to refuse.
	d2 := abrir(t)
	if _, err := d2.Exec(`INSERT INTO usuarios_aduaneros(nit, razon_social, tipo, creado_en, actualizado_en) VALUES ('800191045-1','X','otro','t','t')`); err != nil {
		t.Fatal(err)
	}
	if _, err := Generar(context.Background(), d2, Opciones{}); !errors.As(err, &nv) || !strings.Contains(err.Error(), "1 usuarios aduaneros") {
		t.Fatalf("err = %v", err)
	}
}

func TestOpciones_Validar(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		nombre string
		o      Opciones
		error  string
	}{
		{"por_defecto", Opciones{}, ""},
		{"usuarios_minimo", Opciones{Usuarios: len(especiales)}, ""},
		{"usuarios_bajo_el_minimo", Opciones{Usuarios: len(especiales) - 1}, "--usuarios"},
		{"usuarios_sobre_el_maximo", Opciones{Usuarios: MaxUsuarios + 1}, "--usuarios"},
		{"un_anio_no_alcanza", Opciones{Anios: 1}, "--anios"},
		{"dos_anios", Opciones{Anios: 2}, ""},
		{"anios_sobre_el_maximo", Opciones{Anios: MaxAnios + 1}, "--anios"},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			err := c.o.ConDefectos().Validar()
			if (err == nil) != (c.error == "") || (err != nil && !strings.Contains(err.Error(), c.error)) {
				t.Errorf("Validar(%+v) = %v, se esperaba %q", c.o, err, c.error)
			}
		})
	}
}

// Two years and the minimum number of users still place every highlighted user.
func TestGenerar_dosAniosYMinimoDeUsuarios(t *testing.T) {
	t.Parallel()
	d, res := generar(t, Opciones{Usuarios: len(especiales), Anios: 2, Semilla: 3})
	if res.AnioInicial != 2025 || res.Usuarios != int64(len(especiales)) {
		t.Fatalf("%+v", res)
	}
	c := leerCifras(t, d, res.JustoDebajo[1].NIT, 2025)
	if c.actos < 3 || cumpleUmbral(c) {
		t.Errorf("%+v", c)
	}
}

// BenchmarkGenerar50000 loads the national scale (50.000 users,
// 5 years, about 1.000.000 acts) into a fresh file per iteration:
//
//	go test ./internal/demo -run '^$' -bench Generar50000 -benchtime 1x
func BenchmarkGenerar50000(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		d := abrir(b)
		b.StartTimer()
		res, err := Generar(context.Background(), d, Opciones{Usuarios: 50_000})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(res.Actos), "actos")
	}
}

// TestGenerar_art25UltimoInciso_casoDeSegundaRuta: the demo has a case of the
// second route, closed without visto bueno with the foreseen fine and no
// increment, as the store would have recorded it (db.PropuestaDe reads it).
func TestGenerar_art25UltimoInciso_casoDeSegundaRuta(t *testing.T) {
	t.Parallel()
	d, _ := generar(t, Opciones{Usuarios: 30})
	ctx := context.Background()
	var id int64
	if err := d.QueryRow(`SELECT id FROM casos WHERE permite_cancelacion = 1 AND estado = 'cerrado'`).Scan(&id); err != nil {
		t.Fatal(err)
	}
	ev, err := d.UltimaEvaluacion(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := contrato.ResultadoDe(ev, d.Referencia())
	if !r.EsSegundaRuta() || !r.Procede().EsSi() {
		t.Fatalf("ruta %s procede %v", r.Ruta, r.ProcedeComite)
	}
	c, _ := d.Caso(ctx, id)
	p, err := d.PropuestaDe(ctx, id)
	if err != nil || p == nil || p.Propuesta != wf.DecisionSinVistoBueno || p.Total == nil || !p.Total.Equal(c.SancionPrevista) || p.Incremento != nil {
		t.Fatalf("propuesta %+v %v", p, err)
	}
	if !flujoCompleto(c.Criterios) {
		t.Fatalf("criterios de la segunda ruta: %v", c.Criterios)
	}
}

func flujoCompleto(c map[string]string) bool { return wf.CriteriosCompletos(c, true) }

// Art. 25 inc. 1 with the operations of the reference year never loaded: the
// demo carries a user with three acts that count and no operations row for
// that year (the other years are loaded). The core gives an unknown result,
// never "procede" and never a zero.
func TestGenerar_art25_usuarioSinOperacionesCargadas(t *testing.T) {
	t.Parallel()
	d, res := generar(t, Opciones{Usuarios: 30})
	if len(res.OperacionesSinCargar) != 1 {
		t.Fatalf("%d usuarios sin operaciones cargadas", len(res.OperacionesSinCargar))
	}
	y := res.AnioReferencia
	e := entradaDesdeBase(t, d, res.OperacionesSinCargar[0].NIT, y)
	otros := 0
	for _, o := range e.Operaciones {
		if o.Anio == y {
			t.Fatalf("hay operaciones de %d: %+v", y, o)
		}
		otros++
	}
	if otros == 0 {
		t.Fatal("los otros años también faltan: el usuario debe tener operaciones de los demás años")
	}
	r, err := reincidencia.Evaluar(e, valores.Integrada())
	if err != nil {
		t.Fatal(err)
	}
	if r.NumeroActos != 3 || r.ProcedeComite != reincidencia.Desconocido || r.Requisitos.UmbralCeroCinco != reincidencia.Desconocido ||
		r.TotalOperaciones != nil || !r.TieneAlerta(reincidencia.FaltanOperaciones) {
		t.Fatalf("actos %d procede %v umbral %v O %v alertas %v", r.NumeroActos, r.ProcedeComite, r.Requisitos.UmbralCeroCinco, r.TotalOperaciones, r.Alertas)
	}
}
