package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// Every POST of an account counts toward its limit (limitesPorCuenta): the
// lowest role cannot flood the audit log. Beyond the limit, 429 with
// Retry-After and a page in Spanish that says which limit; nothing is
// written; other accounts are not touched; the window passes.
func TestLimites_porCuentaEnCadaPOST(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("seccional")
	general := limitesPorCuenta[""]
	calendario := limitesPorCuenta["/cuenta/calendario/token"]
	codigos := map[int]int{}
	for range calendario.n + 5 {
		codigos[e.pedir("POST", "/cuenta/calendario/token", &s, url.Values{}).Code]++
	}
	// 5 links an hour in the database, then the route's own limit: all but 5 refused.
	if codigos[http.StatusOK] != 5 || codigos[http.StatusTooManyRequests] != calendario.n {
		t.Fatalf("enlaces: %v", codigos)
	}
	auditadas := e.contarFilasAuditoria()
	var ultimo *http.Response
	for i := range general.n + 30 {
		rec := e.pedir("POST", "/cuenta/calendario/revocar", &s, url.Values{})
		if i < general.n && rec.Code != http.StatusSeeOther {
			t.Fatalf("POST %d dentro del límite: %d", i+1, rec.Code)
		}
		ultimo = rec.Result()
		if i >= general.n {
			b := rec.Body.String()
			if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" ||
				!strings.Contains(b, "Demasiados cambios seguidos con su cuenta") || !strings.Contains(b, "No se guardó ningún cambio") {
				t.Fatalf("POST %d sobre el límite: %d %q", i+1, rec.Code, rec.Header().Get("Retry-After"))
			}
		}
	}
	if ultimo.Header.Get("Retry-After") != "60" {
		t.Fatalf("Retry-After %q; quiere 60 (el reloj no avanzó)", ultimo.Header.Get("Retry-After"))
	}
	if n := e.contarFilasAuditoria() - auditadas; n > 1 {
		t.Fatalf("%d filas de auditoría nuevas (solo la primera revocación escribe)", n)
	}
	otra := e.ingresar("comite")
	if rec := e.pedir("POST", "/cuenta/calendario/revocar", &otra, url.Values{}); rec.Code != http.StatusSeeOther {
		t.Fatalf("otra cuenta: %d", rec.Code)
	}
	*e.ahora = e.ahora.Add(general.ventana)
	s = e.ingresar("seccional")
	if rec := e.pedir("POST", "/cuenta/calendario/revocar", &s, url.Values{}); rec.Code != http.StatusSeeOther {
		t.Fatalf("pasada la ventana: %d", rec.Code)
	}
}

func TestTextoVentana(t *testing.T) {
	for w, quiere := range map[time.Duration]string{time.Minute: "minuto", 10 * time.Minute: "10 minutos", time.Hour: "hora", 2 * time.Hour: "2 horas"} {
		if got := textoVentana(w); got != quiere {
			t.Errorf("%v: %q", w, got)
		}
	}
}
