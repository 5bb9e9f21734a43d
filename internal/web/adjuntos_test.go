package web

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"comite/internal/adjunto"
)

// adjuntar posts a file to ruta+"/adjuntos" as s, with a CSRF token unless
// sinCSRF.
func (e *entorno) adjuntar(s *sesion, ruta, tipo, nombre string, contenido []byte, sinCSRF bool) *httptest.ResponseRecorder {
	e.t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	if !sinCSRF {
		w.WriteField("_csrf", s.csrf)
	}
	w.WriteField("tipo", tipo)
	w.WriteField("descripcion", "Documento "+nombre)
	w.WriteField("fecha_documento", "01/03/2026")
	fw, err := w.CreateFormFile("archivo", nombre)
	if err != nil {
		e.t.Fatal(err)
	}
	fw.Write(contenido)
	w.Close()
	return e.enviarMultipart(s, ruta+"/adjuntos", &b, w.FormDataContentType())
}

// enviarMultipart posts a multipart body as s.
func (e *entorno) enviarMultipart(s *sesion, ruta string, cuerpo *bytes.Buffer, tipo string) *httptest.ResponseRecorder {
	req := httptest.NewRequest("POST", ruta, cuerpo)
	req.RemoteAddr = "127.0.0.1:5555"
	req.Header.Set("Content-Type", tipo)
	req.AddCookie(&http.Cookie{Name: cookieSesion, Value: s.token})
	rec := httptest.NewRecorder()
	e.app.ServeHTTP(rec, req)
	return rec
}

func TestAdjuntos_cadaTipoAceptadoSeListaYSeDescargaIgual(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	caso := e.reportar("seccional", formCaso(nitCaso))
	s := e.ingresar("seccional")
	nombres := map[adjunto.Formato]string{adjunto.PDF: "informe.pdf", adjunto.PNG: "foto.png", adjunto.JPEG: "foto.jpg",
		adjunto.XLSX: "cuadro.xlsx", adjunto.CSV: "datos.csv", adjunto.DOCX: "declaración final.docx"}
	for i, f := range adjunto.Formatos {
		datos := adjunto.Muestra(f, "prueba")
		rec := e.adjuntar(&s, caso, "documento_soporte", nombres[f], datos, false)
		if rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "aviso=adjunto_agregado") {
			t.Fatalf("%s: %d %s", f, rec.Code, rec.Body.String())
		}
		n := string(rune('1' + i))
		d := e.pedir("GET", caso+"/adjuntos/"+n, &s, nil)
		hd := d.Header()
		if d.Code != http.StatusOK || !bytes.Equal(d.Body.Bytes(), datos) || hd.Get("X-Content-Type-Options") != "nosniff" ||
			hd.Get("Content-Security-Policy") != politicaAdjunto || !strings.HasPrefix(hd.Get("Content-Disposition"), "attachment; filename=") ||
			hd.Get("Content-Type") != f.MIME() {
			t.Fatalf("%s: %d %v", f, d.Code, hd)
		}
	}
	if cd := e.pedir("GET", caso+"/adjuntos/6", &s, nil).Header().Get("Content-Disposition"); cd != `attachment; filename="declaraci_n_final.docx"; filename*=UTF-8''declaraci%C3%B3n_final.docx` {
		t.Fatalf("nombre: %q", cd)
	}
	doc := documento(t, e.pedir("GET", caso, &s, nil))
	if n := testid(doc, "tabla-adjuntos").Find("tbody tr").Length(); n != 6 {
		t.Fatalf("%d adjuntos en la página", n)
	}
	if !strings.Contains(testid(doc, "limites-adjunto").Text(), "10 MiB por archivo y 50 MiB por caso") {
		t.Fatal("la página no dice los límites")
	}
	if got := e.contarAuditoria("caso.adjuntar"); got != 6 {
		t.Fatalf("%d filas de auditoría", got)
	}
}

