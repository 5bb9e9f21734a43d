package web

import (
	"strings"
	"testing"
)

// The glossary is linked from the header of every account and says each
// word with the article it rests on.
func TestGlosario_enlazadoDesdeLaCabeceraConSusArticulos(t *testing.T) {
	e := nuevoEntorno(t)
	for _, rol := range rolesMatriz {
		s := e.ingresar(rol)
		doc := documento(t, e.pedir("GET", "/", &s, nil))
		if href, _ := testid(doc, "enlace-glosario").Attr("href"); href != "/ayuda/glosario" {
			t.Fatalf("%s: enlace al glosario %q", rol, href)
		}
	}
	s := e.ingresar("seccional")
	doc := documento(t, e.pedir("GET", "/ayuda/glosario", &s, nil))
	for clave, quiere := range map[string]string{
		"allanamiento": "Decreto Ley 920 de 2023, art. 24",
		"firmeza":      "Ley 1437 de 2011 (CPACA), art. 87",
		"uvt":          "Estatuto Tributario, art. 868",
		"rea":          "mil (1.000) UVT",
		"segunda-ruta": "sin considerar el límite",
	} {
		if got := testid(doc, "termino-"+clave).Text(); !strings.Contains(got, quiere) {
			t.Errorf("%s: %q no dice %q", clave, got, quiere)
		}
	}
}

// «Imprimir» is offered on the case, the liquidations and the session; the
// print stylesheet drops the header bar and the menu.
func TestImprimir_botonYHojaDeImpresion(t *testing.T) {
	e := nuevoEntorno(t)
	caso := e.casoMatriz()
	sesion := e.sesionMatriz()
	s := e.ingresar("secretaria")
	for _, ruta := range []string{"/casos/" + caso, "/casos/" + caso + "/liquidacion", "/sesiones/" + sesion} {
		doc := documento(t, e.pedir("GET", ruta, &s, nil))
		b := testid(doc, "imprimir")
		if _, oculto := b.Attr("hidden"); b.Length() != 1 || !oculto {
			t.Errorf("%s: sin botón «Imprimir» (oculto hasta que app.js lo muestre)", ruta)
		}
	}
	css := e.pedir("GET", "/static/app.css", nil, nil).Body.String()
	if !strings.Contains(css, ".cabecera, .navegacion, .buscar-cabecera, .imprimir { display: none !important; }") {
		t.Fatal("la hoja de impresión no quita la cabecera y el menú")
	}
}
