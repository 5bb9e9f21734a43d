package web

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"comite/internal/db"
	"comite/internal/fallo"
	"comite/internal/flujo"

	"github.com/labstack/echo/v4"
)

// Each code of a failure is answered with its one status, whatever layer
// returned it (store, core, form), and the page of a conflict or of invalid
// input says the error's message; an unclassified error says nothing of itself.
func TestManejarError_codigoAEstado(t *testing.T) {
	e := nuevoEntorno(t)
	casos := []struct {
		nombre string
		err    error
		estado int
		dice   string
	}{
		{"no encontrado (caso)", fmt.Errorf("leer: %w", db.ErrCasoNoExiste), http.StatusNotFound, "No encontramos esta página"},
		{"conflicto (paso rechazado)", &flujo.ErrPaso{Mensaje: "El caso ya no está en evaluación."}, http.StatusConflict, "El caso ya no está en evaluación."},
		{"conflicto (cuenta repetida)", db.ErrCuentaExiste, http.StatusConflict, "ya existe una cuenta con ese nombre de usuario"},
		{"inválido (campos)", &db.ErrFormulario{Campos: map[string]string{"nit": "falta el NIT"}}, http.StatusUnprocessableEntity, "nit: falta el NIT"},
		{"prohibido", fallo.Nuevo(fallo.Prohibido, "no"), http.StatusForbidden, "No tiene permiso"},
		{"ocupado", db.ErrOcupado, http.StatusServiceUnavailable, "ocupada"},
		{"interno", fmt.Errorf("secreto del servidor"), http.StatusInternalServerError, "Ocurrió un error en el servidor"},
	}
	for i, c := range casos {
		ruta := fmt.Sprintf("/prueba-fallo/%d", i)
		err := c.err
		e.app.GET(ruta, func(echo.Context) error { return err })
	}
	s := e.ingresar("secretaria")
	for i, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			rec := e.pedir(http.MethodGet, fmt.Sprintf("/prueba-fallo/%d", i), &s, nil)
			if rec.Code != c.estado {
				t.Fatalf("estado %d, quería %d", rec.Code, c.estado)
			}
			cuerpo := rec.Body.String()
			if !strings.Contains(cuerpo, c.dice) {
				t.Fatalf("la página no dice %q:\n%s", c.dice, cuerpo)
			}
			if strings.Contains(cuerpo, "secreto del servidor") {
				t.Fatal("la página muestra el texto de un error interno")
			}
			if c.estado == http.StatusServiceUnavailable && rec.Header().Get("Retry-After") == "" {
				t.Fatal("503 sin Retry-After")
			}
		})
	}
}
