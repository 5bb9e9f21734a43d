// Package navegador holds the browser tests of the web application: the real
// server on 127.0.0.1:0 over a temporary database, driven by headless
// Chromium through chromedp (chromium-headless-shell, else chromium). They
// skip when neither is installed (the CI script installs the first). The screenshots of the pages (for people to
// look at them) are taken only when $COMITE_CAPTURAS names a folder: a full
// screenshot costs as much as loading a page. A failing test always saves
// one (volcar).
package navegador

import (
	"comite/internal/dominio"
	"comite/internal/permisos"
	"comite/internal/pruebas"
	"context"
	"errors"
	"flag"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"comite/internal/db"
	"comite/internal/graficos"
	"comite/internal/web"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

const clave = "clave-navegador-1"

type prueba struct {
	t        *testing.T
	ctx      context.Context // the tab, with the time limit of the whole test
	tab      context.Context // the tab alone: for the capture after a failure
	base     string
	capturas string // where captura writes; empty: no screenshots
	d        *db.DB
	consola  *consola

	paginasRevisadas int // pages axe-core has checked
}

// consola collects what the page writes to the console (CSP violations, errors).
type consola struct {
	mu       sync.Mutex
	mensajes []string
}

func (c *consola) agregar(s string) {
	c.mu.Lock()
	c.mensajes = append(c.mensajes, s)
	c.mu.Unlock()
}

func (c *consola) todos() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.mensajes...)
}

// Time limits. A test has limitePrueba in all; one step (a wait, a click and
// the load of the next page, a read) has limitePaso, so a failure names the
// step instead of eating the whole budget. Generous, for a loaded CI machine
// and -race; a passing run takes a few seconds.
const (
	limitePrueba = 240 * time.Second
	limitePaso   = 45 * time.Second
)

// The package starts Chromium once, at the first test that needs it, and
// closes it after the last: starting a browser costs more than most tests.
var (
	navegadorUnaVez   sync.Once
	navegadorCompart  context.Context
	navegadorErr      error
	cerrarNavegadores []context.CancelFunc
)

// compartido returns the context of the package's one browser, starting it
// the first time.
func compartido(chromium string) (context.Context, error) {
	navegadorUnaVez.Do(func() {
		dir, err := os.MkdirTemp("", "comite-chromium-")
		if err != nil {
			navegadorErr = err
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(chromium),
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("lang", "es-CO"),
			chromedp.UserDataDir(dir),
			chromedp.WindowSize(1366, 768),
		)
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, cancelB := chromedp.NewContext(actx)
		cerrarNavegadores = []context.CancelFunc{cancelB, cancelA, func() { os.RemoveAll(dir) }}
		navegadorErr = chromedp.Do(bctx)
		navegadorCompart = bctx
	})
	return navegadorCompart, navegadorErr
}

// TestMain runs the tests, by default twice as many at a time as the
// processors: a browser test spends most of its time waiting for a page or
// a round trip to the browser, not computing. An explicit -parallel (or
// -test.parallel) is kept.
func TestMain(m *testing.M) {
	flag.Parse()
	explicito := false
	flag.Visit(func(f *flag.Flag) { explicito = explicito || f.Name == "test.parallel" })
	if !explicito {
		flag.Set("test.parallel", strconv.Itoa(2*runtime.GOMAXPROCS(0)))
	}
	codigo := m.Run()
	for _, cerrar := range cerrarNavegadores {
		cerrar()
	}
	os.Exit(codigo)
}

func iniciar(t *testing.T) *prueba {
	t.Helper()
	return iniciarCon(t, func(d *db.DB) {
		for _, n := range []dominio.NuevaCuenta{
			{Usuario: "admin", Nombre: "Ana Administradora", Rol: permisos.RolAdmin},
			{Usuario: "auditor", Nombre: "Aura Auditora", Rol: permisos.RolAuditor},
		} {
			n.Clave = clave
			if _, err := d.CrearCuenta(context.Background(), n, dominio.Actor{Cuenta: "sistema"}); err != nil {
				t.Fatal(err)
			}
		}
		sembrar(t, d)
	})
}

