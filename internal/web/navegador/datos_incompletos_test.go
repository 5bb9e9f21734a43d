package navegador

import (
	"comite/internal/dominio"
	"comite/internal/importar/filas"
	"comite/internal/permisos"
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"comite/internal/db"
	"comite/internal/fecha"
	"comite/internal/importar"

	"github.com/chromedp/chromedp"
)

// A user imported without operations of the reference year (art. 25 inc. 1:
// unknown, not zero) shows "Datos incompletos: cargue las operaciones de
// AAAA" on its profile and in the screening, in the group apart; «Reportar
// caso» from its row still works, and the case says the same.
func TestNavegador_usuarioImportadoSinOperaciones(t *testing.T) {
	p := iniciar(t)
	ctx, sis := context.Background(), dominio.Actor{Cuenta: "sistema"}
	if _, err := p.d.CrearCuenta(ctx, dominio.NuevaCuenta{Usuario: "secretaria", Nombre: "Sara Secretaría", Rol: permisos.RolSecretaria, Clave: clave}, sis); err != nil {
		t.Fatal(err)
	}
	hoy := fecha.DeTiempo(time.Now())
	ref := strconv.Itoa(hoy.Anio() - 1)
	const nit = "901234567-7"
	archivos := []struct {
		clase filas.Clase
		csv   string
	}{
		{filas.Usuarios, "nit;razon_social;tipo;direccion_seccional;registro_vigente_desde\n901.234.567-7;Comercializadora Sin Operaciones Importada S.A.S.;Declarante;Dirección Seccional de Aduanas de Cartagena;01/03/2018\n"},
		{filas.Sanciones, "nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\n" +
			nit + ";RS-SO-1;10/03/" + ref + ";Grave;Multa;$ 18.000.000;no\n" +
			nit + ";RS-SO-2;03/06/" + ref + ";Gravísima;Multa;$ 42.000.000;no\n" +
			nit + ";RS-SO-3;15/09/" + ref + ";Grave;Multa;$ 9.500.000;no\n"},
	}
	for _, a := range archivos {
		lote, problemas := importar.Leer(a.clase, string(a.clase)+".csv", strings.NewReader(a.csv))
		if len(problemas) > 0 {
			t.Fatalf("%s: %v", a.clase, problemas)
		}
		if _, err := p.d.Importar(ctx, lote, sis, db.OpcionesImportacion{}); err != nil {
			t.Fatal(err)
		}
	}
	quiere := "Datos incompletos: cargue las operaciones de " + ref

	p.ingresar("secretaria")
	p.ir("/usuarios/" + nit)
	p.hacer(chromedp.WaitVisible(sel("evaluacion-resultado")))
	if got := p.texto(sel("evaluacion-resultado")); !strings.Contains(got, quiere) || strings.Contains(got, "Procedería") {
		t.Fatalf("perfil: %q", got)
	}
	p.captura("datos-incompletos-perfil")

	p.ir("/tamizaje")
	p.hacer(chromedp.WaitVisible(sel("tabla-tamizaje")))
	fila := `[data-testid="tamizaje-` + nit + `"]`
	if got := p.texto(chromedp.CSS(fila + ` [data-testid="datos-incompletos"]`)); got != quiere {
		t.Fatalf("tamizaje: %q", got)
	}
	if got := p.texto(sel("grupo-datos-incompletos")); !strings.Contains(got, "Datos incompletos") {
		t.Fatalf("grupo: %q", got)
	}
	p.captura("datos-incompletos-tamizaje")

	// «Reportar caso» from the row: the form comes with the NIT.
	p.clicYEspera(chromedp.CSS(fila+` [data-testid="iniciar-caso"]`), sel("form-caso"))
	nitForm, err := correr(p, chromedp.Evaluate[string](`document.getElementById('f-nit').value`))
	if err != nil || nitForm != nit {
		t.Fatalf("NIT del formulario: %q (%v)", nitForm, err)
	}
	comision := hoy.MasDias(-20).String()
	p.hacer(
		chromedp.SetValue(chromedp.ID("f-fecha_comision"), comision),
		chromedp.SetValue(chromedp.ID("f-fecha_verificacion"), hoy.MasDias(-10).String()),
		chromedp.SetValue(chromedp.ID("f-gravedad"), "grave"),
		chromedp.SendKeys(chromedp.ID("f-sancion_prevista"), "10.475.000"),
		chromedp.SetValue(chromedp.ID("f-descripcion"), "Nueva infracción de un usuario sin operaciones cargadas."),
		chromedp.SetValue(chromedp.ID("f-motivo_sin_informe"), "El informe se envía por correo certificado."),
	)
	p.clicNuevaPagina(sel("enviar-caso"))
	if got := p.texto(sel("estado-caso")); got != "Reportado" {
		t.Fatalf("estado %q", got)
	}
	anioCaso := strconv.Itoa(fecha.Debe(hoy.MasDias(-20).Anio(), 1, 1).Anio() - 1)
	if got := p.texto(sel("resultado-incompleto")); got != "Datos incompletos: cargue las operaciones de "+anioCaso {
		t.Fatalf("resultado del caso: %q", got)
	}
	p.captura("datos-incompletos-caso")
}
