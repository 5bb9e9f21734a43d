package navegador

import (
	"context"
	_ "embed"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/permisos"
	"comite/internal/sancion"
	"comite/internal/web/urls"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/shopspring/decimal"
)

// axe-core 4.14.1 (MPL-2.0, its licence beside it), only for the tests: it
// is never served to the users.
//
//go:embed testdata/axe/axe.min.js
var axeFuente string

// etiquetasWCAG are the rule sets of WCAG 2.0 and 2.1, levels A and AA, that
// Resolución 1519 de 2020 de MinTIC (Anexo 1) requires.
const etiquetasWCAG = `['wcag2a','wcag2aa','wcag21a','wcag21aa']`

type violacionAxe struct {
	ID    string `json:"id"`
	Help  string `json:"help"`
	Nodes []struct {
		Target  []any  `json:"target"`
		HTML    string `json:"html"`
		Summary string `json:"failureSummary"`
	} `json:"nodes"`
}

// axe runs axe-core over the page the browser shows and records, as an error
// of the test, every violation with its rule, element and page.
func (p *prueba) axe(pagina string) {
	p.t.Helper()
	p.paginasRevisadas++
	for _, v := range p.violaciones(pagina) {
		for _, n := range v.Nodes {
			p.t.Errorf("axe: página %q (%s): regla %s (%s): elemento %v %s\n  %s", pagina, p.donde(), v.ID, v.Help, n.Target, recortar(n.HTML, 200), strings.ReplaceAll(n.Summary, "\n", " | "))
		}
	}
}

// conAxe makes the tab load axe-core into every new document, before the
// page's own scripts: sent to the browser once rather than with each check
// (half a megabyte each time), and compiled by the browser in the page's load.
func (p *prueba) conAxe() {
	p.t.Helper()
	if _, err := chromedp.Call(p.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: axeFuente}); err != nil {
		p.t.Fatalf("no se pudo instalar axe en la pestaña: %v", err)
	}
}

// violaciones runs axe-core over the page the browser shows, loading it
// first when the document has none (see conAxe).
func (p *prueba) violaciones(pagina string) []violacionAxe {
	p.t.Helper()
	cargado, err := correr(p, chromedp.Evaluate[bool](`typeof axe === 'object' && typeof axe.run === 'function'`))
	if err != nil {
		p.t.Fatalf("buscar axe en %s: %v", pagina, err)
	}
	if !cargado {
		if _, err := correr(p, chromedp.Evaluate[chromedp.Void](axeFuente)); err != nil {
			p.t.Fatalf("cargar axe en %s: %v", pagina, err)
		}
	}
	// resultTypes: only the violations are read, so axe-core details no
	// passing, incomplete or inapplicable node (every violation is still
	// reported whole, each node of it).
	js := `axe.run(document, {runOnly: {type: 'tag', values: ` + etiquetasWCAG + `}, resultTypes: ['violations']}).then(r => JSON.stringify(r.violations))`
	res, err := correr(p, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("axe en %s: %v", pagina, err)
	}
	var vs []violacionAxe
	if err := json.Unmarshal([]byte(res), &vs); err != nil {
		p.t.Fatalf("respuesta de axe en %s: %v", pagina, err)
	}
	return vs
}

