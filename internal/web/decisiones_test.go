package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"comite/internal/flujo"
)

// TestReportar_casoAbiertoDuplicado: a second open case of the same NIT and
// commission date is not recorded at once: the form warns and links to the
// first; confirming that it is another fact records it, and the history says so.
func TestReportar_casoAbiertoDuplicado(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	primero := e.reportar("seccional", formCaso(nitCaso))
	s := e.ingresar("seccional")
	f := formCaso(nitCaso)
	f.Del("confirmar_duplicado")
	rec := e.pedir("POST", "/casos", &s, f)
	doc := documento(t, rec)
	if rec.Code != http.StatusConflict || testid(doc, "aviso-duplicado").Length() != 1 {
		t.Fatalf("sin aviso: %d", rec.Code)
	}
	// Said once: in its box, not again as the error of the form.
	if n := strings.Count(doc.Find("main").Text(), "misma fecha de comisión"); n != 1 {
		t.Fatalf("el aviso de duplicado aparece %d veces", n)
	}
	if href, _ := testid(doc, "enlace-duplicado").Attr("href"); href != primero {
		t.Fatalf("el aviso enlaza a %q, quiere %q", href, primero)
	}
	if n := e.contar(`SELECT count(*) FROM casos`); n != 1 {
		t.Fatalf("se registró el duplicado: %d casos", n)
	}
	// Another commission date is another fact: no warning.
	otro := formCaso(nitCaso)
	otro.Del("confirmar_duplicado")
	otro.Set("fecha_comision", "2026-02-11")
	e.reportar("seccional", otro)
	// Confirmed as another fact on the same date.
	f.Set("confirmar_duplicado", "si")
	f.Del("_csrf")
	segundo := e.reportar("seccional", f)
	if segundo == primero || !strings.Contains(testid(documento(t, e.pedir("GET", segundo, &s, nil)), "historia").Text(), "hecho distinto") {
		t.Fatal("la historia no dice que se confirmó como otro hecho")
	}
}

// TestSegundaRuta_porHTTP_sinVistoBuenoCierraConLaMultaPrevista: the page
// shows the route from the report on, asks for the six aspects, offers only
// the second route's decisions, and closes with the foreseen fine without
// the 1.000 UVT increment; page and informe agree.
func TestSegundaRuta_porHTTP_sinVistoBuenoCierraConLaMultaPrevista(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	f := formCaso(nitCaso)
	f.Set("permite_cancelacion", "si")
	ruta := e.reportar("seccional", f)
	sec := e.ingresar("secretaria")
	doc := documento(t, e.pedir("GET", ruta, &sec, nil))
	if !strings.Contains(testid(doc, "resultado").Text(), "cancelación en sustitución") {
		t.Fatalf("la página no muestra la segunda ruta: %q", testid(doc, "resultado").Text())
	}
	e.postOK("secretaria", ruta+"/iniciar", url.Values{})
	crit := url.Values{}
	for _, k := range flujo.CriteriosDe(true) {
		crit.Set(k.Clave, "Texto de la Secretaría sobre "+k.Etiqueta+".")
	}
	doc = documento(t, e.pedir("GET", ruta, &sec, nil))
	if !strings.Contains(testid(doc, "criterios").Text(), "Incidencia penal") {
		t.Fatal("la página no pide los aspectos de la segunda ruta")
	}
	e.postOK("secretaria", ruta+"/criterios", crit)
	e.postOK("secretaria", ruta+"/informes", url.Values{})
	e.postOK("secretaria", ruta+"/presentar", url.Values{})
	com := e.ingresar("comite")
	concepto := e.rutaConcepto(ruta)
	doc = documento(t, e.pedir("GET", concepto, &com, nil))
	if testid(doc, "decision-sin_visto_bueno").Length() != 1 || testid(doc, "decision-visto_bueno_cancelacion").Length() != 1 || testid(doc, "decision-multa").Length() != 0 {
		t.Fatal("el formulario no ofrece las decisiones de la segunda ruta")
	}
	e.postOK("comite", concepto, conceptoForm("confirmar", "sin_visto_bueno"))
	rec := e.pedir("POST", ruta+"/cierre", &sec, url.Values{"paso": {"revisar"}, "fecha_rea": {"2026-03-02"}})
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "$ 10.475.000") || strings.Contains(rec.Body.String(), "62.849.000") {
		t.Fatalf("propuesta: %d", rec.Code)
	}
	e.postOK("secretaria", ruta+"/cierre", url.Values{"paso": {"confirmar"}, "fecha_rea": {"2026-03-02"}})
	doc = documento(t, e.pedir("GET", ruta, &sec, nil))
	if got := testid(doc, "propuesta-total").Text(); !strings.Contains(got, "$ 10.475.000") {
		t.Fatalf("total = %q", got)
	}
	if !strings.Contains(testid(doc, "propuesta").Text(), "Sin visto bueno") {
		t.Fatalf("propuesta = %q", testid(doc, "propuesta").Text())
	}
	inf := e.pedir("GET", ruta+"/informe", &sec, nil).Body.String()
	if !strings.Contains(inf, "Incidencia penal de la conducta") || strings.Contains(inf, "62.849.000") {
		t.Fatal("el informe no coincide con la segunda ruta")
	}
}
