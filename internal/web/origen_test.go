package web

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// With --url-publica, the calendar link and the .ics feed carry only that
// origin, whatever Host and X-Forwarded-Proto say; a request for another
// Host is 421 with a page in Spanish; /healthz answers at any address.
func TestURLPublica_unicoOrigenEnEnlacesYHostComprobado(t *testing.T) {
	e := nuevoEntorno(t)
	publica, err := ParseURLPublica("https://Comite.Example/")
	if err != nil || publica != "https://comite.example" {
		t.Fatalf("%q %v", publica, err)
	}
	e.app = Nuevo(Config{DB: e.d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), URLPublica: publica})
	s := e.ingresar("secretaria")
	pedir := func(metodo, ruta, host string, form url.Values) *httptest.ResponseRecorder {
		var cuerpo io.Reader
		if form != nil {
			form.Set("_csrf", s.csrf)
			cuerpo = strings.NewReader(form.Encode())
		}
		req := httptest.NewRequest(metodo, ruta, cuerpo)
		req.Host = host
		req.Header.Set("X-Forwarded-Proto", "gopher")
		req.Header.Set("X-Forwarded-Host", "evil.example")
		if form != nil {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		req.AddCookie(&http.Cookie{Name: cookieSesion, Value: s.token})
		rec := httptest.NewRecorder()
		e.app.ServeHTTP(rec, req)
		return rec
	}
	rec := pedir("POST", "/cuenta/calendario/token", "evil.example", url.Values{})
	if rec.Code != http.StatusMisdirectedRequest || !strings.Contains(rec.Body.String(), "no es la de la aplicación") {
		t.Fatalf("Host ajeno: %d", rec.Code)
	}
	rec = pedir("POST", "/cuenta/calendario/token", "comite.example", url.Values{})
	enlace, _ := testid(documento(t, rec), "enlace-calendario").Attr("value")
	if rec.Code != http.StatusOK || !strings.HasPrefix(enlace, "https://comite.example/calendario.ics?t=") {
		t.Fatalf("enlace %q (%d)", enlace, rec.Code)
	}
	u, _ := url.Parse(enlace)
	feed := pedir("GET", "/calendario.ics?t="+url.QueryEscape(u.Query().Get("t")), "comite.example", nil)
	if feed.Code != http.StatusOK || strings.Contains(feed.Body.String(), "evil.example") || strings.Contains(feed.Body.String(), "gopher") {
		t.Fatalf("feed %d: %s", feed.Code, feed.Body.String())
	}
	if pedir("GET", "/calendario.ics?t="+url.QueryEscape(u.Query().Get("t")), "evil.example", nil).Code != http.StatusMisdirectedRequest {
		t.Fatal("el feed respondió a otro Host")
	}
	if c := pedir("GET", "/healthz", "127.0.0.1:8080", nil).Code; c == http.StatusMisdirectedRequest {
		t.Fatal("/healthz rechazado por el Host")
	}
	for _, malo := range []string{"ftp://x", "https://", "https://a/b", "https://a?x=1", "https://u@a", "comite.example"} {
		if _, err := ParseURLPublica(malo); err == nil {
			t.Errorf("%q aceptada", malo)
		}
	}
}

// Without --url-publica, X-Forwarded-Proto is not read: the scheme is the
// connection's.
func TestURLPublica_sinElla_noSeLeeXForwardedProto(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("secretaria")
	form := url.Values{"_csrf": {s.csrf}}
	req := httptest.NewRequest("POST", "/cuenta/calendario/token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Forwarded-Proto", "gopher")
	req.AddCookie(&http.Cookie{Name: cookieSesion, Value: s.token})
	rec := httptest.NewRecorder()
	e.app.ServeHTTP(rec, req)
	enlace, _ := testid(documento(t, rec), "enlace-calendario").Attr("value")
	if !strings.HasPrefix(enlace, "http://example.com/calendario.ics") {
		t.Fatalf("enlace %q", enlace)
	}
}