func recortar(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// revisadasAlMenos logs how many pages axe has checked in the test and
// fails when they are fewer than n: the walk did not reach its pages.
func (p *prueba) revisadasAlMenos(n int, que string) {
	p.t.Helper()
	p.t.Logf("axe revisó %d %s", p.paginasRevisadas, que)
	if p.paginasRevisadas < n {
		p.t.Fatalf("axe revisó solo %d páginas; quiere al menos %d", p.paginasRevisadas, n)
	}
}

// iniciarConAxe is iniciar with axe-core in every page of the tab and the
// accounts and customs user of sembrarCaso.
func iniciarConAxe(t *testing.T) *prueba {
	t.Helper()
	p := iniciar(t)
	p.conAxe()
	sembrarCaso(t, p.d)
	return p
}

// irAxe loads a page and runs axe over it.
func (p *prueba) irAxe(pagina, ruta string) {
	p.t.Helper()
	if st := p.ir(ruta); st >= 400 {
		p.t.Fatalf("%s (%s): estado %d", pagina, ruta, st)
	}
	p.axe(pagina)
}

// Every page of the walkthrough of the README, for every role, including the
// forms with errors and the import preview: axe-core finds no violation of
// WCAG 2.0 and 2.1, levels A and AA. The walk is four tests that run side
// by side: this one follows one case from its report to its closing;
// _secretaria goes through the Secretaría's pages about users, imports and
// the liquidation; _auditor and _admin through theirs.
func TestNavegador_accesibilidadWCAG21AA(t *testing.T) {
	p := iniciarConAxe(t)
	const nit = "800197268-4"

	// The check can fail: a page with an image without text and a field
	// without a label has violations.
	p.hacer(chromedp.Evaluate[chromedp.Void](`document.body.innerHTML = '<main><img src="/x.png"><input type="text"></main>'`))
	if vs := p.violaciones("página mala a propósito"); len(vs) < 2 {
		t.Fatalf("axe no encontró las violaciones de una página mala: %+v", vs)
	}

	// Sin sesión: el ingreso, y el ingreso con error.
	p.irAxe("ingreso", "/login")
	p.hacer(
		chromedp.SendKeys(chromedp.ID("f-usuario"), "admin"),
		chromedp.SendKeys(chromedp.ID("f-clave"), "equivocada"),
	)
	p.clicYEspera(sel("ingresar"), sel("error-login"))
	p.axe("ingreso con error")

	// La Dirección Seccional reporta un caso, primero con errores.
	p.ingresar("seccional")
	p.axe("inicio (seccional)")
	p.irAxe("casos (seccional)", "/casos")
	p.irAxe("reportar caso", "/casos/nuevo")
	p.clicNuevaPagina(sel("enviar-caso"))
	p.axe("reportar caso con errores")
	p.llenarReporte(reporte{nit: nit, comision: "10/02/2026", verificacion: "02/03/2026", expediente: "13/03/2026",
		gravedad: "gravisima", sancionPrevista: "10.475.000", descripcion: "Declaraciones con información inexacta.", motivoSinInforme: "El informe se envía por correo certificado."})
	p.clicNuevaPagina(sel("enviar-caso"))
	if got := p.texto(sel("estado-caso")); got != "Reportado" {
		t.Fatalf("el caso no se reportó: estado %q", got)
	}
	ruta, err := correr(p, chromedp.Evaluate[string](`location.pathname`))
	if err != nil {
		t.Fatal(err)
	}
	p.axe("caso reportado (seccional)")
	p.salir()

	// La Secretaría lleva el caso al Comité (sus demás páginas: _secretaria).
	p.ingresar("secretaria")
	p.axe("inicio (secretaria)")
	p.irAxe("casos (secretaria)", "/casos")
	p.irAxe("caso reportado (secretaria)", ruta)
	p.clicNuevaPagina(sel("accion-iniciar_evaluacion"))
	p.axe("caso en evaluación")
	for _, c := range []string{"tipo_usuario", "perjuicio_estado", "naturaleza_hechos", "impacto_comercio", "antecedentes"} {
		p.hacer(chromedp.SetValue(chromedp.ID("f-"+c), "Texto de la Secretaría Técnica."))
	}
	p.clicNuevaPagina(sel("guardar-criterios"))
	p.clicNuevaPagina(sel("emitir-informe"))
	p.axe("caso con informe")
	p.irAxe("informe para imprimir", ruta+"/informe")
	p.irAxe("liquidación del caso", ruta+"/liquidacion")
	p.ir(ruta)
	p.clicNuevaPagina(sel("accion-presentar"))
	p.axe("caso en Comité (secretaria)")
	p.salir()

	// El Comité registra el concepto en la sesión, primero con errores.
	sesionParaCaso(t, p.d, ruta)
	p.ingresar("comite")
	p.axe("inicio (comite)")
	p.irAxe("caso en Comité (comite)", ruta)
	p.clicNuevaPagina(sel("accion-emitir_concepto"))
	p.axe("concepto")
	p.clicNuevaPagina(sel("revisar-concepto"))
	p.axe("concepto con errores")
	p.hacer(
		chromedp.Click(sel("decision-multa")),
		chromedp.SetValue(chromedp.ID("f-mot-naturaleza_hechos"), "Inexactitudes reiteradas."),
		chromedp.SetValue(chromedp.ID("f-mot-impacto_comercio"), "Afectaría a muchos importadores."),
		chromedp.SetValue(chromedp.ID("f-mot-antecedentes"), "Tres actos en firme."),
	)
	p.clicNuevaPagina(sel("revisar-concepto"))
	p.axe("confirmación del concepto")
	p.clicYEspera(sel("registrar-concepto"), sel("orden-del-dia"))
	p.axe("sesión con concepto")
	p.irAxe("caso con concepto", ruta)
	p.clicNuevaPagina(sel("registrar-correccion"))
	p.axe("corrección del concepto")
	p.salir()

	// La Secretaría cierra el caso.
	p.ingresar("secretaria")
	p.irAxe("cierre", ruta+"/cierre")
	p.clicNuevaPagina(chromedp.CSS(`main form[method="post"] button[type="submit"]`))
	p.axe("cierre con errores")
	p.salir()

	p.revisadasAlMenos(25, "páginas")
}

// The auditor's pages of the walkthrough (a part of
// TestNavegador_accesibilidadWCAG21AA that runs beside it), over a case
// with its concepto recorded in a session, as the walkthrough leaves it.
func TestNavegador_accesibilidadWCAG21AA_auditor(t *testing.T) {
	p := iniciar(t)
	p.conAxe()
	numero, casos := sembrarSesion(t, p.d)
	const nit = "800197268-4"
	ctx := context.Background()
	var sesionID int64
	if err := p.d.QueryRow(`SELECT id FROM sesiones_comite WHERE numero = ?`, numero).Scan(&sesionID); err != nil {
		t.Fatal(err)
	}
	c, err := p.d.CasoPorReferencia(ctx, casos[0])
	if err != nil {
		t.Fatal(err)
	}
	comite := dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "comite"}, Rol: permisos.RolComite}
	if _, err := expediente.Nuevo(p.d).RegistrarConceptoEnSesion(ctx, sesionID, c.ID, flujo.Concepto{Decision: flujo.DecisionMultaIncrementada,
		Motivacion: map[string]string{"naturaleza_hechos": "Inexactitudes reiteradas.", "impacto_comercio": "Afectaría a muchos importadores.",
			"antecedentes": "Tres actos en firme."}}, comite); err != nil {
		t.Fatal(err)
	}

	p.ingresar("auditor")
	p.axe("inicio (auditor)")
	p.irAxe("auditoría", "/auditoria")
	p.irAxe("verificar auditoría", "/auditoria/verificar")
	p.irAxe("tamizaje (auditor)", "/tamizaje")
	p.irAxe("caso (auditor)", urls.Caso(c.ID))
	p.irAxe("perfil (auditor)", "/usuarios/"+nit)
	p.irAxe("días inhábiles (auditor)", "/admin/dias-inhabiles")
	p.salir()

	p.revisadasAlMenos(7, "páginas")
}

