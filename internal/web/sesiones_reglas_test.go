package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"comite/internal/flujo"
)

// dosCasosEnComite reports two cases and takes them to the Comité.
func (e *entorno) dosCasosEnComite() []string {
	e.t.Helper()
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	var casos []string
	for range 2 {
		f := formCaso(nitCaso)
		f.Set("confirmar_duplicado", "si")
		ruta := e.reportar("seccional", f)
		e.llevarHTTP(ruta, flujo.EnComite)
		casos = append(casos, strings.TrimPrefix(ruta, "/casos/"))
	}
	return casos
}

// convocar convenes a session as the Secretaría and returns its route.
func (e *entorno) convocar(f url.Values) string {
	e.t.Helper()
	sec := e.ingresar("secretaria")
	rec := e.pedir("POST", "/sesiones", &sec, f)
	if rec.Code != http.StatusSeeOther {
		e.t.Fatalf("convocar: %d %s", rec.Code, rec.Body.String())
	}
	ruta, aviso, _ := strings.Cut(rec.Header().Get("Location"), "?")
	if aviso != "aviso=sesion_convocada" {
		e.t.Fatalf("convocar no confirma lo que hizo: %q", aviso)
	}
	return ruta
}

func (e *entorno) numeroCaso(id string) string {
	var n string
	if err := e.d.QueryRow(`SELECT numero FROM casos WHERE id = ?`, id).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// A session in the future can be convened, given an agenda and postponed,
// not concluded; once held, its acta needs the quorum and every case of the
// agenda decided or postponed with its reason.
func TestSesion_actaSoloDeSesionCelebradaConQuorumYOrdenResuelto(t *testing.T) {
	e := nuevoEntorno(t)
	casos := e.dosCasosEnComite()
	e.postOK("admin", "/sesiones/quorum", url.Values{"quorum": {"3"}})
	f := formSesion()
	f.Set("fecha", "2026-03-20") // today is 02/03/2026
	sesion := e.convocar(f)
	for _, c := range casos {
		e.postOK("secretaria", sesion+"/orden", url.Values{"caso": {c}})
	}
	sec, com := e.ingresar("secretaria"), e.ingresar("comite")
	doc := documento(t, e.pedir("GET", sesion, &sec, nil))
	if testid(doc, "emitir-acta").Length() != 0 || !strings.Contains(testid(doc, "acta-pendiente").Text(), "aún no se ha celebrado") {
		t.Fatalf("una sesión futura ofrece emitir el acta: %q", testid(doc, "acta-pendiente").Text())
	}
	if doc.Find(`[data-testid^="registrar-"]`).Length() != 0 {
		t.Fatal("una sesión futura ofrece registrar conceptos")
	}
	rec := e.pedir("POST", sesion+"/actas", &sec, url.Values{})
	if rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), "aún no se ha celebrado") || e.contar(`SELECT count(*) FROM actas`) != 0 {
		t.Fatalf("acta de una sesión futura: %d", rec.Code)
	}
	rec = e.pedir("POST", sesion+"/casos/"+casos[0]+"/concepto", &com, conceptoForm("confirmar", "multa_incrementada"))
	if rec.Code == http.StatusSeeOther || e.contar(`SELECT count(*) FROM conceptos`) != 0 {
		t.Fatalf("concepto en una sesión futura: %d", rec.Code)
	}
	// Postponed: never to a past date, nor to an earlier one, nor without reason.
	for _, malo := range []url.Values{
		{"fecha": {"2026-03-01"}, "hora": {"09:30"}, "motivo_sesion": {"Agenda del Director"}},
		{"fecha": {"2026-03-19"}, "hora": {"09:30"}, "motivo_sesion": {"Agenda del Director"}},
		{"fecha": {"2026-03-25"}, "hora": {"09:30"}, "motivo_sesion": {"  "}},
	} {
		if rec := e.pedir("POST", sesion+"/aplazar", &sec, malo); rec.Code != http.StatusUnprocessableEntity {
			t.Fatalf("aplazamiento %v: %d", malo, rec.Code)
		}
	}
	rec = e.pedir("POST", sesion+"/aplazar", &sec, url.Values{"fecha": {"2026-03-25"}, "hora": {"10:00"}, "motivo_sesion": {"Agenda del Director"}})
	if rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "aviso=sesion_aplazada") {
		t.Fatalf("aplazar: %d %s", rec.Code, rec.Body.String())
	}
	doc = documento(t, e.pedir("GET", sesion, &sec, nil))
	if txt := testid(doc, "aplazamientos").Text(); !strings.Contains(txt, "Del 20/03/2026, 09:30 al 25/03/2026, 10:00: Agenda del Director (registró Sara Secretaría (Secretaría Técnica))") {
		t.Fatalf("aplazamiento: %q", txt)
	}
	// The day comes: without quorum there is no acta.
	*e.ahora = time.Date(2026, 3, 25, 15, 0, 0, 0, time.UTC)
	sec, com = e.ingresar("secretaria"), e.ingresar("comite")
	e.postOK("secretaria", sesion+"/asistencia", url.Values{"preside": {"Ana María Rojas"}, "secretario": {"Jorge Díaz"},
		"miembros": {"Ana María Rojas; Directora de Gestión de Fiscalización\nCarlos Pérez; Subdirector de Gestión Jurídica Aduanera"}})
	rec = e.pedir("POST", sesion+"/actas", &sec, url.Values{})
	if rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), "2 miembros presentes de 3 requeridos") {
		t.Fatalf("acta sin quórum: %d", rec.Code)
	}
	e.postOK("secretaria", sesion+"/asistencia", url.Values{"preside": {"Ana María Rojas"}, "secretario": {"Jorge Díaz"}, "miembros": formSesion()["miembros"]})
	e.postOK("comite", sesion+"/casos/"+casos[0]+"/concepto", conceptoForm("confirmar", "multa_incrementada"))
	// The second case has neither concepto nor reason.
	rec = e.pedir("POST", sesion+"/actas", &sec, url.Values{})
	if rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), e.numeroCaso(casos[1])) || e.contar(`SELECT count(*) FROM actas`) != 0 {
		t.Fatalf("acta con un caso sin resolver: %d", rec.Code)
	}
	if rec := e.pedir("POST", sesion+"/casos/"+casos[1]+"/aplazar", &sec, url.Values{"motivo": {""}}); rec.Code != http.StatusConflict {
		t.Fatalf("aplazar un caso sin motivo: %d", rec.Code)
	}
	if rec := e.pedir("POST", sesion+"/casos/"+casos[0]+"/aplazar", &sec, url.Values{"motivo": {"Otro"}}); rec.Code != http.StatusConflict {
		t.Fatalf("aplazar un caso ya decidido: %d", rec.Code)
	}
	e.postOK("secretaria", sesion+"/casos/"+casos[1]+"/aplazar", url.Values{"motivo": {"Falta la respuesta de la seccional"}})
	rec = e.pedir("POST", sesion+"/casos/"+casos[1]+"/concepto", &com, conceptoForm("confirmar", "multa_incrementada"))
	if rec.Code != http.StatusConflict || !strings.Contains(rec.Body.String(), "se aplazó") {
		t.Fatalf("concepto de un caso aplazado: %d", rec.Code)
	}
	rec = e.pedir("POST", sesion+"/actas", &sec, url.Values{})
	if rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "aviso=acta_emitida") || e.contar(`SELECT count(*) FROM actas`) != 1 {
		t.Fatalf("acta de una sesión celebrada con quórum y orden resuelto: %d %s", rec.Code, rec.Body.String())
	}
	doc = documento(t, e.pedir("GET", sesion+"?aviso=acta_emitida", &sec, nil))
	if !strings.Contains(testid(doc, "aviso").Text(), "Acta emitida") || !strings.Contains(testid(doc, "aplazado-"+e.numeroCaso(casos[1])).Text(), "Falta la respuesta") {
		t.Fatal("la sesión no confirma el acta o no muestra el caso aplazado")
	}
	if rec := e.pedir("POST", sesion+"/aplazar", &sec, url.Values{"fecha": {"2026-03-30"}, "hora": {"10:00"}, "motivo_sesion": {"x"}}); rec.Code != http.StatusConflict {
		t.Fatalf("aplazar una sesión que ya decidió: %d", rec.Code)
	}
	if e.contarAuditoria("sesion.aplazar") != 1 || e.contarAuditoria("sesion.aplazar_caso") != 1 {
		t.Error("faltan las filas de auditoría de los aplazamientos")
	}
}

