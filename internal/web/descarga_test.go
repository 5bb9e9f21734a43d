package web

import (
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

// A download is written whole to a file nobody else can reach (it has no
// name by the time escribir runs) and sent with its length; an error while
// writing is answered as an error, never as half a file.
func TestEntregarArchivo(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sinArchivos := func(cuando string) {
		t.Helper()
		if es, err := os.ReadDir(dir); err != nil || len(es) != 0 {
			t.Errorf("%s: quedan archivos temporales: %v %v", cuando, es, err)
		}
	}
	grande := strings.Repeat("1;Dirección Seccional de Aduanas de Cartagena;$ 1.234.567\n", 20000) // > 1 MB
	for _, c := range []struct {
		nombre   string
		escribir func(io.Writer) error
		codigo   int
		cuerpo   string
		adjunto  bool
	}{
		{"archivo grande entero con su longitud", func(w io.Writer) error {
			sinArchivos("mientras se escribe")
			_, err := io.WriteString(w, grande)
			return err
		}, http.StatusOK, grande, true},
		{"archivo vacío", func(io.Writer) error { return nil }, http.StatusOK, "", true},
		{"error a mitad: un error, no medio archivo", func(w io.Writer) error {
			io.WriteString(w, grande[:70000])
			return errors.New("falló la fila 1.201")
		}, http.StatusInternalServerError, "", false},
	} {
		e := echo.New()
		e.GET("/x", func(ec echo.Context) error { return entregarArchivo(ec, dir, tipoCSV, "x.csv", c.escribir) })
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/x", nil))
		if rec.Code != c.codigo {
			t.Errorf("%s: estado %d, quiere %d", c.nombre, rec.Code, c.codigo)
		}
		if got := rec.Header().Get(echo.HeaderContentDisposition); (got == `attachment; filename="x.csv"`) != c.adjunto {
			t.Errorf("%s: Content-Disposition %q", c.nombre, got)
		}
		if c.adjunto {
			if rec.Body.String() != c.cuerpo {
				t.Errorf("%s: el cuerpo tiene %d bytes, quiere %d", c.nombre, rec.Body.Len(), len(c.cuerpo))
			}
			if got := rec.Header().Get(echo.HeaderContentLength); got != strconv.Itoa(len(c.cuerpo)) {
				t.Errorf("%s: Content-Length %q, quiere %d", c.nombre, got, len(c.cuerpo))
			}
		} else if strings.Contains(rec.Body.String(), "Cartagena") {
			t.Errorf("%s: la respuesta lleva parte del archivo", c.nombre)
		}
		sinArchivos(c.nombre)
	}
}
