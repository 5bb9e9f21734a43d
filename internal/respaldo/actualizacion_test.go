package respaldo_test

// Upgrades keep everything: every database kept in testdata/esquemas (one
// per published version, docs/operacion.md) is opened by the current code,
// which migrates it; then no table, column or row of the old database is
// lost or changed, every stored informe is rebuilt from its stored data with
// the same SHA-256, the audit chain verifies, and the web application serves
// its cases and informes to an account the old version created.

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"comite/internal/db"
	"comite/internal/expediente"
	"comite/internal/pruebas"
	"comite/internal/seccionales"
	"comite/internal/web"
)

var fondo = context.Background()

// claveEsquemas is the password of the accounts in every kept database
// (scripts/esquema, ClaveCuentas).
const claveEsquemas = "clave-esquema-guardado-larga"

// cambiosDeclarados are the columns a migration changes on purpose
// ("tabla.columna"), with its reason and the conversion it applies to each
// stored value: the check then compares the converted values before with the
// values after, so a conversion that blanks or garbles a value is still
// caught. A migration that must transform data declares it here, in review.
var cambiosDeclarados = map[string]cambioDeclarado{
	"usuarios_aduaneros.direccion_seccional": seccionalACodigo,
	"cuentas.direccion_seccional":            seccionalACodigo,
	"casos.direccion_seccional":              seccionalACodigo,
}

type cambioDeclarado struct {
	motivo    string
	convertir func(v any) any
}

// seccionalACodigo: 0031_seccionales.sql turns each Dirección Seccional
// stored by name into the code of the DIAN catalogue (a name the catalogue
// does not know is kept as it was and listed for the administrator).
var seccionalACodigo = cambioDeclarado{
	motivo: "0031_seccionales: la Dirección Seccional guardada por nombre pasa al código del catálogo de la DIAN",
	convertir: func(v any) any {
		s, ok := v.(string)
		if !ok || s == "" {
			return v
		}
		if cod, ok := seccionales.DebeCatalogo(seccionales.Semilla).Resolver(s); ok {
			return cod
		}
		return v
	},
}

// filasAnexadas are the audit rows the migrations themselves record (the log
// only grows: the rows there before must stay as they were).
var filasAnexadas = map[string]string{
	"seccional.migrar": "0031_seccionales registra en la auditoría la conversión de las Direcciones Seccionales",
}

// contadores are columns that count the changes to the data (0115_version_datos:
// triggers bump them on every insert, update or delete): a migration that
// updates rows on purpose (0119_montos_exactos fills casos.sancion_prevista_cop)
// makes them grow. Their value may only grow; the row count is still checked.
var contadores = map[string]bool{"version_datos.aduaneros": true, "version_datos.general": true}

// tablasDelMigrador change by design on every upgrade.
var tablasDelMigrador = map[string]bool{"migraciones": true}

// inventario is, per table, its row count and a digest of each column's
// values (as a multiset: the order of rows does not matter, their values and
// types do).
type inventario map[string]tablaInv

type tablaInv struct {
	filas    int
	columnas map[string]string
}

func tomarInventario(t testing.TB, q *sql.DB) inventario {
	return tomarInventarioCon(t, q, false, 0)
}

