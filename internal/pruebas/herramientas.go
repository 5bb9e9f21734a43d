// Package pruebas holds what tests share to find the external programs they
// drive (Chromium, poppler). Outside CI a missing program skips the test with
// a message; in CI (CI=true) it fails it, so CI cannot go green by skipping.
package pruebas

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// EnCI says whether the tests run in continuous integration.
func EnCI() bool {
	v := strings.ToLower(os.Getenv("CI"))
	return v == "true" || v == "1" || v == "yes"
}

// Omitir skips the test outside CI and fails it in CI, with the reason.
func Omitir(t testing.TB, motivo string) {
	t.Helper()
	if EnCI() {
		t.Fatalf("en CI no se omite ninguna prueba: %s", motivo)
	}
	t.Skip(motivo)
}

// Herramienta returns the path of the first of the programs found on the
// PATH, or skips (fails in CI) naming the Debian package that brings them.
func Herramienta(t testing.TB, paquete string, nombres ...string) string {
	t.Helper()
	if p := Buscar(nombres...); p != "" {
		return p
	}
	Omitir(t, strings.Join(nombres, " o ")+" no está instalado (paquete Debian "+paquete+")")
	return ""
}

// Buscar returns the path of the first of the programs found on the PATH, or "".
func Buscar(nombres ...string) string {
	for _, n := range nombres {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

// Chromium finds the browser the tests drive: chromium-headless-shell when it
// is installed (the same engine without the desktop browser around it; the
// browser tests take about half the CPU with it), else chromium.
func Chromium(t testing.TB) string {
	t.Helper()
	return Herramienta(t, "chromium-headless-shell", "chromium-headless-shell", "chromium", "chromium-browser")
}
