package web

import (
	"html"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"comite/internal/flujo"
	"comite/internal/pruebas"
)

var reEtiqueta = regexp.MustCompile(`<[^>]*>`)

var reSnake = regexp.MustCompile(`\b[a-z]+(_[a-z0-9]+)+\b`)

// sinCuentasNiCodigos fails when a text names an account by its login or
// shows an internal field name (snake_case).
func (e *entorno) sinCuentasNiCodigos(donde, texto string) {
	e.t.Helper()
	for login := range e.cuentas {
		if m := regexp.MustCompile(`(^|[^\pL\pN_.-])` + regexp.QuoteMeta(login) + `($|[^\pL\pN_-])`).FindStringIndex(texto); m != nil {
			i := m[0]
			e.t.Errorf("%s nombra la cuenta %q: …%s…", donde, login, texto[max(0, i-80):min(len(texto), i+80)])
		}
	}
	if m := reSnake.FindAllString(texto, 5); len(m) > 0 {
		e.t.Errorf("%s muestra nombres internos: %v", donde, m)
	}
}

// No page of a case, a session or the audit, and no document, names a
// person by login or shows an internal field name.
func TestPersonas_ningunDocumentoNiAuditoriaMuestraCuentasNiCodigos(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	ruta := e.reportar("seccional", formCaso(nitCaso))
	e.llevarHTTP(ruta, flujo.Cerrado)
	var rutaSesion string
	e.d.QueryRow(`SELECT '/sesiones/' || sesion_id FROM sesion_orden LIMIT 1`).Scan(&rutaSesion)
	e.postOK("secretaria", rutaSesion+"/actas", url.Values{})
	aud, sec := e.ingresar("auditor"), e.ingresar("secretaria")
	for _, p := range []struct {
		ruta string
		s    *sesion
	}{{ruta, &sec}, {rutaSesion, &sec}, {"/auditoria", &aud}} {
		doc := documento(t, e.pedir("GET", p.ruta, p.s, nil))
		// Every text node apart (cells of a table must not run together).
		h, _ := doc.Find("main").Html()
		texto := html.UnescapeString(reEtiqueta.ReplaceAllString(h, " "))
		if !strings.Contains(texto, "Sara Secretaría") && !strings.Contains(texto, "Sonia Seccional") {
			t.Errorf("la página %s no nombra a nadie: la prueba no vería una cuenta", p.ruta)
		}
		e.sinCuentasNiCodigos("la página "+p.ruta, texto)
	}
	pdftotext := pruebas.Herramienta(t, "poppler-utils", "pdftotext")
	for _, doc := range []string{ruta + "/informes/1", rutaSesion + "/actas/1"} {
		rec := e.pedir("GET", doc, &sec, nil)
		archivo := filepath.Join(t.TempDir(), "doc.pdf")
		if err := os.WriteFile(archivo, rec.Body.Bytes(), 0o600); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(pdftotext, archivo, "-").CombinedOutput()
		if err != nil {
			t.Fatalf("pdftotext %s: %v %s", doc, err, out)
		}
		if !strings.Contains(string(out), "Sara Secretaría") {
			t.Errorf("el PDF %s no nombra a quien lo emitió", doc)
		}
		e.sinCuentasNiCodigos("el PDF "+doc, string(out))
	}
}

// The administrator records the cargo of an account; the documents issued
// afterwards carry it in the signature block.
func TestCuenta_cargoEnElBloqueDeFirmas(t *testing.T) {
	e := nuevoEntorno(t)
	adm := e.ingresar("admin")
	ruta := "/admin/cuentas/" + strconv.FormatInt(e.cuentas["secretaria"].ID, 10)
	if rec := e.pedir("POST", ruta+"/cargo", &adm, url.Values{"cargo": {strings.Repeat("x", 201)}}); rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("cargo demasiado largo: %d", rec.Code)
	}
	rec := e.pedir("POST", ruta+"/cargo", &adm, url.Values{"cargo": {"Profesional especializada"}})
	if rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "aviso=cargo_guardado") {
		t.Fatalf("guardar el cargo: %d", rec.Code)
	}
	if v := testid(documento(t, e.pedir("GET", ruta, &adm, nil)), "form-cargo").Find(`input[name="cargo"]`).AttrOr("value", ""); v != "Profesional especializada" {
		t.Fatalf("el cargo guardado: %q", v)
	}
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	caso := e.reportar("seccional", formCaso(nitCaso))
	e.llevarHTTP(caso, flujo.EnComite)
	sec := e.ingresar("secretaria")
	pdf := e.pedir("GET", caso+"/informes/1", &sec, nil).Body.Bytes()
	archivo := filepath.Join(t.TempDir(), "informe.pdf")
	if err := os.WriteFile(archivo, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pruebas.Herramienta(t, "poppler-utils", "pdftotext"), archivo, "-").CombinedOutput()
	if err != nil {
		t.Fatal(err)
	}
	if txt := strings.Join(strings.Fields(string(out)), " "); !strings.Contains(txt, "Sara Secretaría Profesional especializada — Secretaría Técnica") {
		t.Fatalf("el bloque de firmas no lleva el cargo:\n%s", txt[max(0, len(txt)-900):])
	}
	if e.contarAuditoria("cuenta.cargo") != 1 {
		t.Error("el cargo no quedó en la auditoría")
	}
}
