package navegador

import (
	"comite/internal/dominio"
	"comite/internal/permisos"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"comite/internal/fecha"
	"comite/internal/graficos"

	"github.com/chromedp/chromedp"
	"github.com/shopspring/decimal"
)

// pintado waits until the canvas of a chart has painted pixels, and returns how many.
func (p *prueba) pintado(id string) int {
	p.t.Helper()
	p.hacer(chromedp.WaitVisible(chromedp.CSS(`#` + id + `[data-dibujado="si"] canvas`)))
	n, err := correr(p, chromedp.Poll[int](`(() => {
		const c = document.querySelector('#`+id+` canvas');
		if (!c || c.width === 0) return 0;
		const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
		let n = 0;
		for (let i = 3; i < d.length; i += 4) { if (d[i] > 0) n++; }
		return n > 2000 ? n : 0;
	})()`, chromedp.WithPollingTimeout(limitePaso-5*time.Second)))
	if err != nil {
		p.t.Fatalf("el gráfico %s no se pintó: %v", id, err)
	}
	return n
}

// The Secretaría's week: import a file with an error and see it named, fix
// it and import; open the user's profile and see its charts drawn; use the
// liquidation calculator. Then an auditor cannot reach a form that changes data.
func TestNavegador_secretariaImportaYVePerfil(t *testing.T) {
	p := iniciar(t)
	ctx, sis := context.Background(), dominio.Actor{Cuenta: "sistema"}
	if _, err := p.d.CrearCuenta(ctx, dominio.NuevaCuenta{Usuario: "secretaria", Nombre: "Sara Secretaría", Rol: permisos.RolSecretaria, Clave: clave}, sis); err != nil {
		t.Fatal(err)
	}
	const nit = "800191045-1"
	if _, err := p.d.GuardarRegistro(ctx, nit, dominio.RegistroUsuario{Clase: "autorizacion", Numero: "RES-001", VigenteDesde: fecha.Debe(2019, 5, 2)}, sis); err != nil {
		t.Fatal(err)
	}
	hoy := fecha.DeTiempo(time.Now())
	for i, v := range []string{"1200000000", "1500000000", "1100000000", "1800000000", "1600000000"} {
		anio := hoy.Anio() - 5 + i
		if _, err := p.d.GuardarOperacionAnual(ctx, dominio.OperacionAnual{NIT: nit, Anio: anio, Valor: decimal.RequireFromString(v), Numero: int64(100 + 10*i)}, sis); err != nil {
			t.Fatal(err)
		}
	}

	dir := t.TempDir()
	anioRef := hoy.Anio() - 1
	cab := "nit;numero_acto;fecha_expedicion;fecha_firmeza;infraccion;gravedad;sancion;valor;allanamiento\r\n"
	fila := func(num, firmeza, grav, valor string) string {
		return nit + ";" + num + ";;" + firmeza + ";D920-36-2.1;" + grav + ";multa;" + valor + ";no\r\n"
	}
	ref := func(mmdd string) string { return mmdd + "/" + decimal.NewFromInt(int64(anioRef)).String() }
	malo := cab + fila("RS-N-1", ref("10/02"), "grave", "$ 4.000.000") + fila("RS-N-2", ref("15/06"), "gravísima", "3.500.000,5,0") + fila("RS-N-3", ref("20/09"), "grave", "2.750.000")
	bien := strings.Replace(malo, "3.500.000,5,0", "3.500.000,50", 1)
	rutaMalo, rutaBien := filepath.Join(dir, "sanciones.csv"), filepath.Join(dir, "sanciones-corregido.csv")
	if err := os.WriteFile(rutaMalo, []byte(malo), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(rutaBien, []byte(bien), 0o600); err != nil {
		t.Fatal(err)
	}

	p.ingresar("secretaria")
	// Import with an error: the preview names the row and the field.
	p.clicYEspera(sel("nav-importar"), sel("form-importar"))
	p.hacer(
		chromedp.SetValue(chromedp.ID("f-clase"), "sanciones"),
		chromedp.SetUploadFiles(chromedp.ID("f-archivo"), []string{rutaMalo}),
	)
	p.clicYEspera(sel("subir-archivo"), sel("tabla-errores"))
	if got := p.texto(sel("error-0")); !strings.Contains(got, "3") || !strings.Contains(got, "valor") || !strings.Contains(got, "3.500.000,5,0") {
		t.Fatalf("el error no nombra fila y campo: %q", got)
	}
	p.captura("10-importacion-con-error")
	var n int
	if err := p.d.QueryRow(`SELECT count(*) FROM actos WHERE numero_acto LIKE 'RS-N-%'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Fatal("la vista previa con errores escribió")
	}
	// The corrected file, from the same page: preview, then confirm.
	p.hacer(
		chromedp.SetValue(chromedp.ID("f-clase"), "sanciones"),
		chromedp.SetUploadFiles(chromedp.ID("f-archivo"), []string{rutaBien}),
	)
	p.clicYEspera(sel("subir-archivo"), sel("confirmar-importacion"))
	if got := p.texto(sel("resumen-nuevas")); !strings.Contains(got, "3") {
		t.Fatalf("resumen: %q", got)
	}
	p.captura("11-importacion-vista-previa")
	p.clicYEspera(sel("confirmar-importacion"), sel("resultado-importacion"))
	if err := p.d.QueryRow(`SELECT count(*) FROM actos WHERE numero_acto LIKE 'RS-N-%'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 3 {
		t.Fatalf("se importaron %d actos, quiere 3", n)
	}
	p.captura("12-importacion-resultado")

	// Find the user and open its profile: the three charts draw.
	// The list before the search already shows this user: the row waited for
	// after the search must be the one of the new page (clicYEspera), or the
	// click on its link resolves a node of the old document.
	p.clicYEspera(sel("nav-usuarios"), sel("form-buscar"))
	p.hacer(chromedp.SendKeys(chromedp.ID("f-q"), "800191045"))
	p.clicYEspera(sel("buscar"), sel("usuario-"+nit))
	if q, err := correr(p, chromedp.Evaluate[string](`new URLSearchParams(location.search).get('q') || ''`)); err != nil || q != "800191045" {
		t.Fatalf("la página tras buscar no es la del resultado: q=%q (%v)", q, err)
	}
	p.clicYEspera(chromedp.CSS(`[data-testid="usuario-`+nit+`"] a`), sel("evaluacion-rapida"))
	for _, id := range []string{graficos.IDSancionesVsUmbral, graficos.IDSancionesYOperaciones, graficos.IDActosPorGravedad} {
		t.Logf("%s: %d píxeles pintados", id, p.pintado(id))
	}
	if got := p.texto(sel("evaluacion-actos")); !strings.Contains(got, "3") {
		t.Fatalf("actos que cuentan: %q", got)
	}
	p.captura("13-perfil")

	// Liquidation: the contract's worked example.
	p.clicYEspera(sel("nav-liquidacion"), sel("form-liquidacion"))
	p.hacer(
		chromedp.SetValue(chromedp.ID("f-fecha"), "04/05/2026"),
		chromedp.SendKeys(chromedp.ID("f-codigo_1"), "D920-36-2.1"),
		chromedp.SendKeys(chromedp.ID("f-valor_1"), "20.000.000"),
		chromedp.SendKeys(chromedp.ID("f-codigo_2"), "D920-36-2.4"),
		chromedp.SetValue(chromedp.ID("f-sancion_2"), "multa"),
		chromedp.SendKeys(chromedp.ID("f-valor_2"), "150"),
		chromedp.SetValue(chromedp.ID("f-unidad_2"), "uvt"),
		chromedp.SetValue(chromedp.ID("f-etapa"), "antes_requerimiento"),
	)
	p.clicYEspera(sel("liquidar"), sel("total-liquidacion"))
	if got := p.texto(sel("total-liquidacion")); got != "$ 4.800.000" {
		t.Fatalf("total = %q", got)
	}
	p.captura("14-liquidacion")
	p.salir()

	// The auditor reads the profile but reaches no form that changes data.
	p.ingresar("auditor")
	if st := p.ir("/usuarios/" + nit); st != http.StatusOK {
		t.Fatalf("auditor en el perfil: %d", st)
	}
	n, err := correr(p, chromedp.Evaluate[int](`document.querySelectorAll('form[method="post"]:not([action="/logout"]), [data-testid="registrar-acto"], [data-testid^="corregir-"]').length`))
	if err != nil || n != 0 {
		t.Fatalf("el auditor ve %d formularios o enlaces de cambio (%v)", n, err)
	}
	for _, ruta := range []string{"/usuarios/" + nit + "/actos/nuevo", "/usuarios/" + nit + "/editar", "/usuarios/nuevo", "/importar", "/usuarios/" + nit + "/operaciones/nuevo"} {
		if st := p.ir(ruta); st != http.StatusForbidden {
			t.Fatalf("auditor en %s: estado %d", ruta, st)
		}
		if got := p.texto(sel("mensaje-error")); !strings.Contains(got, "No tiene permiso") {
			t.Fatalf("página 403 = %q", got)
		}
	}
	p.captura("15-auditor-sin-formularios")

	for _, m := range p.consola.todos() {
		if strings.Contains(m, "Content Security Policy") || strings.HasPrefix(m, "exception") {
			t.Errorf("consola del navegador: %s", m)
		}
	}
}
