package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Account names are one identity once NFKC-normalised and case-folded: a
// full-width «ｓｅｃｒｅｔａｒｉａ» beside «secretaria» is refused, and
// signing in with it reaches the same account (and the same throttle).
// Weak passwords (one repeated character, a keyboard run) are refused.
func TestCuentas_nombreNormalizadoYClavesDebiles(t *testing.T) {
	e := nuevoEntorno(t)
	admin := e.ingresar("admin")
	crear := func(usuario, clave string) *http.Response {
		rec := e.pedir("POST", "/admin/cuentas", &admin, url.Values{"usuario": {usuario}, "nombre": {"Alguien"}, "rol": {"auditor"}, "clave": {clave}})
		return rec.Result()
	}
	for _, u := range []string{"ｓｅｃｒｅｔａｒｉａ", "SECRETARIA", "Ｓecretaria"} {
		if r := crear(u, "una-clave-larga-y-rara-7"); r.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("%q junto a secretaria: %d", u, r.StatusCode)
		}
	}
	for _, clave := range []string{"aaaaaaaaaaaa", "123456789012", "qwertyuiopas", "asdfghjklñas"} {
		rec := e.pedir("POST", "/admin/cuentas", &admin, url.Values{"usuario": {"nueva"}, "nombre": {"Nueva"}, "rol": {"auditor"}, "clave": {clave}})
		if b := rec.Body.String(); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(b, "La clave no puede") && !strings.Contains(b, "demasiado común") {
			t.Fatalf("clave %q: %d", clave, rec.Code)
		}
	}
	n := e.navegador()
	if rec := n.login("ＳＥＣＲＥＴＡＲＩＡ", claveTest); rec.Code != http.StatusSeeOther {
		t.Fatalf("ingreso con el nombre de ancho completo: %d", rec.Code)
	}
}
