package navegador

import (
	"comite/internal/importar/filas"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"comite/internal/dominio"
	"comite/internal/graficos"
	"comite/internal/permisos"

	"comite/internal/db"
	"comite/internal/fecha"
	"comite/internal/nit"
	"comite/internal/sancion"

	"github.com/chromedp/chromedp"
	"github.com/shopspring/decimal"
)

// sembrarTamizaje writes, through the store (audited, as the application
// does), a dozen customs users of every type with acts and operations over
// the last years: some meet the committee test in one year or another, some
// are close to it.
func sembrarTamizaje(t *testing.T, d *db.DB) (primero string) {
	t.Helper()
	ctx, sis := context.Background(), dominio.Actor{Cuenta: "sistema"}
	hoy := fecha.DeTiempo(time.Now())
	seccionales := []string{"Dirección Seccional de Aduanas de Cartagena", "Dirección Seccional de Aduanas de Bogotá", "Dirección Seccional de Aduanas de Barranquilla"}
	for i := 0; i < 14; i++ {
		base := fmt.Sprintf("90070%04d", i)
		dv, err := nit.DV(base)
		if err != nil {
			t.Fatal(err)
		}
		n := fmt.Sprintf("%s-%d", base, dv)
		if i == 0 {
			primero = n
		}
		tipo := filas.TiposUsuario[i%len(filas.TiposUsuario)]
		u := dominio.UsuarioAduanero{NIT: n, RazonSocial: fmt.Sprintf("Usuario Tamizaje %02d S.A.S.", i+1), Tipo: tipo, DireccionSeccional: seccionales[i%len(seccionales)]}
		if _, _, err := d.GuardarUsuario(ctx, u, sis); err != nil {
			t.Fatal(err)
		}
		if _, err := d.GuardarRegistro(ctx, n, dominio.RegistroUsuario{Clase: "registro", Numero: "R-" + base, VigenteDesde: fecha.Debe(2015, 1, 1)}, sis); err != nil {
			t.Fatal(err)
		}
		// Five reference years; user i has (i+year) % 5 acts in a year, each
		// of 6.000.000, against operations of 3.000.000.000 (line: 15.000.000).
		for k := 1; k <= 5; k++ {
			anio := hoy.Anio() - k
			actos := (i + anio) % 5
			if i == 0 && k == 1 {
				actos = 4 // the first user meets the test in the current screening
			}
			for a := 0; a < actos; a++ {
				f := fecha.Debe(anio, time.Month(2+2*a), 10)
				x := dominio.ActoSancion{NIT: n, NumeroActo: fmt.Sprintf("RS-%d-%d-%d", i, anio, a), FechaExpedicion: f.MasDias(-15), FechaFirmeza: f,
					Gravedad: sancion.Grave, Sancion: sancion.Multa, Valor: decimal.NewFromInt(int64(4_000_000 + 1_000_000*(i%4)))}
				if _, err := d.GuardarActo(ctx, x, sis); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := d.GuardarOperacionAnual(ctx, dominio.OperacionAnual{NIT: n, Anio: anio, Valor: decimal.NewFromInt(3_000_000_000), Numero: 300}, sis); err != nil {
				t.Fatal(err)
			}
		}
	}
	return primero
}

// The Secretaría opens Inicio and sees the portfolio chart painted, then the
// screening: the ranked table, its warnings, the exports and the way to the
// user's profile and to report a case.
func TestNavegador_tamizajeYCartera(t *testing.T) {
	p := iniciar(t)
	if _, err := p.d.CrearCuenta(context.Background(), dominio.NuevaCuenta{Usuario: "secretaria", Nombre: "Sara Secretaría", Rol: permisos.RolSecretaria, Clave: clave}, dominio.Actor{Cuenta: "sistema"}); err != nil {
		t.Fatal(err)
	}
	primero := sembrarTamizaje(t, p.d)
	p.ingresar("secretaria")

	// The portfolio is computed in the background after a data change: Inicio
	// says so until it is ready.
	listo := false
	for limite := time.Now().Add(limitePaso); !listo && time.Now().Before(limite); {
		p.ir("/")
		n, err := correr(p, chromedp.Evaluate[int](`document.querySelectorAll('#`+graficos.IDCartera+`').length`))
		if err != nil {
			t.Fatal(err)
		}
		listo = n == 1
		if !listo {
			time.Sleep(250 * time.Millisecond) // poll interval, bounded by limite
		}
	}
	if !listo {
		t.Fatal("la cartera no apareció en Inicio")
	}
	if n := p.pintado(graficos.IDCartera); n == 0 {
		t.Fatal("el gráfico de la cartera no se pintó")
	}
	if total := p.texto(sel("cartera-total")); !strings.Contains(total, "Total") {
		t.Fatalf("fila total de la cartera = %q", total)
	}
	p.hacer(chromedp.ScrollIntoView(sel("panel-cartera")))
	p.captura("inicio-cartera")

	p.clicYEspera(sel("nav-tamizaje"), sel("tabla-tamizaje"))
	filas, err := correr(p, chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-testid="tabla-tamizaje"] tbody tr[data-testid^="tamizaje-"]')].map(r => r.dataset.testid)`))
	if err != nil {
		t.Fatal(err)
	}
	// 14 users of sembrarTamizaje and the one of sembrar; the ones for whom
	// the Comité procede come first.
	if len(filas) != 15 || !strings.Contains(strings.Join(filas[:3], ","), "tamizaje-"+primero) {
		t.Fatalf("filas del tamizaje = %v; quiere 15, %s entre los primeros", filas, primero)
	}
	if s := p.texto(chromedp.CSS(`[data-testid="tabla-tamizaje"] tbody tr:first-child [data-testid^="procede-"]`)); s != "Sí" {
		t.Fatalf("la primera fila procede: %q", s)
	}
	if s := p.texto(chromedp.CSS(`[data-testid="tamizaje-` + primero + `"] [data-testid="procede-si"]`)); s != "Sí" {
		t.Fatalf("el primero procede: %q", s)
	}
	p.captura("tamizaje")

	// Filter by type, then open the first user's profile from its row.
	p.hacer(chromedp.SetValue(chromedp.ID("f-tipo"), "agencia_de_aduanas"))
	p.clicNuevaPagina(sel("filtrar"))
	p.hacer(chromedp.WaitVisible(sel("quitar-filtros")))
	p.clicNuevaPagina(chromedp.CSS(`[data-testid="tamizaje-` + primero + `"] [data-testid="ver-usuario"]`))
	p.hacer(chromedp.WaitVisible(sel("identificacion")))
	if h := p.texto(sel("razon-social")); h != "Usuario Tamizaje 01 S.A.S." {
		t.Fatalf("perfil abierto desde el tamizaje = %q", h)
	}
}
