package web

import (
	"comite/internal/dominio"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"comite/internal/db"
	"comite/web/static"

	"github.com/labstack/echo/v4"
)

// Every state-changing route refuses a request without a valid CSRF token,
// and changes nothing.
func TestCSRF_todaRutaQueCambiaExigeToken(t *testing.T) {
	e := nuevoEntorno(t)
	otra := e.ingresar("admin2")
	for _, f := range matriz() {
		if f.metodo == http.MethodGet {
			continue
		}
		casos := map[string]func(s sesion) url.Values{
			"sin_token":                        func(sesion) url.Values { return url.Values{"_csrf": {""}} },
			"token_equivocado":                 func(s sesion) url.Values { return url.Values{"_csrf": {s.csrf + "x"}} },
			"token_de_otra_sesion":             func(sesion) url.Values { return url.Values{"_csrf": {otra.csrf}} },
			"token_de_otra_sesion_en_cabecera": nil,
		}
		for nombre, form := range casos {
			t.Run(f.metodo+" "+f.patron+" "+nombre, func(t *testing.T) {
				ruta := f.rutaCon(e) // the case or session it names exists before counting
				antes := e.contarFilasAuditoria()
				s := e.ingresar("admin")
				var rec *httptest.ResponseRecorder
				if form == nil {
					req := httptest.NewRequest(f.metodo, ruta, strings.NewReader(""))
					req.Header.Set("X-CSRF-Token", otra.csrf)
					req.AddCookie(&http.Cookie{Name: cookieSesion, Value: s.token})
					rec = httptest.NewRecorder()
					e.app.ServeHTTP(rec, req)
				} else {
					v := url.Values{}
					if f.form != nil {
						v = f.form(e)
						if v == nil {
							v = url.Values{}
						}
					}
					for k, x := range form(s) {
						v[k] = x
					}
					rec = e.pedir(f.metodo, ruta, &s, v)
				}
				if rec.Code != http.StatusForbidden {
					t.Fatalf("estado %d, quiere 403", rec.Code)
				}
				if !strings.Contains(rec.Body.String(), "El formulario caducó") || !strings.Contains(rec.Body.String(), "recargue la página") {
					t.Fatalf("la página no explica qué hacer: %s", rec.Body.String())
				}
				if d := e.contarFilasAuditoria(); d != antes {
					t.Fatalf("se registró un cambio (%d → %d filas de auditoría)", antes, d)
				}
			})
		}
	}
}

// A valid token in the X-CSRF-Token header is accepted (for scripts of later screens).
func TestCSRF_tokenEnCabeceraValido(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("admin")
	req := httptest.NewRequest("POST", "/logout", nil)
	req.Header.Set("X-CSRF-Token", s.csrf)
	req.AddCookie(&http.Cookie{Name: cookieSesion, Value: s.token})
	rec := httptest.NewRecorder()
	e.app.ServeHTTP(rec, req)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("estado %d", rec.Code)
	}
}

// A POST from another origin is refused even with the right token.
func TestCSRF_origenAjeno(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("admin")
	req := httptest.NewRequest("POST", "/logout", strings.NewReader("_csrf="+url.QueryEscape(s.csrf)))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", "https://otro.example")
	req.AddCookie(&http.Cookie{Name: cookieSesion, Value: s.token})
	rec := httptest.NewRecorder()
	e.app.ServeHTTP(rec, req)
	if rec.Code != http.StatusForbidden {
		t.Fatalf("estado %d, quiere 403", rec.Code)
	}
}

func (e *entorno) contarFilasAuditoria() int {
	var n int
	e.d.QueryRow(`SELECT count(*) FROM auditoria`).Scan(&n)
	return n
}

// navegador keeps cookies between requests, like a browser.
type navegador struct {
	e       *entorno
	cookies map[string]*http.Cookie
	ip      string
	xff     string // X-Forwarded-For, when it goes through a proxy
}

func (e *entorno) navegador() *navegador {
	return &navegador{e: e, cookies: map[string]*http.Cookie{}, ip: "10.1.1.1"}
}

