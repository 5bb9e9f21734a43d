package web

import (
	"comite/internal/dominio"
	"comite/internal/permisos"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"comite/internal/db"
	"comite/internal/pruebas"

	"github.com/PuerkitoBio/goquery"
	"github.com/labstack/echo/v4"
)

// entorno is a fresh application over a temporary database with one
// account per role (and a second seccional and admin), a fixed clock and
// cheap password hashing.
type entorno struct {
	t       testing.TB
	d       *db.DB
	app     *echo.Echo
	ahora   *time.Time
	cuentas map[string]dominio.Cuenta // by user name
}

const claveTest = "clave-de-prueba-1"

var seccionalCartagena = "CARTAGENA"

// argon2Barato is the password hashing cost of the test stores.
var argon2Barato = db.ConArgon2(db.ParametrosArgon2{MemoriaKiB: 1024, Pasadas: 1, Hilos: 1})

// nuevoEntorno opens the store with cheap password hashing, then the given
// options (a test that needs other costs passes its own db.ConArgon2).
func nuevoEntorno(t testing.TB, opciones ...db.Opcion) *entorno {
	t.Helper()
	// Every test has its own store, clock and application: they run side
	// by side. Benchmarks are left sequential.
	if tt, ok := t.(*testing.T); ok {
		tt.Parallel()
	}
	dir := dirTemporal(t)
	ruta := filepath.Join(dir, "comite.db")
	ahora := time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC)
	e := &entorno{t: t, ahora: &ahora, cuentas: map[string]dominio.Cuenta{}}
	if len(opciones) == 0 {
		// The usual store (migrated, six accounts hashed cheaply) is
		// built once per test binary and copied: migrating and creating
		// the accounts again in every test was most of their cost.
		pruebas.CopiaDePlantilla(t, "entorno", dir, func(dirPlantilla string) error {
			d, err := db.Open(context.Background(), filepath.Join(dirPlantilla, "comite.db"), argon2Barato)
			if err != nil {
				return err
			}
			d.Now = func() time.Time { return ahora }
			cuentas, err := crearCuentasDeEntorno(d)
			if err != nil {
				d.Close()
				return err
			}
			cuentasDePlantilla = cuentas
			return d.Close()
		})
		d, err := db.Open(context.Background(), ruta, argon2Barato)
		if err != nil {
			t.Fatal(err)
		}
		e.d = d
		for u, c := range cuentasDePlantilla {
			e.cuentas[u] = c
		}
	} else {
		d, err := db.Open(context.Background(), ruta, append([]db.Opcion{argon2Barato}, opciones...)...)
		if err != nil {
			t.Fatal(err)
		}
		e.d = d
		d.Now = func() time.Time { return ahora }
		cuentas, err := crearCuentasDeEntorno(d)
		if err != nil {
			d.Close()
			t.Fatal(err)
		}
		e.cuentas = cuentas
	}
	t.Cleanup(func() { e.d.Close() })
	e.d.Now = func() time.Time { return ahora }
	e.app = Nuevo(Config{DB: e.d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	return e
}

// cuentasDePlantilla are the accounts of the "entorno" plantilla, set once
// when it is built and only read afterwards.
var cuentasDePlantilla map[string]dominio.Cuenta

// crearCuentasDeEntorno creates one account per role (and a second admin),
// all with claveTest, and returns them by user name.
func crearCuentasDeEntorno(d *db.DB) (map[string]dominio.Cuenta, error) {
	cuentas := map[string]dominio.Cuenta{}
	for _, n := range []dominio.NuevaCuenta{
		{Usuario: "secretaria", Nombre: "Sara Secretaría", Rol: permisos.RolSecretaria},
		{Usuario: "comite", Nombre: "Carlos Comité", Rol: permisos.RolComite},
		{Usuario: "seccional", Nombre: "Sonia Seccional", Rol: permisos.RolSeccional, DireccionSeccional: seccionalCartagena},
		{Usuario: "auditor", Nombre: "Aura Auditora", Rol: permisos.RolAuditor},
		{Usuario: "admin", Nombre: "Ana Admin", Rol: permisos.RolAdmin},
		{Usuario: "admin2", Nombre: "Otro Admin", Rol: permisos.RolAdmin},
	} {
		n.Clave = claveTest
		c, err := d.CrearCuenta(context.Background(), n, dominio.Actor{Cuenta: "sistema"})
		if err != nil {
			return nil, err
		}
		cuentas[c.Usuario] = c
	}
	return cuentas, nil
}

// TestMain removes the plantillas once every test has run.
func TestMain(m *testing.M) {
	os.Exit(pruebas.ConPlantillas(m))
}

// dirTemporal is a temporary folder removed after the test, like
// t.TempDir, but tolerant of a file that appears while it is being removed:
// on a loaded machine a connection that database/sql was still opening when
// the store closed can create the database's -wal or -shm file late.
func dirTemporal(t testing.TB) string {
	dir, err := os.MkdirTemp("", "comite-web-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for intento := 0; ; intento++ {
			err := os.RemoveAll(dir)
			if err == nil || intento == 20 {
				if err != nil {
					t.Errorf("no se pudo borrar el directorio temporal %s: %v", dir, err)
				}
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
	return dir
}

// sesion is a signed-in browser: its cookie and its CSRF token.
type sesion struct {
	token, csrf string
}

// ingresar opens a session for an account directly in the store.
func (e *entorno) ingresar(usuario string) sesion {
	e.t.Helper()
	tok, s, err := e.d.CrearSesion(context.Background(), e.cuentas[usuario].ID, "127.0.0.1")
	if err != nil {
		e.t.Fatal(err)
	}
	return sesion{tok, s.CSRF}
}

// pedir sends one request. form == nil sends no body. For a state-changing
// request the session's CSRF token is added unless the form already has _csrf.
func (e *entorno) pedir(metodo, ruta string, s *sesion, form url.Values) *httptest.ResponseRecorder {
	e.t.Helper()
	var cuerpo io.Reader
	if form != nil {
		if s != nil && !form.Has("_csrf") && metodo != http.MethodGet {
			form.Set("_csrf", s.csrf)
		}
		cuerpo = strings.NewReader(form.Encode())
	}
	req := httptest.NewRequest(metodo, ruta, cuerpo)
	req.RemoteAddr = "127.0.0.1:5555"
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if s != nil {
		req.AddCookie(&http.Cookie{Name: cookieSesion, Value: s.token})
	}
	rec := httptest.NewRecorder()
	e.app.ServeHTTP(rec, req)
	return rec
}

func documento(t testing.TB, rec *httptest.ResponseRecorder) *goquery.Document {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(rec.Body.String()))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// testid selects by data-testid.
func testid(doc *goquery.Document, id string) *goquery.Selection {
	return doc.Find(`[data-testid="` + id + `"]`)
}

func (e *entorno) contarAuditoria(accion string) int {
	var n int
	e.d.QueryRow(`SELECT count(*) FROM auditoria WHERE accion = ?`, accion).Scan(&n)
	return n
}
