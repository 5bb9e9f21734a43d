package navegador

import (
	"comite/internal/dominio"
	"comite/internal/permisos"
	"context"
	"strings"
	"testing"
	"time"

	"comite/internal/db"

	"github.com/chromedp/chromedp"
)

// sembrarCaso writes the accounts of the workflow and a customs user of
// Cartagena with the acts of the worked example of docs/reglas.md §2.
func sembrarCaso(t *testing.T, d *db.DB) {
	t.Helper()
	for _, n := range []dominio.NuevaCuenta{
		{Usuario: "seccional", Nombre: "Sonia Seccional", Rol: permisos.RolSeccional, DireccionSeccional: "Dirección Seccional de Aduanas de Cartagena"},
		{Usuario: "secretaria", Nombre: "Sara Secretaría", Rol: permisos.RolSecretaria},
		{Usuario: "comite", Nombre: "Carlos Comité", Rol: permisos.RolComite},
	} {
		n.Clave = clave
		if _, err := d.CrearCuenta(context.Background(), n, dominio.Actor{Cuenta: "sistema"}); err != nil {
			t.Fatal(err)
		}
	}
	q := []string{
		`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (2, '800197268-4', 'Agencia de Aduanas Reincidente S.A.S.', 'agencia_de_aduanas', 'CARTAGENA', 'x', 'x')`,
		`INSERT INTO registros(usuario_id, clase, numero, vigente_desde) VALUES (2, 'autorizacion', '1', '2010-01-01')`,
		`INSERT INTO operaciones_anuales VALUES (2, 2025, 1480000000000, 1600, 'x')`,
		`INSERT INTO operaciones_anuales VALUES (2, 2024, 1300000000000, 1500, 'x')`,
		`INSERT INTO operaciones_anuales VALUES (2, 2023, 1200000000000, 1400, 'x')`,
		`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (2, 'RS-2025-A', '2025-03-04', 'grave', 'multa', 4000000000, 0, 'x')`,
		`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (2, 'RS-2025-B', '2025-07-22', 'gravisima', 'multa', 2500000000, 0, 'x')`,
		`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (2, 'RS-2025-C', '2025-11-28', 'grave', 'multa', 1200000000, 0, 'x')`,
		`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (2, 'RS-2025-D', '2025-09-01', 'grave', 'multa', 3000000000, 1, 'x')`,
		`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (2, 'RS-2024-E', '2024-12-31', 'grave', 'multa', 5000000000, 0, 'x')`,
		`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (2, 'RS-2024-F', '2024-05-10', 'leve', 'multa', 800000000, 0, 'x')`,
	}
	for _, s := range q {
		if _, err := d.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
}

// reporte is what the seccional writes in the form of a new case, with
// the dates as DD/MM/AAAA; an empty field is left as the form has it.
type reporte struct {
	nit, comision, verificacion, expediente, gravedad, sancionPrevista, descripcion string
	motivoSinInforme                                                                string // why the Seccional's informe is not attached
}

// llenarReporte writes r into the form of a new case the browser shows.
func (p *prueba) llenarReporte(r reporte) {
	p.t.Helper()
	var pasos []chromedp.Action[chromedp.Void]
	for _, c := range []struct{ id, v string }{
		{"f-nit", r.nit}, {"f-fecha_comision", r.comision}, {"f-fecha_verificacion", r.verificacion}, {"f-fecha_expediente", r.expediente},
		{"f-gravedad", r.gravedad}, {"f-sancion_prevista", r.sancionPrevista}, {"f-descripcion", r.descripcion},
		{"f-motivo_sin_informe", r.motivoSinInforme},
	} {
		if c.v != "" {
			pasos = append(pasos, chromedp.SetValue(chromedp.ID(c.id), c.v))
		}
	}
	p.hacer(pasos...)
}

// The journey: the seccional reports a case; the Secretaría
// evaluates, writes the criteria, issues the informe and presents it; the
// Comité records a concepto after the confirmation step; the page then offers
// no way to edit it; the case detail's charts draw.
func TestNavegador_casoDelReporteAlConcepto(t *testing.T) {
	p := iniciar(t)
	sembrarCaso(t, p.d)

	p.ingresar("seccional")
	p.ir("/casos/nuevo")
	p.hacer(
		chromedp.WaitVisible(sel("form-caso")),
		chromedp.SendKeys(chromedp.ID("f-nit"), "800197268-4"),
		chromedp.SetValue(chromedp.ID("f-fecha_comision"), "2026-02-10"),
		chromedp.SetValue(chromedp.ID("f-fecha_verificacion"), "2026-03-02"),
		chromedp.SetValue(chromedp.ID("f-fecha_expediente"), "2026-03-13"),
		chromedp.SetValue(chromedp.ID("f-gravedad"), "gravisima"),
		chromedp.SendKeys(chromedp.ID("f-sancion_prevista"), "10.475.000"),
		chromedp.SetValue(chromedp.ID("f-descripcion"), "Declaraciones con información inexacta sobre el valor en aduana."),
		chromedp.SetValue(chromedp.ID("f-motivo_sin_informe"), "El informe se envía por correo certificado."),
	)
	p.clicNuevaPagina(sel("enviar-caso"))
	ruta, err := correr(p, chromedp.Evaluate[string](`location.pathname`))
	if err != nil {
		t.Fatal(err)
	}
	if got := p.texto(sel("estado-caso")); got != "Reportado" {
		t.Fatalf("estado %q", got)
	}
	p.salir()

	p.ingresar("secretaria")
	p.ir(ruta)
	p.clicNuevaPagina(sel("accion-iniciar_evaluacion"))
	for _, c := range []string{"tipo_usuario", "perjuicio_estado", "naturaleza_hechos", "impacto_comercio", "antecedentes"} {
		p.hacer(chromedp.SetValue(chromedp.ID("f-"+c), "Texto de la Secretaría Técnica sobre "+strings.ReplaceAll(c, "_", " ")+"."))
	}
	p.clicNuevaPagina(sel("guardar-criterios"))
	p.clicNuevaPagina(sel("emitir-informe"))
	p.hacer(chromedp.WaitVisible(sel("informe-v1")))
	p.clicNuevaPagina(sel("accion-presentar"))
	if got := p.texto(sel("estado-caso")); got != "En Comité" {
		t.Fatalf("estado %q", got)
	}
	p.salir()

	sesionParaCaso(t, p.d, ruta)
	p.ingresar("comite")
	p.ir(ruta)
	p.hacer(
		chromedp.WaitVisible(chromedp.CSS(`#grafico-sanciones-umbral[data-dibujado="si"] canvas`)),
		chromedp.WaitVisible(chromedp.CSS(`#grafico-sanciones-operaciones[data-dibujado="si"] canvas`)),
		chromedp.WaitVisible(chromedp.CSS(`#grafico-actos-gravedad[data-dibujado="si"] canvas`)),
	)
	// The tab asks for reduced motion (iniciarCon): every chart is drawn
	// without animation.
	animados, err := correr(p, chromedp.Evaluate[int](`[...document.querySelectorAll('[data-dibujado="si"]')].filter(el => echarts.getInstanceByDom(el).getOption().animation !== false).length`))
	if err != nil {
		t.Fatal(err)
	}
	if animados != 0 {
		t.Errorf("%d gráficos animados aunque la pestaña pide menos movimiento", animados)
	}
	p.captura("caso-detalle")
	// The button leads to the session: date and members come from it.
	p.clicNuevaPagina(sel("accion-emitir_concepto"))
	p.hacer(
		chromedp.WaitVisible(sel("concepto-sesion")),
		chromedp.Click(sel("decision-multa")),
		chromedp.SetValue(chromedp.ID("f-mot-naturaleza_hechos"), "Inexactitudes reiteradas en el valor declarado."),
		chromedp.SetValue(chromedp.ID("f-mot-impacto_comercio"), "La cancelación afectaría a muchos importadores del puerto."),
		chromedp.SetValue(chromedp.ID("f-mot-antecedentes"), "Tres actos graves o gravísimos en firme en 2025."),
	)
	p.captura("concepto-formulario")
	p.clicNuevaPagina(sel("revisar-concepto"))
	if txt := p.texto(sel("confirmacion-concepto")); !strings.Contains(txt, "Multa prevista incrementada") || !strings.Contains(txt, "Director de Gestión Jurídica") {
		t.Fatalf("la confirmación no muestra lo que se registrará: %s", txt)
	}
	p.captura("concepto-confirmacion")
	var n int
	if err := p.d.QueryRow(`SELECT count(*) FROM conceptos`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Fatal("la confirmación registró el concepto")
	}
	p.clicYEspera(sel("registrar-concepto"), sel("orden-del-dia"))
	p.ir(ruta)
	if got := p.texto(sel("estado-caso")); got != "Concepto emitido" {
		t.Fatalf("estado %q", got)
	}
	editar, err := correr(p, chromedp.Evaluate[int](`document.querySelectorAll('form[action$="/concepto"], a[href$="/concepto"], [data-testid="form-concepto"]').length`))
	if err != nil {
		t.Fatal(err)
	}
	if editar != 0 {
		t.Fatalf("la página ofrece %d controles para editar el concepto", editar)
	}
	p.hacer(chromedp.WaitVisible(sel("registrar-correccion")))
	p.captura("caso-con-concepto")
	for _, m := range p.consola.todos() {
		if strings.Contains(m, "Content Security Policy") || strings.HasPrefix(m, "exception") {
			t.Errorf("consola: %s", m)
		}
	}
}

// The second route (Decreto Ley 920 de 2023, art. 25 last paragraph by
// position): the seccional reports an infraction that allows cancellation in
// substitution of the fine; the page shows that route from the report on;
// the Secretaría documents the six aspects; the Comité refuses its visto
// bueno; the case closes with the foreseen fine, without the 1.000 UVT.
func TestNavegador_segundaRutaSinVistoBuenoCierraConLaMultaPrevista(t *testing.T) {
	p := iniciar(t)
	sembrarCaso(t, p.d)

	p.ingresar("seccional")
	p.ir("/casos/nuevo")
	p.hacer(
		chromedp.WaitVisible(sel("form-caso")),
		chromedp.SendKeys(chromedp.ID("f-nit"), "800197268-4"),
		chromedp.SetValue(chromedp.ID("f-fecha_comision"), "2026-02-10"),
		chromedp.SetValue(chromedp.ID("f-fecha_verificacion"), "2026-03-02"),
		chromedp.SetValue(chromedp.ID("f-fecha_expediente"), "2026-03-13"),
		chromedp.SetValue(chromedp.ID("f-gravedad"), "gravisima"),
		chromedp.SendKeys(chromedp.ID("f-sancion_prevista"), "10.475.000"),
		chromedp.Click(chromedp.CSS(`input[name="permite_cancelacion"]`)),
		chromedp.SetValue(chromedp.ID("f-descripcion"), "Uso de la habilitación para almacenar mercancía no autorizada."),
		chromedp.SetValue(chromedp.ID("f-motivo_sin_informe"), "El informe se envía por correo certificado."),
	)
	p.clicNuevaPagina(sel("enviar-caso"))
	ruta, err := correr(p, chromedp.Evaluate[string](`location.pathname`))
	if err != nil {
		t.Fatal(err)
	}
	if got := p.texto(sel("resultado")); !strings.Contains(got, "cancelación en sustitución") {
		t.Fatalf("la página no muestra la segunda ruta: %q", got)
	}
	p.salir()

	p.ingresar("secretaria")
	p.ir(ruta)
	p.clicNuevaPagina(sel("accion-iniciar_evaluacion"))
	for _, c := range []string{"tipo_usuario", "perjuicio_estado", "naturaleza_hechos", "impacto_comercio", "antecedentes",
		"transgresion_procedimientos", "incidencia_penal", "otros_hechos"} {
		p.hacer(chromedp.SetValue(chromedp.ID("f-"+c), "Texto de la Secretaría Técnica sobre "+strings.ReplaceAll(c, "_", " ")+"."))
	}
	p.clicNuevaPagina(sel("guardar-criterios"))
	p.clicNuevaPagina(sel("emitir-informe"))
	p.hacer(chromedp.WaitVisible(sel("informe-v1")))
	p.clicNuevaPagina(sel("accion-presentar"))
	if got := p.texto(sel("estado-caso")); got != "En Comité" {
		t.Fatalf("estado %q", got)
	}
	p.salir()

	sesionParaCaso(t, p.d, ruta)
	p.ingresar("comite")
	p.ir(ruta)
	p.clicNuevaPagina(sel("accion-emitir_concepto"))
	p.hacer(
		chromedp.WaitVisible(sel("ayuda-segunda-ruta")),
		chromedp.Click(sel("decision-sin_visto_bueno")),
		chromedp.SetValue(chromedp.ID("f-mot-naturaleza_hechos"), "Hechos aislados."),
		chromedp.SetValue(chromedp.ID("f-mot-impacto_comercio"), "La cancelación afectaría a muchos importadores."),
		chromedp.SetValue(chromedp.ID("f-mot-antecedentes"), "Tres actos en 2025."),
	)
	p.clicNuevaPagina(sel("revisar-concepto"))
	p.clicYEspera(sel("registrar-concepto"), sel("orden-del-dia"))
	p.ir(ruta)
	if got := p.texto(sel("estado-caso")); got != "Concepto emitido" {
		t.Fatalf("estado %q", got)
	}
	p.salir()

	p.ingresar("secretaria")
	p.ir(ruta + "/cierre")
	// The session defaulted to today: the REA comes after it (the second
	// route needs no UVT, so any year works).
	p.hacer(chromedp.SetValue(chromedp.ID("f-fecha_rea"), time.Now().UTC().AddDate(0, 0, 2).Format("2006-01-02")))
	p.clicNuevaPagina(sel("calcular-propuesta"))
	p.captura("segunda-ruta-cierre")
	p.clicNuevaPagina(sel("confirmar-cierre-boton"))
	if got := p.texto(sel("estado-caso")); got != "Cerrado" {
		t.Fatalf("estado %q", got)
	}
	if got := p.texto(sel("propuesta-total")); got != "$ 10.475.000" {
		t.Fatalf("total propuesto %q; quiere la multa prevista sin incremento", got)
	}
	if got := p.texto(sel("propuesta")); !strings.Contains(got, "Sin visto bueno") {
		t.Fatalf("propuesta %q", got)
	}
	p.captura("segunda-ruta-cerrado")
}
