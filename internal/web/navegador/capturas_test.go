package navegador

import (
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
