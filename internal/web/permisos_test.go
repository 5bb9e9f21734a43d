package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"comite/internal/dominio"
	"comite/internal/permisos"

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

// lectoresDatos may read customs users and use the liquidation calculator;
// tokenMatriz is a well-formed import token that names no upload.
var (
	lectoresDatos = []string{"secretaria", "comite", "seccional", "auditor"}
	lectoresCasos = []string{"secretaria", "comite", "seccional", "auditor"}
	tokenMatriz   = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
)

func matriz() []filaMatriz {
	todos := []string{"*"}
	return []filaMatriz{
		{"GET", "/healthz", "/healthz", sinForm, []string{"*", "anonimo"}},
		{"GET", "/static/*", "/static/app.css", sinForm, []string{"*", "anonimo"}},
		{"GET", "/login", "/login", sinForm, []string{"*", "anonimo"}},
		{"POST", "/login", "/login", nil, []string{"*", "anonimo"}}, // checked in TestIngreso (needs the pre-session cookie)
		// The calendar feed: no session, the token is the credential; an unknown token gets 404 (calendario_test.go).
		{"GET", "/calendario.ics", "/calendario.ics?t=" + tokenMatriz, sinForm, []string{"*", "anonimo"}},
		{"GET", "/pendientes", "/pendientes", sinForm, todos},
		{"GET", "/buscar", "/buscar?q=demo", sinForm, lectoresCasos},
		{"GET", "/ayuda/glosario", "/ayuda/glosario", sinForm, todos},
		{"GET", "/liquidacion.pdf", "/liquidacion.pdf", sinForm, lectoresDatos},
		{"GET", "/auditoria/exportar.csv", "/auditoria/exportar.csv?accion=caso.", sinForm, []string{"auditor", "admin"}},
		{"GET", "/auditoria/exportar.xlsx", "/auditoria/exportar.xlsx", sinForm, []string{"auditor", "admin"}},
		{"GET", "/cuenta/calendario", "/cuenta/calendario", sinForm, []string{"secretaria", "comite", "seccional"}},
		{"POST", "/cuenta/calendario/token", "/cuenta/calendario/token", func(*entorno) url.Values { return url.Values{} }, []string{"secretaria", "comite", "seccional"}},
		{"POST", "/cuenta/calendario/revocar", "/cuenta/calendario/revocar", func(*entorno) url.Values { return url.Values{} }, []string{"secretaria", "comite", "seccional"}},
		{"GET", "/cuenta/avisos", "/cuenta/avisos", sinForm, todos},
		{"POST", "/cuenta/avisos", "/cuenta/avisos", func(*entorno) url.Values { return url.Values{"aviso_acta": {"si"}} }, todos},
		{"GET", "/admin/correos", "/admin/correos", sinForm, []string{"admin"}},
		{"POST", "/admin/correos/:id/reintentar", "/admin/correos/999/reintentar", func(*entorno) url.Values { return url.Values{} }, []string{"admin"}},
		{"GET", "/admin/terminos", "/admin/terminos", sinForm, []string{"admin"}},
		{"POST", "/admin/terminos", "/admin/terminos", func(*entorno) url.Values {
			return url.Values{"dias_evaluacion": {"15"}, "dias_comite": {"10"}, "dias_rea": {"10"}}
		}, []string{"admin"}},
		{"GET", "/admin/api", "/admin/api", sinForm, []string{"admin"}},
		{"POST", "/admin/api", "/admin/api", func(*entorno) url.Values { return url.Values{"nombre": {"matriz"}} }, []string{"admin"}},
		{"POST", "/admin/api/:nombre/revocar", "/admin/api/matriz/revocar", func(*entorno) url.Values { return url.Values{} }, []string{"admin"}},
		{"GET", "/admin/directorio", "/admin/directorio", sinForm, []string{"admin"}},
		{"GET", "/casos/exportar.csv", "/casos/exportar.csv?q=demo", sinForm, lectoresCasos},
		{"GET", "/casos/exportar.xlsx", "/casos/exportar.xlsx?estado=reportado", sinForm, lectoresCasos},
		{"POST", "/logout", "/logout", func(*entorno) url.Values { return url.Values{} }, todos},
		{"GET", "/", "/", sinForm, todos},
		{"GET", "/cuenta/clave", "/cuenta/clave", sinForm, todos},
		{"POST", "/cuenta/clave", "/cuenta/clave", func(*entorno) url.Values {
			return url.Values{"actual": {"equivocada"}, "clave": {"otra-clave-muy-larga"}, "confirmacion": {"otra-clave-muy-larga"}}
		}, todos},
		{"GET", "/admin/cuentas", "/admin/cuentas", sinForm, []string{"admin", "auditor"}},
		{"GET", "/admin/cuentas/nueva", "/admin/cuentas/nueva", sinForm, []string{"admin"}},
		{"POST", "/admin/cuentas", "/admin/cuentas", func(*entorno) url.Values {
			return url.Values{"usuario": {"nueva"}, "rol": {"auditor"}, "clave": {"corta"}}
		}, []string{"admin"}},
		{"GET", "/admin/cuentas/:id", "/admin/cuentas/{admin2}", sinForm, []string{"admin"}},
		{"POST", "/admin/cuentas/:id/cargo", "/admin/cuentas/{admin2}/cargo", func(*entorno) url.Values {
			return url.Values{"cargo": {"Administrador"}}
		}, []string{"admin"}},
		{"POST", "/admin/cuentas/:id/correo", "/admin/cuentas/{admin2}/correo", func(*entorno) url.Values {
			return url.Values{"correo": {"admin2@entidad.gov.co"}}
		}, []string{"admin"}},
		{"POST", "/admin/cuentas/:id/rol", "/admin/cuentas/{admin2}/rol", func(*entorno) url.Values {
			return url.Values{"rol": {"admin"}}
		}, []string{"admin"}},
		{"POST", "/admin/cuentas/:id/estado", "/admin/cuentas/{admin2}/estado", func(*entorno) url.Values {
			return url.Values{"activa": {"si"}}
		}, []string{"admin"}},
		{"POST", "/admin/cuentas/:id/clave", "/admin/cuentas/{admin2}/clave", func(*entorno) url.Values { return url.Values{} }, []string{"admin"}},
		{"GET", "/admin/dias-inhabiles", "/admin/dias-inhabiles", sinForm, []string{"admin", "secretaria", "auditor"}},
		{"POST", "/admin/dias-inhabiles", "/admin/dias-inhabiles", func(*entorno) url.Values {
			return url.Values{"fecha": {"06/04/2026"}, "motivo": {"Resolución de prueba"}}
		}, []string{"admin", "secretaria"}},
		{"POST", "/admin/dias-inhabiles/:fecha/quitar", "/admin/dias-inhabiles/2026-04-06/quitar", func(*entorno) url.Values { return url.Values{} },
			[]string{"admin", "secretaria"}},
		{"GET", "/admin/seccionales", "/admin/seccionales", sinForm, []string{"admin", "secretaria", "auditor"}},
		{"POST", "/admin/seccionales", "/admin/seccionales", func(*entorno) url.Values {
			return url.Values{"codigo": {"PRUEBA"}, "nombre": {"Dirección Seccional de Prueba"}}
		}, []string{"admin"}},
		{"GET", "/admin/uvt", "/admin/uvt", sinForm, []string{"admin", "secretaria", "auditor"}},
		{"POST", "/admin/uvt", "/admin/uvt", func(*entorno) url.Values {
			return url.Values{"anio": {"2027"}, "valor": {"55.000"}, "resolucion": {"Resolución DIAN de prueba"}}
		}, []string{"admin"}},
		{"GET", "/admin/respaldos", "/admin/respaldos", sinForm, []string{"admin"}},
		{"GET", "/auditoria", "/auditoria", sinForm, []string{"auditor", "admin"}},
		{"GET", "/auditoria/verificar", "/auditoria/verificar", sinForm, []string{"auditor", "admin"}},

		// Pantallas de datos de la Secretaría: leer usuarios, cambiar datos (solo secretaría), importar, liquidar.
		{"GET", "/usuarios", "/usuarios?q=800191045", sinForm, lectoresDatos},
		{"GET", "/usuarios/nuevo", "/usuarios/nuevo", sinForm, []string{"secretaria"}},
		{"POST", "/usuarios", "/usuarios", func(*entorno) url.Values {
			return url.Values{"nit": {"800191045-2"}, "razon_social": {"X"}, "tipo": {"oea"}}
		}, []string{"secretaria"}},
		{"GET", "/usuarios/:nit", "/usuarios/800191045-1", sinForm, lectoresDatos},
		{"GET", "/usuarios/:nit/editar", "/usuarios/800191045-1/editar", sinForm, []string{"secretaria"}},
		{"POST", "/usuarios/:nit", "/usuarios/800191045-1", func(*entorno) url.Values { return url.Values{"razon_social": {"X"}} }, []string{"secretaria"}},
		{"GET", "/usuarios/:nit/registros/nuevo", "/usuarios/800191045-1/registros/nuevo", sinForm, []string{"secretaria"}},
		{"GET", "/usuarios/:nit/registros/:id/editar", "/usuarios/800191045-1/registros/1/editar", sinForm, []string{"secretaria"}},
		{"POST", "/usuarios/:nit/registros", "/usuarios/800191045-1/registros", func(*entorno) url.Values {
			return url.Values{"clase": {"registro"}, "vigente_desde": {"01/01/2020"}}
		}, []string{"secretaria"}},
		{"GET", "/usuarios/:nit/actos/nuevo", "/usuarios/800191045-1/actos/nuevo", sinForm, []string{"secretaria"}},
		{"GET", "/usuarios/:nit/actos/editar", "/usuarios/800191045-1/actos/editar?numero=RS-1", sinForm, []string{"secretaria"}},
		{"POST", "/usuarios/:nit/actos", "/usuarios/800191045-1/actos", func(*entorno) url.Values {
			return url.Values{"numero_acto": {"RS-1"}, "gravedad": {"grave"}, "sancion": {"multa"}, "valor": {"1.000.000"}}
		}, []string{"secretaria"}},
		{"GET", "/usuarios/:nit/operaciones/nuevo", "/usuarios/800191045-1/operaciones/nuevo", sinForm, []string{"secretaria"}},
		{"GET", "/usuarios/:nit/operaciones/:anio/editar", "/usuarios/800191045-1/operaciones/2025/editar", sinForm, []string{"secretaria"}},
		{"POST", "/usuarios/:nit/operaciones", "/usuarios/800191045-1/operaciones", func(*entorno) url.Values {
			return url.Values{"anio": {"2025"}, "valor": {"1.000.000,00"}, "numero_operaciones": {"10"}}
		}, []string{"secretaria"}},
		{"GET", "/importar", "/importar", sinForm, []string{"secretaria"}},
		{"POST", "/importar", "/importar", func(*entorno) url.Values { return url.Values{"clase": {"sanciones"}} }, []string{"secretaria"}},
		{"GET", "/importar/plantillas/:archivo", "/importar/plantillas/sanciones.csv", sinForm, []string{"secretaria"}},
		{"GET", "/importar/:token", "/importar/" + tokenMatriz, sinForm, []string{"secretaria"}},
		{"POST", "/importar/:token/confirmar", "/importar/" + tokenMatriz + "/confirmar", func(*entorno) url.Values { return url.Values{} }, []string{"secretaria"}},
		{"POST", "/importar/:token/descartar", "/importar/" + tokenMatriz + "/descartar", func(*entorno) url.Values { return url.Values{} }, []string{"secretaria"}},
		{"GET", "/importar/:token/resultado", "/importar/" + tokenMatriz + "/resultado", sinForm, []string{"secretaria"}},
		{"GET", "/liquidacion", "/liquidacion?regimen=aduanero&fecha=04%2F05%2F2026&sancion_1=multa&valor_1=20.000.000", sinForm, lectoresDatos},

		// Casos e informe gerencial; {caso} is a case of the seccional's own Dirección Seccional.
		{"GET", "/casos", "/casos", sinForm, lectoresCasos},
		{"GET", "/casos/nuevo", "/casos/nuevo", sinForm, []string{"seccional", "secretaria"}},
		{"POST", "/casos", "/casos", func(*entorno) url.Values { return url.Values{"nit": {"800191045-2"}} }, []string{"seccional", "secretaria"}},
		{"GET", "/casos/:id", "/casos/{caso}", sinForm, lectoresCasos},
		{"POST", "/casos/:id/iniciar", "/casos/{caso}/iniciar", func(*entorno) url.Values { return url.Values{} }, []string{"secretaria"}},
		{"POST", "/casos/:id/reevaluar", "/casos/{caso}/reevaluar", func(*entorno) url.Values { return url.Values{"motivo": {"prueba"}} }, []string{"secretaria"}},
		{"POST", "/casos/:id/criterios", "/casos/{caso}/criterios", func(*entorno) url.Values { return url.Values{"tipo_usuario": {"x"}} }, []string{"secretaria"}},
		{"POST", "/casos/:id/norma-aplicable", "/casos/{caso}/norma-aplicable", func(*entorno) url.Values { return url.Values{"norma": {""}} }, []string{"secretaria"}},
		{"POST", "/casos/:id/informes", "/casos/{caso}/informes", func(*entorno) url.Values { return url.Values{} }, []string{"secretaria"}},
		{"GET", "/casos/:id/informes/:version", "/casos/{caso}/informes/1", sinForm, lectoresCasos},
		{"GET", "/casos/:id/informe", "/casos/{caso}/informe", sinForm, lectoresCasos},
		{"POST", "/casos/:id/adjuntos", "/casos/{caso}/adjuntos", func(*entorno) url.Values { return url.Values{"tipo": {"otro"}} }, []string{"seccional", "secretaria"}},
		{"GET", "/casos/:id/adjuntos/:n", "/casos/{caso}/adjuntos/1", sinForm, lectoresCasos},
		{"GET", "/casos/:id/adjuntos/:n/visor", "/casos/{caso}/adjuntos/1/visor", sinForm, lectoresCasos},
		{"GET", "/casos/:id/adjuntos/:n/contenido", "/casos/{caso}/adjuntos/1/contenido", sinForm, lectoresCasos},
		{"POST", "/casos/:id/adjuntos/:n/retiro", "/casos/{caso}/adjuntos/1/retiro", func(*entorno) url.Values { return url.Values{"motivo": {"x"}} }, []string{"seccional", "secretaria"}},
		{"POST", "/casos/:id/presentar", "/casos/{caso}/presentar", func(*entorno) url.Values { return url.Values{} }, []string{"secretaria"}},
		{"POST", "/casos/:id/no-procede", "/casos/{caso}/no-procede", func(*entorno) url.Values { return url.Values{} }, []string{"secretaria"}},
		{"GET", "/casos/:id/concepto/correccion", "/casos/{caso}/concepto/correccion", sinForm, []string{"comite"}},
		{"POST", "/casos/:id/concepto/correccion", "/casos/{caso}/concepto/correccion", func(*entorno) url.Values { return url.Values{"paso": {"revisar"}} }, []string{"comite"}},
		{"GET", "/casos/:id/cierre", "/casos/{caso}/cierre", sinForm, []string{"secretaria", "seccional"}},
		{"POST", "/casos/:id/cierre", "/casos/{caso}/cierre", func(*entorno) url.Values { return url.Values{"paso": {"revisar"}, "fecha_rea": {"2026-03-20"}} }, []string{"secretaria", "seccional"}},
		{"GET", "/casos/:id/liquidacion", "/casos/{caso}/liquidacion", sinForm, lectoresCasos},
		{"POST", "/casos/:id/liquidacion/ajustes", "/casos/{caso}/liquidacion/ajustes", func(*entorno) url.Values {
			return url.Values{"cuenta": {"antecedentes_5_7"}, "valor": {"1"}, "razon": {"Prueba de la matriz de acceso."}}
		}, []string{"secretaria", "seccional"}},

		// Tamizaje: the roles that work or review cases; not the administrator
		// (least privilege); a seccional sees its own Dirección Seccional only (tamizaje_test.go).
		{"GET", "/tamizaje", "/tamizaje", sinForm, lectoresDatos},
		{"GET", "/tamizaje/exportar.csv", "/tamizaje/exportar.csv?anio=2026", sinForm, lectoresDatos},
		{"GET", "/tamizaje/exportar.xlsx", "/tamizaje/exportar.xlsx?anio=2026", sinForm, lectoresDatos},

		// Reporte de cobertura de operaciones: who may see users (a seccional, its own only: cobertura_test.go).
		{"GET", "/cobertura", "/cobertura?anio=2025", sinForm, lectoresCasos},

		// Sesiones del Comité: the Comité and the Secretaría convene and document
		// them, the auditor reads them, only the Comité records conceptos, the
		// administrator sets the quorum; {sesion} is a convened session.
		{"GET", "/sesiones", "/sesiones", sinForm, []string{"secretaria", "comite", "auditor"}},
		{"POST", "/sesiones", "/sesiones", func(*entorno) url.Values { return url.Values{"hora": {"25:00"}} }, []string{"secretaria", "comite"}},
		{"GET", "/sesiones/quorum", "/sesiones/quorum", sinForm, []string{"admin"}},
		{"POST", "/sesiones/quorum", "/sesiones/quorum", func(*entorno) url.Values { return url.Values{"quorum": {"0"}} }, []string{"admin"}},
		{"GET", "/sesiones/:sesion", "/sesiones/{sesion}", sinForm, []string{"secretaria", "comite", "auditor"}},
		{"POST", "/sesiones/:sesion/asistencia", "/sesiones/{sesion}/asistencia", func(*entorno) url.Values { return url.Values{"preside": {""}} }, []string{"secretaria", "comite"}},
		{"POST", "/sesiones/:sesion/orden", "/sesiones/{sesion}/orden", func(*entorno) url.Values { return url.Values{"caso": {"0"}} }, []string{"secretaria", "comite"}},
		{"POST", "/sesiones/:sesion/aplazar", "/sesiones/{sesion}/aplazar", func(*entorno) url.Values { return url.Values{"fecha": {""}} }, []string{"secretaria", "comite"}},
		{"POST", "/sesiones/:sesion/casos/:id/aplazar", "/sesiones/{sesion}/casos/{caso}/aplazar", func(*entorno) url.Values { return url.Values{"motivo": {""}} }, []string{"secretaria", "comite"}},
		{"GET", "/sesiones/:sesion/casos/:id/concepto", "/sesiones/{sesion}/casos/{caso}/concepto", sinForm, []string{"comite"}},
		{"POST", "/sesiones/:sesion/casos/:id/concepto", "/sesiones/{sesion}/casos/{caso}/concepto", func(*entorno) url.Values { return url.Values{"paso": {"revisar"}} }, []string{"comite"}},
		{"POST", "/sesiones/:sesion/actas", "/sesiones/{sesion}/actas", nil, []string{"secretaria", "comite"}}, // issues a version: sesiones_test.go
		{"GET", "/sesiones/:sesion/actas/:version", "/sesiones/{sesion}/actas/1", sinForm, []string{"secretaria", "comite", "auditor"}},
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
	r := strings.ReplaceAll(f.ruta, "{admin2}", strconv.FormatInt(e.cuentas["admin2"].ID, 10))
	if strings.Contains(r, "{caso}") {
		r = strings.ReplaceAll(r, "{caso}", e.casoMatriz())
	}
	if strings.Contains(r, "{sesion}") {
		r = strings.ReplaceAll(r, "{sesion}", e.sesionMatriz())
	}
	return r
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
		if len(permisos.RolesDe(r.Accion)) == 0 && r.Accion != permisos.Publica {
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
		"seccional":  {"inicio", "pendientes", "casos", "usuarios", "tamizaje", "liquidacion", "calendario", "avisos"},
		"secretaria": {"inicio", "pendientes", "casos", "sesiones", "usuarios", "tamizaje", "importar", "liquidacion", "dias", "calendario", "avisos"},
		"comite":     {"inicio", "pendientes", "casos", "sesiones", "usuarios", "tamizaje", "liquidacion", "calendario", "avisos"},
		"auditor":    {"inicio", "pendientes", "casos", "sesiones", "usuarios", "tamizaje", "liquidacion", "auditoria", "cuentas", "dias", "avisos"},
		"admin":      {"inicio", "pendientes", "auditoria", "cuentas", "dias", "seccionales", "uvt", "respaldos", "terminos", "api", "directorio", "correos", "quorum", "avisos"},
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
	sec := &dominio.Cuenta{Rol: permisos.RolSeccional, DireccionSeccional: seccionalCartagena}
	casos := []struct {
		nombre    string
		cuenta    *dominio.Cuenta
		seccional string
		quiere    bool
	}{
		{"seccional_propia", sec, seccionalCartagena, true},
		{"seccional_propia_sin_distinguir_mayusculas", sec, strings.ToUpper(seccionalCartagena), true},
		{"seccional_ajena", sec, "Dirección Seccional de Aduanas de Bogotá", false},
		{"seccional_sin_direccion_no_ve_nada", &dominio.Cuenta{Rol: permisos.RolSeccional}, "", false},
		{"secretaria_ve_todas", &dominio.Cuenta{Rol: permisos.RolSecretaria}, "Dirección Seccional de Aduanas de Bogotá", true},
		{"auditor_ve_todas", &dominio.Cuenta{Rol: permisos.RolAuditor}, "cualquiera", true},
		{"sin_cuenta", nil, seccionalCartagena, false},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := VeSeccional(c.cuenta, c.seccional); got != c.quiere {
				t.Fatalf("VeSeccional = %v", got)
			}
		})
	}
	if FiltroSeccional(sec) != seccionalCartagena || FiltroSeccional(&dominio.Cuenta{Rol: permisos.RolComite}) != "" {
		t.Fatal("FiltroSeccional")
	}
}
