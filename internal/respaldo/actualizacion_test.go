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
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"comite/internal/db"
	"comite/internal/web"
)

var fondo = context.Background()

// claveEsquemas is the password of the accounts in every kept database
// (scripts/esquema, ClaveCuentas).
const claveEsquemas = "clave-esquema-guardado-larga"

// cambiosDeclarados are the columns a migration changes on purpose, with its
// reason ("tabla.columna" → why). Empty: no migration so far changes stored
// data. A migration that must transform data declares it here, in review.
var cambiosDeclarados = map[string]string{}

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
			vr, err := q.Query(fmt.Sprintf(`SELECT %q FROM %q`, col, tabla))
			if err != nil {
				t.Fatal(err)
			}
			var hs []string
			for vr.Next() {
				var v any
				if err := vr.Scan(&v); err != nil {
					t.Fatal(err)
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
			if _, ok := cambiosDeclarados[clave]; ok {
				continue
			}
			hd, ok := d.columnas[col]
			switch {
			case !ok:
				out = append(out, fmt.Sprintf("la columna %s desapareció", clave))
			case hd != h:
				out = append(out, fmt.Sprintf("los datos de la columna %s cambiaron", clave))
			}
		}
	}
	sort.Strings(out)
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
	for _, archivo := range esquemasGuardados(t) {
		t.Run(filepath.Base(archivo), func(t *testing.T) {
			ruta := copiaDe(t, archivo)
			crudo := abrirCrudo(t, ruta)
			antes := tomarInventario(t, crudo)
			crudo.Close()
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
			if p := perdidas(antes, tomarInventario(t, d.DB)); len(p) > 0 {
				t.Fatalf("la actualización perdió o cambió datos:\n%s", strings.Join(p, "\n"))
			}
			if n, err := d.VerificarAuditoria(fondo); err != nil || n != int64(antes["auditoria"].filas) {
				t.Fatalf("cadena de auditoría: %d filas, %v", n, err)
			}

			// Each stored informe, rebuilt from its stored data, has its stored SHA-256.
			type inf struct {
				caso       int64
				version    int
				sha, numer string
			}
			var informes []inf
			rows, err := d.Query(`SELECT i.caso_id, i.version, i.sha256, c.numero FROM informes i JOIN casos c ON c.id = i.caso_id ORDER BY i.id`)
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
				_, h, err := d.ReproducirInforme(fondo, x.caso, x.version)
				if err != nil {
					t.Fatalf("informe v%d de %s: %v", x.version, x.numer, err)
				}
				if h != x.sha {
					t.Errorf("informe v%d de %s: reproducido con SHA-256 %s; guardado %s", x.version, x.numer, h, x.sha)
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

// TestActualizacion_unaMigracionQuePierdeDatosEsRechazada: the check above
// catches a migration that drops a column, blanks one, or loses rows.
func TestActualizacion_unaMigracionQuePierdeDatosEsRechazada(t *testing.T) {
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
