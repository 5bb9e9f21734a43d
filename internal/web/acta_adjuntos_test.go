package web

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"comite/internal/adjunto"
	"comite/internal/flujo"
	"comite/internal/pruebas"
)

func huella(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// The acta lists, for each case decided in the session, the files of its
// expediente (kind, description, date, SHA-256), in the PDF (pdftotext)
// and on the session's page.
func TestActa_listaLosAdjuntosDeCadaCasoDecidido(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	sec := e.ingresar("seccional")
	informePDF := adjunto.Muestra(adjunto.PDF, "Informe de la Seccional")
	f := formCaso(nitCaso)
	f.Del("motivo_sin_informe")
	rec := e.reportarConInforme(&sec, f, "informe.pdf", informePDF)
	m := reCaso.FindStringSubmatch(rec.Header().Get("Location"))
	if rec.Code != http.StatusSeeOther || m == nil {
		t.Fatalf("reportar: %d %s", rec.Code, rec.Body.String())
	}
	caso := "/casos/" + m[1]
	secr := e.ingresar("secretaria")
	acta := adjunto.Muestra(adjunto.PDF, "Acta de inspeccion")
	if rec := e.adjuntar(&secr, caso, "acta_inspeccion", "acta.pdf", acta, false); rec.Code != http.StatusSeeOther {
		t.Fatalf("adjuntar el acta de inspección: %d %s", rec.Code, rec.Body.String())
	}
	e.llevarHTTP(caso, flujo.ConceptoEmitido)
	sesion := strings.TrimSuffix(e.rutaConcepto(caso), "/casos/"+m[1]+"/concepto")
	e.postOK("secretaria", sesion+"/actas", url.Values{})

	com := e.ingresar("comite")
	doc := documento(t, e.pedir("GET", sesion, &com, nil))
	var numero string
	if err := e.d.QueryRow(`SELECT numero FROM casos WHERE id = ?`, m[1]).Scan(&numero); err != nil {
		t.Fatal(err)
	}
	tabla := testid(doc, "adjuntos-"+numero).Text()
	for _, quiere := range []string{"Informe de la Dirección Seccional", "Acta de inspección o aprehensión", "Documento acta.pdf", "01/03/2026", huella(informePDF), huella(acta)} {
		if !strings.Contains(tabla, quiere) {
			t.Errorf("la página de la sesión no dice %q: %s", quiere, tabla)
		}
	}

	pdf := e.pedir("GET", sesion+"/actas/1", &com, nil)
	if pdf.Code != http.StatusOK {
		t.Fatalf("acta: %d", pdf.Code)
	}
	texto := textoDePDF(t, pdf.Body.Bytes())
	for _, quiere := range []string{"Pruebas y antecedentes adjuntos al caso:", "Informe de la Dirección Seccional", "Acta de inspección o aprehensión",
		"01/03/2026", huella(informePDF) + " adjunto 1", huella(acta) + " adjunto 2"} {
		if !strings.Contains(texto, quiere) {
			t.Errorf("el acta no dice %q:\n%s", quiere, texto)
		}
	}
}

// textoDePDF is the text of a PDF as pdftotext reads it, spaces collapsed.
func textoDePDF(t *testing.T, pdf []byte) string {
	t.Helper()
	arch := filepath.Join(t.TempDir(), "documento.pdf")
	if err := os.WriteFile(arch, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pruebas.Herramienta(t, "poppler-utils", "pdftotext"), arch, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(string(out)), " ")
}
