package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"comite/internal/db"

	"github.com/PuerkitoBio/goquery"
)

var rolesMatriz = []string{"seccional", "secretaria", "comite", "auditor", "admin"}

// filaMatriz is one route of the access-control matrix: a concrete request
// and the roles that may make it. Later screens ADD their rows here; the
// test fails while a route of Rutas() has no row.
type filaMatriz struct {
	metodo, patron, ruta string
	form                 func(e *entorno) url.Values
	permitidos           []string // "*" = every role; "anonimo" = also without a session
}

func sinForm(*entorno) url.Values { return nil }

func matriz() []filaMatriz {
	todos := []string{"*"}
	return []filaMatriz{
		{"GET", "/healthz", "/healthz", sinForm, []string{"*", "anonimo"}},
		{"GET", "/static/*", "/static/app.css", sinForm, []string{"*", "anonimo"}},
		{"GET", "/login", "/login", sinForm, []string{"*", "anonimo"}},
		{"POST", "/login", "/login", nil, []string{"*", "anonimo"}}, // checked in TestIngreso (needs the pre-session cookie)
		{"POST", "/logout", "/logout", func(*entorno) url.Values { return url.Values{} }, todos},
		{"GET", "/", "/", sinForm, todos},
		{"GET", "/admin/cuentas", "/admin/cuentas", sinForm, []string{"admin", "auditor"}},
		{"GET", "/admin/cuentas/nueva", "/admin/cuentas/nueva", sinForm, []string{"admin"}},
		{"POST", "/admin/cuentas", "/admin/cuentas", func(*entorno) url.Values {
			return url.Values{"usuario": {"nueva"}, "rol": {"auditor"}, "clave": {"corta"}}
		}, []string{"admin"}},
		{"GET", "/admin/cuentas/:id", "/admin/cuentas/{admin2}", sinForm, []string{"admin"}},
		{"POST", "/admin/cuentas/:id/rol", "/admin/cuentas/{admin2}/rol", func(*entorno) url.Values {
			return url.Values{"rol": {"admin"}}
		}, []string{"admin"}},
		{"POST", "/admin/cuentas/:id/estado", "/admin/cuentas/{admin2}/estado", func(*entorno) url.Values {
			return url.Values{"activa": {"si"}}
		}, []string{"admin"}},
		{"GET", "/admin/dias-inhabiles", "/admin/dias-inhabiles", sinForm, []string{"admin", "secretaria", "auditor"}},
		{"POST", "/admin/dias-inhabiles", "/admin/dias-inhabiles", func(*entorno) url.Values {
			return url.Values{"fecha": {"06/04/2026"}, "motivo": {"Resolución de prueba"}}
		}, []string{"admin", "secretaria"}},
		{"POST", "/admin/dias-inhabiles/:fecha/quitar", "/admin/dias-inhabiles/2026-04-06/quitar", func(*entorno) url.Values { return url.Values{} },
			[]string{"admin", "secretaria"}},
		{"GET", "/auditoria", "/auditoria", sinForm, []string{"auditor", "admin"}},
		{"GET", "/auditoria/verificar", "/auditoria/verificar", sinForm, []string{"auditor", "admin"}},
	}
}

func (f filaMatriz) permite(quien string) bool {
	for _, p := range f.permitidos {
		if p == quien || (p == "*" && quien != "anonimo") {
			return true
		}
	}
	return false
}

func (f filaMatriz) rutaCon(e *entorno) string {
	return strings.ReplaceAll(f.ruta, "{admin2}", strconv.FormatInt(e.cuentas["admin2"].ID, 10))
}

// Every route of the site map has a row, and every row is a route.
func TestMatriz_cubreTodasLasRutas(t *testing.T) {
	filas := map[string]bool{}
	for _, f := range matriz() {
		filas[f.metodo+" "+f.patron] = true
	}
	rutas := map[string]bool{}
	for _, r := range Rutas() {
		k := r.Metodo + " " + r.Patron
		rutas[k] = true
		if !filas[k] {
			t.Errorf("la ruta %s no está en la matriz de acceso: agregue su fila", k)
		}
		if _, ok := permisos[r.Accion]; !ok && r.Accion != AccionPublica {
			t.Errorf("la ruta %s usa la acción %q, que no está en la tabla de permisos", k, r.Accion)
		}
	}
	for k := range filas {
		if !rutas[k] {
			t.Errorf("la fila %s de la matriz no es una ruta", k)
		}
	}
	// No route is registered outside the table (it would skip its permission check).
	for _, r := range Nuevo(Config{DB: nil}).Routes() {
		if !rutas[r.Method+" "+r.Path] {
			t.Errorf("la ruta %s %s se registró fuera de Rutas()", r.Method, r.Path)
		}
	}
}