func (n *navegador) pedir(metodo, ruta string, form url.Values) *httptest.ResponseRecorder {
	var cuerpo io.Reader
	if form != nil {
		cuerpo = strings.NewReader(form.Encode())
	}
	req := httptest.NewRequest(metodo, ruta, cuerpo)
	req.RemoteAddr = n.ip + ":4000"
	if n.xff != "" {
		req.Header.Set("X-Forwarded-For", n.xff)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	for _, c := range n.cookies {
		req.AddCookie(c)
	}
	rec := httptest.NewRecorder()
	n.e.app.ServeHTTP(rec, req)
	for _, c := range rec.Result().Cookies() {
		if c.MaxAge < 0 {
			delete(n.cookies, c.Name)
		} else {
			n.cookies[c.Name] = c
		}
	}
	return rec
}

// login fills the login form as a person would.
func (n *navegador) login(usuario, clave string) *httptest.ResponseRecorder {
	doc := documento(n.e.t, n.pedir("GET", "/login", nil))
	token, _ := doc.Find(`form[data-testid="form-login"] input[name="_csrf"]`).Attr("value")
	return n.pedir("POST", "/login", url.Values{"_csrf": {token}, "usuario": {usuario}, "clave": {clave}})
}

func TestIngreso_formularioYSesionNueva(t *testing.T) {
	e := nuevoEntorno(t)
	n := e.navegador()
	rec := n.pedir("GET", "/login", nil)
	doc := documento(t, rec)
	form := testid(doc, "form-login")
	if m, _ := form.Attr("method"); m != "post" {
		t.Fatalf("método del formulario = %q", m)
	}
	if a, _ := form.Attr("action"); a != "/login" {
		t.Fatalf("action = %q", a)
	}
	for _, campo := range []string{"usuario", "clave", "_csrf"} {
		if form.Find(`input[name="`+campo+`"]`).Length() != 1 {
			t.Fatalf("falta el campo %s", campo)
		}
	}
	if form.Find(`label[for="f-usuario"]`).Length() != 1 || form.Find(`label[for="f-clave"]`).Length() != 1 {
		t.Fatal("faltan las etiquetas de los campos")
	}
	ck := n.cookies[cookieCSRF]
	if ck == nil || !ck.HttpOnly || ck.SameSite != http.SameSiteStrictMode {
		t.Fatalf("cookie CSRF del ingreso = %+v", ck)
	}
	// A session cookie planted before login is not reused.
	token0, _ := form.Find(`input[name="_csrf"]`).Attr("value")
	viejo := e.ingresar("auditor")
	n.cookies[cookieSesion] = &http.Cookie{Name: cookieSesion, Value: viejo.token}
	rec = n.pedir("POST", "/login", url.Values{"_csrf": {token0}, "usuario": {"secretaria"}, "clave": {claveTest}})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/" {
		t.Fatalf("ingreso correcto: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	nueva := n.cookies[cookieSesion]
	if nueva == nil || nueva.Value == viejo.token || !nueva.HttpOnly || nueva.SameSite != http.SameSiteLaxMode {
		t.Fatalf("cookie de sesión = %+v", nueva)
	}
	if _, _, err := e.d.SesionVigente(t.Context(), viejo.token); err == nil {
		t.Fatal("la sesión anterior del navegador sigue vigente")
	}
	doc = documento(t, n.pedir("GET", "/", nil))
	if got := testid(doc, "usuario-actual").Text(); !strings.Contains(got, "Sara Secretaría") {
		t.Fatalf("cabecera = %q", got)
	}
	// Logout ends the session on the server.
	token, _ := doc.Find(`form[action="/logout"] input[name="_csrf"]`).Attr("value")
	sesionVieja := nueva.Value
	rec = n.pedir("POST", "/logout", url.Values{"_csrf": {token}})
	if rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/login") {
		t.Fatalf("salida: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	if _, _, err := e.d.SesionVigente(t.Context(), sesionVieja); err == nil {
		t.Fatal("la sesión sigue vigente en el servidor tras salir")
	}
	if rec := n.pedir("GET", "/", nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("tras salir, / = %d", rec.Code)
	}
	if e.contarAuditoria("sesion.salida") != 2 { // the replaced session and the logout
		t.Fatal("la salida no quedó en la auditoría")
	}
}

func TestIngreso_mensajeUnicoYRegistro(t *testing.T) {
	e := nuevoEntorno(t)
	casos := []struct{ nombre, usuario, clave string }{
		{"clave_incorrecta", "secretaria", "otra-clave-larga"},
		{"usuario_desconocido", "nadie", claveTest},
		{"usuario_vacio", "", ""},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			n := e.navegador()
			rec := n.login(c.usuario, c.clave)
			if rec.Code != http.StatusUnauthorized {
				t.Fatalf("estado %d", rec.Code)
			}
			doc := documento(t, rec)
			if got := testid(doc, "error-login").Text(); got != "Usuario o clave incorrectos." {
				t.Fatalf("mensaje = %q", got)
			}
			if n.cookies[cookieSesion] != nil {
				t.Fatal("se abrió una sesión")
			}
		})
	}
	// A disabled account gets the same message.
	if err := e.d.CambiarEstadoCuenta(t.Context(), e.cuentas["comite"].ID, false, dominio.Actor{Cuenta: "admin"}); err != nil {
		t.Fatal(err)
	}
	if rec := e.navegador().login("comite", claveTest); !strings.Contains(rec.Body.String(), "Usuario o clave incorrectos.") {
		t.Fatal("la cuenta deshabilitada da otro mensaje")
	}
	if n := e.contarAuditoria("sesion.ingreso"); n != 4 {
		t.Fatalf("intentos en la auditoría = %d, quiere 4", n)
	}
}