// A correction fixes a material error of the session's record: never moves
// the concepto to another date, adds members or leaves it without quorum.
func TestCorreccion_soloErrorMaterialDeLaSesion(t *testing.T) {
	e := nuevoEntorno(t)
	casos := e.dosCasosEnComite()
	e.postOK("admin", "/sesiones/quorum", url.Values{"quorum": {"3"}})
	f := formSesion()
	f.Set("miembros", "Ana María Rojas; Directora de Gestión de Fiscalización\nCarlos Peres; Subdirector de Gestión Jurídica Aduanera\nLucía Gómez; Subdirectora de Fiscalización Aduanera")
	sesion := e.convocar(f)
	e.postOK("secretaria", sesion+"/orden", url.Values{"caso": {casos[0]}})
	com := e.ingresar("comite")
	rec := e.pedir("POST", sesion+"/casos/"+casos[0]+"/concepto", &com, conceptoForm("confirmar", "multa_incrementada"))
	if rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "aviso=concepto_registrado") {
		t.Fatalf("registrar el concepto: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	ruta := "/casos/" + casos[0] + "/concepto/correccion"
	doc := documento(t, e.pedir("GET", ruta, &com, nil))
	if !strings.Contains(testid(doc, "correccion-sesion").Text(), "SC-2026-00") || doc.Find(`[name="fecha_sesion"]`).Length() != 0 {
		t.Fatal("el formulario de corrección pide la fecha de una sesión")
	}
	bien := "Ana María Rojas (Directora de Gestión de Fiscalización)\nCarlos Pérez (Subdirector de Gestión Jurídica Aduanera)\nLucía Gómez (Subdirectora de Fiscalización Aduanera)"
	correccion := func(fecha, miembros string) url.Values {
		v := conceptoForm("confirmar", "multa_incrementada")
		v.Set("miembros", miembros)
		v.Set("motivo_correccion", "El apellido de Carlos Pérez quedó mal escrito.")
		if fecha == "" {
			v.Del("fecha_sesion")
		} else {
			v.Set("fecha_sesion", fecha)
		}
		return v
	}
	for _, c := range []struct{ fecha, miembros, quiere string }{
		{"2026-02-20", bien, "no lo traslada a otra fecha"},
		{"", "Ana María Rojas (Directora de Gestión de Fiscalización)\nCarlos Pérez (Subdirector de Gestión Jurídica Aduanera)", "2 miembros presentes de 3 requeridos"},
		{"", bien + "\nFulano de Tal (Contratista)", "no agregar miembros"},
	} {
		rec := e.pedir("POST", ruta, &com, correccion(c.fecha, c.miembros))
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), c.quiere) {
			t.Errorf("corrección %q: %d, falta %q", c.fecha, rec.Code, c.quiere)
		}
	}
	if n := e.contar(`SELECT count(*) FROM conceptos`); n != 1 {
		t.Fatalf("%d conceptos tras las correcciones rechazadas", n)
	}
	// The legal one: the session's date (not asked), the same members, one name mended.
	rec = e.pedir("POST", ruta, &com, correccion("", bien))
	if rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "aviso=concepto_corregido") {
		t.Fatalf("corrección de un nombre: %d %s", rec.Code, rec.Body.String())
	}
	var fs, miembros string
	var ses int64
	e.d.QueryRow(`SELECT fecha_sesion, miembros, sesion_id FROM conceptos WHERE corrige_id IS NOT NULL`).Scan(&fs, &miembros, &ses)
	if fs != "2026-03-02" || !strings.Contains(miembros, "Carlos Pérez") || "/sesiones/"+strconv.FormatInt(ses, 10) != sesion {
		t.Fatalf("la corrección: %s %s %d", fs, miembros, ses)
	}
}