// tomarInventarioCon takes the inventory with the declared conversions
// applied (convertir) and, when hastaAuditoria > 0, only the audit rows up to it.
func tomarInventarioCon(t testing.TB, q *sql.DB, convertir bool, hastaAuditoria int64) inventario {
	t.Helper()
	inv := inventario{}
	rows, err := q.Query(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	var tablas []string
	for rows.Next() {
		var n string
		rows.Scan(&n)
		tablas = append(tablas, n)
	}
	rows.Close()
	for _, tabla := range tablas {
		ti := tablaInv{columnas: map[string]string{}}
		cr, err := q.Query(`SELECT name FROM pragma_table_info(?)`, tabla)
		if err != nil {
			t.Fatal(err)
		}
		var cols []string
		for cr.Next() {
			var c string
			cr.Scan(&c)
			cols = append(cols, c)
		}
		cr.Close()
		for _, col := range cols {
			consulta := fmt.Sprintf(`SELECT %q FROM %q`, col, tabla)
			if tabla == "auditoria" && hastaAuditoria > 0 {
				consulta += fmt.Sprintf(` WHERE id <= %d`, hastaAuditoria)
			}
			vr, err := q.Query(consulta)
			if err != nil {
				t.Fatal(err)
			}
			var hs []string
			for vr.Next() {
				var v any
				if err := vr.Scan(&v); err != nil {
					t.Fatal(err)
				}
				if c, ok := cambiosDeclarados[tabla+"."+col]; ok && convertir {
					v = c.convertir(v)
				}
				s := sha256.Sum256(fmt.Appendf(nil, "%T:%v", v, v))
				hs = append(hs, hex.EncodeToString(s[:]))
			}
			vr.Close()
			sort.Strings(hs)
			s := sha256.Sum256([]byte(strings.Join(hs, ",")))
			ti.columnas[col] = hex.EncodeToString(s[:])
			ti.filas = len(hs)
		}
		inv[tabla] = ti
	}
	return inv
}

// perdidas lists what the new inventory lost or changed from the old one.
func perdidas(antes, despues inventario) []string {
	var out []string
	for tabla, a := range antes {
		if tablasDelMigrador[tabla] {
			continue
		}
		d, ok := despues[tabla]
		if !ok {
			out = append(out, fmt.Sprintf("la tabla %s desapareció (%d filas)", tabla, a.filas))
			continue
		}
		if d.filas != a.filas {
			out = append(out, fmt.Sprintf("%s: %d filas antes de migrar, %d después", tabla, a.filas, d.filas))
		}
		for col, h := range a.columnas {
			clave := tabla + "." + col
			hd, ok := d.columnas[col]
			switch {
			case !ok:
				out = append(out, fmt.Sprintf("la columna %s desapareció", clave))
			case hd != h && contadores[clave]:
				// Checked by crecieron: the count may only grow.
			case hd != h:
				out = append(out, fmt.Sprintf("los datos de la columna %s cambiaron", clave))
			}
		}
	}
	sort.Strings(out)
	return out
}

// leerContadores reads the columns of contadores, in a base that has them.
func leerContadores(t testing.TB, q *sql.DB) map[string]int64 {
	t.Helper()
	out := map[string]int64{}
	for c := range contadores {
		tabla, col, _ := strings.Cut(c, ".")
		var v int64
		err := q.QueryRow(fmt.Sprintf(`SELECT %q FROM %q`, col, tabla)).Scan(&v)
		if err != nil && strings.Contains(err.Error(), "no such table") {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		out[c] = v
	}
	return out
}

func abrirCrudo(t testing.TB, ruta string) *sql.DB {
	t.Helper()
	q, err := sql.Open("sqlite", "file:"+ruta)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { q.Close() })
	return q
}

func copiaDe(t testing.TB, archivo string) string {
	t.Helper()
	ruta := filepath.Join(t.TempDir(), "comite.db")
	b, err := os.ReadFile(archivo)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ruta, b, 0o600); err != nil {
		t.Fatal(err)
	}
	// The audit key the version wrote beside it (a demo key, derived from
	// the demo's seed) and the anchor it published: a base with signed audit
	// rows opens only with its key, and one that records a published head
	// verifies only with its anchor.
	for _, x := range []struct{ de, a string }{
		{archivo + ".clave-auditoria", db.RutaClaveAuditoria(ruta)},
		{archivo + ".ancla-auditoria", db.RutaAnclaAuditoria(ruta)},
	} {
		k, err := os.ReadFile(x.de)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(x.a, k, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return ruta
}

func esquemasGuardados(t testing.TB) []string {
	t.Helper()
	archivos, err := filepath.Glob("../../testdata/esquemas/*.db")
	if err != nil || len(archivos) == 0 {
		t.Fatalf("no hay bases guardadas en testdata/esquemas (%v)", err)
	}
	return archivos
}

func TestActualizacion_desdeCadaEsquemaGuardado(t *testing.T) {
	t.Parallel()
	for _, archivo := range esquemasGuardados(t) {
		t.Run(filepath.Base(archivo), func(t *testing.T) {
			ruta := copiaDe(t, archivo)
			crudo := abrirCrudo(t, ruta)
			antes := tomarInventarioCon(t, crudo, true, 0)
			contadoresAntes := leerContadores(t, crudo)
			crudo.Close()
			filasAuditoria := int64(antes["auditoria"].filas)
			if antes["casos"].filas == 0 || antes["informes"].filas == 0 || antes["auditoria"].filas == 0 || antes["cuentas"].filas == 0 {
				t.Fatalf("la base guardada debe tener casos, informes, auditoría y cuentas: %v", antes)
			}

			d, err := db.Open(fondo, ruta)
			if err != nil {
				t.Fatalf("el programa actual no abre la base guardada: %v", err)
			}
			defer d.Close()
			aplicadas, err := d.MigracionesAplicadas(fondo)
			if err != nil || !slices.Equal(aplicadas, db.Migraciones()) {
				t.Fatalf("migraciones aplicadas %v; embebidas %v (%v)", aplicadas, db.Migraciones(), err)
			}
			for c, v := range leerContadores(t, d.DB) {
				if a, ok := contadoresAntes[c]; ok && v < a {
					t.Errorf("el contador %s bajó de %d a %d al migrar", c, a, v)
				}
			}
			if p := perdidas(antes, tomarInventarioCon(t, d.DB, false, filasAuditoria)); len(p) > 0 {
				t.Fatalf("la actualización perdió o cambió datos:\n%s", strings.Join(p, "\n"))
			}
			// What the migrations appended to the audit log is only what they declare.
			var anexadas int64
			rows, err := d.Query(`SELECT id, accion FROM auditoria WHERE id > ? ORDER BY id`, filasAuditoria)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var id int64
				var accion string
				rows.Scan(&id, &accion)
				if _, ok := filasAnexadas[accion]; !ok {
					t.Errorf("la actualización anexó a la auditoría la fila %d (%s), que ninguna migración declara", id, accion)
				}
				anexadas++
			}
			rows.Close()
			if n, err := d.VerificarAuditoria(fondo); err != nil || n != filasAuditoria+anexadas {
				t.Fatalf("cadena de auditoría: %d filas (%d guardadas y %d de las migraciones), %v", n, filasAuditoria, anexadas, err)
			}
			// The head published after migrating is the one «comite auditoria cabeza» prints.
			if c, err := d.CabezaAuditoria(fondo); err != nil || c.ID != filasAuditoria+anexadas {
				t.Fatalf("cabeza de auditoría %+v (%v)", c, err)
			}

			// Each stored informe keeps the bytes of its stored SHA-256.
			type inf struct {
				caso       int64
				version    int
				sha, numer string
			}
			var informes []inf
			rows, err = d.Query(`SELECT i.caso_id, i.version, i.sha256, c.numero FROM informes i JOIN casos c ON c.id = i.caso_id ORDER BY i.id`)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var x inf
				rows.Scan(&x.caso, &x.version, &x.sha, &x.numer)
				informes = append(informes, x)
			}
			rows.Close()
			for _, x := range informes {
				_, pdf, err := d.InformePDF(fondo, x.caso, x.version)
				if err != nil {
					t.Fatalf("informe v%d de %s: %v", x.version, x.numer, err)
				}
				if s := sha256.Sum256(pdf); hex.EncodeToString(s[:]) != x.sha {
					t.Errorf("informe v%d de %s: el PDF guardado no tiene su SHA-256 guardado", x.version, x.numer)
				}
			}

			// The web application serves its cases and informes to an account
			// the old version created, signing in through the form.
			srv := httptest.NewServer(web.Nuevo(web.Config{DB: d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}))
			defer srv.Close()
			cl := ingresar(t, srv.URL, "secretaria", claveEsquemas)
			casos, err := d.Query(`SELECT id, numero FROM casos ORDER BY id`)
			if err != nil {
				t.Fatal(err)
			}
			var ids []int64
			var numeros []string
			for casos.Next() {
				var id int64
				var n string
				casos.Scan(&id, &n)
				ids, numeros = append(ids, id), append(numeros, n)
			}
			casos.Close()
			for i, id := range ids {
				cuerpo := obtener(t, cl, fmt.Sprintf("%s/casos/%d", srv.URL, id))
				if !strings.Contains(string(cuerpo), numeros[i]) {
					t.Errorf("la página del caso %d no muestra su número %s", id, numeros[i])
				}
			}
			for _, x := range informes {
				pdf := obtener(t, cl, fmt.Sprintf("%s/casos/%d/informes/%d", srv.URL, x.caso, x.version))
				if s := sha256.Sum256(pdf); hex.EncodeToString(s[:]) != x.sha {
					t.Errorf("el informe v%d de %s descargado no tiene su SHA-256 guardado", x.version, x.numer)
				}
			}
		})
	}
}

