package web

import (
	"comite/internal/dominio"
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"comite/internal/fecha"
	"comite/internal/graficos"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

// The profile of a user with 120 acts shows them 50 at a time, with the
// total, the page and links to its neighbours; the evaluation still counts
// every act (art. 25 inc. 1: all the acts firm in the reference year), and a
// page beyond the last shows the last.
func TestPerfil_actosEnPaginasDe50(t *testing.T) {
	e := nuevoEntorno(t)
	ctx, a := context.Background(), dominio.Actor{Cuenta: "sistema", IP: "127.0.0.1"}
	const nitMuchos = "800197268-4"
	u := dominio.UsuarioAduanero{NIT: nitMuchos, RazonSocial: "Muchos Actos S.A.S.", Tipo: "declarante", DireccionSeccional: seccionalCartagena}
	if _, _, err := e.d.GuardarUsuario(ctx, u, a); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 120; i++ {
		f := fecha.Debe(2024, 1, 1).MasDias(i)
		x := dominio.ActoSancion{NIT: nitMuchos, NumeroActo: fmt.Sprintf("M-%03d", i), FechaFirmeza: f, FechaExpedicion: f.MasDias(-20),
			Gravedad: sancion.Grave, Sancion: sancion.Multa, Infraccion: "D920-38-2.1", Valor: decimal.NewFromInt(1_000_000)}
		if _, err := e.d.GuardarActo(ctx, x, a); err != nil {
			t.Fatal(err)
		}
	}
	s := e.ingresar("comite")
	casos := []struct {
		pagina        string
		filas         int
		texto         string
		anterior, sig bool
	}{
		{"", 50, "Página 1 de 3", false, true},
		{"?actos=2", 50, "Página 2 de 3", true, true},
		{"?actos=3", 20, "Página 3 de 3", true, false},
		{"?actos=99", 20, "Página 3 de 3", true, false},
		{"?actos=x", 50, "Página 1 de 3", false, true},
	}
	for _, c := range casos {
		t.Run("pagina"+c.pagina, func(t *testing.T) {
			rec := e.pedir("GET", "/usuarios/"+nitMuchos+c.pagina, &s, nil)
			if rec.Code != http.StatusOK {
				t.Fatalf("estado %d", rec.Code)
			}
			doc := documento(t, rec)
			if n := doc.Find(`[data-testid="tabla-actos"] tbody tr`).Length(); n != c.filas {
				t.Errorf("%d filas, quiere %d", n, c.filas)
			}
			nav := testid(doc, "paginacion-actos").Text()
			if !strings.Contains(nav, c.texto) || !strings.Contains(doc.Find(`[data-testid="tabla-actos"] caption`).Text(), "120 actos") {
				t.Errorf("paginación %q, leyenda %q", nav, doc.Find(`[data-testid="tabla-actos"] caption`).Text())
			}
			if (testid(doc, "actos-anterior").Length() == 1) != c.anterior || (testid(doc, "actos-siguiente").Length() == 1) != c.sig {
				t.Errorf("enlaces: anterior %d, siguiente %d", testid(doc, "actos-anterior").Length(), testid(doc, "actos-siguiente").Length())
			}
			if href, _ := testid(doc, "actos-siguiente").Attr("href"); c.sig && !strings.HasSuffix(href, "#panel-actos") {
				t.Errorf("el enlace %q no vuelve a la tabla de actos", href)
			}
		})
	}
	// The chart of acts by gravedad counts every act, not only the page's.
	doc := documento(t, e.pedir("GET", "/usuarios/"+nitMuchos+"?actos=3", &s, nil))
	if js := doc.Find(`script#` + graficos.IDActosPorGravedad + `-datos`).Text(); !strings.Contains(js, "120") {
		t.Errorf("el gráfico por gravedad no cuenta los 120 actos: %s", js)
	}
}
