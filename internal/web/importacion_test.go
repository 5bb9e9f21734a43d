package web

import (
	"bytes"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"comite/internal/importar"
)

// subir posts a file to /importar as a browser does (multipart, with the
// session's CSRF token in the form).
func (e *entorno) subir(s *sesion, clase, nombre string, contenido []byte) *httptest.ResponseRecorder {
	e.t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	w.WriteField("_csrf", s.csrf)
	w.WriteField("clase", clase)
	if nombre != "" {
		fw, err := w.CreateFormFile("archivo", nombre)
		if err != nil {
			e.t.Fatal(err)
		}
		fw.Write(contenido)
	}
	w.Close()
	return e.enviarMultipart(s, "/importar", &b, w.FormDataContentType())
}

func (e *entorno) contarActos() int {
	var n int
	e.d.QueryRow(`SELECT count(*) FROM actos`).Scan(&n)
	return n
}

const csvSancionesConErrores = "nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\r\n" +
	"800191045-1;RS-2026-0100;04/03/2025;grave;multa;$ 40.000.000;no\r\n" +
	"800191045-1;RS-2026-0101;22/07/2025;gravísima;multa;12,5,3;no\r\n" +
	"800191045-2;RS-2026-0102;28/11/2025;grave;multa;12.000.000;no\r\n"

const csvSancionesBien = "nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\r\n" +
	"800191045-1;RS-2026-0100;04/03/2025;grave;multa;$ 40.000.000;no\r\n" +
	"800191045-1;RS-2026-0101;22/07/2025;gravísima;multa;12.500.000,30;no\r\n" +
	"800191045-1;A;04/03/2025;grave;multa;41.000.000;no\r\n"