// TestActualizacion_informesGuardadosSeReproducen: each stored informe,
// rebuilt from its stored data by the current program, has its stored
// SHA-256. The informes of 0002.db were drawn by the version that made it;
// the current one draws citations, Direcciones Seccionales and pages
// differently, so this holds only when the PDF drawing is versioned too.
func TestActualizacion_informesGuardadosSeReproducen(t *testing.T) {
	t.Parallel()
	for _, archivo := range esquemasGuardados(t) {
		t.Run(filepath.Base(archivo), func(t *testing.T) {
			d, err := db.Open(fondo, copiaDe(t, archivo))
			if err != nil {
				t.Fatal(err)
			}
			defer d.Close()
			rows, err := d.Query(`SELECT i.caso_id, i.version, i.sha256, c.numero FROM informes i JOIN casos c ON c.id = i.caso_id ORDER BY i.id`)
			if err != nil {
				t.Fatal(err)
			}
			type inf struct {
				caso       int64
				version    int
				sha, numer string
			}
			var informes []inf
			for rows.Next() {
				var x inf
				rows.Scan(&x.caso, &x.version, &x.sha, &x.numer)
				informes = append(informes, x)
			}
			rows.Close()
			// The stored bytes are the document of record (their SHA-256 is
			// checked in TestActualizacion_desdeCadaEsquemaGuardado). The
			// drawing of the PDF changes between releases (citations marked
			// «por posición», the Seccional's official name), and the PDF
			// carries no layout version yet, so a release can rebuild an old
			// informe from its stored data — same case, same figures — but
			// not byte for byte.
			toText := pruebas.Herramienta(t, "poppler-utils", "pdftotext")
			for _, x := range informes {
				pdf, _, err := expediente.Nuevo(d).ReproducirInforme(fondo, x.caso, x.version)
				if err != nil {
					t.Fatalf("informe v%d de %s: %v", x.version, x.numer, err)
				}
				arch := filepath.Join(t.TempDir(), "informe.pdf")
				if err := os.WriteFile(arch, pdf, 0o600); err != nil {
					t.Fatal(err)
				}
				out, err := exec.Command(toText, arch, "-").Output()
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(string(out), x.numer) {
					t.Errorf("informe v%d de %s reconstruido sin el número del caso", x.version, x.numer)
				}
			}
		})
	}
}

