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

// reportarConInforme posts the report form as multipart, with the file
// given as the Dirección Seccional's informe when nombre is not empty.
func (e *entorno) reportarConInforme(s *sesion, form url.Values, nombre string, datos []byte) *httptest.ResponseRecorder {
	e.t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	w.WriteField("_csrf", s.csrf)
	for k, vs := range form {
		for _, v := range vs {
			w.WriteField(k, v)
		}
	}
	if nombre != "" {
		fw, err := w.CreateFormFile("informe_archivo", nombre)
		if err != nil {
			e.t.Fatal(err)
		}
		fw.Write(datos)
	}
	w.Close()
	return e.enviarMultipart(s, "/casos", &b, w.FormDataContentType())
}

// File 004: the Dirección Seccional sends "un informe junto con las pruebas
// y demás antecedentes de los hechos"; a report without the informe says why.
func TestReportar_informeDeLaSeccional(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	s := e.ingresar("seccional")
	sinMotivo := formCaso(nitCaso)
	sinMotivo.Del("motivo_sin_informe")

	t.Run("sin informe ni motivo se pide uno de los dos y no se escribe nada", func(t *testing.T) {
		rec := e.reportarConInforme(&s, sinMotivo, "", nil)
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "Adjunte el informe de la Dirección Seccional o escriba por qué no lo adjunta.") {
			t.Fatalf("%d %s", rec.Code, rec.Body.String())
		}
		if n := e.contar(`SELECT count(*) FROM casos`); n != 0 {
			t.Fatalf("%d casos", n)
		}
	})
	t.Run("un informe que no es lo que dice su nombre no deja el caso a medias", func(t *testing.T) {
		rec := e.reportarConInforme(&s, sinMotivo, "informe.pdf", adjunto.Muestra(adjunto.PNG, "x"))
		doc := documento(t, rec)
		if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(testid(doc, "error-informe_archivo").Text(), "su contenido parece una imagen PNG") ||
			!strings.Contains(testid(doc, "informe-elegido").Text(), "informe.pdf") {
			t.Fatalf("%d %s", rec.Code, rec.Body.String())
		}
		if n := e.contar(`SELECT count(*) FROM casos`) + e.contar(`SELECT count(*) FROM adjuntos`); n != 0 {
			t.Fatalf("quedaron %d filas", n)
		}
	})
	t.Run("con el informe adjunto queda como informe de la Seccional", func(t *testing.T) {
		pdf := adjunto.Muestra(adjunto.PDF, "Informe de la Seccional Cartagena")
		rec := e.reportarConInforme(&s, sinMotivo, "informe seccional.pdf", pdf)
		m := reCaso.FindStringSubmatch(rec.Header().Get("Location"))
		if rec.Code != http.StatusSeeOther || m == nil {
			t.Fatalf("%d %s", rec.Code, rec.Body.String())
		}
		var tipo, desc string
		var contenido []byte
		if err := e.d.QueryRow(`SELECT tipo, descripcion, contenido FROM adjuntos WHERE caso_id = ? AND numero = 1`, m[1]).Scan(&tipo, &desc, &contenido); err != nil {
			t.Fatal(err)
		}
		if tipo != string(adjunto.InformeSeccional) || desc != "Informe de la Dirección Seccional al reportar el caso" || !bytes.Equal(contenido, pdf) {
			t.Fatalf("%s %q %d bytes", tipo, desc, len(contenido))
		}
		if got := e.contarAuditoria("caso.adjuntar"); got != 1 {
			t.Fatalf("%d filas de auditoría del adjunto", got)
		}
		doc := documento(t, e.pedir("GET", "/casos/"+m[1], &s, nil))
		if !strings.Contains(testid(doc, "adjuntos").Text(), "Informe de la Dirección Seccional al reportar el caso") {
			t.Fatal("la página del caso no lista el informe")
		}
	})
	t.Run("sin informe el motivo queda en la historia y en la auditoría", func(t *testing.T) {
		con := formCaso(nitCaso)
		con.Set("motivo_sin_informe", "El informe está en firma del Director Seccional.")
		rec := e.reportarConInforme(&s, con, "", nil)
		m := reCaso.FindStringSubmatch(rec.Header().Get("Location"))
		if rec.Code != http.StatusSeeOther || m == nil {
			t.Fatalf("%d %s", rec.Code, rec.Body.String())
		}
		if n := e.contar(`SELECT count(*) FROM caso_eventos WHERE caso_id = ? AND detalle_json LIKE '%sin el informe de la Dirección Seccional adjunto; motivo: El informe está en firma del Director Seccional.%'`, m[1]); n != 1 {
			t.Fatalf("%d filas de la historia con el motivo", n)
		}
		if n := e.contar(`SELECT count(*) FROM auditoria WHERE accion = 'caso.reportar' AND detalle_json LIKE '%motivo_sin_informe%firma del Director%'`); n != 1 {
			t.Fatalf("%d filas de auditoría con el motivo", n)
		}
		doc := documento(t, e.pedir("GET", "/casos/"+m[1], &s, nil))
		if !strings.Contains(doc.Text(), "El informe está en firma del Director Seccional.") {
			t.Fatal("la página del caso no muestra el motivo")
		}
	})
}
