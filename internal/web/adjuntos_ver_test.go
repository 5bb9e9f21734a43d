package web

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"comite/internal/adjunto"
)

// The viewer shows a PDF and an image sandboxed, the image without the
// EXIF of the original, which is downloaded identical; a flagged PDF and a
// spreadsheet are not shown; another Dirección Seccional gets 404.
func TestAdjuntos_visorAisladoSinMetadatos(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	caso := e.reportar("seccional", formCaso(nitCaso))
	s := e.ingresar("seccional")
	const gps = "GPS 10.3910 -75.4794"
	foto := adjunto.FotoConExif("foto", gps)
	pdf := adjunto.Muestra(adjunto.PDF, "Acta")
	conJS := bytes.Replace(adjunto.Muestra(adjunto.PDF, "x"), []byte("/Type /Catalog"), []byte("/Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >>"), 1)
	for i, a := range []struct {
		tipo, nombre string
		datos        []byte
	}{{"fotografia", "foto.jpg", foto}, {"acta_inspeccion", "acta.pdf", pdf}, {"otro", "js.pdf", conJS}, {"documento_soporte", "datos.csv", []byte("a;b\n1;2\n")}} {
		if rec := e.adjuntar(&s, caso, a.tipo, a.nombre, a.datos, false); rec.Code != http.StatusSeeOther {
			t.Fatalf("adjunto %d: %d %s", i+1, rec.Code, rec.Body.String())
		}
	}
	com := e.ingresar("secretaria")
	doc := documento(t, e.pedir("GET", caso, &com, nil))
	for n, quiere := range map[string]bool{"1": true, "2": true, "3": false, "4": false} {
		if got := testid(doc, "ver-adjunto-"+n).Length() == 1; got != quiere {
			t.Errorf("enlace «Ver» del adjunto %s: %v", n, got)
		}
	}

	// The image: the viewer page, sandboxed, frames the re-encoded copy.
	v := e.pedir("GET", caso+"/adjuntos/1/visor", &com, nil)
	if v.Code != http.StatusOK || v.Header().Get("Content-Security-Policy") != politicaVisor || strings.Contains(v.Body.String(), "app.js") {
		t.Fatalf("visor: %d %v", v.Code, v.Header())
	}
	img := testid(documento(t, v), "visor-imagen").AttrOr("src", "")
	if img != caso+"/adjuntos/1/contenido" {
		t.Fatalf("imagen del visor: %q", img)
	}
	m := e.pedir("GET", img, &com, nil)
	hd := m.Header()
	if m.Code != http.StatusOK || hd.Get("Content-Type") != "image/jpeg" || hd.Get("Content-Security-Policy") != politicaContenido ||
		hd.Get("X-Content-Type-Options") != "nosniff" || !strings.HasPrefix(hd.Get("Content-Disposition"), "inline;") {
		t.Fatalf("imagen mostrada: %d %v", m.Code, hd)
	}
	if bytes.Contains(m.Body.Bytes(), []byte(gps)) || bytes.Contains(m.Body.Bytes(), []byte("Exif")) {
		t.Fatal("la imagen mostrada conserva el EXIF del original")
	}
	if d := e.pedir("GET", caso+"/adjuntos/1", &com, nil); !bytes.Equal(d.Body.Bytes(), foto) {
		t.Fatal("la descarga no es el original idéntico")
	}

	// The PDF: framed sandboxed, served as stored.
	v = e.pedir("GET", caso+"/adjuntos/2/visor", &com, nil)
	marco := testid(documento(t, v), "visor-pdf")
	if src, ok := marco.Attr("sandbox"); !ok || src != "" || marco.AttrOr("src", "") != caso+"/adjuntos/2/contenido" {
		t.Fatalf("marco del PDF: %s", v.Body.String())
	}
	if m := e.pedir("GET", caso+"/adjuntos/2/contenido", &com, nil); !bytes.Equal(m.Body.Bytes(), pdf) || m.Header().Get("Content-Security-Policy") != politicaContenido {
		t.Fatalf("PDF mostrado: %d %v", m.Code, m.Header())
	}

	// Flagged PDF and a spreadsheet: the viewer says why, no content route.
	for _, n := range []string{"3", "4"} {
		v := e.pedir("GET", caso+"/adjuntos/"+n+"/visor", &com, nil)
		if testid(documento(t, v), "visor-sin-vista").Length() != 1 {
			t.Errorf("adjunto %s: el visor no dice por qué no lo muestra", n)
		}
		if m := e.pedir("GET", caso+"/adjuntos/"+n+"/contenido", &com, nil); m.Code != http.StatusNotFound {
			t.Errorf("adjunto %s mostrado: %d", n, m.Code)
		}
	}
	if !strings.Contains(testid(documento(t, e.pedir("GET", caso+"/adjuntos/3/visor", &com, nil)), "visor-sin-vista").Text(), "JavaScript") {
		t.Error("el visor no dice que el PDF trae JavaScript")
	}

	// Another Dirección Seccional: 404 like a missing file.
	e.sembrarUsuarioCaso(nitBogota, seccionalBog)
	ajeno := e.reportar("secretaria", formCaso(nitBogota))
	sec := e.ingresar("secretaria")
	if rec := e.adjuntar(&sec, ajeno, "fotografia", "f.jpg", foto, false); rec.Code != http.StatusSeeOther {
		t.Fatal(rec.Code)
	}
	for _, r := range []string{ajeno + "/adjuntos/1/visor", ajeno + "/adjuntos/1/contenido"} {
		if rec := e.pedir("GET", r, &s, nil); rec.Code != http.StatusNotFound {
			t.Errorf("%s para otra Seccional: %d", r, rec.Code)
		}
	}
}

// The calendar feed carries deadlines, never the evidence: no attachment's
// description, name, hash or content appears in the .ics of an account
// that sees the case.
func TestCalendario_sinContenidoDeLosAdjuntos(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	caso := e.reportar("seccional", formCaso(nitCaso))
	s := e.ingresar("seccional")
	datos := adjunto.Muestra(adjunto.PDF, "Contenido reservado del informe XYZZY")
	if rec := e.adjuntar(&s, caso, "informe_seccional", "informe-reservado-QWERTY.pdf", datos, false); rec.Code != http.StatusSeeOther {
		t.Fatalf("%d %s", rec.Code, rec.Body.String())
	}
	for _, usuario := range []string{"seccional", "secretaria"} {
		cuerpo := e.feed(e.tokenDe(usuario)).Body.String()
		if usuario == "secretaria" && !strings.Contains(cuerpo, "BEGIN:VEVENT") {
			t.Fatalf("%s: el feed no tiene el vencimiento del caso:\n%s", usuario, cuerpo)
		}
		for _, no := range []string{"XYZZY", "QWERTY", "Documento informe-reservado", huella(datos), "ATTACH", "adjuntos/"} {
			if strings.Contains(cuerpo, no) {
				t.Errorf("%s: el feed lleva %q", usuario, no)
			}
		}
	}
}
