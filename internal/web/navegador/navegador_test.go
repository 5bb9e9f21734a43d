// Package navegador holds the browser tests of the web application: the real
// server on 127.0.0.1:0 over a temporary database, driven by headless
// Chromium through chromedp. They skip when /usr/bin/chromium is missing
// (the CI script installs it). Screenshots go to a temporary directory, or to
// $COMITE_CAPTURAS when set (for people to look at them).
package navegador

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"comite/internal/db"
	"comite/internal/web"

	"github.com/chromedp/chromedp"
)

const chromium = "/usr/bin/chromium"

const clave = "clave-navegador-1"

type prueba struct {
	t        *testing.T
	ctx      context.Context
	base     string
	capturas string
	d        *db.DB
	consola  *consola
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

func iniciar(t *testing.T) *prueba {
	t.Helper()
	if _, err := os.Stat(chromium); err != nil {
		t.Skip("sin Chromium en " + chromium + ": se omiten las pruebas de navegador")
	}
	if testing.Short() {
		t.Skip("pruebas de navegador omitidas con -short")
	}
	antes := db.Argon2
	db.Argon2 = db.ParametrosArgon2{MemoriaKiB: 1024, Pasadas: 1, Hilos: 1}
	t.Cleanup(func() { db.Argon2 = antes })

	d, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "comite.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	for _, n := range []db.NuevaCuenta{
		{Usuario: "admin", Nombre: "Ana Administradora", Rol: db.RolAdmin},
		{Usuario: "auditor", Nombre: "Aura Auditora", Rol: db.RolAuditor},
	} {
		n.Clave = clave
		if _, err := d.CrearCuenta(context.Background(), n, db.Actor{Cuenta: "sistema"}); err != nil {
			t.Fatal(err)
		}
	}
	sembrar(t, d)

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv := web.Servidor(ln.Addr().String(), web.Nuevo(web.Config{DB: d, Logger: log}), log)
	go srv.Serve(ln)
	t.Cleanup(func() { web.Apagar(srv, 5*time.Second) })

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("lang", "es-CO"),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1366, 768),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancelA)
	ctx, cancelC := chromedp.NewContext(actx)
	t.Cleanup(cancelC)
	ctx, cancelT := context.WithTimeout(ctx, 120*time.Second)
	t.Cleanup(cancelT)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("no arrancó Chromium: %v", err)
	}
	p := &prueba{t: t, ctx: ctx, base: "http://" + ln.Addr().String(), d: d, consola: &consola{}}
	go func() {
		for m, err := range chromedp.Console(ctx) {
			if err != nil {
				return
			}
			p.consola.agregar(string(m.Type) + ": " + m.Text)
		}
	}()
	p.capturas = os.Getenv("COMITE_CAPTURAS")
	if p.capturas == "" {
		p.capturas = t.TempDir()
	} else if err := os.MkdirAll(p.capturas, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// sembrar writes a few customs users and acts so Inicio has a chart to draw.
func sembrar(t *testing.T, d *db.DB) {
	t.Helper()
	q := []string{
		`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (1, '800191045-1', 'Agencia Ejemplo S.A.S.', 'agencia_de_aduanas', 'Dirección Seccional de Aduanas de Cartagena', 'x', 'x')`,
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

func (p *prueba) hacer(pasos ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, pasos...); err != nil {
		p.t.Fatal(err)
	}
}

func (p *prueba) captura(nombre string) {
	p.t.Helper()
	b, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100)) // 100 = PNG
	if err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(p.capturas, nombre+".png"), b, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

func (p *prueba) ir(ruta string) int64 {
	p.t.Helper()
	res, err := chromedp.Run(p.ctx, chromedp.NavigateResponse(p.base+ruta))
	if err != nil {
		p.t.Fatal(err)
	}
	return res.Status
}

func sel(testid string) chromedp.CSS { return chromedp.CSS(`[data-testid="` + testid + `"]`) }

func (p *prueba) ingresar(usuario string) {
	p.t.Helper()
	p.ir("/login")
	p.hacer(
		chromedp.WaitVisible(sel("form-login")),
		chromedp.SendKeys(chromedp.ID("f-usuario"), usuario),
		chromedp.SendKeys(chromedp.ID("f-clave"), clave),
		chromedp.Click(sel("ingresar")),
		chromedp.WaitVisible(sel("tarjetas")),
	)
}

func (p *prueba) salir() {
	p.t.Helper()
	p.hacer(chromedp.Click(sel("salir")), chromedp.WaitVisible(sel("aviso-salida")))
}

func (p *prueba) texto(s chromedp.CSS) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Text(s))
	if err != nil {
		p.t.Fatal(err)
	}
	return v
}

func TestNavegador_adminCreaCuentaYAuditorNoCambiaNada(t *testing.T) {
	p := iniciar(t)

	// Without a session every page leads to the login form.
	p.ir("/admin/cuentas")
	loc, err := chromedp.Run(p.ctx, chromedp.Location())
	if err != nil || !strings.Contains(loc, "/login?siguiente=") {
		t.Fatalf("sin sesión: %q %v", loc, err)
	}
	p.hacer(chromedp.WaitVisible(sel("form-login")))
	p.captura("01-ingreso")

	// A wrong password: the generic message.
	p.hacer(
		chromedp.SendKeys(chromedp.ID("f-usuario"), "admin"),
		chromedp.SendKeys(chromedp.ID("f-clave"), "equivocada"),
		chromedp.Click(sel("ingresar")),
		chromedp.WaitVisible(sel("error-login")),
	)
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
		chromedp.Click(sel("guardar-cuenta")),
		chromedp.WaitVisible(sel("error-seccional")),
	)
	p.captura("03-cuenta-error-junto-al-campo")
	p.hacer(
		chromedp.SendKeys(chromedp.ID("f-seccional"), "Dirección Seccional de Aduanas de Cartagena"),
		chromedp.SendKeys(chromedp.ID("f-clave"), "clave-de-maria-1"),
		chromedp.Click(sel("guardar-cuenta")),
		chromedp.WaitVisible(sel("cuenta-mlopez")),
	)
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
	p.hacer(chromedp.WaitVisible(chromedp.CSS(`#grafico-actos-gravedad[data-dibujado="si"] canvas`)))
	pintados, err := chromedp.Run(p.ctx, chromedp.Poll[int](`(() => {
		const c = document.querySelector('#grafico-actos-gravedad canvas');
		if (!c || c.width === 0) return 0;
		const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
		let n = 0;
		for (let i = 3; i < d.length; i += 4) { if (d[i] > 0) n++; }
		return n > 2000 ? n : 0;
	})()`, chromedp.WithPollingTimeout(20*time.Second)))
	if err != nil {
		t.Fatalf("el gráfico no se pintó: %v", err)
	}
	t.Logf("píxeles pintados del gráfico: %d", pintados)
	time.Sleep(300 * time.Millisecond) // let the short ECharts animation end before the screenshot
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
	n, err := chromedp.Run(p.ctx, chromedp.Evaluate[int](`document.querySelectorAll('form[method="post"]:not([action="/logout"])').length`))
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
