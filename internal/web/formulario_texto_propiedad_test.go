package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"pgregory.net/rapid"
)

// Property: no single-line field accepts a rune of categories Cf, Zl, Zp or
// Co (invisible format characters, line and paragraph separators, private
// use), wherever it is in the value: the page names the field and the
// position, and nothing is written.
func TestFormularios_camposDeUnaLineaRechazanCfZlZpCo(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("secretaria")
	prohibidas := rapid.RuneFrom([]rune{0x2028, 0x2029, 0x200B, 0x200E, 0x200F, 0x061C, 0xFEFF, 0xFFF9, 0xE0041}, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Co)
	rapid.Check(t, func(t *rapid.T) {
		r := prohibidas.Draw(t, "runa")
		antes := rapid.StringMatching(`[A-Za-zñáé0-9 .-]{0,12}`).Draw(t, "antes")
		despues := rapid.StringMatching(`[A-Za-zñáé0-9 .-]{0,12}`).Draw(t, "despues")
		valor := antes + string(r) + despues
		usuarios := e.contarAuditoria("usuario.crear")
		rec := e.pedir("POST", "/usuarios", &s, url.Values{"nit": {"800.191.045-1"}, "razon_social": {valor}, "tipo": {"oea"}})
		if rec.Code != http.StatusUnprocessableEntity {
			t.Fatalf("U+%04X en la razón social: %d", r, rec.Code)
		}
		cuerpo := rec.Body.String()
		pos := "posición " + strconv.Itoa(len([]rune(antes))+1)
		if !strings.Contains(cuerpo, "«Razón social»") || !strings.Contains(cuerpo, pos) {
			t.Fatalf("U+%04X: la página no nombra el campo y la %s", r, pos)
		}
		if e.contarAuditoria("usuario.crear") != usuarios {
			t.Fatal("se guardó algo")
		}
	})
}
