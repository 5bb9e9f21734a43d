package web

import (
	"comite/internal/dominio"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// sesionMatriz is a convened session (SC-2026-001) for the access matrix.
func (e *entorno) sesionMatriz() string {
	e.t.Helper()
	var id int64
	if e.d.QueryRow(`SELECT id FROM sesiones_comite ORDER BY id LIMIT 1`).Scan(&id) == nil {
		return strconv.FormatInt(id, 10)
	}
	// Convened through the application by the Secretaría, as the form does.
	s, err := expediente.Nuevo(e.d).ConvocarSesion(context.Background(), flujo.Sesion{Fecha: fecha.Debe(2026, 3, 2), Hora: "09:00", Modalidad: "presencial",
		Lugar: "Sala 5", Preside: "Ana María Rojas", Secretario: "Jorge Díaz"}, dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "secretaria"}, Rol: flujo.RolSecretaria})
	if err != nil {
		e.t.Fatal(err)
	}
	return strconv.FormatInt(s.ID, 10)
}

func formSesion() url.Values {
	return url.Values{"fecha": {"2026-03-02"}, "hora": {"09:30"}, "modalidad": {"mixta"}, "lugar": {"Sala 5, Nivel Central"},
		"preside": {"Ana María Rojas"}, "secretario": {"Jorge Díaz"},
		"miembros": {"Ana María Rojas; Directora de Gestión de Fiscalización\nCarlos Pérez; Subdirector de Gestión Jurídica Aduanera\nLucía Gómez; Subdirectora de Fiscalización Aduanera"}}
}

// The Comité's session by HTTP: convened, the agenda built with the cases
// en_comite, conceptos recorded inside it (with its date and members; none
// without quorum), the acta issued and downloaded as recorded.
func TestSesion_dominio3_porHTTP_quorumConceptosYActa(t *testing.T) {
	e := nuevoEntorno(t)
	casos := e.dosCasosEnComite()
	sec := e.ingresar("secretaria")
	rec := e.pedir("POST", "/sesiones", &sec, formSesion())
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("convocar: %d %s", rec.Code, rec.Body.String())
	}
	sesion, _, _ := strings.Cut(rec.Header().Get("Location"), "?")
	for _, c := range casos {
		e.postOK("secretaria", sesion+"/orden", url.Values{"caso": {c}})
	}
	com := e.ingresar("comite")
	doc := documento(t, e.pedir("GET", sesion, &com, nil))
	if n := testid(doc, "orden-del-dia").Find("tbody tr").Length(); n != 2 {
		t.Fatalf("orden del día con %d casos", n)
	}
	if !strings.Contains(testid(doc, "quorum").Text(), "no ha configurado") || doc.Find(`[data-testid^="registrar-"]`).Length() != 0 {
		t.Fatal("sin quórum configurado la sesión ofrece registrar conceptos")
	}
	// Without quorum the store refuses even a direct POST.
	concepto := sesion + "/casos/" + casos[0] + "/concepto"
	rec = e.pedir("POST", concepto, &com, conceptoForm("confirmar", "multa_incrementada"))
	if rec.Code != http.StatusConflict || e.contar(`SELECT count(*) FROM conceptos`) != 0 {
		t.Fatalf("sin quórum: %d, %d conceptos", rec.Code, e.contar(`SELECT count(*) FROM conceptos`))
	}
	e.postOK("admin", "/sesiones/quorum", url.Values{"quorum": {"4"}})
	rec = e.pedir("POST", concepto, &com, conceptoForm("confirmar", "multa_incrementada"))
	if rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), "3 miembros presentes de 4 requeridos") {
		t.Fatalf("3 de 4: %d", rec.Code)
	}
	e.postOK("admin", "/sesiones/quorum", url.Values{"quorum": {"3"}})
	// The form does not ask the date or the members: they come from the session.
	doc = documento(t, e.pedir("GET", concepto, &com, nil))
	if testid(doc, "concepto-sesion").Length() != 1 || doc.Find(`[name="fecha_sesion"]`).Length() != 0 || doc.Find(`textarea[name="miembros"]`).Length() != 0 {
		t.Fatal("el formulario del concepto en sesión pide fecha o miembros")
	}
	// CSRF: a forged form records nothing.
	malo := conceptoForm("confirmar", "multa_incrementada")
	malo.Set("_csrf", "inventado-inventado-inventado-inventado")
	if rec := e.pedir("POST", concepto, &com, malo); rec.Code != http.StatusForbidden {
		t.Fatalf("CSRF inválido: %d", rec.Code)
	}
	for i, c := range casos {
		f := conceptoForm("confirmar", []string{"multa_incrementada", "cancelacion"}[i])
		f.Set("fecha_sesion", "2026-01-01") // ignored
		e.postOK("comite", sesion+"/casos/"+c+"/concepto", f)
	}
	var miembros, fs string
	e.d.QueryRow(`SELECT miembros, fecha_sesion FROM conceptos WHERE caso_id = ?`, casos[0]).Scan(&miembros, &fs)
	if fs != "2026-03-02" || !strings.Contains(miembros, "Lucía Gómez (Subdirectora de Fiscalización Aduanera)") {
		t.Fatalf("el concepto no lleva la fecha y los miembros de la sesión: %s %s", fs, miembros)
	}
	// The auditor reads, cannot issue; the Secretaría issues the acta.
	aud := e.ingresar("auditor")
	if rec := e.pedir("POST", sesion+"/actas", &aud, url.Values{}); rec.Code != http.StatusForbidden {
		t.Fatalf("el auditor emitió el acta: %d", rec.Code)
	}
	e.postOK("secretaria", sesion+"/actas", url.Values{})
	doc = documento(t, e.pedir("GET", sesion, &aud, nil))
	if !strings.Contains(testid(doc, "actas").Text(), "sin firma electrónica") {
		t.Fatalf("el acta sin certificado no lo dice: %s", testid(doc, "actas").Text())
	}
	rec = e.pedir("GET", sesion+"/actas/1", &aud, nil)
	suma := sha256.Sum256(rec.Body.Bytes())
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/pdf" || rec.Header().Get("X-Content-SHA256") != hex.EncodeToString(suma[:]) {
		t.Fatalf("descarga del acta: %d %s", rec.Code, rec.Header())
	}
	if e.contarAuditoria("sesion.acta") != 1 || e.contarAuditoria("sesion.orden") != 2 || e.contarAuditoria("parametro.quorum") != 2 {
		t.Error("faltan filas de auditoría de la sesión")
	}
}
