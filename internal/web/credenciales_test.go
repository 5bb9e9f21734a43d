package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"comite/internal/db"
)

// A calendar link dies with the credential it was made under: a password
// change, an administrator's reset, disabling (and enabling again) the
// account, a change of role or of Seccional.
func TestCalendario_tokenMuereConLaCredencial(t *testing.T) {
	e := nuevoEntorno(t)
	admin := e.ingresar("admin")
	idDe := func(u string) string { return strconv.FormatInt(e.cuentas[u].ID, 10) }
	casos := []struct {
		nombre, usuario string
		cambiar         func()
	}{
		{"cambiar_mi_clave", "secretaria", func() {
			s := e.ingresar("secretaria")
			rec := e.pedir("POST", rutaCambiarClave, &s, url.Values{"actual": {claveTest}, "clave": {"otra-clave-muy-larga-7"}, "confirmacion": {"otra-clave-muy-larga-7"}})
			if rec.Code != http.StatusSeeOther {
				t.Fatalf("cambiar la clave: %d", rec.Code)
			}
		}},
		{"restablecer", "comite", func() {
			if rec := e.pedir("POST", "/admin/cuentas/"+idDe("comite")+"/clave", &admin, url.Values{}); rec.Code >= 400 {
				t.Fatalf("restablecer: %d", rec.Code)
			}
		}},
		{"deshabilitar_y_habilitar", "seccional", func() {
			for _, v := range []string{"no", "si"} {
				if rec := e.pedir("POST", "/admin/cuentas/"+idDe("seccional")+"/estado", &admin, url.Values{"activa": {v}}); rec.Code != http.StatusSeeOther {
					t.Fatalf("estado %s: %d", v, rec.Code)
				}
			}
		}},
		{"cambiar_rol", "seccional", func() {
			if rec := e.pedir("POST", "/admin/cuentas/"+idDe("seccional")+"/rol", &admin, url.Values{"rol": {"comite"}}); rec.Code != http.StatusSeeOther {
				t.Fatalf("rol: %d %s", rec.Code, rec.Body.String())
			}
		}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			tok := e.tokenDe(c.usuario)
			if e.feed(tok).Code != http.StatusOK {
				t.Fatal("el enlace recién creado no funciona")
			}
			c.cambiar()
			if code := e.feed(tok).Code; code != http.StatusNotFound {
				t.Fatalf("el enlace sobrevivió: %d", code)
			}
		})
	}
}

// Creating calendar links is limited per account (MaxTokensCalendario an
// hour, 429 with Retry-After and a page that says so); the revoked ones are
// purged once they no longer count.
func TestCalendario_generarTieneLimiteYLosRevocadosSePurgan(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("seccional")
	for i := range db.MaxTokensCalendario {
		if rec := e.pedir("POST", "/cuenta/calendario/token", &s, url.Values{}); rec.Code != http.StatusOK {
			t.Fatalf("enlace %d: %d", i+1, rec.Code)
		}
	}
	auditadas := e.contarFilasAuditoria()
	for range 50 {
		rec := e.pedir("POST", "/cuenta/calendario/token", &s, url.Values{})
		if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" ||
			!strings.Contains(rec.Body.String(), "enlaces de calendario") {
			t.Fatalf("sobre el límite: %d %q", rec.Code, rec.Header().Get("Retry-After"))
		}
	}
	if n := e.contarFilasAuditoria(); n != auditadas {
		t.Fatalf("los rechazos escribieron %d filas de auditoría", n-auditadas)
	}
	var filas int
	e.d.QueryRow(`SELECT count(*) FROM calendario_tokens`).Scan(&filas)
	if filas != db.MaxTokensCalendario {
		t.Fatalf("%d filas de enlaces", filas)
	}
	*e.ahora = e.ahora.Add(db.VentanaTokensCalendario + time.Minute)
	if n, err := e.d.PurgarIntentos(t.Context()); err != nil || n < int64(db.MaxTokensCalendario-1) {
		t.Fatalf("purga: %d %v", n, err)
	}
	e.d.QueryRow(`SELECT count(*) FROM calendario_tokens`).Scan(&filas)
	if filas != 1 {
		t.Fatalf("quedan %d filas; quiere solo el enlace vigente", filas)
	}
	s = e.ingresar("seccional") // the session ended of inactivity meanwhile
	if rec := e.pedir("POST", "/cuenta/calendario/token", &s, url.Values{}); rec.Code != http.StatusOK {
		t.Fatalf("pasada la hora: %d", rec.Code)
	}
}

// The current password of "Cambiar mi clave" is a login by another door:
// wrong guesses count toward the same throttle, and past it the password is
// not even checked (429 with Retry-After).
func TestClave_claveActualCuentaParaElLimiteDeIngreso(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("seccional")
	nueva := "otra-clave-muy-larga-7"
	codigos := map[int]int{}
	for i := range 30 {
		rec := e.pedir("POST", rutaCambiarClave, &s, url.Values{"actual": {"adivinanza-" + strconv.Itoa(i)}, "clave": {nueva}, "confirmacion": {nueva}})
		codigos[rec.Code]++
		if rec.Code == http.StatusTooManyRequests && rec.Header().Get("Retry-After") == "" {
			t.Fatal("429 sin Retry-After")
		}
	}
	if codigos[http.StatusUnprocessableEntity] != db.MaxFallosPar || codigos[http.StatusTooManyRequests] != 30-db.MaxFallosPar {
		t.Fatalf("respuestas %v; quiere %d verificadas y el resto 429", codigos, db.MaxFallosPar)
	}
	// Even the right one waits now, from this address.
	if rec := e.pedir("POST", rutaCambiarClave, &s, url.Values{"actual": {claveTest}, "clave": {nueva}, "confirmacion": {nueva}}); rec.Code != http.StatusTooManyRequests {
		t.Fatalf("clave correcta durante la demora: %d", rec.Code)
	}
	*e.ahora = e.ahora.Add(max(db.DemoraPar(db.MaxFallosPar), limitesPorCuenta[rutaCambiarClave].ventana))
	if rec := e.pedir("POST", rutaCambiarClave, &s, url.Values{"actual": {claveTest}, "clave": {nueva}, "confirmacion": {nueva}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("pasada la demora: %d", rec.Code)
	}
}
