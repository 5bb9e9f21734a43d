package navegador

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// anchoDesborda is how many pixels the page is wider than the window: more
// than 0 means the page scrolls sideways (a table may scroll inside its own
// container; the page must not).
func (p *prueba) anchoDesborda() int {
	p.t.Helper()
	n, err := correr(p, chromedp.Evaluate[int](`document.documentElement.scrollWidth - document.documentElement.clientWidth`))
	if err != nil {
		p.t.Fatal(err)
	}
	return n
}

// The screening, a case page, a form with errors and the liquidation with
// errors, at 1366 px and at
// 800 px: no horizontal scroll of the page, and the tamizaje table fits in
// its container (its actions are on screen). The screenshots go to
// $COMITE_CAPTURAS (for people to look at them).
func TestNavegador_anchosSinDesplazamientoHorizontal(t *testing.T) {
	p := iniciar(t)
	sembrarCaso(t, p.d)
	sembrarTamizaje(t, p.d)
	p.ingresar("seccional")
	p.ir("/casos/nuevo")
	p.hacer(
		chromedp.SetValue(chromedp.ID("f-nit"), "800197268-4"),
		chromedp.SetValue(chromedp.ID("f-fecha_comision"), "10/02/2026"),
		chromedp.SetValue(chromedp.ID("f-fecha_verificacion"), "02/03/2026"),
		chromedp.SetValue(chromedp.ID("f-gravedad"), "gravisima"),
		chromedp.SetValue(chromedp.ID("f-sancion_prevista"), "10.475.000"),
		chromedp.SetValue(chromedp.ID("f-motivo_sin_informe"), "El informe se envía por correo certificado."),
	)
	p.clicNuevaPagina(sel("enviar-caso"))
	p.salir()
	p.ingresar("secretaria")
	for _, ancho := range []int64{1366, 800} {
		p.hacer(chromedp.EmulateViewport(ancho, 900))
		paginas := []struct{ nombre, ruta string }{
			{"tamizaje", "/tamizaje"},
			{"caso", "/casos"},
			{"formulario-con-errores", ""},
			// Errors beside each infraction and in the general fields.
			{"liquidacion-con-errores", "/liquidacion?regimen=aduanero&fecha=31%2F02%2F2026&codigo_1=D920-36-2.1&sancion_1=multa&valor_1=12%2C5%2C3&unidad_1=cop" +
				"&codigo_2=D920-36-2.2&sancion_2=amonestacion&amonestaciones_previas_2=5000&etapa=antes_requerimiento"},
		}
		for _, pg := range paginas {
			switch pg.nombre {
			case "caso":
				p.ir("/casos")
				p.clicNuevaPagina(chromedp.CSS(`[data-testid="tabla-casos"] tbody tr a`))
				p.hacer(chromedp.WaitVisible(chromedp.CSS(`#grafico-actos-gravedad[data-dibujado="si"] canvas`)))
			case "formulario-con-errores":
				p.ir("/usuarios/nuevo")
				p.clicNuevaPagina(chromedp.CSS(`main form[method="post"] button[type="submit"]`))
				p.hacer(chromedp.WaitVisible(sel("resumen-errores")))
			default:
				p.ir(pg.ruta)
			}
			if d := p.anchoDesborda(); d > 0 {
				t.Errorf("%s a %d px: la página se desplaza %d px a los lados", pg.nombre, ancho, d)
			}
			p.captura(fmt.Sprintf("ancho-%d-%s", ancho, pg.nombre))
		}
		// The table of the screening fits in its container: the last column is on screen.
		p.ir("/tamizaje")
		sobra, err := correr(p, chromedp.Evaluate[int](`(() => { const t = document.querySelector('[data-testid="tabla-tamizaje"]'); return t.scrollWidth - t.parentElement.clientWidth; })()`))
		if err != nil {
			t.Fatal(err)
		}
		if sobra > 0 {
			t.Errorf("tamizaje a %d px: la tabla es %d px más ancha que su contenedor", ancho, sobra)
		}
	}
}
