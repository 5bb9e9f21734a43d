package web

import (
	"comite/internal/dominio"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/ical"
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// tokenDe creates the account's calendar link through the web and returns its token.
func (e *entorno) tokenDe(usuario string) string {
	e.t.Helper()
	s := e.ingresar(usuario)
	rec := e.pedir("POST", "/cuenta/calendario/token", &s, url.Values{})
	if rec.Code != http.StatusOK {
		e.t.Fatalf("generar: %d %s", rec.Code, rec.Body.String())
	}
	enlace, _ := testid(documento(e.t, rec), "enlace-calendario").Attr("value")
	u, err := url.Parse(enlace)
	if err != nil || u.Path != "/calendario.ics" || u.Query().Get("t") == "" {
		e.t.Fatalf("enlace %q", enlace)
	}
	return u.Query().Get("t")
}

// feed asks for the feed without a session, as a calendar program does.
func (e *entorno) feed(token string) *httptest.ResponseRecorder {
	e.t.Helper()
	return e.pedir("GET", "/calendario.ics?t="+url.QueryEscape(token), nil, nil)
}

func TestCalendario_feedConLosVencimientosDeLaCuenta(t *testing.T) {
	e := nuevoEntorno(t)
	n := e.colaDePrueba()
	tokSec := e.tokenDe("secretaria")
	tokCom := e.tokenDe("comite")

	rec := e.feed(tokSec)
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/calendar") {
		t.Fatalf("feed: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	cuerpo := ical.Desplegar(rec.Body.String())
	// A (reportado 02/03/2026): the evaluation's 15 business days end on 24/03/2026 (23/03 is a holiday).
	for _, quiere := range []string{
		"UID:" + ical.UID("vence-evaluacion", n["A"]),
		"DTSTART;VALUE=DATE:20260324",
		"SUMMARY:Vence: Iniciar la evaluación · " + n["A"],
		"UID:" + ical.UID("vence-rea", n["C"]),
		"UID:" + ical.UID("vence-rea", n["D"]),
	} {
		if !strings.Contains(cuerpo, quiere) {
			t.Fatalf("el feed de la Secretaría no tiene %q:\n%s", quiere, cuerpo)
		}
	}
	if strings.Contains(cuerpo, n["B"]) {
		t.Fatal("el feed de la Secretaría tiene un caso que espera al Comité")
	}
	// Besides its deadlines, the Secretaría's feed has the Comité's sessions
	// where C and D got their conceptos (every concepto is recorded in a session).
	sesiones := strings.Count(cuerpo, "UID:sesion-comite.")
	if sesiones == 0 {
		t.Fatalf("el feed de la Secretaría no tiene las sesiones del Comité:\n%s", cuerpo)
	}
	if v := strings.Count(cuerpo, "BEGIN:VEVENT") - sesiones; v != 3 {
		t.Fatalf("vencimientos = %d; quiere 3", v)
	}
	// The Comité's token gives the Comité's queue only (and the same sessions).
	cuerpo = ical.Desplegar(e.feed(tokCom).Body.String())
	if !strings.Contains(cuerpo, "UID:"+ical.UID("vence-comite", n["B"])) || strings.Count(cuerpo, "BEGIN:VEVENT")-strings.Count(cuerpo, "UID:sesion-comite.") != 1 {
		t.Fatalf("feed del Comité:\n%s", cuerpo)
	}
	// Only the hash is stored.
	if e.contar(`SELECT count(*) FROM calendario_tokens WHERE token_hash = ?`, tokSec) != 0 {
		t.Fatal("el token se guardó en claro")
	}
	if e.contarAuditoria("calendario.token_generar") != 2 {
		t.Fatal("la creación del enlace no quedó auditada")
	}
}

func TestCalendario_tokenRevocadoRegeneradoOInvalidoDa404(t *testing.T) {
	e := nuevoEntorno(t)
	viejo := e.tokenDe("secretaria")
	nuevo := e.tokenDe("secretaria") // regenerate: the old one stops working
	if e.feed(viejo).Code != http.StatusNotFound || e.feed(nuevo).Code != http.StatusOK {
		t.Fatal("regenerar no revocó el enlace anterior")
	}
	s := e.ingresar("secretaria")
	doc := documento(t, e.pedir("GET", "/cuenta/calendario", &s, nil))
	if testid(doc, "calendario-vigente").Length() != 1 || testid(doc, "enlace-calendario").Length() != 0 {
		t.Fatal("la página muestra el enlace de nuevo o no dice que hay uno vigente")
	}
	rec := e.pedir("POST", "/cuenta/calendario/revocar", &s, url.Values{})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("revocar: %d", rec.Code)
	}
	if e.feed(nuevo).Code != http.StatusNotFound {
		t.Fatal("un enlace revocado sigue funcionando")
	}
	if e.contarAuditoria("calendario.token_revocar") != 1 {
		t.Fatal("la revocación no quedó auditada")
	}
	for _, malo := range []string{"", "no-es-un-token", strings.Repeat("A", 43), strings.Repeat("x", 500)} {
		if c := e.feed(malo).Code; c != http.StatusNotFound {
			t.Fatalf("token %q: %d; quiere 404", malo, c)
		}
	}
	// A disabled account's link stops working.
	tok := e.tokenDe("comite")
	if _, err := e.d.Exec(`UPDATE cuentas SET activa = 0 WHERE usuario = 'comite'`); err != nil {
		t.Fatal(err)
	}
	if e.feed(tok).Code != http.StatusNotFound {
		t.Fatal("el enlace de una cuenta deshabilitada sigue funcionando")
	}
}

func TestCalendario_limiteDeSolicitudesPorDireccion(t *testing.T) {
	e := nuevoEntorno(t)
	for i := 0; i < limitePorMinutoCalendario; i++ {
		if c := e.feed("adivinanza").Code; c != http.StatusNotFound {
			t.Fatalf("solicitud %d: %d", i+1, c)
		}
	}
	rec := e.feed("adivinanza")
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("pasado el límite: %d", rec.Code)
	}
}