// The Secretaría's pages of the walkthrough about users, imports and the
// liquidation (a part of TestNavegador_accesibilidadWCAG21AA that runs beside
// it), with the case reported by the seccional as the walkthrough has it at
// that point: through the store, with the same data as the form there.
func TestNavegador_accesibilidadWCAG21AA_secretaria(t *testing.T) {
	p := iniciarConAxe(t)
	const nit = "800197268-4"
	reportarComoEnElRecorrido(t, p.d, nit)

	p.ingresar("secretaria")
	p.irAxe("usuarios", "/usuarios")
	p.irAxe("usuarios buscados", "/usuarios?q=Reincidente")
	p.irAxe("perfil", "/usuarios/"+nit)
	p.irAxe("usuario nuevo", "/usuarios/nuevo")
	p.clicNuevaPagina(chromedp.CSS(`main form[method="post"] button[type="submit"]`))
	p.axe("usuario nuevo con errores")
	p.irAxe("editar usuario", "/usuarios/"+nit+"/editar")
	p.irAxe("registro nuevo", "/usuarios/"+nit+"/registros/nuevo")
	p.irAxe("acto nuevo", "/usuarios/"+nit+"/actos/nuevo")
	p.clicNuevaPagina(chromedp.CSS(`main form[method="post"] button[type="submit"]`))
	p.axe("acto nuevo con errores")
	p.irAxe("operaciones nuevas", "/usuarios/"+nit+"/operaciones/nuevo")
	p.irAxe("importar", "/importar")
	dir := t.TempDir()
	malo := filepath.Join(dir, "sanciones.csv")
	if err := os.WriteFile(malo, []byte("nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\r\n"+nit+";RS-X-1;04/03/2025;grave;multa;3.500.000,5,0;no\r\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	bien := filepath.Join(dir, "sanciones-bien.csv")
	if err := os.WriteFile(bien, []byte("nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\r\n"+nit+";RS-X-1;04/03/2025;grave;multa;3.500.000,50;no\r\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	p.hacer(chromedp.SetValue(chromedp.ID("f-clase"), "sanciones"), chromedp.SetUploadFiles(chromedp.ID("f-archivo"), []string{malo}))
	p.clicYEspera(sel("subir-archivo"), sel("tabla-errores"))
	p.axe("importación con errores")
	p.hacer(chromedp.SetValue(chromedp.ID("f-clase"), "sanciones"), chromedp.SetUploadFiles(chromedp.ID("f-archivo"), []string{bien}))
	p.clicYEspera(sel("subir-archivo"), sel("confirmar-importacion"))
	p.axe("vista previa de la importación")
	p.irAxe("liquidación", "/liquidacion")
	p.clicNuevaPagina(sel("liquidar"))
	p.axe("liquidación con errores")
	p.irAxe("liquidación calculada", "/liquidacion?fecha=04%2F05%2F2026&codigo_1=D920-36-2.1&sancion_1=multa&valor_1=20.000.000&unidad_1=cop&etapa=antes_requerimiento")
	p.irAxe("tamizaje (secretaria)", "/tamizaje")
	p.salir()

	p.revisadasAlMenos(17, "páginas")
}

// The administrator's pages of the walkthrough (a part of
// TestNavegador_accesibilidadWCAG21AA that runs beside it), and the page
// after signing out.
func TestNavegador_accesibilidadWCAG21AA_admin(t *testing.T) {
	p := iniciarConAxe(t)

	p.ingresar("admin")
	p.axe("inicio (admin)")
	p.irAxe("cuentas", "/admin/cuentas")
	p.irAxe("cuenta nueva", "/admin/cuentas/nueva")
	p.clicNuevaPagina(sel("guardar-cuenta"))
	p.axe("cuenta nueva con errores")
	p.irAxe("cuenta", "/admin/cuentas/1")
	p.irAxe("días inhábiles", "/admin/dias-inhabiles")
	p.salir()
	p.axe("salida")

	p.revisadasAlMenos(7, "páginas")
}

// reportarComoEnElRecorrido opens, as the seccional of Cartagena, the case
// that TestNavegador_accesibilidadWCAG21AA reports through the form.
func reportarComoEnElRecorrido(t *testing.T, d *db.DB, nit string) {
	t.Helper()
	sec := dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "seccional"}, Rol: permisos.RolSeccional, Seccional: "CARTAGENA"}
	if _, err := expediente.Nuevo(d).AbrirCaso(context.Background(), dominio.NuevoCaso{NIT: nit, FechaComision: fecha.Debe(2026, 2, 10),
		FechaVerificacion: fecha.Debe(2026, 3, 2), FechaExpediente: fecha.Debe(2026, 3, 13), Gravedad: sancion.Gravisima, Sancion: sancion.Multa,
		SancionPrevista: decimal.NewFromInt(10475000), Descripcion: "Declaraciones con información inexacta."}, sec); err != nil {
		t.Fatal(err)
	}
}

// The pages added after the walkthrough above, for the roles that use them:
// the sessions of the Comité (list with the form to convene one, the form
// with errors, a session with its orden del día, the quorum), the pending
// work, the case list with filters, coverage, UVT, internal terms, backups,
// Direcciones Seccionales and the account's calendar. Its own test because
// it needs a session with cases on its agenda (sembrarSesion), which the
// walkthrough above would take as duplicates of the case it reports.
func TestNavegador_accesibilidadWCAG21AA_paginasNuevas(t *testing.T) {
	p := iniciar(t)
	p.conAxe()
	numero, _ := sembrarSesion(t, p.d)
	var sesionID int64
	if err := p.d.QueryRow(`SELECT id FROM sesiones_comite WHERE numero = ?`, numero).Scan(&sesionID); err != nil {
		t.Fatal(err)
	}
	sesion := "/sesiones/" + strconv.FormatInt(sesionID, 10)

	p.ingresar("secretaria")
	p.irAxe("sesiones (secretaria)", "/sesiones")
	p.clicNuevaPagina(sel("convocar"))
	p.axe("convocar sesión con errores")
	p.irAxe("sesión con orden del día (secretaria)", sesion)
	p.irAxe("pendientes (secretaria)", "/pendientes")
	p.irAxe("casos filtrados", "/casos?q=800197268&estado=en_comite&orden=razon_social")
	p.irAxe("casos sin resultados", "/casos?q=nadie-con-este-nombre")
	p.irAxe("cobertura", "/cobertura?anio=2025")
	p.irAxe("calendario de la cuenta", "/cuenta/calendario")
	p.irAxe("mis avisos por correo", "/cuenta/avisos")
	p.irAxe("búsqueda de la cabecera", "/buscar?q=800197268")
	p.irAxe("búsqueda demasiado corta", "/buscar?q=8")
	p.irAxe("glosario", "/ayuda/glosario")
	p.salir()

	p.ingresar("comite")
	p.irAxe("sesiones (comite)", "/sesiones")
	p.irAxe("sesión con orden del día (comite)", sesion)
	p.irAxe("pendientes (comite)", "/pendientes")
	p.salir()

	p.ingresar("seccional")
	p.irAxe("pendientes (seccional)", "/pendientes")
	p.irAxe("casos filtrados (seccional)", "/casos?estado=en_comite")
	p.salir()

	p.ingresar("auditor")
	p.irAxe("sesiones (auditor)", "/sesiones")
	p.irAxe("UVT (auditor)", "/admin/uvt")
	p.irAxe("seccionales (auditor)", "/admin/seccionales")
	p.salir()

	p.ingresar("admin")
	p.irAxe("UVT", "/admin/uvt")
	p.clicNuevaPagina(chromedp.CSS(`main form[method="post"] button[type="submit"]`))
	p.axe("UVT con errores")
	p.irAxe("términos internos", "/admin/terminos")
	p.irAxe("respaldos", "/admin/respaldos")
	p.irAxe("seccionales", "/admin/seccionales")
	p.irAxe("quórum", "/sesiones/quorum")
	p.irAxe("avisos por correo (administración)", "/admin/correos")
	p.salir()

	p.revisadasAlMenos(22, "páginas nuevas")
}