func TestAdjuntos_limitesTipoQueNoCoincideYCSRF(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	caso := e.reportar("seccional", formCaso(nitCaso))
	s := e.ingresar("secretaria")
	grande := append([]byte("a;b\n"), bytes.Repeat([]byte("x"), int(adjunto.MaxArchivo))...)
	casos := []struct {
		nombre, archivo string
		datos           []byte
		quiere          string
	}{
		{"por_archivo", "grande.csv", grande, "el límite por archivo es 10 MiB"},
		{"no_coincide", "informe.pdf", adjunto.Muestra(adjunto.PNG, "x"), "pero su contenido parece una imagen PNG"},
		{"html_como_pdf", "informe.pdf", []byte("<html><script>alert(1)</script></html>"), "parece una página HTML"},
	}
	for _, c := range casos {
		rec := e.adjuntar(&s, caso, "otro", c.archivo, c.datos, false)
		doc := documento(t, rec)
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(testid(doc, "error-adjunto").Text(), c.quiere) {
			t.Fatalf("%s: %d %q", c.nombre, rec.Code, testid(doc, "error-adjunto").Text())
		}
	}
	// The case's limit counts what is stored, withdrawn files included.
	id := strings.TrimPrefix(caso, "/casos/")
	if _, err := e.d.Exec(`INSERT INTO adjuntos(caso_id, numero, tipo, descripcion, nombre, formato, tamano, sha256, contenido, adjuntado_por, adjuntado_en)
		VALUES (?, 1, 'otro', 'relleno', 'r.csv', 'csv', ?, ?, zeroblob(?), 'secretaria', 'x')`, id, adjunto.MaxCaso-10, strings.Repeat("0", 64), adjunto.MaxCaso-10); err != nil {
		t.Fatal(err)
	}
	rec := e.adjuntar(&s, caso, "otro", "b.csv", []byte("a;b;c;d;e;f\n"), false)
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(testid(documento(t, rec), "error-adjunto").Text(), "50 MiB") {
		t.Fatalf("límite por caso: %d", rec.Code)
	}
	if rec := e.adjuntar(&s, caso, "otro", "a.csv", []byte("a;b\n"), true); rec.Code != http.StatusForbidden {
		t.Fatalf("sin CSRF: %d", rec.Code)
	}
	if n := e.contarAuditoria("caso.adjuntar"); n != 0 {
		t.Fatalf("%d adjuntos auditados de los rechazos", n)
	}
}

func TestAdjuntos_retiroConMotivoYAislamientoDeSeccional(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitBogota, seccionalBog)
	ajeno := e.reportar("secretaria", formCaso(nitBogota))
	sec := e.ingresar("secretaria")
	if rec := e.adjuntar(&sec, ajeno, "informe_seccional", "informe.pdf", adjunto.Muestra(adjunto.PDF, "x"), false); rec.Code != http.StatusSeeOther {
		t.Fatalf("%d %s", rec.Code, rec.Body.String())
	}
	// Withdrawal needs a reason; the file stays.
	if rec := e.pedir("POST", ajeno+"/adjuntos/1/retiro", &sec, url.Values{"motivo": {" "}}); rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("sin motivo: %d", rec.Code)
	}
	e.postOK("secretaria", ajeno+"/adjuntos/1/retiro", url.Values{"motivo": {"Se adjuntó el acta equivocada"}})
	doc := documento(t, e.pedir("GET", ajeno, &sec, nil))
	if !strings.Contains(testid(doc, "retiro-adjunto").Text(), "Se adjuntó el acta equivocada") {
		t.Fatal("la página no muestra el retiro")
	}
	if rec := e.pedir("GET", ajeno+"/adjuntos/1", &sec, nil); rec.Code != http.StatusOK {
		t.Fatalf("el retirado no se descarga: %d", rec.Code)
	}
	// Another Dirección Seccional: the same 404 as a missing file.
	s := e.ingresar("seccional")
	a := e.pedir("GET", ajeno+"/adjuntos/1", &s, nil)
	b := e.pedir("GET", "/casos/999999/adjuntos/1", &s, nil)
	c := e.pedir("GET", ajeno+"/adjuntos/2", &sec, nil)
	if a.Code != http.StatusNotFound || b.Code != http.StatusNotFound || c.Code != http.StatusNotFound {
		t.Fatalf("ajeno %d, sin caso %d, sin adjunto %d", a.Code, b.Code, c.Code)
	}
	if reIDSolicitud.ReplaceAllString(a.Body.String(), "") != reIDSolicitud.ReplaceAllString(b.Body.String(), "") {
		t.Fatal("la respuesta para el adjunto ajeno difiere de la de uno inexistente")
	}
	if rec := e.pedir("GET", ajeno, &s, nil); rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "informe.pdf") {
		t.Fatalf("la Seccional ve la lista de otra: %d", rec.Code)
	}
	if rec := e.pedir("POST", ajeno+"/adjuntos/1/retiro", &s, url.Values{"motivo": {"x"}}); rec.Code != http.StatusNotFound {
		t.Fatalf("la Seccional retira de otra: %d", rec.Code)
	}
	if rec := e.adjuntar(&s, ajeno, "otro", "a.csv", []byte("a;b\n"), false); rec.Code != http.StatusNotFound {
		t.Fatalf("la Seccional adjunta a otra: %d", rec.Code)
	}
}