func TestIngreso_bloqueoTrasCincoFallos(t *testing.T) {
	e := nuevoEntorno(t)
	n := e.navegador()
	for i := 0; i < db.MaxFallosPar; i++ {
		*e.ahora = e.ahora.Add(time.Second)
		if rec := n.login("auditor", "equivocada-"+string(rune('a'+i))); rec.Code != http.StatusUnauthorized {
			t.Fatalf("fallo %d: estado %d", i+1, rec.Code)
		}
	}
	*e.ahora = e.ahora.Add(time.Second)
	rec := n.login("auditor", claveTest)
	if rec.Code != http.StatusTooManyRequests || !strings.Contains(rec.Body.String(), "Espere 29 segundos") {
		t.Fatalf("sexto intento con la clave correcta: %d %s", rec.Code, testid(documento(t, rec), "error-login").Text())
	}
	if ra := rec.Header().Get("Retry-After"); ra != "29" {
		t.Fatalf("Retry-After = %q, quiere 29", ra)
	}
	if strings.Contains(rec.Body.String(), "pídala al administrador") || !strings.Contains(rec.Body.String(), "restablezca") {
		t.Fatal("la página de bloqueo no dice cómo recuperar la clave")
	}
	*e.ahora = e.ahora.Add(db.DemoraInicial)
	if rec := n.login("auditor", claveTest); rec.Code != http.StatusSeeOther {
		t.Fatalf("pasada la demora: %d", rec.Code)
	}
}

func TestIngreso_redireccionSoloLocal(t *testing.T) {
	casos := map[string]string{
		"/auditoria?pagina=2":  "/auditoria?pagina=2",
		"//evil.example/x":     "/",
		"/\\evil.example":      "/",
		"https://evil.example": "/",
		"/login":               "/",
		"":                     "/",
	}
	for entrada, quiere := range casos {
		if got := siguienteSeguro(entrada); got != quiere {
			t.Errorf("siguienteSeguro(%q) = %q, quiere %q", entrada, got, quiere)
		}
	}
	e := nuevoEntorno(t)
	n := e.navegador()
	rec := n.pedir("GET", "/auditoria?cuenta=admin", nil)
	if loc := rec.Header().Get("Location"); loc != "/login?siguiente=%2Fauditoria%3Fcuenta%3Dadmin" {
		t.Fatalf("Location = %q", loc)
	}
	doc := documento(t, n.pedir("GET", rec.Header().Get("Location"), nil))
	token, _ := doc.Find(`input[name="_csrf"]`).Attr("value")
	sig, _ := doc.Find(`input[name="siguiente"]`).Attr("value")
	rec = n.pedir("POST", "/login", url.Values{"_csrf": {token}, "usuario": {"auditor"}, "clave": {claveTest}, "siguiente": {sig}})
	if loc := rec.Header().Get("Location"); loc != "/auditoria?cuenta=admin" {
		t.Fatalf("tras ingresar va a %q", loc)
	}
}

func TestIngreso_sinCookieCSRFPrevia(t *testing.T) {
	e := nuevoEntorno(t)
	n := e.navegador()
	rec := n.pedir("POST", "/login", url.Values{"_csrf": {"inventado-inventado-inventado-inventado"}, "usuario": {"admin"}, "clave": {claveTest}})
	if rec.Code != http.StatusForbidden || !strings.Contains(rec.Body.String(), "El formulario caducó") {
		t.Fatalf("estado %d", rec.Code)
	}
	if e.contarAuditoria("sesion.ingreso") != 0 {
		t.Fatal("un ingreso sin token CSRF se procesó")
	}
}

