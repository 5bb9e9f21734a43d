package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"comite/internal/flujo"

	"github.com/labstack/echo/v4"
)

// Control characters and bidi overrides typed or pasted in a form are
// refused naming the field, and nothing is written.
func TestFormularios_caracteresDeControlSeRechazanNombrandoElCampo(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("secretaria")
	casos := []struct {
		nombre, ruta, campo, etiqueta string
		form                          url.Values
	}{
		{"ESC en la razón social (borraría la terminal de comite tamizaje)", "/usuarios", "razon_social", "Razón social",
			url.Values{"nit": {"800.191.045-1"}, "razon_social": {"Agencia \x1b[2J\x1b[H S.A.S."}, "tipo": {"oea"}}},
		{"NUL en la razón social", "/usuarios", "razon_social", "Razón social",
			url.Values{"nit": {"800.191.045-1"}, "razon_social": {"Agencia\x00 S.A.S."}, "tipo": {"oea"}}},
		{"override bidi U+202E en el número de acto", "/usuarios/" + nitEjemplo + "/actos", "numero_acto", "Número de acto",
			url.Values{"numero_acto": {"RS-\u202e0100"}, "fecha_firmeza": {"04/03/2025"}, "gravedad": {"grave"}, "sancion": {"multa"}, "valor": {"1000"}}},
		{"tabulador en la infracción (una sola línea)", "/usuarios/" + nitEjemplo + "/actos", "infraccion", "Infracción",
			url.Values{"numero_acto": {"RS-0100"}, "infraccion": {"D920\t36"}, "fecha_firmeza": {"04/03/2025"}, "gravedad": {"grave"}, "sancion": {"multa"}, "valor": {"1000"}}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			actos, usuarios := e.contarActos(), e.contarAuditoria("usuario.crear")
			rec := e.pedir("POST", c.ruta, &s, c.form)
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("estado %d, quiere 422", rec.Code)
			}
			cuerpo := rec.Body.String()
			if !strings.Contains(cuerpo, "«"+c.etiqueta+"»") || !strings.Contains(cuerpo, "No se guardó ningún cambio") {
				t.Fatalf("la página no nombra el campo %q: %s", c.etiqueta, cuerpo)
			}
			if strings.ContainsAny(cuerpo, "\x1b\x00\u202e") {
				t.Fatal("la página repite el carácter")
			}
			if e.contarActos() != actos || e.contarAuditoria("usuario.crear") != usuarios {
				t.Fatal("se guardó algo")
			}
		})
	}
}

// Textareas keep line breaks and tabs; single-line fields do not; the
// other refused characters are refused in both.
func TestTextoFormularios_multilinea(t *testing.T) {
	h := &handler{}
	app := echo.New()
	app.Use(func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error { c.Request().ParseForm(); return next(c) }
	}, h.textoFormularios)
	app.POST("/", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	app.HTTPErrorHandler = func(err error, c echo.Context) {
		if _, ok := err.(*errTextoFormulario); ok {
			c.NoContent(http.StatusUnprocessableEntity)
			return
		}
		c.NoContent(http.StatusInternalServerError)
	}
	criterio := flujo.CriteriosSecretaria[0].Clave
	casos := []struct {
		nombre, campo, valor string
		estado               int
	}{
		{"saltos de línea en la descripción del caso", "descripcion", "Primera línea\r\nSegunda\tcon tabulador", http.StatusNoContent},
		{"saltos de línea en la motivación del concepto", "motivacion.5_1", "uno\ndos", http.StatusNoContent},
		{"saltos de línea en un criterio de la Secretaría", criterio, "uno\ndos", http.StatusNoContent},
		{"ESC en la descripción", "descripcion", "uno\x1b[2J", http.StatusUnprocessableEntity},
		{"aislamiento bidi U+2067 en la motivación", "motivacion.5_1", "a\u2067b", http.StatusUnprocessableEntity},
		{"salto de línea en la nota (una línea)", "nota", "uno\ndos", http.StatusUnprocessableEntity},
		{"claves sin revisar (nunca se muestran)", "clave", "a\x01b", http.StatusNoContent},
		{"siguiente sin revisar (tiene su propia regla)", "siguiente", "/\t/otro.example/", http.StatusNoContent},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			req := httptest.NewRequest("POST", "/", strings.NewReader(url.Values{c.campo: {c.valor}}.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			rec := httptest.NewRecorder()
			app.ServeHTTP(rec, req)
			if rec.Code != c.estado {
				t.Fatalf("estado %d, quiere %d", rec.Code, c.estado)
			}
		})
	}
}
