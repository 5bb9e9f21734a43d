package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// buscar is the header's search as account quien sees it.
func (e *entorno) buscar(quien, q string) *goquery.Document {
	e.t.Helper()
	s := e.ingresar(quien)
	rec := e.pedir("GET", "/buscar?q="+url.QueryEscape(q), &s, nil)
	if rec.Code != http.StatusOK {
		e.t.Fatalf("buscar %q como %s: estado %d", q, quien, rec.Code)
	}
	return documento(e.t, rec)
}

func hallazgos(doc *goquery.Document, grupo string) []string {
	var out []string
	testid(doc, "grupo-"+grupo).Find(`[data-testid="hallazgo"] a`).Each(func(_ int, a *goquery.Selection) {
		out = append(out, a.Text())
	})
	return out
}

// The header's search finds users, cases and sessions, the closest first:
// a NIT typed with its check digit but no hyphen (dominio §7), a case
// number, a name without accents, a session's number or date.
func TestBuscar_usuariosCasosYSesionesPorRelevancia(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarListaGrande()
	e.sesionMatriz()

	doc := e.buscar("secretaria", strings.ReplaceAll(nitBogota, "-", ""))
	if u := hallazgos(doc, "usuarios"); len(u) != 1 || !strings.Contains(u[0], "Ñandú") {
		t.Fatalf("usuario por NIT sin guion: %v", u)
	}
	if got := testid(doc, "total-casos").Text(); got != "(5 casos)" {
		t.Fatalf("casos del NIT: %q", got)
	}
	if href, _ := testid(doc, "grupo-usuarios").Find("a").First().Attr("href"); href != "/usuarios/"+nitBogota {
		t.Fatalf("enlace del usuario: %q", href)
	}

	doc = e.buscar("secretaria", "cf-2026-0007")
	if c := hallazgos(doc, "casos"); len(c) == 0 || !strings.HasPrefix(c[0], "CF-2026-0007 ") {
		t.Fatalf("el número entero va primero: %v", c)
	}
	if g, _ := doc.Find(`section[data-testid^="grupo-"]`).First().Attr("data-testid"); g != "grupo-casos" {
		t.Fatalf("el grupo del número exacto va primero: %s", g)
	}

	doc = e.buscar("comite", "NANDU jose")
	if testid(doc, "grupo-usuarios").Length() != 1 || testid(doc, "total-casos").Text() != "(5 casos)" {
		t.Fatal("el nombre sin tildes ni mayúsculas no encuentra el usuario y sus casos")
	}

	// 515 cases of one user: ten shown, the count and the full list offered.
	doc = e.buscar("auditor", nitCaso)
	if n := len(hallazgos(doc, "casos")); n != hallazgosPorGrupo {
		t.Fatalf("%d casos mostrados; quiere %d", n, hallazgosPorGrupo)
	}
	if href, _ := testid(doc, "ver-todos-casos").Attr("href"); href != "/casos?q="+url.QueryEscape(nitCaso) {
		t.Fatalf("ver todos: %q", href)
	}

	for _, q := range []string{"SC-2026-001", "02/03/2026", "sala 5"} {
		if s := hallazgos(e.buscar("secretaria", q), "sesiones"); len(s) != 1 || s[0] != "Sesión SC-2026-001" {
			t.Errorf("sesión por %q: %v", q, s)
		}
	}
	if testid(e.buscar("secretaria", "zzzz"), "sin-resultados").Length() != 1 {
		t.Fatal("sin resultados no lo dice")
	}
}

// A seccional account finds only what is of its own Dirección Seccional
// (seccionales.Accede), and no sessions (it does not read them).
func TestBuscar_laSeccionalSoloLoSuyo(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarListaGrande()
	e.sesionMatriz()
	for _, q := range []string{nitBogota, strings.ReplaceAll(nitBogota, "-", ""), "nandu", "CF-2026-0516", "comercializadora"} {
		doc := e.buscar("seccional", q)
		if testid(doc, "grupo-usuarios").Length()+testid(doc, "grupo-casos").Length() != 0 {
			t.Errorf("la Seccional de Cartagena encuentra %q de Bogotá: %s", q, doc.Find("main").Text())
		}
	}
	doc := e.buscar("seccional", "agencia caso")
	if u := hallazgos(doc, "usuarios"); len(u) != 1 || !strings.Contains(u[0], nitCaso) {
		t.Fatalf("la Seccional no encuentra su usuario: %v", u)
	}
	if testid(e.buscar("seccional", "SC-2026-001"), "grupo-sesiones").Length() != 0 {
		t.Fatal("la Seccional no lee sesiones")
	}
	// The same search by the Secretaría finds both Seccionales.
	if testid(e.buscar("secretaria", "agencia caso"), "total-usuarios").Text() != "(1 usuario)" {
		t.Fatal("la Secretaría debe ver el usuario de Cartagena")
	}
}

// The text is bounded (2 to 100 characters, no control characters) and
// the header shows the box only to the roles that search.
func TestBuscar_limitesYCabecera(t *testing.T) {
	e := nuevoEntorno(t)
	for q, quiere := range map[string]string{
		"a":                      "Escriba al menos 2 caracteres.",
		strings.Repeat("x", 101): "hasta 100 caracteres",
		"ab\x01":                 "sin caracteres de control",
	} {
		doc := e.buscar("secretaria", q)
		if got := testid(doc, "error-q").Text(); !strings.Contains(got, quiere) {
			t.Errorf("buscar %q: error %q, quiere %q", q, got, quiere)
		}
	}
	for rol, caja := range map[string]bool{"secretaria": true, "comite": true, "seccional": true, "auditor": true, "admin": false} {
		s := e.ingresar(rol)
		doc := documento(t, e.pedir("GET", "/", &s, nil))
		if got := testid(doc, "buscar-cabecera").Length() == 1; got != caja {
			t.Errorf("%s: caja de búsqueda en la cabecera = %v, quiere %v", rol, got, caja)
		}
	}
}
