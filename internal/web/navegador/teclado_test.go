package navegador

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// tabHasta presses Tab until the focus is on the element that matches css
// (a keyboard user's way to reach a control), and fails after limite presses.
func (p *prueba) tabHasta(css string) {
	p.t.Helper()
	const limite = 80
	for i := 0; i < limite; i++ {
		ok, err := correr(p, chromedp.Evaluate[bool](`!!document.activeElement && document.activeElement.matches(`+"`"+css+"`"+`)`))
		if err != nil {
			p.t.Fatalf("foco en %s: %v", p.donde(), err)
		}
		if ok {
			return
		}
		p.hacer(chromedp.KeyEvent(kb.Tab))
	}
	p.t.Fatalf("tras %d pulsaciones de Tab el foco no llegó a %s en %s", limite, css, p.donde())
}

// escribir types text into the focused control, key by key.
func (p *prueba) escribir(texto string) {
	p.t.Helper()
	p.hacer(chromedp.KeyEvent(texto))
}

// elegirConFlechas moves a focused select with the arrow keys until its value is v.
func (p *prueba) elegirConFlechas(v string) {
	p.t.Helper()
	for i := 0; i < 10; i++ {
		got, err := correr(p, chromedp.Evaluate[string](`document.activeElement.value`))
		if err != nil {
			p.t.Fatal(err)
		}
		if got == v {
			return
		}
		p.hacer(chromedp.KeyEvent(kb.ArrowDown))
	}
	p.t.Fatalf("la lista no llegó a %q con las flechas en %s", v, p.donde())
}

// enterYEspera presses Enter on the focused control and waits for the next page.
func (p *prueba) enterYEspera() {
	p.t.Helper()
	p.hacer(chromedp.Evaluate[chromedp.Void](`window.` + marcaVieja + ` = true`))
	p.hacer(chromedp.KeyEvent(kb.Enter))
	limite := time.Now().Add(limitePaso)
	for {
		ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
		listo, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.`+marcaVieja+` === undefined && document.readyState === 'complete'`))
		cancel()
		if err == nil && listo {
			return
		}
		// An error here is the old document going away mid-evaluation: try again.
		if p.ctx.Err() != nil || time.Now().After(limite) {
			p.t.Fatalf("tras Enter no cargó la página siguiente (sigue en %s; último error: %v)", p.donde(), err)
		}
		time.Sleep(20 * time.Millisecond) // poll interval, bounded by limite
	}
}

// Only with the keyboard (Tab, Enter, space, arrows): the seccional reports a
// case, and the Comité records its concepto. The walk starts at the top of
// each page, so the skip link and the navigation are part of it.
func TestNavegador_soloTeclado(t *testing.T) {
	p := iniciar(t)
	sembrarCaso(t, p.d)

	p.ingresar("seccional")
	p.ir("/casos")
	p.tabHasta(`a.saltar`)
	p.tabHasta(`a[href="/casos/nuevo"]`)
	p.enterYEspera()
	p.tabHasta(`#f-nit`)
	p.escribir("800197268-4")
	p.tabHasta(`#f-fecha_comision`)
	p.escribir("10/02/2026")
	p.tabHasta(`#f-fecha_verificacion`)
	p.escribir("02/03/2026")
	p.tabHasta(`#f-gravedad`)
	p.elegirConFlechas("gravisima")
	p.tabHasta(`#f-sancion_prevista`)
	p.escribir("10.475.000")
	p.tabHasta(`#f-descripcion`)
	p.escribir("Declaraciones con información inexacta.")
	p.tabHasta(`#f-motivo_sin_informe`)
	p.escribir("El informe se envía por correo certificado.")
	p.tabHasta(`[data-testid="enviar-caso"]`)
	p.enterYEspera()
	if got := p.texto(sel("estado-caso")); got != "Reportado" {
		t.Fatalf("con el teclado el caso no quedó reportado: estado %q", got)
	}
	ruta, err := correr(p, chromedp.Evaluate[string](`location.pathname`))
	if err != nil {
		t.Fatal(err)
	}
	p.salir()

	// The Secretaría takes the case to the Comité (not the point of this test).
	p.ingresar("secretaria")
	p.ir(ruta)
	p.clicNuevaPagina(sel("accion-iniciar_evaluacion"))
	for _, c := range []string{"tipo_usuario", "perjuicio_estado", "naturaleza_hechos", "impacto_comercio", "antecedentes"} {
		p.hacer(chromedp.SetValue(chromedp.ID("f-"+c), "Texto de la Secretaría Técnica."))
	}
	p.clicNuevaPagina(sel("guardar-criterios"))
	p.clicNuevaPagina(sel("emitir-informe"))
	p.clicNuevaPagina(sel("accion-presentar"))
	p.salir()

	// The Comité, with the keyboard: a first try with an error shows the
	// summary, which takes the focus; then the concepto is recorded.
	sesionParaCaso(t, p.d, ruta)
	p.ingresar("comite")
	p.ir(ruta)
	p.tabHasta(`[data-testid="accion-emitir_concepto"]`)
	p.enterYEspera()
	p.tabHasta(`[data-testid="revisar-concepto"]`)
	p.enterYEspera()
	if foco, err := correr(p, chromedp.Evaluate[string](`document.activeElement.name || ''`)); err != nil || foco != "decision" {
		t.Fatalf("el primer campo con error (la decisión) no recibió el foco: %q (%v)", foco, err)
	}
	// From the summary, the link to a field takes the focus to that field.
	// (Inside a session the form asks neither the date nor the members.)
	p.hacer(chromedp.Focus(sel("resumen-errores")))
	p.tabHasta(`.resumen-errores a[href="#f-mot-naturaleza_hechos"]`)
	p.hacer(chromedp.KeyEvent(kb.Enter)) // an anchor of the same page: no new document
	if foco, err := correr(p, chromedp.Evaluate[string](`document.activeElement.id`)); err != nil || foco != "f-mot-naturaleza_hechos" {
		t.Fatalf("el enlace del resumen no llevó el foco al campo: %q (%v)", foco, err)
	}
	p.tabHasta(`[data-testid="decision-multa"], [data-testid="decision-cancelacion"]`)
	p.hacer(chromedp.KeyEvent(" "))
	for i := 0; i < 3; i++ {
		v, _ := correr(p, chromedp.Evaluate[string](`document.activeElement.value`))
		if v == "multa_incrementada" {
			break
		}
		p.hacer(chromedp.KeyEvent(kb.ArrowDown))
	}
	for _, c := range []string{"naturaleza_hechos", "impacto_comercio", "antecedentes"} {
		p.tabHasta(`#f-mot-` + c)
		p.escribir("Motivación de " + strings.ReplaceAll(c, "_", " ") + ".")
	}
	p.tabHasta(`[data-testid="revisar-concepto"]`)
	p.enterYEspera()
	p.tabHasta(`[data-testid="registrar-concepto"]`)
	p.enterYEspera()
	p.ir(ruta)
	if got := p.texto(sel("estado-caso")); got != "Concepto emitido" {
		t.Fatalf("con el teclado el concepto no quedó registrado: estado %q", got)
	}
}