func TestSesion_venceEnLaWeb(t *testing.T) {
	e := nuevoEntorno(t)
	casos := []struct {
		nombre  string
		espera  time.Duration
		vigente bool
	}{
		{"inactiva_29_minutos_sigue", 29 * time.Minute, true},
		{"inactiva_30_minutos_va_a_login", 30 * time.Minute, false},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			s := e.ingresar("comite")
			*e.ahora = e.ahora.Add(c.espera)
			rec := e.pedir("GET", "/", &s, nil)
			if c.vigente != (rec.Code == http.StatusOK) {
				t.Fatalf("estado %d", rec.Code)
			}
			if !c.vigente && !strings.HasPrefix(rec.Header().Get("Location"), "/login") {
				t.Fatalf("no llevó al ingreso: %q", rec.Header().Get("Location"))
			}
		})
	}
	// Absolute limit: used every 20 minutes, the session ends at 12 hours.
	s := e.ingresar("comite")
	for i := 0; i < 35; i++ { // 35 × 20 min = 11 h 40 min
		*e.ahora = e.ahora.Add(20 * time.Minute)
		if rec := e.pedir("GET", "/", &s, nil); rec.Code != http.StatusOK {
			t.Fatalf("uso %d: estado %d", i, rec.Code)
		}
	}
	*e.ahora = e.ahora.Add(20 * time.Minute)
	if rec := e.pedir("GET", "/", &s, nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("a las 12 horas: estado %d", rec.Code)
	}
}

func TestCabeceras_deSeguridadEnTodaRespuesta(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("admin")
	rutas := []struct {
		nombre string
		ruta   string
		ses    *sesion
		html   bool
	}{
		{"login", "/login", nil, true},
		{"inicio", "/", &s, true},
		{"redireccion_sin_sesion", "/auditoria", nil, false},
		{"no_existe", "/no-existe", &s, true},
		{"salud", "/healthz", nil, false},
		{"estatico", static.URL("app.css"), nil, false},
	}
	for _, r := range rutas {
		t.Run(r.nombre, func(t *testing.T) {
			rec := e.pedir("GET", r.ruta, r.ses, nil)
			h := rec.Header()
			quiere := map[string]string{
				"Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
				"X-Content-Type-Options":  "nosniff",
				"Referrer-Policy":         "same-origin",
				"X-Frame-Options":         "DENY",
			}
			for k, v := range quiere {
				if h.Get(k) != v {
					t.Errorf("%s = %q, quiere %q", k, h.Get(k), v)
				}
			}
			if h.Get("Strict-Transport-Security") != "" {
				t.Error("HSTS sin TLS")
			}
			if h.Get("X-Request-Id") == "" {
				t.Error("falta X-Request-Id")
			}
			if r.html && h.Get("Cache-Control") != "no-store" {
				t.Errorf("Cache-Control de una página = %q", h.Get("Cache-Control"))
			}
		})
	}
	// HSTS when served over TLS.
	app := Nuevo(Config{DB: e.d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), TLS: true, CookieSegura: true})
	rec := httptest.NewRecorder()
	app.ServeHTTP(rec, httptest.NewRequest("GET", "/login", nil))
	if rec.Header().Get("Strict-Transport-Security") == "" {
		t.Fatal("falta HSTS con TLS")
	}
	for _, c := range rec.Result().Cookies() {
		if !c.Secure {
			t.Fatalf("cookie %s sin Secure con TLS", c.Name)
		}
	}
}