// An upload with bad rows: the preview names every row and field, and
// nothing is written (nor audited).
func TestImportacion_vistaPreviaConErroresNombraFilaYCampoYNoEscribe(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("secretaria")
	actos, auditoria := e.contarActos(), e.contarFilasAuditoria()
	rec := e.subir(&s, "sanciones", "sanciones.csv", []byte(csvSancionesConErrores))
	if rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/importar/") {
		t.Fatalf("subir: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	vista := rec.Header().Get("Location")
	rec = e.pedir("GET", vista, &s, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("vista previa: %d", rec.Code)
	}
	doc := documento(t, rec)
	if !strings.Contains(testid(doc, "resumen-errores").Text(), "2 problemas") {
		t.Fatalf("resumen = %q", testid(doc, "resumen-errores").Text())
	}
	quiere := []struct{ fila, campo, texto string }{
		{"3", "valor", "12,5,3"},
		{"4", "nit", "el correcto es 1"},
	}
	for i, q := range quiere {
		fila := testid(doc, "error-"+strconv.Itoa(i))
		if got := fila.Find(`[data-testid="error-fila"]`).Text(); got != q.fila {
			t.Errorf("error %d: fila %q, quiere %q", i, got, q.fila)
		}
		if got := fila.Find(`[data-testid="error-campo"]`).Text(); got != q.campo {
			t.Errorf("error %d: campo %q, quiere %q", i, got, q.campo)
		}
		if got := fila.Find(`[data-testid="error-mensaje"]`).Text(); !strings.Contains(got, q.texto) {
			t.Errorf("error %d: mensaje %q, quiere que contenga %q", i, got, q.texto)
		}
	}
	if testid(doc, "confirmar-importacion").Length() != 0 {
		t.Fatal("se ofrece confirmar un archivo con errores")
	}
	if testid(doc, "form-importar").Length() != 1 {
		t.Fatal("no se ofrece subir el archivo corregido")
	}
	if e.contarActos() != actos || e.contarFilasAuditoria() != auditoria {
		t.Fatal("la vista previa escribió algo")
	}
	// Confirming anyway writes nothing: it goes back to the preview.
	rec = e.pedir("POST", vista+"/confirmar", &s, url.Values{})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != vista || e.contarActos() != actos {
		t.Fatalf("confirmar un archivo con errores: %d %q", rec.Code, rec.Header().Get("Location"))
	}
}

// A clean file: the preview counts new/updated rows without writing; the
// confirmation writes them once, audited with the file's SHA-256.
func TestImportacion_confirmarEscribeUnaVez(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("secretaria")
	actos := e.contarActos()
	vista := e.subir(&s, "sanciones", "sanciones.csv", []byte(csvSancionesBien)).Header().Get("Location")
	doc := documento(t, e.pedir("GET", vista, &s, nil))
	quiere := map[string]string{"resumen-filas": "3", "resumen-nuevas": "2", "resumen-actualizadas": "1", "resumen-sin-cambios": "0"}
	for id, w := range quiere {
		if got := testid(doc, id).Find("strong").Text(); got != w {
			t.Errorf("%s = %q, quiere %q", id, got, w)
		}
	}
	if n := doc.Find(`[data-testid="tabla-muestra"] tbody tr`).Length(); n != 3 {
		t.Fatalf("la muestra tiene %d filas", n)
	}
	if !strings.Contains(doc.Find(`[data-testid="tabla-muestra"]`).Text(), "$ 12.500.000,30") {
		t.Fatal("la muestra no muestra el monto en formato es-CO")
	}
	if e.contarActos() != actos || e.contarAuditoria("importar.sanciones") != 0 {
		t.Fatal("la vista previa escribió")
	}
	rec := e.pedir("POST", vista+"/confirmar", &s, url.Values{})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != vista+"/resultado" {
		t.Fatalf("confirmar: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	if e.contarActos() != actos+2 || e.contarAuditoria("importar.sanciones") != 1 || e.contarAuditoria("acto.actualizar") != 1 {
		t.Fatalf("actos %d (antes %d), importaciones auditadas %d", e.contarActos(), actos, e.contarAuditoria("importar.sanciones"))
	}
	doc = documento(t, e.pedir("GET", vista+"/resultado", &s, nil))
	if got := testid(doc, "resultado-nuevas").Find("strong").Text(); got != "2" {
		t.Fatalf("resultado: nuevas = %q", got)
	}
	// A second confirmation (double click, back button) writes nothing more.
	rec = e.pedir("POST", vista+"/confirmar", &s, url.Values{})
	if !strings.Contains(rec.Header().Get("Location"), "/resultado") || e.contarAuditoria("importar.sanciones") != 1 {
		t.Fatalf("segunda confirmación: %q", rec.Header().Get("Location"))
	}
	if rec := e.pedir("GET", vista, &s, nil); !strings.HasSuffix(rec.Header().Get("Location"), "/resultado") {
		t.Fatalf("la vista previa de un archivo ya importado: %d %q", rec.Code, rec.Header().Get("Location"))
	}
}

// The uploaded file is bound to the session that uploaded it.
func TestImportacion_tokenDeOtraSesionEs404(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("secretaria")
	vista := e.subir(&s, "sanciones", "sanciones.csv", []byte(csvSancionesBien)).Header().Get("Location")
	otra := e.ingresar("secretaria")
	for _, r := range []struct{ metodo, ruta string }{{"GET", vista}, {"POST", vista + "/confirmar"}, {"POST", vista + "/descartar"}, {"GET", vista + "/resultado"}} {
		var form url.Values
		if r.metodo == "POST" {
			form = url.Values{}
		}
		if rec := e.pedir(r.metodo, r.ruta, &otra, form); rec.Code != http.StatusNotFound {
			t.Fatalf("%s %s desde otra sesión: %d", r.metodo, r.ruta, rec.Code)
		}
	}
	for _, malo := range []string{"/importar/..%2F..%2Fetc%2Fpasswd", "/importar/corto"} {
		if rec := e.pedir("GET", malo, &s, nil); rec.Code != http.StatusNotFound {
			t.Fatalf("%s: %d", malo, rec.Code)
		}
	}
	// Discarding forgets it.
	if rec := e.pedir("POST", vista+"/descartar", &s, url.Values{}); rec.Header().Get("Location") != "/importar?aviso=importacion_descartada" {
		t.Fatalf("descartar: %q", rec.Header().Get("Location"))
	}
	if rec := e.pedir("GET", vista, &s, nil); rec.Code != http.StatusNotFound {
		t.Fatalf("tras descartar: %d", rec.Code)
	}
}

func TestImportacion_soloCSVoXLSXYCampoObligatorio(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("secretaria")
	casos := []struct {
		nombre, clase, archivo, campo, texto string
		datos                                []byte
	}{
		{"pdf", "sanciones", "informe.pdf", "archivo", "Solo se aceptan archivos .csv o .xlsx", []byte("%PDF-1.4")},
		{"xls_viejo", "sanciones", "viejo.xls", "archivo", "Solo se aceptan", []byte("x")},
		{"sin_archivo", "sanciones", "", "archivo", "Elija el archivo", nil},
		{"vacio", "sanciones", "vacio.csv", "archivo", "vacío", []byte{}},
		{"sin_clase", "", "s.csv", "clase", "Elija qué contiene", []byte("nit\r\n")},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			rec := e.subir(&s, c.clase, c.archivo, c.datos)
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("estado %d", rec.Code)
			}
			if got := testid(documento(t, rec), "error-"+c.campo).Text(); !strings.Contains(got, c.texto) {
				t.Fatalf("error = %q", got)
			}
		})
	}
}