// Every role × every route: allowed → anything but 403 and the login page;
// refused → 403 with the Spanish page; no session → redirect to /login,
// except the public allowlist.
func TestMatriz_rolPorRuta(t *testing.T) {
	e := nuevoEntorno(t)
	for _, f := range matriz() {
		if f.form == nil {
			continue
		}
		for _, quien := range append([]string{"anonimo"}, rolesMatriz...) {
			t.Run(f.metodo+" "+f.patron+" "+quien, func(t *testing.T) {
				var s *sesion
				if quien != "anonimo" {
					ses := e.ingresar(quien)
					s = &ses
				}
				rec := e.pedir(f.metodo, f.rutaCon(e), s, f.form(e))
				loc := rec.Header().Get("Location")
				switch {
				case quien == "anonimo" && !f.permite(quien):
					if rec.Code != http.StatusSeeOther || !strings.HasPrefix(loc, "/login") {
						t.Fatalf("sin sesión: estado %d Location %q; quiere 303 a /login", rec.Code, loc)
					}
				case f.permite(quien):
					if rec.Code == http.StatusForbidden || strings.HasPrefix(loc, "/login?siguiente") || rec.Code >= 500 {
						t.Fatalf("permitido pero respondió %d (Location %q)", rec.Code, loc)
					}
				default:
					if rec.Code != http.StatusForbidden {
						t.Fatalf("rechazado pero respondió %d (Location %q)", rec.Code, loc)
					}
					doc := documento(t, rec)
					if !strings.Contains(testid(doc, "error-403").Text(), "No tiene permiso") {
						t.Fatalf("la página 403 no dice «No tiene permiso…»: %s", rec.Body.String())
					}
				}
			})
		}
	}
}

// The navigation shows exactly the screens the role may use.
func TestMatriz_navegacionSegunRol(t *testing.T) {
	e := nuevoEntorno(t)
	quiere := map[string][]string{
		"seccional":  {"inicio"},
		"secretaria": {"inicio", "dias"},
		"comite":     {"inicio"},
		"auditor":    {"inicio", "auditoria", "cuentas", "dias"},
		"admin":      {"inicio", "auditoria", "cuentas", "dias"},
	}
	for rol, items := range quiere {
		t.Run(rol, func(t *testing.T) {
			s := e.ingresar(rol)
			doc := documento(t, e.pedir("GET", "/", &s, nil))
			var got []string
			doc.Find(`[data-testid^="nav-"]`).Each(func(_ int, a *goquery.Selection) {
				v, _ := a.Attr("data-testid")
				got = append(got, strings.TrimPrefix(v, "nav-"))
			})
			if strings.Join(got, ",") != strings.Join(items, ",") {
				t.Fatalf("navegación = %v, quiere %v", got, items)
			}
		})
	}
}

func TestVeSeccional_soloLaPropia(t *testing.T) {
	sec := &db.Cuenta{Rol: db.RolSeccional, DireccionSeccional: seccionalCartagena}
	casos := []struct {
		nombre    string
		cuenta    *db.Cuenta
		seccional string
		quiere    bool
	}{
		{"seccional_propia", sec, seccionalCartagena, true},
		{"seccional_propia_sin_distinguir_mayusculas", sec, strings.ToUpper(seccionalCartagena), true},
		{"seccional_ajena", sec, "Dirección Seccional de Aduanas de Bogotá", false},
		{"seccional_sin_direccion_no_ve_nada", &db.Cuenta{Rol: db.RolSeccional}, "", false},
		{"secretaria_ve_todas", &db.Cuenta{Rol: db.RolSecretaria}, "Dirección Seccional de Aduanas de Bogotá", true},
		{"auditor_ve_todas", &db.Cuenta{Rol: db.RolAuditor}, "cualquiera", true},
		{"sin_cuenta", nil, seccionalCartagena, false},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := VeSeccional(c.cuenta, c.seccional); got != c.quiere {
				t.Fatalf("VeSeccional = %v", got)
			}
		})
	}
	if FiltroSeccional(sec) != seccionalCartagena || FiltroSeccional(&db.Cuenta{Rol: db.RolComite}) != "" {
		t.Fatal("FiltroSeccional")
	}
}
