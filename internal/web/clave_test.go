package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// "Cambiar mi clave": the current password is required, the new one is
// checked, and on success every other session of the account ends while this
// browser continues with a new session.
func TestClave_cambiarMiClave(t *testing.T) {
	e := nuevoEntorno(t)
	n := e.navegador()
	if rec := n.login("comite", claveTest); rec.Code != http.StatusSeeOther {
		t.Fatalf("ingreso: %d", rec.Code)
	}
	otra := e.ingresar("comite") // another computer of the same person
	doc := documento(t, n.pedir("GET", "/cuenta/clave", nil))
	if testid(doc, "form-clave").Length() != 1 {
		t.Fatal("no está el formulario")
	}
	token, _ := doc.Find(`form[data-testid="form-clave"] input[name="_csrf"]`).Attr("value")
	enviar := func(actual, nueva, conf string) *http.Response {
		rec := n.pedir("POST", "/cuenta/clave", url.Values{"_csrf": {token}, "actual": {actual}, "clave": {nueva}, "confirmacion": {conf}})
		return rec.Result()
	}
	casos := []struct{ nombre, actual, nueva, conf, campo string }{
		{"clave_actual_equivocada", "no-es-esta-clave", "una-clave-nueva-larga", "una-clave-nueva-larga", "actual"},
		{"confirmacion_distinta", claveTest, "una-clave-nueva-larga", "otra-clave-nueva-larga", "confirmacion"},
		{"nueva_corta", claveTest, "corta", "corta", "clave"},
		{"nueva_comun", claveTest, "qwerty123456", "qwerty123456", "clave"},
		{"nueva_con_el_usuario", claveTest, "comite", "comite", "clave"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			res := enviar(c.actual, c.nueva, c.conf)
			if res.StatusCode != http.StatusUnprocessableEntity {
				t.Fatalf("estado %d", res.StatusCode)
			}
			rec := n.pedir("GET", "/cuenta/clave", nil) // the session is intact
			if rec.Code != http.StatusOK {
				t.Fatalf("tras el error la sesión no sigue: %d", rec.Code)
			}
		})
	}
	res := enviar(claveTest, "una-clave-nueva-larga", "una-clave-nueva-larga")
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/?aviso=clave_cambiada" {
		t.Fatalf("cambio: %d %q", res.StatusCode, res.Header.Get("Location"))
	}
	if rec := n.pedir("GET", "/casos", nil); rec.Code != http.StatusOK {
		t.Fatalf("este navegador debe seguir con una sesión nueva: %d", rec.Code)
	}
	if rec := e.pedir("GET", "/casos", &otra, nil); rec.Code != http.StatusSeeOther {
		t.Fatalf("la sesión del otro equipo sigue abierta: %d", rec.Code)
	}
	if e.contarAuditoria("cuenta.cambiar_clave") != 2 { // the wrong current password and the change
		t.Fatalf("auditoría: %d filas", e.contarAuditoria("cuenta.cambiar_clave"))
	}
	if rec := e.navegador().login("comite", "una-clave-nueva-larga"); rec.Code != http.StatusSeeOther {
		t.Fatalf("la clave nueva no sirve: %d", rec.Code)
	}
}

// The administrator resets a password: a temporary one is shown once, the
// account's sessions end, and at its next login the person can only choose a
// new password (or leave) until it does.
func TestClave_restablecimientoObligaACambiarla(t *testing.T) {
	e := nuevoEntorno(t)
	vieja := e.ingresar("comite")
	admin := e.ingresar("admin")
	id := strconv.FormatInt(e.cuentas["comite"].ID, 10)
	if rec := e.pedir("POST", "/admin/cuentas/"+strconv.FormatInt(e.cuentas["admin"].ID, 10)+"/clave", &admin, url.Values{}); rec.Code != http.StatusForbidden {
		t.Fatalf("restablecer la propia clave: %d; quiere 403 (use Cambiar mi clave)", rec.Code)
	}
	rec := e.pedir("POST", "/admin/cuentas/"+id+"/clave", &admin, url.Values{})
	if rec.Code != http.StatusOK {
		t.Fatalf("restablecer: %d", rec.Code)
	}
	temporal := strings.TrimSpace(testid(documento(t, rec), "valor-clave-temporal").Text())
	if len(temporal) < 12 {
		t.Fatalf("clave temporal %q", temporal)
	}
	if rec := e.pedir("GET", "/casos", &vieja, nil); rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/login") {
		t.Fatalf("la sesión abierta sobrevivió al restablecimiento: %d", rec.Code)
	}
	n := e.navegador()
	rec = n.login("comite", temporal)
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/cuenta/clave" {
		t.Fatalf("ingreso con la temporal: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	for _, ruta := range []string{"/", "/casos", "/usuarios", "/liquidacion"} {
		if rec := n.pedir("GET", ruta, nil); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/cuenta/clave" {
			t.Fatalf("%s antes de cambiar la clave: %d %q", ruta, rec.Code, rec.Header().Get("Location"))
		}
	}
	doc := documento(t, n.pedir("GET", "/cuenta/clave", nil))
	if testid(doc, "aviso-cambio-obligatorio").Length() != 1 {
		t.Fatal("la página no dice que el cambio es obligatorio")
	}
	token, _ := doc.Find(`form[data-testid="form-clave"] input[name="_csrf"]`).Attr("value")
	rec = n.pedir("POST", "/cuenta/clave", url.Values{"_csrf": {token}, "actual": {temporal}, "clave": {"mi-clave-elegida-2026"}, "confirmacion": {"mi-clave-elegida-2026"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("cambio obligatorio: %d", rec.Code)
	}
	if rec := n.pedir("GET", "/casos", nil); rec.Code != http.StatusOK {
		t.Fatalf("después del cambio: %d", rec.Code)
	}
	if e.contarAuditoria("cuenta.restablecer_clave") != 1 {
		t.Fatal("el restablecimiento no quedó en la auditoría")
	}
}

// The login page no longer sends people to ask for a password nobody can give.
func TestClave_paginaDeIngresoDiceComoRecuperarla(t *testing.T) {
	e := nuevoEntorno(t)
	doc := documento(t, e.navegador().pedir("GET", "/login", nil))
	ayuda := testid(doc, "ayuda-clave").Text()
	if strings.Contains(ayuda, "Pídala al administrador") || !strings.Contains(ayuda, "restablecerla") {
		t.Fatalf("ayuda = %q", ayuda)
	}
}