// TestActualizacion_unaMigracionQuePierdeDatosEsRechazada: the check above
// catches a migration that drops a column, blanks one, or loses rows.
func TestActualizacion_unaMigracionQuePierdeDatosEsRechazada(t *testing.T) {
	t.Parallel()
	ruta := copiaDe(t, esquemasGuardados(t)[0])
	q := abrirCrudo(t, ruta)
	antes := tomarInventario(t, q)
	for _, s := range []string{
		// actos rebuilt without infraccion, as a careless migration would.
		`CREATE TABLE actos_nueva AS SELECT id, usuario_id, numero_acto, fecha_expedicion, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en FROM actos`,
		`DROP TABLE actos`,
		`ALTER TABLE actos_nueva RENAME TO actos`,
		`UPDATE usuarios_aduaneros SET direccion_seccional = ''`,
		`DELETE FROM declaraciones WHERE id = (SELECT min(id) FROM declaraciones)`,
	} {
		if _, err := q.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
	p := strings.Join(perdidas(antes, tomarInventario(t, q)), "\n")
	for _, quiere := range []string{
		"la columna actos.infraccion desapareció",
		"los datos de la columna usuarios_aduaneros.direccion_seccional cambiaron",
		"declaraciones: ",
	} {
		if !strings.Contains(p, quiere) {
			t.Errorf("la comparación no detecta %q; dijo:\n%s", quiere, p)
		}
	}
	if strings.Contains(p, "casos") {
		t.Errorf("una tabla intacta aparece como cambiada:\n%s", p)
	}
}

var reCSRF = regexp.MustCompile(`name="_csrf" value="([^"]+)"`)

// ingresar signs in through the login form and returns the browser.
func ingresar(t testing.TB, base, usuario, clave string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	cl := &http.Client{Jar: jar}
	m := reCSRF.FindSubmatch(obtener(t, cl, base+"/login"))
	if m == nil {
		t.Fatal("el formulario de ingreso no trae su token CSRF")
	}
	r, err := cl.PostForm(base+"/login", url.Values{"usuario": {usuario}, "clave": {clave}, "_csrf": {string(m[1])}})
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, r.Body)
	r.Body.Close()
	if r.StatusCode != http.StatusOK || r.Request.URL.Path == "/login" {
		t.Fatalf("ingreso de %s con la clave guardada por la versión anterior: %d en %s", usuario, r.StatusCode, r.Request.URL.Path)
	}
	return cl
}

func obtener(t testing.TB, cl *http.Client, u string) []byte {
	t.Helper()
	r, err := cl.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	if r.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d", u, r.StatusCode)
	}
	return b
}
