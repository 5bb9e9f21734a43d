package api_test

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"comite/internal/api"
)

// The document served is the one in the repository, and it describes every
// route of the table with its method and its security (only the document
// itself needs no token), and nothing else.
func TestDocumento_describeCadaRuta(t *testing.T) {
	e := nuevoEntorno(t)
	rec := e.pedir("GET", "/api/v1/openapi.json", "", "", nil)
	if rec.Code != 200 || !bytes.Equal(rec.Body.Bytes(), leer(t, "openapi.json")) {
		t.Fatalf("documento servido: %d", rec.Code)
	}
	var doc struct {
		OpenAPI string                                          `json:"openapi"`
		Paths   map[string]map[string]struct{ Security *[]any } `json:"paths"`
	}
	if err := json.Unmarshal(api.Documento, &doc); err != nil || doc.OpenAPI != "3.1.0" {
		t.Fatalf("openapi %q, %v", doc.OpenAPI, err)
	}
	parametro := regexp.MustCompile(`:([a-z]+)`)
	descritas := 0
	for _, r := range api.Rutas() {
		ruta := parametro.ReplaceAllString(r.Patron, "{$1}")
		op, ok := doc.Paths[ruta][strings.ToLower(r.Metodo)]
		if !ok {
			t.Errorf("%s %s no está en el documento", r.Metodo, ruta)
			continue
		}
		descritas++
		if sinToken := op.Security != nil && len(*op.Security) == 0; sinToken != (r.Alcance == "") {
			t.Errorf("%s %s: el documento dice sin token = %v", r.Metodo, ruta, sinToken)
		}
	}
	total := 0
	for _, ops := range doc.Paths {
		total += len(ops)
	}
	if total != descritas {
		t.Errorf("el documento describe %d operaciones; la tabla tiene %d", total, descritas)
	}
}