// iniciarCon is iniciar over a database that llenar fills before the
// server starts.
func iniciarCon(t *testing.T, llenar func(*db.DB)) *prueba {
	t.Helper()
	chromium := pruebas.Chromium(t)
	if testing.Short() {
		pruebas.Omitir(t, "pruebas de navegador omitidas con -short")
	}
	// The tests share one browser and each has its own server and
	// database, so they run side by side.
	t.Parallel()
	d, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "comite.db"), db.ConArgon2(db.ParametrosArgon2{MemoriaKiB: 1024, Pasadas: 1, Hilos: 1}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	llenar(d)

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := web.Servidor(ln.Addr().String(), web.Nuevo(web.Config{DB: d, Logger: log}), log)
	go srv.Serve(ln)
	t.Cleanup(func() { web.Apagar(srv, 5*time.Second) })

	navegador, err := compartido(chromium)
	if err != nil {
		t.Fatalf("no arrancó Chromium: %v", err)
	}
	// Each test gets its own tab in its own browser context (cookies and
	// storage apart), inside the one browser the whole package shares.
	tab, cancelC := chromedp.NewContext(navegador, chromedp.WithNewBrowserContext())
	t.Cleanup(cancelC)
	ctx, cancelT := context.WithTimeout(tab, limitePrueba)
	t.Cleanup(cancelT)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1366, 768)); err != nil {
		t.Fatalf("no se abrió la pestaña: %v", err)
	}
	// The tab asks for reduced motion, as a person can in the system's
	// settings: the charts are drawn at once, with no animation to wait for
	// before a screenshot and no frames for the browser to paint.
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}}); err != nil {
		t.Fatalf("no se abrió la pestaña: %v", err)
	}
	p := &prueba{t: t, ctx: ctx, tab: tab, base: "http://" + ln.Addr().String(), d: d, consola: &consola{}}
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			p.consola.agregar(string(m.Type) + ": " + m.Text)
		}
	}()
	p.capturas = os.Getenv("COMITE_CAPTURAS")
	if p.capturas != "" {
		if err := os.MkdirAll(p.capturas, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// Registered last, so it runs first: the browser is still open.
	t.Cleanup(func() {
		if t.Failed() {
			p.volcar()
		}
	})
	return p
}

// volcar saves, after a failure, what the browser shows: a screenshot, the
// HTML of the page, its address and the console, and logs where. It uses its
// own time limit, since the test's may be what ran out. The files go to
// $COMITE_CAPTURAS when set, otherwise to a new directory under the system's
// temporary one that is kept after the test (t.TempDir would be removed).
func (p *prueba) volcar() {
	t := p.t
	dir := os.Getenv("COMITE_CAPTURAS")
	if dir == "" {
		var err error
		if dir, err = os.MkdirTemp("", "comite-navegador-"); err != nil {
			t.Logf("no se pudo crear el directorio de la captura del fallo: %v", err)
			return
		}
	}
	base := filepath.Join(dir, "fallo-"+strings.NewReplacer("/", "_", " ", "_").Replace(t.Name()))
	ctx, cancel := context.WithTimeout(p.tab, 20*time.Second)
	defer cancel()
	var informe strings.Builder
	if loc, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href + '  (readyState: ' + document.readyState + ')'`)); err == nil {
		informe.WriteString("dirección: " + loc + "\n")
	} else {
		informe.WriteString("dirección: no disponible: " + err.Error() + "\n")
	}
	if html, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.documentElement.outerHTML`)); err == nil {
		if err := os.WriteFile(base+".html", []byte(html), 0o644); err == nil {
			informe.WriteString("HTML: " + base + ".html\n")
		}
	} else {
		informe.WriteString("HTML no disponible: " + err.Error() + "\n")
	}
	if png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
		if err := os.WriteFile(base+".png", png, 0o644); err == nil {
			informe.WriteString("captura: " + base + ".png\n")
		}
	} else {
		informe.WriteString("captura no disponible: " + err.Error() + "\n")
	}
	informe.WriteString("consola del navegador:\n")
	for _, m := range p.consola.todos() {
		informe.WriteString("  " + m + "\n")
	}
	os.WriteFile(base+".txt", []byte(informe.String()), 0o644)
	t.Logf("estado del navegador al fallar (%s.*):\n%s", base, informe.String())
}

// sembrar writes a few customs users and acts so Inicio has a chart to draw.
func sembrar(t *testing.T, d *db.DB) {
	t.Helper()
	q := []string{
		`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (1, '800191045-1', 'Agencia Ejemplo S.A.S.', 'agencia_de_aduanas', 'CARTAGENA', 'x', 'x')`,
	}
	for i, g := range []string{"leve", "grave", "grave", "gravisima", "grave", "leve", "gravisima", "grave"} {
		q = append(q, `INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (1, 'RS-2025-000`+string(rune('1'+i))+`', '2025-03-04', '`+g+`', 'multa', 100000000, 0, 'x')`)
	}
	for _, s := range q {
		if _, err := d.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
}

// correr runs one action that returns a value, within the time of a step.
func correr[T any](p *prueba, a chromedp.Action[T]) (T, error) {
	ctx, cancel := context.WithTimeout(p.ctx, limitePaso)
	defer cancel()
	return chromedp.Run(ctx, a)
}

// hacer runs steps that stay on the same page (fill a field, wait for an
// element). A step that makes the browser load another page goes through
// clicYEspera, never in the middle of a chain: a node found in the old
// document is gone in the new one («Could not find node with given id»).
func (p *prueba) hacer(pasos ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, limitePaso)
	defer cancel()
	for i, paso := range pasos {
		if _, err := chromedp.Run(ctx, paso); err != nil {
			p.t.Fatalf("paso %d de %d en %s: %v", i+1, len(pasos), p.donde(), err)
		}
	}
}

