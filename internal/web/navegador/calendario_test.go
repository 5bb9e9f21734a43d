package navegador

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// Every date field is text DD/MM/AAAA with a «Calendario» button beside it:
// the button opens the browser's calendar on the day already typed, and the
// day chosen there is written back as DD/MM/AAAA, whatever the browser's
// language. The filters of Casos are such fields.
func TestNavegador_calendarioEscribeDDMMAAAA(t *testing.T) {
	p := iniciar(t)
	p.ingresar("auditor")
	p.ir("/casos")
	p.hacer(chromedp.WaitVisible(sel("calendario-desde")))

	etiqueta := p.texto(sel("calendario-desde"))
	if etiqueta != "Calendario" {
		t.Fatalf("botón junto a «Reportado desde»: %q", etiqueta)
	}
	aria, err := correr(p, chromedp.Evaluate[string](`document.querySelector('[data-testid="calendario-desde"]').getAttribute('aria-label')`))
	if err != nil || aria != "Elegir en un calendario: Reportado desde" {
		t.Fatalf("nombre accesible del botón: %q %v", aria, err)
	}

	// The day typed is where the calendar opens.
	p.hacer(
		chromedp.SendKeys(`input[name="desde"]`, "5/3/2026"),
		chromedp.Click(sel("calendario-desde")),
	)
	abre, err := correr(p, chromedp.Evaluate[string](`document.querySelector('input[name="desde"]').parentNode.querySelector('input.selector-fecha').value`))
	if err != nil || abre != "2026-03-05" {
		t.Fatalf("el calendario abre en %q (%v); quiere 2026-03-05", abre, err)
	}

	// The day chosen is written as DD/MM/AAAA.
	for campo, quiere := range map[string]string{"desde": "28/02/2026", "hasta": "01/12/2026"} {
		iso := quiere[6:] + "-" + quiere[3:5] + "-" + quiere[:2]
		valor, err := correr(p, chromedp.Evaluate[string](`(function () {
			var campo = document.querySelector('input[name="`+campo+`"]');
			var s = campo.parentNode.querySelector('input.selector-fecha');
			s.value = '`+iso+`';
			s.dispatchEvent(new Event('change', { bubbles: true }));
			return campo.value;
		})()`))
		if err != nil || valor != quiere {
			t.Errorf("%s tras elegir %s en el calendario: %q (%v); quiere %q", campo, iso, valor, err, quiere)
		}
	}
}
