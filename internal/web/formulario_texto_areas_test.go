package web

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// Every text area of the templates admits line breaks: a textarea whose name
// the form filter does not know would refuse what the person typed.
func TestTextoFormularios_todaAreaDeTextoEsMultilinea(t *testing.T) {
	archivos, err := filepath.Glob(filepath.Join("..", "..", "web", "templates", "*.templ"))
	if err != nil || len(archivos) == 0 {
		t.Fatalf("sin plantillas: %v", err)
	}
	// A textarea written in the page, or the one component CampoArea.
	area := regexp.MustCompile(`<textarea[^>]*\sname="([^"]+)"|@CampoArea\("([^"]+)"`)
	vistas := 0
	for _, a := range archivos {
		b, err := os.ReadFile(a)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range area.FindAllSubmatch(b, -1) {
			vistas++
			nombre := string(m[1]) + string(m[2])
			if !campoMultilinea(nombre) {
				t.Errorf("%s: el área de texto %q no admite saltos de línea en textoFormularios", filepath.Base(a), nombre)
			}
		}
	}
	if vistas == 0 {
		t.Fatal("no se encontró ninguna área de texto con nombre fijo")
	}
}
