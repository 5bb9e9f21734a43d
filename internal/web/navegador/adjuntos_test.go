package navegador

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// adjuntoDePrueba is the absolute path of a file of testdata/adjuntos.
func adjuntoDePrueba(t *testing.T, nombre string) string {
	t.Helper()
	r, err := filepath.Abs(filepath.Join("..", "..", "..", "testdata", "adjuntos", nombre))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// sha256DeDescarga is the SHA-256 of what the browser downloads from ruta,
// computed in the page (a page of the application, with its origin).
const sha256DeDescarga = `(async (ruta) => {
	const r = await fetch(ruta);
	const h = await crypto.subtle.digest('SHA-256', await r.arrayBuffer());
	return r.headers.get('content-disposition') + ' ' + Array.from(new Uint8Array(h)).map(b => b.toString(16).padStart(2, '0')).join('');
})`

// The evidence travels with the case: the Dirección Seccional reports a
// case with its informe attached, the Secretaría adds the inspection record
// and a photograph, and a member of the Comité opens each from the case
// page in the sandboxed viewer and downloads them as they were attached.
func TestNavegador_pruebasDelCasoDelReporteAlComite(t *testing.T) {
	p := iniciar(t)
	sembrarCaso(t, p.d)

	p.ingresar("seccional")
	p.ir("/casos/nuevo")
	p.hacer(
		chromedp.WaitVisible(sel("informe-al-reportar")),
		chromedp.SetValue(chromedp.ID("f-nit"), "800197268-4"),
		chromedp.SetValue(chromedp.ID("f-fecha_comision"), "10/02/2026"),
		chromedp.SetValue(chromedp.ID("f-fecha_verificacion"), "02/03/2026"),
		chromedp.SetValue(chromedp.ID("f-gravedad"), "gravisima"),
		chromedp.SetValue(chromedp.ID("f-sancion_prevista"), "10.475.000"),
		chromedp.SetValue(chromedp.ID("f-descripcion"), "Declaraciones con información inexacta."),
		chromedp.SetUploadFiles(chromedp.ID("f-informe_archivo"), []string{adjuntoDePrueba(t, "informe_seccional.pdf")}),
		chromedp.SetValue(chromedp.ID("f-informe_descripcion"), "Informe de la Seccional Cartagena"),
	)
	p.clicYEspera(sel("enviar-caso"), sel("estado-caso"))
	ruta := p.ruta()
	if got := p.texto(sel("adjunto-1")); !strings.Contains(got, "Informe de la Seccional Cartagena") || !strings.Contains(got, "informe_seccional.pdf") {
		t.Fatalf("el caso reportado no lista el informe: %q", got)
	}
	p.salir()

	p.ingresar("secretaria")
	p.ir(ruta)
	for _, a := range []struct{ tipo, descripcion, archivo string }{
		{"acta_inspeccion", "Acta de la diligencia de inspección", "acta_inspeccion.pdf"},
		{"fotografia", "Fotografía de la mercancía", "fotografia.jpg"},
	} {
		p.hacer(
			chromedp.SetValue(chromedp.ID("f-tipo"), a.tipo),
			chromedp.SetValue(chromedp.ID("f-descripcion"), a.descripcion),
			chromedp.SetUploadFiles(chromedp.ID("f-adjunto"), []string{adjuntoDePrueba(t, a.archivo)}),
		)
		p.clicYEspera(sel("adjuntar"), sel("tabla-adjuntos"))
	}
	p.clicNuevaPagina(sel("accion-iniciar_evaluacion"))
	for _, c := range []string{"tipo_usuario", "perjuicio_estado", "naturaleza_hechos", "impacto_comercio", "antecedentes"} {
		p.hacer(chromedp.SetValue(chromedp.ID("f-"+c), "Texto de la Secretaría Técnica."))
	}
	p.clicNuevaPagina(sel("guardar-criterios"))
	p.clicNuevaPagina(sel("emitir-informe"))
	p.clicNuevaPagina(sel("accion-presentar"))
	if got := p.texto(sel("estado-caso")); got != "En Comité" {
		t.Fatalf("estado %q", got)
	}
	p.salir()

	p.ingresar("comite")
	for n, quiere := range map[string]string{"1": "Informe de la Seccional Cartagena", "2": "Acta de la diligencia de inspección", "3": "Fotografía de la mercancía"} {
		p.ir(ruta)
		if n == "1" {
			p.axe("caso con adjuntos (comite)")
		}
		sha := p.texto(chromedp.CSS(`[data-testid="adjunto-` + n + `"] .hash`))
		descarga, err := correr(p, chromedp.Evaluate[string](sha256DeDescarga+`('`+ruta+`/adjuntos/`+n+`')`, chromedp.EvalAwaitPromise))
		if err != nil || !strings.HasPrefix(descarga, "attachment;") || !strings.HasSuffix(descarga, " "+sha) {
			t.Fatalf("adjunto %s: la descarga no es el original (%q, SHA-256 %s): %v", n, descarga, sha, err)
		}
		p.clicYEspera(sel("ver-adjunto-"+n), sel("visor-adjunto"))
		if got := p.texto(chromedp.CSS("h1")); !strings.Contains(got, quiere) {
			t.Fatalf("visor del adjunto %s: %q", n, got)
		}
		if got := p.texto(sel("visor-sha256")); got != sha {
			t.Fatalf("visor del adjunto %s: SHA-256 %q, la página del caso dice %q", n, got, sha)
		}
		guiones, err := correr(p, chromedp.Evaluate[int](`document.scripts.length`))
		if err != nil || guiones != 0 {
			t.Fatalf("el visor carga %d programas (%v)", guiones, err)
		}
		if n == "3" {
			// The image loads through the sandboxed page with the session.
			p.hacer(chromedp.WaitVisible(sel("visor-imagen")))
			ancho, err := correr(p, chromedp.Evaluate[int](`document.querySelector('[data-testid="visor-imagen"]').naturalWidth`))
			if err != nil || ancho == 0 {
				t.Fatalf("la imagen del visor no cargó: ancho %d (%v)", ancho, err)
			}
			continue
		}
		aislado, err := correr(p, chromedp.Evaluate[bool](`(() => { const f = document.querySelector('[data-testid="visor-pdf"]'); return f !== null && f.hasAttribute('sandbox') && f.getAttribute('src') === '`+ruta+`/adjuntos/`+n+`/contenido'; })()`))
		if err != nil || !aislado {
			t.Fatalf("el PDF %s no va en un marco aislado (%v)", n, err)
		}
	}
	for _, m := range p.consola.todos() {
		if strings.HasPrefix(m, "exception") {
			t.Errorf("consola: %s", m)
		}
	}
}
