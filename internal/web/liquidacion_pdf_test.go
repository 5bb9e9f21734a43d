package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The calculator's result is offered as a PDF with the same query: the
// total, every step with its fundamento (art. 22 for the concurrence,
// dominio §5) and the text of each rule cited, read back with pdftotext.
func TestLiquidacion_PDFconPasosYCitas(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("comite")
	q := url.Values{"regimen": {"aduanero"}, "fecha": {"04/05/2026"},
		"codigo_1": {"D920-36-2.1"}, "sancion_1": {"multa"}, "valor_1": {"20.000.000"}, "unidad_1": {"cop"},
		"codigo_2": {"D920-36-2.4"}, "sancion_2": {"multa"}, "valor_2": {"150"}, "unidad_2": {"uvt"},
		"etapa": {"antes_requerimiento"}}
	doc := documento(t, e.pedir("GET", "/liquidacion?"+q.Encode(), &s, nil))
	href, ok := testid(doc, "liquidacion-pdf").Attr("href")
	if !ok || !strings.HasPrefix(href, "/liquidacion.pdf?") {
		t.Fatalf("enlace al PDF: %q", href)
	}
	if testid(doc, "imprimir").Length() != 1 {
		t.Fatal("el resultado no ofrece «Imprimir»")
	}
	rec := e.pedir("GET", href, &s, nil)
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/pdf" {
		t.Fatalf("PDF: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	texto := textoDePDF(t, rec.Body.Bytes())
	for _, quiere := range []string{"Liquidación de la sanción", "$ 4.800.000", "$ 27.856.000", "$ 24.000.000",
		"Concurrencia", "Allanamiento", "Decreto Ley 920 de 2023, art. 22", "Normas citadas", "Página 1 de"} {
		if !strings.Contains(texto, quiere) {
			t.Errorf("el PDF no dice %q:\n%s", quiere, texto)
		}
	}
	// Without the form's data the PDF route goes back to the calculator.
	if rec := e.pedir("GET", "/liquidacion.pdf", &s, nil); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/liquidacion" {
		t.Fatalf("sin datos: %d %q", rec.Code, rec.Header().Get("Location"))
	}
}
