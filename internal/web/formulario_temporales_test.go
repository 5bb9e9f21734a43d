package web

import (
	"bytes"
	"net/http"
	"os"
	"strings"
	"testing"

	"comite/internal/adjunto"
)

// secuencial runs an environment without t.Parallel: the test below points
// TMPDIR at a directory of its own, which only a sequential test may do.
type secuencial struct{ testing.TB }

// A file above the form's memory share goes to a temporary file while the
// request is served; none is left once it is answered, accepted or refused.
func TestFormularios_subidaNoDejaTemporales(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	e := nuevoEntorno(secuencial{t})
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	caso := e.reportar("seccional", formCaso(nitCaso))
	s := e.ingresar("secretaria")
	// 9 MiB: above the 8 MiB kept in memory, within the 10 MiB of a file.
	csv := append([]byte("a;b\n"), bytes.Repeat([]byte("1;2\n"), 9<<20/4)...)
	casos := []struct {
		nombre string
		datos  []byte
		quiere int
	}{
		{"aceptado", csv, http.StatusSeeOther},
		{"rechazado_por_tamano", append(csv, bytes.Repeat([]byte("x"), int(adjunto.MaxArchivo))...), http.StatusRequestEntityTooLarge},
	}
	for _, c := range casos {
		rec := e.adjuntar(&s, caso, "otro", "datos.csv", c.datos, false)
		if rec.Code != c.quiere && !(c.quiere == http.StatusRequestEntityTooLarge && rec.Code == http.StatusUnprocessableEntity) {
			t.Fatalf("%s: %d", c.nombre, rec.Code)
		}
		entradas, err := os.ReadDir(tmp)
		if err != nil {
			t.Fatal(err)
		}
		for _, en := range entradas {
			if strings.HasPrefix(en.Name(), "multipart-") {
				t.Fatalf("%s: quedó el temporal %s", c.nombre, en.Name())
			}
		}
	}
}
