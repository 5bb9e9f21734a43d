package web

import (
	"net/http"
	"net/url"
	"testing"
)

// After login the browser goes only to a path of this same origin: every
// payload that a browser would read as another origin (or that carries control
// characters or whitespace) falls back to "/".
func TestSiguienteSeguro_cargasMaliciosas(t *testing.T) {
	casos := []struct{ nombre, entrada, quiere string }{
		{"tabulador_tras_la_barra", "/\t/evil.example/", "/"},
		{"salto_de_linea_tras_la_barra", "/\n/evil.example/", "/"},
		{"retorno_tras_la_barra", "/\r/evil.example/", "/"},
		{"espacio_tras_la_barra", "/ /evil.example/", "/"},
		{"nul_en_la_ruta", "/casos\x00", "/"},
		{"esc_en_la_ruta", "/casos\x1b[2J", "/"},
		{"del_en_la_ruta", "/casos\x7f", "/"},
		{"espacio_no_separable", "/\u00a0/evil.example/", "/"},
		{"separador_de_linea_unicode", "/\u2028/evil.example/", "/"},
		{"doble_barra", "//evil.example/x", "/"},
		{"barra_invertida", "/\\evil.example", "/"},
		{"barra_y_barra_invertida_codificada", "/%5Cevil.example", "/"},
		{"doble_barra_codificada", "/%2F%2Fevil.example", "/"},
		{"esquema_https", "https://evil.example", "/"},
		{"esquema_sin_barras", "https:evil.example", "/"},
		{"javascript", "javascript:alert(1)", "/"},
		{"relativa_sin_barra", "evil.example", "/"},
		{"vacia", "", "/"},
		{"login_en_bucle", "/login", "/"},
		{"logout", "/logout", "/"},
		{"demasiado_larga", "/" + string(make([]byte, 600)), "/"},
		{"ruta_local_con_consulta", "/auditoria?pagina=2", "/auditoria?pagina=2"},
		{"ruta_local_con_espacio_codificado", "/usuarios?q=a%20b", "/usuarios?q=a%20b"},
		{"raiz", "/", "/"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := siguienteSeguro(c.entrada); got != c.quiere {
				t.Fatalf("siguienteSeguro(%q) = %q, quiere %q", c.entrada, got, c.quiere)
			}
		})
	}
}

// The whole login with the payload of the attack: the redirect stays home.
func TestIngreso_redireccionConTabuladorNoSaleDelOrigen(t *testing.T) {
	e := nuevoEntorno(t)
	n := e.navegador()
	rec := n.pedir(http.MethodGet, "/login?siguiente="+url.QueryEscape("/\t/evil.example/"), nil)
	doc := documento(t, rec)
	token, _ := doc.Find(`input[name="_csrf"]`).Attr("value")
	rec = n.pedir(http.MethodPost, "/login", url.Values{"_csrf": {token}, "usuario": {"auditor"}, "clave": {claveTest}, "siguiente": {"/\t/evil.example/"}})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/" {
		t.Fatalf("tras ingresar: %d Location=%q, quiere 303 a /", rec.Code, rec.Header().Get("Location"))
	}
}
