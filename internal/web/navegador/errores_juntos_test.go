package navegador

import (
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// A form sent with N errors comes back with the N messages at once, each
// beside its field and listed in the summary, and the focus on the first
// field with an error, at 1366 and at 800 px: creating an account with no
// user name, no role and a short password.
func TestNavegador_formularioConNErroresMuestraNMensajes(t *testing.T) {
	p := iniciar(t)
	p.ingresar("admin")
	for _, ancho := range []int64{1366, 800} {
		p.hacer(chromedp.EmulateViewport(ancho, 768))
		p.ir("/admin/cuentas/nueva")
		p.hacer(
			chromedp.WaitVisible(sel("form-cuenta")),
			chromedp.SendKeys(chromedp.ID("f-nombre"), "Nadie"),
			chromedp.SendKeys(chromedp.ID("f-clave"), "corta"),
		)
		p.clicYEspera(sel("guardar-cuenta"), sel("resumen-errores"))
		visibles, err := correr(p, chromedp.Evaluate[int](`Array.from(document.querySelectorAll('.error-campo')).filter(function (e) { return e.offsetParent !== null && e.textContent.trim() !== ''; }).length`))
		if err != nil || visibles != 3 {
			t.Errorf("%d px: %d mensajes visibles junto a los campos (%v); quiere 3 (usuario, rol, clave)", ancho, visibles, err)
		}
		enResumen, err := correr(p, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="resumen-errores"] li').length`))
		if err != nil || enResumen != 3 {
			t.Errorf("%d px: el resumen lista %d errores (%v); quiere 3", ancho, enResumen, err)
		}
		foco, err := correr(p, chromedp.Evaluate[string](`document.activeElement ? document.activeElement.id : ''`))
		if err != nil || foco != "f-usuario" {
			t.Errorf("%d px: el foco está en %q (%v); quiere el primer campo con error, f-usuario", ancho, foco, err)
		}
		p.captura("errores-juntos-" + strconv.FormatInt(ancho, 10))
	}
}