// The sessions of the Comité are in the feed of the accounts that manage them
// (Comité, Secretaría), at their hour in Bogotá with a UID that depends only
// on their number; a session held more than diasSesionesPasadas ago has left
// the feed, and a seccional account's feed has none.
func TestCalendario_sesionesDelComiteEnElFeed(t *testing.T) {
	e := nuevoEntorno(t)
	ctx := context.Background()
	sec := dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "secretaria"}, Rol: flujo.RolSecretaria}
	convocar := func(f fecha.Fecha, hora string) dominio.SesionComite {
		t.Helper()
		s, err := expediente.Nuevo(e.d).ConvocarSesion(ctx, flujo.Sesion{Fecha: f, Hora: hora, Modalidad: "virtual", Lugar: "Sala virtual del Nivel Central",
			Preside: "Ana María Rojas", Secretario: "Jorge Díaz", Miembros: []flujo.MiembroSesion{{Nombre: "Ana María Rojas", Cargo: "Directora"}}}, sec)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	vieja := convocar(fecha.Debe(2025, 11, 20), "10:00") // 102 days before 02/03/2026
	reciente := convocar(fecha.Debe(2026, 2, 20), "08:00")
	proxima := convocar(fecha.Debe(2026, 3, 17), "09:30")
	for _, usuario := range []string{"secretaria", "comite"} {
		cuerpo := ical.Desplegar(e.feed(e.tokenDe(usuario)).Body.String())
		for _, quiere := range []string{
			"UID:" + ical.UID("sesion-comite", proxima.Numero),
			"DTSTART;TZID=America/Bogota:20260317T093000",
			"SUMMARY:Sesión del Comité de Fiscalización " + proxima.Numero,
			"LOCATION:Sala virtual del Nivel Central",
			"/sesiones/" + strconv.FormatInt(proxima.ID, 10),
			"UID:" + ical.UID("sesion-comite", reciente.Numero),
		} {
			if !strings.Contains(cuerpo, quiere) {
				t.Fatalf("el feed de %s no tiene %q:\n%s", usuario, quiere, cuerpo)
			}
		}
		if strings.Contains(cuerpo, vieja.Numero) {
			t.Fatalf("el feed de %s tiene una sesión de hace más de %d días", usuario, diasSesionesPasadas)
		}
	}
	if cuerpo := e.feed(e.tokenDe("seccional")).Body.String(); strings.Contains(cuerpo, "sesion-comite") {
		t.Fatalf("el feed de la Seccional tiene sesiones del Comité:\n%s", cuerpo)
	}
}
