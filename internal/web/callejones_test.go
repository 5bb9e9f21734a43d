package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"comite/internal/flujo"
)

// The same fact as a closed case is warned too, with its link and saying it
// is closed; confirming that it is another fact records it.
func TestReportar_duplicadoDeUnCasoCerrado(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	primero := e.reportar("secretaria", formCaso(nitCaso))
	e.llevarHTTP(primero, flujo.Cerrado)
	s := e.ingresar("seccional")
	f := formCaso(nitCaso)
	f.Del("confirmar_duplicado")
	rec := e.pedir("POST", "/casos", &s, f)
	doc := documento(t, rec)
	aviso := testid(doc, "aviso-duplicado").Text()
	if rec.Code != http.StatusConflict || !strings.Contains(aviso, "cerrado") || testid(doc, "enlace-duplicado").AttrOr("href", "") != primero {
		t.Fatalf("sin aviso del caso cerrado: %d %q", rec.Code, aviso)
	}
	if n := e.contar(`SELECT count(*) FROM casos`); n != 1 {
		t.Fatalf("se registró el duplicado de un caso cerrado: %d casos", n)
	}
	f.Set("confirmar_duplicado", "si")
	f.Del("_csrf")
	e.reportar("seccional", f)
}

// A leve infraction is warned before saving; confirmed, it is saved.
func TestReportar_leveAvisaAntesDeGuardar(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	s := e.ingresar("seccional")
	if !strings.Contains(testid(documento(t, e.pedir("GET", "/casos/nuevo", &s, nil)), "ayuda-gravedad").Text(), "graves y gravísimas") {
		t.Error("el formulario no dice sobre qué infracciones actúa el Comité")
	}
	f := formCaso(nitCaso)
	f.Set("gravedad", "leve")
	rec := e.pedir("POST", "/casos", &s, f)
	doc := documento(t, rec)
	if rec.Code != http.StatusConflict || !strings.Contains(testid(doc, "aviso-leve").Text(), "solo se pronuncia sobre infracciones graves y gravísimas") || e.contar(`SELECT count(*) FROM casos`) != 0 {
		t.Fatalf("leve sin aviso previo: %d", rec.Code)
	}
	f.Set("confirmar_leve", "si")
	f.Del("_csrf")
	e.reportar("seccional", f)
}

// A step the state does not allow is not offered; the informe waits for
// every criterion, naming the missing ones; each change says what it did.
func TestCaso_pasosNoPermitidosNoSeOfrecen(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	ruta := e.reportar("secretaria", formCaso(nitCaso))
	e.postOK("secretaria", ruta+"/iniciar", url.Values{"nota": {"datos revisados"}})
	sec := e.ingresar("secretaria")
	// Empty criteria save nothing and say so.
	rec := e.pedir("POST", ruta+"/criterios", &sec, url.Values{})
	if rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "aviso=criterios_sin_cambios") {
		t.Fatalf("criterios vacíos: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	doc := documento(t, e.pedir("GET", ruta+"?aviso=criterios_sin_cambios", &sec, nil))
	if a := testid(doc, "aviso").Text(); strings.Contains(a, "guardados") || !strings.Contains(a, "No se guardó nada") {
		t.Fatalf("criterios vacíos: %q", a)
	}
	// Part of them: saved, not complete; no informe button, the missing ones named.
	parte := criteriosForm()
	parte.Del("perjuicio_estado")
	rec = e.pedir("POST", ruta+"/criterios", &sec, parte)
	if !strings.HasSuffix(rec.Header().Get("Location"), "aviso=criterios_incompletos") {
		t.Fatalf("criterios incompletos: %q", rec.Header().Get("Location"))
	}
	doc = documento(t, e.pedir("GET", ruta, &sec, nil))
	if testid(doc, "emitir-informe").Length() != 0 || !strings.Contains(testid(doc, "informe-pendiente").Text(), "«Perjuicio causado a los intereses del Estado»") {
		t.Fatalf("informe sin todos los criterios: %q", testid(doc, "informe-pendiente").Text())
	}
	if rec := e.pedir("POST", ruta+"/informes", &sec, url.Values{}); rec.Code != http.StatusConflict || e.contar(`SELECT count(*) FROM informes`) != 0 {
		t.Fatalf("informe emitido sin todos los criterios: %d", rec.Code)
	}
	rec = e.pedir("POST", ruta+"/criterios", &sec, criteriosForm())
	if !strings.HasSuffix(rec.Header().Get("Location"), "aviso=criterios_guardados") {
		t.Fatalf("criterios completos: %q", rec.Header().Get("Location"))
	}
	doc = documento(t, e.pedir("GET", ruta, &sec, nil))
	if testid(doc, "emitir-informe").Length() != 1 || testid(doc, "informe-pendiente").Length() != 0 {
		t.Fatal("con los criterios completos no se ofrece el informe")
	}
	// A closed case offers no closing form, and its route says why.
	e.postOK("secretaria", ruta+"/informes", url.Values{})
	e.postOK("secretaria", ruta+"/presentar", url.Values{})
	e.postOK("comite", e.rutaConcepto(ruta), conceptoForm("confirmar", "multa_incrementada"))
	if rec := e.pedir("GET", ruta+"/cierre", &sec, nil); rec.Code != http.StatusOK {
		t.Fatalf("formulario de cierre con el concepto emitido: %d", rec.Code)
	}
	e.postOK("secretaria", ruta+"/cierre", url.Values{"paso": {"confirmar"}, "fecha_rea": {"2026-03-02"}})
	rec = e.pedir("GET", ruta+"/cierre", &sec, nil)
	if rec.Code != http.StatusConflict || documento(t, rec).Find(`[data-testid="form-cierre"]`).Length() != 0 {
		t.Fatalf("formulario de cierre de un caso cerrado: %d", rec.Code)
	}
}
