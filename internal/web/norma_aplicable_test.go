package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// A case whose facts fall outside every rule set's validity: the warning
// stays until the Secretaría records which norm applies and why; presenting
// to the Comité asks for it; once recorded, the page says who and when, and
// the history and the audit keep it.
func TestNormaAplicable_decisionRegistradaAntesDePresentar(t *testing.T) {
	e := nuevoEntorno(t)
	ruta := e.reportarFueraDeVigencia()
	e.postOK("secretaria", ruta+"/iniciar", url.Values{"nota": {"datos revisados"}})
	e.postOK("secretaria", ruta+"/criterios", criteriosForm())
	e.postOK("secretaria", ruta+"/informes", url.Values{})
	sec := e.ingresar("secretaria")
	rec := e.pedir("POST", ruta+"/presentar", &sec, url.Values{})
	if rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), "registre la norma aplicable") {
		t.Fatalf("presentar sin la norma aplicable: %d", rec.Code)
	}
	doc := documento(t, e.pedir("GET", ruta, &sec, nil))
	if testid(doc, "aviso-vigencia").Length() != 1 || testid(doc, "form-norma").Length() != 1 || testid(doc, "norma-confirmada").Length() != 0 {
		t.Fatal("sin decisión, el aviso y el formulario de la norma no están")
	}
	com := e.ingresar("comite")
	if testid(documento(t, e.pedir("GET", ruta, &com, nil)), "form-norma").Length() != 0 {
		t.Error("el Comité ve el formulario de la norma aplicable")
	}
	if rec := e.pedir("POST", ruta+"/norma-aplicable", &sec, url.Values{"norma": {"  "}}); rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("norma vacía: %d", rec.Code)
	}
	texto := "Se aplica el Decreto Ley 920 de 2023 por ultraactividad mientras se expide la norma que lo sustituya."
	rec = e.pedir("POST", ruta+"/norma-aplicable", &sec, url.Values{"norma": {texto}})
	if rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "aviso=norma_registrada") {
		t.Fatalf("registrar la norma: %d %s", rec.Code, rec.Body.String())
	}
	doc = documento(t, e.pedir("GET", ruta, &sec, nil))
	if got := testid(doc, "norma-confirmada").Text(); testid(doc, "aviso-vigencia").Length() != 0 ||
		!strings.Contains(got, "Norma aplicable confirmada por Sara Secretaría (Secretaría Técnica) el 03/08/2026") || !strings.Contains(got, "ultraactividad") {
		t.Fatalf("la decisión registrada: %q", got)
	}
	if h := testid(doc, "historia").Text(); !strings.Contains(h, "Norma aplicable: Se aplica el Decreto Ley 920") || strings.Contains(h, "secretaria ") {
		t.Fatalf("la historia no muestra la decisión (o muestra el login): %q", h)
	}
	if e.contarAuditoria("caso.norma_aplicable") != 1 {
		t.Error("la decisión no quedó en la auditoría")
	}
	e.postOK("secretaria", ruta+"/presentar", url.Values{})

	// A case inside a validity has nothing to decide.
	*e.ahora = time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC)
	sec = e.ingresar("secretaria")
	otro := e.reportar("secretaria", formCaso(nitCaso))
	if rec := e.pedir("POST", otro+"/norma-aplicable", &sec, url.Values{"norma": {texto}}); rec.Code != http.StatusConflict {
		t.Fatalf("norma de un caso dentro de la vigencia: %d", rec.Code)
	}
}
