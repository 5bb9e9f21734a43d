package informe

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The informe as it goes into the expediente: its signature block names the
// signer by name, cargo and role; unsigned, it says so on page 1 and in
// every footer; signed, who and when; the evaluation it was computed from
// is attached byte for byte; its metadata are in the Info dictionary and in
// XMP; the same data give the same bytes.
func TestInforme_documentoParaElExpediente(t *testing.T) {
	d := datosEjemplo(t)
	pdf, err := PDF(d)
	if err != nil {
		t.Fatal(err)
	}
	otra, _ := PDF(datosEjemplo(t))
	if !bytes.Equal(pdf, otra) {
		t.Fatal("los mismos datos dieron bytes distintos")
	}
	archivo := escribirTemp(t, pdf)
	primera := strings.Join(strings.Fields(correr(t, herramienta(t, "pdftotext"), "-f", "1", "-l", "1", archivo, "-")), " ")
	if strings.Count(primera, SinFirmaDigital) < 2 { // the legend on the page and the footer
		t.Errorf("la primera página no dice dos veces %q (leyenda y pie):\n%s", SinFirmaDigital, primera)
	}
	todo := correr(t, herramienta(t, "pdftotext"), archivo, "-")
	if n := paginas(t, archivo); strings.Count(todo, SinFirmaDigital) < n+1 {
		t.Errorf("no todos los pies dicen %q", SinFirmaDigital)
	}
	plano := strings.Join(strings.Fields(todo), " ")
	for _, q := range []string{"Firmas", "Sara Ruiz Gómez", "Profesional especializada — Secretaría Técnica del Comité de Fiscalización"} {
		if !strings.Contains(plano, q) {
			t.Errorf("el bloque de firmas no dice %q", q)
		}
	}

	// The attached evaluation, byte for byte as stored.
	lista := correr(t, herramienta(t, "pdfdetach"), "-list", archivo)
	if !strings.Contains(lista, d.NombreAdjuntoEvaluacion()) {
		t.Fatalf("pdfdetach no lista la evaluación:\n%s", lista)
	}
	dir := t.TempDir()
	correr(t, herramienta(t, "pdfdetach"), "-saveall", "-o", dir, archivo)
	adj, err := os.ReadFile(filepath.Join(dir, d.NombreAdjuntoEvaluacion()))
	if err != nil || !bytes.Equal(adj, d.EvaluacionJSON) {
		t.Fatalf("el adjunto no es la evaluación guardada: %v (%d bytes de %d)", err, len(adj), len(d.EvaluacionJSON))
	}

	// Metadata: Info and XMP say the same.
	info := correr(t, herramienta(t, "pdfinfo"), archivo)
	for _, q := range []string{"Title:           Informe gerencial de resultados — Caso CF-2026-0007", "Subject:         Informe gerencial del caso CF-2026-0007",
		"Author:          Sara Ruiz Gómez"} {
		if !strings.Contains(info, q) {
			t.Errorf("pdfinfo no dice %q:\n%s", q, info)
		}
	}
	meta := correr(t, herramienta(t, "pdfinfo"), "-meta", archivo)
	for _, q := range []string{"<dc:title>", "Informe gerencial de resultados — Caso CF-2026-0007", "<dc:identifier>CF-2026-0007</dc:identifier>",
		"<rdf:li>es-CO</rdf:li>", "<rdf:li>Sara Ruiz Gómez, Profesional especializada (Secretaría Técnica) — Secretaría Técnica del Comité de Fiscalización</rdf:li>",
		"<xmp:CreateDate>2026-04-01T21:20:00Z</xmp:CreateDate>"} {
		if !strings.Contains(meta, q) {
			t.Errorf("el XMP no dice %q:\n%s", q, meta)
		}
	}

	// Signed (the subject of the certificate it is signed with right after).
	d.Emision.FirmaSujeto = "CN=Sara Ruiz Gómez,O=DIAN"
	firmado, err := PDF(d)
	if err != nil {
		t.Fatal(err)
	}
	txt := correr(t, herramienta(t, "pdftotext"), escribirTemp(t, firmado), "-")
	if strings.Contains(txt, SinFirmaDigital) || !regexp.MustCompile(`Firmado digitalmente \(PAdES\) por CN=Sara Ruiz Gómez,O=DIAN el 01/04/2026 16:20`).MatchString(txt) {
		t.Errorf("el informe firmado no dice quién firmó y cuándo:\n%s", txt[:min(len(txt), 1500)])
	}
}

// The acta: each decision with its resulting amount and article, the
// signature block with who presided, the secretary and the members present
// with their cargos, and its metadata.
func TestActa_decisionesConMontoYFirmas(t *testing.T) {
	d := datosEjemplo(t)
	a := Acta{Numero: "SC-2026-004", Fecha: d.Concepto.FechaSesion, Hora: "09:00", Modalidad: "Presencial", Lugar: "Sala 5",
		Preside: "Ana María Rojas", Secretario: "Jorge Díaz", Version: 1, EmitidoPor: "Sara Ruiz Gómez (Secretaría Técnica)",
		Instante: time.Date(2026, 4, 8, 18, 0, 0, 0, time.UTC),
		Puntos:   []PuntoActa{{Posicion: 1, Caso: "CF-2026-0007", RazonSocial: "Agencia", NIT: "800191045-1", Estado: "Concepto emitido", Concepto: d.Concepto}},
		Firmantes: []Firmante{{Nombre: "Ana María Rojas", Cargo: "Directora de Gestión de Fiscalización", Papel: "Preside la sesión"},
			{Nombre: "Jorge Díaz", Papel: "Secretario de la sesión"}}}
	a.Puntos[0].Resultado, a.Puntos[0].Fundamento = ResultadoDecision(d.Concepto.Decision, d.Nueva.SancionPrevista, d.Evaluacion.SancionIncrementada)
	pdf, err := PDFActa(a)
	if err != nil {
		t.Fatal(err)
	}
	archivo := escribirTemp(t, pdf)
	plano := strings.Join(strings.Fields(correr(t, herramienta(t, "pdftotext"), archivo, "-")), " ")
	for _, q := range []string{"Resultado Cancelación de la autorización, habilitación o registro, en lugar de la multa prevista ($ 10.475.000)",
		"Fundamento Decreto Ley 920 de 2023, art. 25", "Ana María Rojas Directora de Gestión de Fiscalización — Preside la sesión",
		"Jorge Díaz Secretario de la sesión", SinFirmaDigital} {
		if !strings.Contains(plano, q) {
			t.Errorf("el acta no dice %q", q)
		}
	}
	if meta := correr(t, herramienta(t, "pdfinfo"), "-meta", archivo); !strings.Contains(meta, "<dc:identifier>SC-2026-004</dc:identifier>") {
		t.Errorf("el XMP del acta:\n%s", meta)
	}
	// The fine with its increment, and the second route without it.
	res, fund := ResultadoDecision("multa_incrementada", d.Nueva.SancionPrevista, d.Evaluacion.SancionIncrementada)
	if !strings.Contains(res, "Multa prevista $ 10.475.000 + 1.000 UVT de 2026") || !strings.Contains(res, "= $ 62.849.000") || !strings.Contains(fund, "inc. 1") {
		t.Errorf("multa incrementada: %q (%s)", res, fund)
	}
	if res, _ := ResultadoDecision("sin_visto_bueno", d.Nueva.SancionPrevista, nil); !strings.Contains(res, "$ 10.475.000, sin el incremento de 1.000 UVT") {
		t.Errorf("sin visto bueno: %q", res)
	}
}
