package navegador

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"comite/internal/db"
	"comite/internal/demo"
	"comite/internal/graficos"

	"github.com/chromedp/chromedp"
)

// rutaREADME is the repository's README, from this package's directory.
const rutaREADME = "../../../README.md"

// tituloRecorrido is the heading of the README's walkthrough.
const tituloRecorrido = "## Recorrido en diez pasos"

// pasoREADME is one numbered step of the README's walkthrough: the account it
// names (its first code span) and the words it puts in bold, which must be
// on the screens of that step.
type pasoREADME struct {
	numero   int
	cuenta   string
	texto    string
	negritas []string
}

var (
	reInicioPaso = regexp.MustCompile(`(?m)^(\d+)\. `)
	reNegrita    = regexp.MustCompile(`(?s)\*\*(.+?)\*\*`)
	reCuenta     = regexp.MustCompile("^`([a-z]+)`")
	reEspacios   = regexp.MustCompile(`\s+`)
)

// espacios collapses runs of white space (line breaks of the README, of the
// page's layout) to one space.
func espacios(s string) string { return strings.TrimSpace(reEspacios.ReplaceAllString(s, " ")) }

// leerRecorrido reads the steps of the walkthrough from the README text.
func leerRecorrido(readme string) ([]pasoREADME, error) {
	i := strings.Index(readme, "\n"+tituloRecorrido+"\n")
	if i < 0 {
		return nil, errString("el README no tiene la sección «" + tituloRecorrido[3:] + "»")
	}
	seccion := readme[i+len(tituloRecorrido)+2:]
	if j := strings.Index(seccion, "\n## "); j >= 0 {
		seccion = seccion[:j]
	}
	inicios := reInicioPaso.FindAllStringSubmatchIndex(seccion, -1)
	var pasos []pasoREADME
	for k, m := range inicios {
		fin := len(seccion)
		if k+1 < len(inicios) {
			fin = inicios[k+1][0]
		}
		texto := seccion[m[1]:fin]
		// The step ends at the first blank line (a paragraph after the list).
		if j := strings.Index(texto, "\n\n"); j >= 0 {
			texto = texto[:j]
		}
		n, _ := strconv.Atoi(seccion[m[2]:m[3]])
		p := pasoREADME{numero: n, texto: texto}
		if c := reCuenta.FindStringSubmatch(texto); c != nil {
			p.cuenta = c[1]
		}
		for _, b := range reNegrita.FindAllStringSubmatch(texto, -1) {
			p.negritas = append(p.negritas, espacios(b[1]))
		}
		pasos = append(pasos, p)
	}
	return pasos, nil
}

// recorridoDelREADME reads the walkthrough of the repository's README.
func recorridoDelREADME(t *testing.T) []pasoREADME {
	t.Helper()
	b, err := os.ReadFile(rutaREADME)
	if err != nil {
		t.Fatal(err)
	}
	pasos, err := leerRecorrido(string(b))
	if err != nil {
		t.Fatal(err)
	}
	return pasos
}

type errString string

func (e errString) Error() string { return string(e) }

// The walkthrough as the README writes it: at most ten steps, numbered in
// order, each naming a demo account and with words in bold.
func TestRecorrido_READMEBienFormado(t *testing.T) {
	pasos := recorridoDelREADME(t)
	if len(pasos) == 0 || len(pasos) > 10 {
		t.Fatalf("el recorrido tiene %d pasos; debe tener de 1 a 10", len(pasos))
	}
	cuentas := map[string]bool{}
	for _, c := range demo.Cuentas {
		cuentas[c.Usuario] = true
	}
	// The README opens with its two commands; the test command is the one
	// the CI script runs.
	b, err := os.ReadFile(rutaREADME)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	if i := strings.Index(readme, "\n## "); i < 0 || !strings.HasPrefix(readme[i+1:], "## Dos comandos\n") {
		t.Error("la primera sección del README debe ser «Dos comandos»")
	}
	ci, err := os.ReadFile("../../../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`\*\*Correr las pruebas\*\*[^\n]*\n\n    ([^\n]+)\n`).FindStringSubmatch(readme)
	if m == nil {
		t.Error("el README no da el comando de las pruebas en un bloque tras «Correr las pruebas»")
	} else if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(m[1]) + `$`).Match(ci) {
		t.Errorf("el comando de las pruebas del README, %q, no es una línea de .ci/run", m[1])
	}
	for i, p := range pasos {
		if p.numero != i+1 {
			t.Errorf("el paso %d lleva el número %d", i+1, p.numero)
		}
		if !cuentas[p.cuenta] {
			t.Errorf("el paso %d no empieza por una cuenta de demostración entre comillas invertidas: %q", p.numero, p.cuenta)
		}
		if len(p.negritas) == 0 {
			t.Errorf("el paso %d no tiene palabras de la pantalla en negrita", p.numero)
		}
	}
}