// donde is the address the browser shows, for error messages.
func (p *prueba) donde() string {
	ctx, cancel := context.WithTimeout(p.tab, 5*time.Second)
	defer cancel()
	loc, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.pathname + location.search`))
	if err != nil {
		return "(dirección desconocida)"
	}
	return loc
}

// captura saves a screenshot of the page the browser shows as
// $COMITE_CAPTURAS/nombre.png; without that folder it does nothing.
func (p *prueba) captura(nombre string) {
	p.t.Helper()
	if p.capturas == "" {
		return
	}
	b, err := correr(p, chromedp.FullScreenshot(100)) // 100 = PNG
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(p.capturas, nombre+".png"), b, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// ir loads a page by its address; NavigateResponse returns once the page has
// loaded.
func (p *prueba) ir(ruta string) int64 {
	p.t.Helper()
	res, err := correr(p, chromedp.NavigateResponse(p.base+ruta))
	if err != nil {
		p.t.Fatalf("ir a %s: %v", ruta, err)
	}
	return res.Status
}

// marcaVieja names a property set on the window of the page before a click
// that loads another page: a new document has a new window without it.
const marcaVieja = "__comiteDocumentoAnterior"

// clicYEspera clicks s (a link or a submit button), waits until the browser
// has left the current document and fully loaded the next one, and then, in
// a separate step over the new document, waits until marca (when given) is
// visible in it. So no later query can resolve a node of the old page, even
// when the old page has an element like marca (the list of users before a
// search shows the one searched for).
func (p *prueba) clicYEspera(s chromedp.CSS, marca chromedp.CSS) {
	p.t.Helper()
	p.hacer(chromedp.Evaluate[chromedp.Void](`window.` + marcaVieja + ` = true`))
	ctx, cancel := context.WithTimeout(p.ctx, limitePaso)
	err := chromedp.Do(ctx, chromedp.Click(s))
	cancel()
	if err != nil {
		p.t.Fatalf("clic en %s (página %s): %v", s, p.donde(), err)
	}
	limite := time.Now().Add(limitePaso)
	for {
		ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
		listo, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`window.`+marcaVieja+` === undefined && document.readyState === 'complete'`))
		cancel()
		if err == nil && listo {
			break
		}
		// An error here is the old document going away mid-evaluation: try again.
		if p.ctx.Err() != nil || time.Now().After(limite) {
			p.t.Fatalf("tras el clic en %s no cargó la página siguiente (sigue en %s; último error: %v)", s, p.donde(), err)
		}
		time.Sleep(20 * time.Millisecond) // poll interval, bounded by limite
	}
	if marca != "" {
		ctx, cancel := context.WithTimeout(p.ctx, limitePaso)
		defer cancel()
		if err := chromedp.Do(ctx, chromedp.WaitVisible(marca)); err != nil {
			p.t.Fatalf("tras el clic en %s la página %s no muestra %s: %v", s, p.donde(), marca, err)
		}
	}
}

// clicNuevaPagina clicks and waits until a new document has loaded.
func (p *prueba) clicNuevaPagina(s chromedp.CSS) {
	p.t.Helper()
	p.clicYEspera(s, "")
}

func sel(testid string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + testid + `"]`) }

// ingresar signs in through the login form. The fields are filled by value:
// typing costs a round trip to the browser per key (over a second for a
// sentence), and the form has no script that reads keys. The wrong password
// of TestNavegador_adminCreaCuentaYAuditorNoCambiaNada and of the
// accessibility walk is typed key by key, and TestNavegador_soloTeclado
// types its forms; the long texts of the other tests (descriptions,
// criteria, motivations) are filled by value like this.
func (p *prueba) ingresar(usuario string) {
	p.t.Helper()
	p.ir("/login")
	p.hacer(
		chromedp.WaitVisible(sel("form-login")),
		chromedp.SetValue(chromedp.ID("f-usuario"), usuario),
		chromedp.SetValue(chromedp.ID("f-clave"), clave),
	)
	p.clicYEspera(sel("ingresar"), sel("tarjetas"))
}

func (p *prueba) salir() {
	p.t.Helper()
	p.clicYEspera(sel("salir"), sel("aviso-salida"))
}

func (p *prueba) texto(s chromedp.CSS) string {
	p.t.Helper()
	v, err := correr(p, chromedp.Text(s))
	if err != nil {
		p.t.Fatalf("texto de %s en %s: %v", s, p.donde(), err)
	}
	return v
}

func TestNavegador_adminCreaCuentaYAuditorNoCambiaNada(t *testing.T) {
	p := iniciar(t)

	// Without a session every page leads to the login form.
	p.ir("/admin/cuentas")
	loc, err := correr(p, chromedp.Location())
	if err != nil || !strings.Contains(loc, "/login?siguiente=") {
		t.Fatalf("sin sesión: %q %v", loc, err)
	}
	p.hacer(chromedp.WaitVisible(sel("form-login")))
	p.captura("01-ingreso")

	// A wrong password: the generic message.
	p.hacer(
		chromedp.SendKeys(chromedp.ID("f-usuario"), "admin"),
		chromedp.SendKeys(chromedp.ID("f-clave"), "equivocada"),
	)
	p.clicYEspera(sel("ingresar"), sel("error-login"))
	if got := p.texto(sel("error-login")); got != "Usuario o clave incorrectos." {
		t.Fatalf("mensaje = %q", got)
	}

	// Admin signs in and creates an account; a validation error first.
	p.ingresar("admin")
	p.captura("02-inicio-admin")
	p.ir("/admin/cuentas/nueva")
	p.hacer(
		chromedp.WaitVisible(sel("form-cuenta")),
		chromedp.SendKeys(chromedp.ID("f-usuario"), "mlopez"),
		chromedp.SendKeys(chromedp.ID("f-nombre"), "María López"),
		chromedp.SetValue(chromedp.ID("f-rol"), "seccional"),
		chromedp.SendKeys(chromedp.ID("f-clave"), "clave-de-maria-1"),
	)
	p.clicYEspera(sel("guardar-cuenta"), sel("error-seccional"))
	p.captura("03-cuenta-error-junto-al-campo")
	p.hacer(
		chromedp.SendKeys(chromedp.ID("f-seccional"), "Dirección Seccional de Aduanas de Cartagena"),
		chromedp.SendKeys(chromedp.ID("f-clave"), "clave-de-maria-1"),
	)
	p.clicYEspera(sel("guardar-cuenta"), sel("cuenta-mlopez"))
	if got := p.texto(sel("aviso")); !strings.Contains(got, "Cuenta creada") {
		t.Fatalf("aviso = %q", got)
	}
	p.captura("04-cuentas")
	p.salir()

	// The new account exists in the store.
	if _, res, err := p.d.Ingresar(context.Background(), "mlopez", "clave-de-maria-1", "127.0.0.1"); err != nil || res != db.IngresoCorrecto {
		t.Fatalf("la cuenta creada en el navegador no ingresa: %v %v", res, err)
	}

	// The auditor: the chart of Inicio is drawn; the change forms answer 403.
	p.ingresar("auditor")
	pintados := p.pintado(graficos.IDActosPorGravedad)
	t.Logf("píxeles pintados del gráfico: %d", pintados)
	p.captura("05-inicio-auditor-grafico")

	for _, ruta := range []string{"/admin/cuentas/nueva", "/admin/cuentas/1"} {
		if st := p.ir(ruta); st != http.StatusForbidden {
			t.Fatalf("auditor en %s: estado %d", ruta, st)
		}
		if got := p.texto(sel("mensaje-error")); !strings.Contains(got, "No tiene permiso") {
			t.Fatalf("página 403 = %q", got)
		}
	}
	p.captura("06-auditor-403")
	if st := p.ir("/admin/dias-inhabiles"); st != http.StatusOK {
		t.Fatalf("auditor en días inhábiles: %d", st)
	}
	n, err := correr(p, chromedp.Evaluate[int](`document.querySelectorAll('form[method="post"]:not([action="/logout"])').length`))
	if err != nil || n != 0 {
		t.Fatalf("el auditor ve %d formularios de cambio (%v)", n, err)
	}
	if st := p.ir("/auditoria/verificar"); st != http.StatusOK {
		t.Fatalf("auditoría: %d", st)
	}
	if got := p.texto(sel("resultado-verificacion")); !strings.Contains(got, "íntegra") {
		t.Fatalf("verificación = %q", got)
	}
	p.captura("07-auditoria")
	p.salir()

	for _, m := range p.consola.todos() {
		if strings.Contains(m, "Content Security Policy") || strings.HasPrefix(m, "exception") {
			t.Errorf("consola del navegador: %s", m)
		}
	}
	if errors.Is(p.ctx.Err(), context.DeadlineExceeded) {
		t.Fatal("tiempo agotado")
	}
}