// The XLSX path: the usuarios template itself imports (its two users).
func TestImportacion_xlsxDeUsuarios(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("secretaria")
	xlsx, err := importar.Plantilla("usuarios", "xlsx")
	if err != nil {
		t.Fatal(err)
	}
	vista := e.subir(&s, "usuarios", "usuarios.xlsx", xlsx).Header().Get("Location")
	doc := documento(t, e.pedir("GET", vista, &s, nil))
	if testid(doc, "resumen-errores").Length() != 0 {
		t.Fatalf("errores: %s", doc.Find(`[data-testid="tabla-errores"]`).Text())
	}
	if !strings.Contains(testid(doc, "archivo-importado").Text(), "XLSX") || testid(doc, "resumen-filas").Find("strong").Text() != "2" {
		t.Fatalf("vista previa: %s", testid(doc, "archivo-importado").Text())
	}
	e.pedir("POST", vista+"/confirmar", &s, url.Values{})
	if _, err := e.d.UsuarioPorNIT(t.Context(), "899999068-1"); err != nil {
		t.Fatalf("no se importó: %v", err)
	}
}

func TestImportacion_plantillasYAyuda(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("secretaria")
	doc := documento(t, e.pedir("GET", "/importar", &s, nil))
	if !strings.Contains(testid(doc, "ayuda-formatos").Text(), "1.234.567,89") {
		t.Fatal("falta la ayuda de formatos")
	}
	for _, p := range importar.PlantillasDisponibles {
		for _, f := range []string{"csv", "xlsx"} {
			a := testid(doc, "plantilla-"+p+"-"+f)
			href, _ := a.Attr("href")
			rec := e.pedir("GET", href, &s, nil)
			if rec.Code != http.StatusOK || !strings.Contains(rec.Header().Get("Content-Disposition"), "attachment") {
				t.Fatalf("%s: %d %q", href, rec.Code, rec.Header().Get("Content-Disposition"))
			}
			cuerpo := rec.Body.Bytes()
			if f == "csv" && !bytes.HasPrefix(cuerpo, []byte("\ufeffnit;")) || f == "xlsx" && !bytes.HasPrefix(cuerpo, []byte("PK\x03\x04")) {
				t.Fatalf("%s: contenido inesperado", href)
			}
		}
	}
	if rec := e.pedir("GET", "/importar/plantillas/otra.csv", &s, nil); rec.Code != http.StatusNotFound {
		t.Fatalf("plantilla inexistente: %d", rec.Code)
	}
}

func TestImportacion_limiteDeTamano(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("secretaria")
	grande := bytes.Repeat([]byte("x"), LimiteImportacion+1)
	if rec := e.subir(&s, "sanciones", "grande.csv", grande); rec.Code != http.StatusRequestEntityTooLarge {
		t.Fatalf("estado %d, quiere 413", rec.Code)
	}
}

// The preview lists every problem of the file at once, as `comite importar`
// does: a row the file itself gets wrong (row 3, an amount) and a row only
// the database can reject (row 4, a NIT with a valid check digit that is not
// registered) appear together, in file order, on the first upload.
func TestImportacion_erroresDelArchivoYDeLaBaseALaVez(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("secretaria")
	csv := "nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\r\n" +
		"800191045-1;RS-2026-0100;04/03/2025;grave;multa;$ 40.000.000;no\r\n" +
		"800191045-1;RS-2026-0101;22/07/2025;gravísima;multa;12,5,3;no\r\n" +
		"900123456-8;RS-2026-0102;28/11/2025;grave;multa;12.000.000;no\r\n"
	rec := e.subir(&s, "sanciones", "sanciones.csv", []byte(csv))
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("subir: %d", rec.Code)
	}
	doc := documento(t, e.pedir("GET", rec.Header().Get("Location"), &s, nil))
	if got := testid(doc, "resumen-errores").Text(); !strings.Contains(got, "2 problemas") {
		t.Fatalf("resumen = %q", got)
	}
	for i, q := range []struct{ fila, texto string }{{"3", "12,5,3"}, {"4", "900123456-8"}} {
		fila := testid(doc, "error-"+strconv.Itoa(i))
		if got := fila.Find(`[data-testid="error-fila"]`).Text(); got != q.fila {
			t.Errorf("error %d: fila %q, quiere %q", i, got, q.fila)
		}
		if got := fila.Find(`[data-testid="error-mensaje"]`).Text(); !strings.Contains(got, q.texto) {
			t.Errorf("error %d: mensaje %q, quiere que contenga %q", i, got, q.texto)
		}
	}
}
