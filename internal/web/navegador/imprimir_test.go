package navegador

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"comite/internal/pruebas"

	"github.com/chromedp/chromedp"
)

// The header's search finds a user typed by its NIT with the check digit
// and no hyphen; the liquidation's «Imprimir» button shows (app.js) and the
// page printed by the browser has neither the header bar nor the menu.
func TestNavegador_buscarEnLaCabeceraEImprimirSinCabecera(t *testing.T) {
	p := iniciar(t)
	sembrarCaso(t, p.d)
	p.ingresar("secretaria")
	// At 800 px the header stacks: the search box keeps one line's height
	// and the page does not scroll sideways.
	p.hacer(chromedp.EmulateViewport(800, 900))
	p.ir("/")
	alto, err := correr(p, chromedp.Evaluate[int](`Math.round(document.querySelector('[data-testid="buscar-cabecera"]').getBoundingClientRect().height)`))
	if err != nil || alto > 60 || alto < 20 {
		t.Fatalf("la caja de búsqueda a 800 px mide %d px de alto (%v)", alto, err)
	}
	if d := p.anchoDesborda(); d > 0 {
		t.Fatalf("la cabecera a 800 px desborda %d px", d)
	}
	p.hacer(chromedp.EmulateViewport(1366, 900))
	p.hacer(chromedp.SendKeys(chromedp.ID("buscar-q"), "8001972684"))
	p.clicYEspera(chromedp.CSS(`[data-testid="buscar-cabecera"] button`), sel("grupo-usuarios"))
	if got := p.texto(sel("grupo-usuarios")); !strings.Contains(got, "Agencia de Aduanas Reincidente S.A.S.") {
		t.Fatalf("la búsqueda de la cabecera no encuentra el NIT sin guion: %q", got)
	}

	p.ir("/liquidacion?regimen=aduanero&fecha=04%2F05%2F2026&codigo_1=D920-36-2.1&sancion_1=multa&valor_1=20.000.000&unidad_1=cop&etapa=antes_requerimiento")
	p.hacer(chromedp.WaitVisible(sel("imprimir")))
	pdf, err := correr(p, chromedp.PrintToPDF())
	if err != nil {
		t.Fatal(err)
	}
	arch := filepath.Join(t.TempDir(), "impresion.pdf")
	if err := os.WriteFile(arch, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(pruebas.Herramienta(t, "poppler-utils", "pdftotext"), arch, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	texto := strings.Join(strings.Fields(string(out)), " ")
	if !strings.Contains(texto, "Resultado") || !strings.Contains(texto, "Allanamiento") {
		t.Fatalf("la impresión no tiene el resultado:\n%s", texto)
	}
	// The page number comes from the print stylesheet (@page margin box).
	if !strings.Contains(texto, "Página 1 de ") {
		t.Errorf("la impresión no numera las páginas:\n%s", texto)
	}
	for _, no := range []string{"Mis pendientes", "Cambiar mi clave", "Glosario", "Salir", "Imprimir"} {
		if strings.Contains(texto, no) {
			t.Errorf("la impresión lleva %q (cabecera, menú o botones):\n%s", no, texto)
		}
	}
}
