package web

import (
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"testing"
	"time"

	"comite/internal/db"
)

// Behind a trusted reverse proxy every client arrives from the proxy's
// address: the client is the right-most address of X-Forwarded-For that is
// not a trusted proxy. One client's 1.000 failures, for names that do not
// exist and for admin, leave admin able to sign in from another client at
// once; a client that writes a fake address at the left of the header does
// not escape its own delay.
func TestIngreso_detrasDelProxyUnClienteNoBloqueaALosDemas(t *testing.T) {
	e := nuevoEntorno(t)
	proxies, err := ParseProxiesConfiables("10.0.0.0/24, 192.0.2.7")
	if err != nil {
		t.Fatal(err)
	}
	e.app = Nuevo(Config{DB: e.d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), ProxiesConfiables: proxies})
	atacante := e.navegador()
	atacante.ip, atacante.xff = "10.0.0.2", "198.51.100.66"
	for i := range 1000 {
		usuario := "nadie" + strconv.Itoa(i)
		if i%2 == 1 {
			usuario = "admin"
		}
		if i%3 == 0 { // the left of the header is the client's to write: ignored
			atacante.xff = "203.0.113." + strconv.Itoa(i%250) + ", 198.51.100.66"
		} else {
			atacante.xff = "198.51.100.66"
		}
		rec := atacante.login(usuario, "adivinanza-"+strconv.Itoa(i))
		if rec.Code != http.StatusUnauthorized && rec.Code != http.StatusTooManyRequests {
			t.Fatalf("intento %d: %d", i, rec.Code)
		}
	}
	// Every attempt was recorded for the client, none for the proxy or the fake addresses.
	var direcciones int
	e.d.QueryRow(`SELECT count(DISTINCT ip) FROM intentos_ingreso`).Scan(&direcciones)
	if direcciones != 1 {
		t.Fatalf("intentos desde %d direcciones; quiere 1 (el cliente detrás del proxy)", direcciones)
	}
	if rec := atacante.login("admin", claveTest); rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("el atacante con la clave correcta: %d", rec.Code)
	}
	// The administrator, from another client through the same proxy (and a second proxy).
	for _, xff := range []string{"198.51.100.7", "198.51.100.8, 192.0.2.7"} {
		admin := e.navegador()
		admin.ip, admin.xff = "10.0.0.2", xff
		if rec := admin.login("admin", claveTest); rec.Code != http.StatusSeeOther {
			t.Fatalf("admin desde %s: %d %s", xff, rec.Code, rec.Header().Get("Retry-After"))
		}
	}
	// A peer that is not a trusted proxy cannot choose its address.
	directo := e.navegador()
	directo.ip, directo.xff = "198.51.100.66", "198.51.100.9"
	if rec := directo.login("admin", claveTest); rec.Code != http.StatusTooManyRequests {
		t.Fatalf("X-Forwarded-For de quien no es proxy se leyó: %d", rec.Code)
	}
}

// Many clients failing for one account slow it down for every address with
// a delay that grows and has a ceiling, never a lockout: the administrator
// from a new address is checked once the documented delay has passed.
func TestIngreso_muchosClientesRalentizanSinBloquear(t *testing.T) {
	e := nuevoEntorno(t)
	proxies, _ := ParseProxiesConfiables("10.0.0.2")
	e.app = Nuevo(Config{DB: e.d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), ProxiesConfiables: proxies})
	for i := range 200 {
		n := e.navegador()
		n.ip, n.xff = "10.0.0.2", "198.51.100."+strconv.Itoa(i%250)
		*e.ahora = e.ahora.Add(time.Second)
		n.login("admin", "adivinanza")
	}
	admin := e.navegador()
	admin.ip, admin.xff = "10.0.0.2", "192.0.2.200"
	rec := admin.login("admin", claveTest)
	ra, err := strconv.Atoi(rec.Header().Get("Retry-After"))
	if rec.Code != http.StatusTooManyRequests || err != nil || time.Duration(ra)*time.Second > db.DemoraMaximaCuenta {
		t.Fatalf("admin desde una dirección nueva: %d, Retry-After %q (a lo sumo %v)", rec.Code, rec.Header().Get("Retry-After"), db.DemoraMaximaCuenta)
	}
	*e.ahora = e.ahora.Add(time.Duration(ra) * time.Second)
	if rec := admin.login("admin", claveTest); rec.Code != http.StatusSeeOther {
		t.Fatalf("pasada la demora: %d", rec.Code)
	}
}

func TestParseProxiesConfiables(t *testing.T) {
	p, err := ParseProxiesConfiables("10.0.0.0/8,192.0.2.7 2001:db8::/32")
	if err != nil || len(p) != 3 || p[1].Bits() != 32 {
		t.Fatalf("%v %v", p, err)
	}
	for _, malo := range []string{"10.0.0.0/33", "proxy.local", "10.0.0"} {
		if _, err := ParseProxiesConfiables(malo); err == nil {
			t.Errorf("%q aceptado", malo)
		}
	}
}