func TestEstaticos_hashYCache(t *testing.T) {
	e := nuevoEntorno(t)
	rec := e.pedir("GET", static.URL("app.js"), nil, nil)
	if rec.Code != 200 || !strings.Contains(rec.Header().Get("Content-Type"), "javascript") {
		t.Fatalf("app.js: %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	if cc := rec.Header().Get("Cache-Control"); !strings.Contains(cc, "max-age=31536000") || !strings.Contains(cc, "immutable") {
		t.Fatalf("Cache-Control con hash = %q", cc)
	}
	if cc := e.pedir("GET", "/static/app.js?v=viejo", nil, nil).Header().Get("Cache-Control"); cc != "no-cache" {
		t.Fatalf("Cache-Control con hash viejo = %q", cc)
	}
	for _, ruta := range []string{"/static/embed.go", "/static/../embed.go", "/static/no-existe.js", "/static/vendor"} {
		if rec := e.pedir("GET", ruta, nil, nil); rec.Code != http.StatusNotFound && rec.Code != http.StatusSeeOther {
			t.Errorf("%s: estado %d", ruta, rec.Code)
		}
	}
	if rec := e.pedir("GET", static.URL("vendor/echarts/echarts.min.js"), nil, nil); rec.Code != 200 || rec.Body.Len() < 500_000 {
		t.Fatalf("echarts: %d, %d bytes", rec.Code, rec.Body.Len())
	}
	req := httptest.NewRequest("GET", static.URL("vendor/echarts/echarts.min.js"), nil)
	req.Header.Set("Accept-Encoding", "gzip, deflate")
	rz := httptest.NewRecorder()
	e.app.ServeHTTP(rz, req)
	if rz.Header().Get("Content-Encoding") != "gzip" || rz.Body.Len() > 500_000 {
		t.Fatalf("echarts sin comprimir: %q, %d bytes", rz.Header().Get("Content-Encoding"), rz.Body.Len())
	}
	if rec := e.pedir("GET", "/static/vendor/echarts/LICENSE", nil, nil); rec.Code != 200 || !strings.Contains(rec.Body.String(), "Apache License") {
		t.Fatal("falta la licencia de ECharts")
	}
}

func TestLimiteDeCuerpo(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("admin")
	grande := url.Values{"motivo": {strings.Repeat("x", limiteCuerpoNormal+1)}, "fecha": {"06/04/2026"}}
	rec := e.pedir("POST", "/admin/dias-inhabiles", &s, grande)
	if rec.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("estado %d, quiere 413", rec.Code)
	}
	if !strings.Contains(rec.Body.String(), "demasiado grande") {
		t.Fatal("la página 413 no lo explica")
	}
	// Without Content-Length (chunked), the limit still holds and says so.
	req := httptest.NewRequest("POST", "/admin/dias-inhabiles", io.NopCloser(strings.NewReader(grande.Encode()+"&_csrf="+s.csrf)))
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.AddCookie(&http.Cookie{Name: cookieSesion, Value: s.token})
	rz := httptest.NewRecorder()
	e.app.ServeHTTP(rz, req)
	if rz.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("sin Content-Length: estado %d, quiere 413", rz.Code)
	}
}

func TestPaginasDeError_enEspanol(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("auditor")
	casos := []struct {
		nombre, metodo, ruta string
		codigo               int
		texto                string
	}{
		{"no_existe", "GET", "/no-existe", 404, "No encontramos esta página"},
		{"cuenta_inexistente", "GET", "/admin/cuentas/99999", 403, "No tiene permiso"},
		{"sin_permiso", "GET", "/admin/cuentas/nueva", 403, "pida al administrador"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			rec := e.pedir(c.metodo, c.ruta, &s, nil)
			if rec.Code != c.codigo || !strings.Contains(rec.Body.String(), c.texto) {
				t.Fatalf("estado %d, cuerpo %s", rec.Code, rec.Body.String())
			}
			doc := documento(t, rec)
			if l, _ := doc.Find("html").Attr("lang"); l != "es-CO" {
				t.Fatalf("lang = %q", l)
			}
			if doc.Find(".pagina-error a.boton").Length() == 0 {
				t.Fatal("la página de error no ofrece un siguiente paso")
			}
		})
	}
	a := e.ingresar("admin")
	if rec := e.pedir("GET", "/admin/cuentas/99999", &a, nil); rec.Code != 404 {
		t.Fatalf("cuenta inexistente para admin: %d", rec.Code)
	}
}

// A panic in a handler becomes the Spanish 500 page with the request id.
func TestPanico_pagina500(t *testing.T) {
	e := nuevoEntorno(t)
	e.app.GET("/prueba-panico", func(c echo.Context) error { panic("fallo de prueba") })
	s := e.ingresar("admin")
	rec := e.pedir("GET", "/prueba-panico", &s, nil)
	if rec.Code != http.StatusInternalServerError || !strings.Contains(rec.Body.String(), "Ocurrió un error en el servidor") ||
		!strings.Contains(rec.Body.String(), rec.Header().Get("X-Request-Id")) {
		t.Fatalf("estado %d: %s", rec.Code, rec.Body.String())
	}
	if strings.Contains(rec.Body.String(), "fallo de prueba") {
		t.Fatal("el detalle del error llegó a la página")
	}
}