// estadoRecorrido is what a step leaves for the next ones.
type estadoRecorrido struct {
	caso, numeroCaso, sesion string // paths of the case reported and of the session convened
	pantallas                []string
}

// mirar keeps the text the page shows now (what a person reads on it).
func (p *prueba) mirar(e *estadoRecorrido) {
	p.t.Helper()
	txt, err := correr(p, chromedp.Evaluate[string](`document.body.innerText`))
	if err != nil {
		p.t.Fatalf("texto de la página %s: %v", p.donde(), err)
	}
	e.pantallas = append(e.pantallas, p.donde()+"\n"+txt)
}

// ruta is the path of the page the browser shows.
func (p *prueba) ruta() string {
	p.t.Helper()
	r, err := correr(p, chromedp.Evaluate[string](`location.pathname`))
	if err != nil {
		p.t.Fatalf("dirección de la página: %v", err)
	}
	return r
}

// guionRecorrido drives each step of the README's walkthrough, by number,
// with the account the README names for it (already signed in), and keeps
// every screen the step goes through.
var guionRecorrido = map[int]func(p *prueba, e *estadoRecorrido){
	1: func(p *prueba, e *estadoRecorrido) {
		p.ir("/")
		p.pintado(graficos.IDActosPorGravedad)
		p.mirar(e)
	},
	2: func(p *prueba, e *estadoRecorrido) {
		const nit = "901750435-6"
		p.clicYEspera(sel("nav-usuarios"), sel("form-buscar"))
		p.hacer(chromedp.SendKeys(chromedp.ID("f-q"), "Reincidente"))
		p.mirar(e)
		p.clicYEspera(sel("buscar"), sel("usuario-"+nit))
		p.mirar(e)
		p.clicYEspera(chromedp.CSS(`[data-testid="usuario-`+nit+`"] a`), sel("evaluacion-rapida"))
		p.pintado(graficos.IDSancionesVsUmbral)
		p.mirar(e)
	},
	3: func(p *prueba, e *estadoRecorrido) {
		var id string
		if err := p.d.QueryRow(`SELECT id FROM casos WHERE numero = 'CF-2026-0009'`).Scan(&id); err != nil {
			p.t.Fatal(err)
		}
		p.clicYEspera(sel("nav-casos"), sel("reportar-caso"))
		p.mirar(e)
		p.clicYEspera(chromedp.CSS(`a[href="/casos/`+id+`"]`), sel("titulo-caso"))
		p.mirar(e)
	},
	4: func(p *prueba, e *estadoRecorrido) {
		p.clicYEspera(sel("nav-importar"), sel("form-importar"))
		p.mirar(e)
		archivo, err := filepath.Abs("../../../testdata/importar/sanciones_errores.csv")
		if err != nil {
			p.t.Fatal(err)
		}
		p.hacer(
			chromedp.SetValue(chromedp.ID("f-clase"), "sanciones"),
			chromedp.SetUploadFiles(chromedp.ID("f-archivo"), []string{archivo}),
		)
		p.clicYEspera(sel("subir-archivo"), sel("tabla-errores"))
		p.mirar(e)
	},
	5: func(p *prueba, e *estadoRecorrido) {
		p.clicYEspera(sel("nav-casos"), sel("reportar-caso"))
		p.mirar(e)
		p.clicYEspera(sel("reportar-caso"), sel("form-caso"))
		informe, err := filepath.Abs("../../../testdata/adjuntos/informe_seccional.pdf")
		if err != nil {
			p.t.Fatal(err)
		}
		p.hacer(
			chromedp.SendKeys(chromedp.ID("f-nit"), "901750435-6"),
			chromedp.SendKeys(chromedp.ID("f-fecha_comision"), "20/11/2026"),
			chromedp.SendKeys(chromedp.ID("f-fecha_verificacion"), "27/11/2026"),
			chromedp.SetValue(chromedp.ID("f-gravedad"), "grave"),
			chromedp.SendKeys(chromedp.ID("f-sancion_prevista"), "8.000.000"),
			chromedp.SetValue(chromedp.ID("f-descripcion"), "Declaraciones con información inexacta sobre el valor en aduana."),
			chromedp.SetUploadFiles(chromedp.ID("f-informe_archivo"), []string{informe}),
		)
		p.mirar(e)
		p.clicYEspera(sel("enviar-caso"), sel("estado-caso"))
		p.mirar(e)
		e.caso = p.ruta()
		e.numeroCaso = strings.Fields(p.texto(sel("titulo-caso")))[1]
	},
	6: func(p *prueba, e *estadoRecorrido) {
		p.ir(e.caso)
		p.mirar(e)
		p.hacer(chromedp.SetValue(chromedp.ID("f-norma"), "Se aplica el Decreto Ley 920 de 2023 mientras se expide la norma que lo sustituya."))
		p.clicYEspera(sel("registrar-norma"), sel("titulo-caso"))
		p.mirar(e)
		p.clicYEspera(sel("accion-iniciar_evaluacion"), sel("form-criterios"))
		p.mirar(e)
		for _, c := range []string{"tipo_usuario", "perjuicio_estado", "naturaleza_hechos", "impacto_comercio", "antecedentes"} {
			p.hacer(chromedp.SetValue(chromedp.ID("f-"+c), "Texto de la Secretaría Técnica sobre "+strings.ReplaceAll(c, "_", " ")+"."))
		}
		p.clicYEspera(sel("guardar-criterios"), sel("emitir-informe"))
		p.mirar(e)
		p.clicYEspera(sel("emitir-informe"), sel("informe-v1"))
		p.mirar(e)
		p.clicYEspera(sel("accion-presentar"), sel("estado-caso"))
		p.mirar(e)
	},
	7: func(p *prueba, e *estadoRecorrido) {
		p.clicYEspera(sel("nav-sesiones"), sel("form-sesion"))
		p.hacer(
			chromedp.SetValue(chromedp.ID("f-fecha"), p.d.Hoy().String()),
			chromedp.SetValue(chromedp.ID("f-hora"), "09:00"),
			chromedp.SetValue(chromedp.ID("f-lugar"), "Sala de juntas, Nivel Central"),
			chromedp.SetValue(chromedp.ID("f-preside"), "Marta Lucía Ríos"),
			chromedp.SetValue(chromedp.ID("f-secretario"), "Jorge Eliécer Díaz"),
			chromedp.SetValue(chromedp.ID("f-miembros"), "Marta Lucía Ríos; Directora de Gestión de Fiscalización\nAndrés Felipe Castaño; Director de Gestión Jurídica\nClaudia Patricia Moreno; Subdirectora de Fiscalización Aduanera"),
		)
		p.mirar(e)
		p.clicYEspera(sel("convocar"), sel("orden-del-dia"))
		p.mirar(e)
		e.sesion = p.ruta()
		p.hacer(chromedp.SetValue(chromedp.ID("f-caso"), strings.TrimPrefix(e.caso, "/casos/")))
		p.clicYEspera(chromedp.CSS(`[data-testid="form-orden"] button`), sel("registrar-"+e.numeroCaso))
		p.mirar(e)
		p.clicYEspera(sel("registrar-"+e.numeroCaso), sel("form-concepto"))
		p.hacer(
			chromedp.Click(sel("decision-multa")),
			chromedp.SetValue(chromedp.ID("f-mot-naturaleza_hechos"), "Inexactitudes reiteradas en el valor declarado."),
			chromedp.SetValue(chromedp.ID("f-mot-impacto_comercio"), "Impacto acotado sobre el comercio exterior."),
			chromedp.SetValue(chromedp.ID("f-mot-antecedentes"), "Tres actos graves o gravísimos en firme en el año de referencia."),
		)
		p.mirar(e)
		p.clicYEspera(sel("revisar-concepto"), sel("confirmacion-concepto"))
		p.mirar(e)
		p.clicYEspera(sel("registrar-concepto"), sel("orden-del-dia"))
		p.mirar(e)
		// Binding: the case page offers no way to edit it.
		p.ir(e.caso)
		if n, err := correr(p, chromedp.Evaluate[int](`document.querySelectorAll('form[action$="/concepto"], [data-testid="form-concepto"]').length`)); err != nil || n != 0 {
			p.t.Fatalf("la página del caso ofrece %d formularios para editar el concepto (%v)", n, err)
		}
	},
	8: func(p *prueba, e *estadoRecorrido) {
		p.ir(e.sesion)
		p.mirar(e)
		p.clicYEspera(sel("emitir-acta"), sel("acta-v1"))
		p.mirar(e)
	},
	9: func(p *prueba, e *estadoRecorrido) {
		p.ir(e.caso)
		p.mirar(e)
		p.clicYEspera(sel("liquidar-desde-historia"), sel("form-historia"))
		p.mirar(e)
		p.hacer(chromedp.SendKeys(chromedp.ID("f-infraccion"), "D920-36-2.8"))
		p.clicYEspera(sel("contar"), sel("form-historia"))
		p.mirar(e)
	},
	10: func(p *prueba, e *estadoRecorrido) {
		p.clicYEspera(sel("nav-auditoria"), sel("verificar-cadena"))
		p.mirar(e)
		p.clicYEspera(sel("verificar-cadena"), sel("resultado-verificacion"))
		p.mirar(e)
	},
}

