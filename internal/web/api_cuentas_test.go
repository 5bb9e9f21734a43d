package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The administrator's page of service accounts: only the administrator
// reaches it; creating shows the token once (never again in the list);
// bad input comes back with the field's message; POST without the CSRF
// token is refused; revoking stops the token; both are audited.
func TestAdminAPI_crearListarRevocar(t *testing.T) {
	e := nuevoEntorno(t)
	for _, u := range []string{"secretaria", "comite", "seccional", "auditor"} {
		s := e.ingresar(u)
		if rec := e.pedir("GET", "/admin/api", &s, nil); rec.Code != http.StatusForbidden {
			t.Errorf("%s: GET /admin/api = %d; quiere 403", u, rec.Code)
		}
	}
	s := e.ingresar("admin")
	if rec := e.pedir("GET", "/admin/api", &s, nil); rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "No hay cuentas de servicio") {
		t.Fatalf("GET: %d", rec.Code)
	}
	for _, c := range []struct {
		nombre string
		form   url.Values
		campo  string
	}{
		{"sin_alcance", url.Values{"nombre": {"runt"}, "vence": {"31/12/2027"}}, "error-alcance"},
		{"vence_pasado", url.Values{"nombre": {"runt"}, "alcance": {"leer"}, "vence": {"01/01/2026"}}, "error-vence"},
		{"vence_mal_escrito", url.Values{"nombre": {"runt"}, "alcance": {"leer"}, "vence": {"31-31-2027"}}, "error-vence"},
		{"nombre_con_espacios", url.Values{"nombre": {"mi sistema"}, "alcance": {"leer"}, "vence": {"31/12/2027"}}, "error-nombre"},
		{"seccional_desconocida", url.Values{"nombre": {"runt"}, "alcance": {"leer"}, "vence": {"31/12/2027"}, "seccional": {"NOEXISTE"}}, "error-seccional"},
	} {
		rec := e.pedir("POST", "/admin/api", &s, c.form)
		if rec.Code != http.StatusUnprocessableEntity || testid(documento(t, rec), c.campo).Length() == 0 {
			t.Errorf("%s: %d sin %s", c.nombre, rec.Code, c.campo)
		}
	}
	if rec := e.pedir("POST", "/admin/api", &s, url.Values{"_csrf": {"otro"}, "nombre": {"runt"}, "alcance": {"leer"}, "vence": {"31/12/2027"}}); rec.Code != http.StatusForbidden {
		t.Fatalf("sin CSRF: %d", rec.Code)
	}
	rec := e.pedir("POST", "/admin/api", &s, url.Values{"nombre": {"runt"}, "alcance": {"casos", "leer"}, "vence": {"31/12/2027"}, "seccional": {seccionalCartagena}})
	if rec.Code != http.StatusOK {
		t.Fatalf("crear: %d %s", rec.Code, rec.Body.String())
	}
	token, _ := testid(documento(t, rec), "token-api").Attr("value")
	if !strings.HasPrefix(token, "cmt_") {
		t.Fatalf("token %q", token)
	}
	cs, err := e.d.CuentaServicioPorToken(context.Background(), token)
	if err != nil || cs.Seccional != seccionalCartagena {
		t.Fatalf("cuenta %+v, %v", cs, err)
	}
	rec = e.pedir("GET", "/admin/api", &s, nil)
	if strings.Contains(rec.Body.String(), token) || testid(documento(t, rec), "cuenta-api-runt").Length() != 1 {
		t.Fatal("la lista muestra el token o no muestra la cuenta")
	}
	if rec := e.pedir("POST", "/admin/api/runt/revocar", &s, url.Values{}); rec.Code != http.StatusSeeOther {
		t.Fatalf("revocar: %d", rec.Code)
	}
	if _, err := e.d.CuentaServicioPorToken(context.Background(), token); err == nil {
		t.Fatal("el token revocado sigue sirviendo")
	}
	if rec := e.pedir("POST", "/admin/api/nadie/revocar", &s, url.Values{}); rec.Code != http.StatusNotFound {
		t.Fatalf("revocar inexistente: %d", rec.Code)
	}
	var n int
	if err := e.d.QueryRow(`SELECT count(*) FROM auditoria WHERE cuenta = 'admin' AND accion IN ('api.cuenta_crear', 'api.cuenta_revocar')`).Scan(&n); err != nil || n != 2 {
		t.Fatalf("auditoría: %d, %v", n, err)
	}
}
