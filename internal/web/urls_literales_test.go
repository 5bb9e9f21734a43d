package web

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// Every application address is written once, in internal/web/urls: Go code
// and templates use its names and builders. This test reads the sources
// (not tests, not generated code) and fails on a string literal or an
// href/action that starts with the first segment of a route.
func TestRutas_sinDireccionesEscritasAMano(t *testing.T) {
	segmentos := map[string]bool{}
	for _, r := range Rutas() {
		s := strings.TrimPrefix(r.Patron, "/")
		s, _, _ = strings.Cut(s, "/")
		s, _, _ = strings.Cut(s, ".")
		if s != "" && s != "*" {
			segmentos[regexp.QuoteMeta(s)] = true
		}
	}
	var lista []string
	for s := range segmentos {
		lista = append(lista, s)
	}
	sort.Strings(lista)
	literal := regexp.MustCompile(`"/(` + strings.Join(lista, "|") + `)\b`)
	atributo := regexp.MustCompile(`\b(href|action)="/`)
	var revisados int
	for _, dir := range []string{".", "../../web/templates"} {
		archivos, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range archivos {
			n := a.Name()
			if a.IsDir() || strings.HasSuffix(n, "_test.go") || strings.HasSuffix(n, "_templ.go") ||
				!(strings.HasSuffix(n, ".go") || strings.HasSuffix(n, ".templ")) {
				continue
			}
			b, err := os.ReadFile(filepath.Join(dir, n))
			if err != nil {
				t.Fatal(err)
			}
			revisados++
			for i, linea := range strings.Split(string(b), "\n") {
				if literal.MatchString(linea) || atributo.MatchString(linea) {
					t.Errorf("%s:%d escribe una dirección de la aplicación a mano (use internal/web/urls): %s", n, i+1, strings.TrimSpace(linea))
				}
			}
		}
	}
	if revisados < 50 {
		t.Fatalf("solo se revisaron %d archivos", revisados)
	}
}