// The README's walkthrough, step by step, in Chromium over a demo database:
// each step signs in with the account it names and goes through its screens;
// every word the step puts in bold must be on one of them.
func TestRecorrido_enElNavegador(t *testing.T) {
	pasos := recorridoDelREADME(t)
	for _, paso := range pasos {
		if guionRecorrido[paso.numero] == nil {
			t.Fatalf("el README tiene un paso %d que esta prueba no sabe recorrer: agréguelo a guionRecorrido", paso.numero)
		}
	}
	p := iniciarCon(t, func(d *db.DB) {
		if _, err := demo.Generar(context.Background(), d, demo.Opciones{ClaveCuentas: clave}); err != nil {
			t.Fatal(err)
		}
	})
	var e estadoRecorrido
	dentro := ""
	for _, paso := range pasos {
		e.pantallas = nil
		if paso.cuenta != dentro {
			if dentro != "" {
				p.salir()
			}
			p.ir("/login")
			p.mirar(&e)
			p.ingresar(paso.cuenta)
			dentro = paso.cuenta
		}
		guionRecorrido[paso.numero](p, &e)
		todo := espacios(strings.Join(e.pantallas, "\n"))
		for _, n := range paso.negritas {
			if !strings.Contains(todo, n) {
				t.Errorf("paso %d (%s): el README dice «%s» y ninguna pantalla del paso lo muestra (%d pantallas)", paso.numero, paso.cuenta, n, len(e.pantallas))
			}
		}
		if t.Failed() {
			for i, s := range e.pantallas {
				t.Logf("paso %d, pantalla %d: %s", paso.numero, i+1, s)
			}
			t.FailNow()
		}
	}
	for _, m := range p.consola.todos() {
		if strings.Contains(m, "Content Security Policy") || strings.HasPrefix(m, "exception") {
			t.Errorf("consola del navegador: %s", m)
		}
	}
}
