package navegador

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"comite/internal/web/urls"

	"github.com/chromedp/chromedp"
)

// contrasteJS lists every visible link and button (and summary, the button
// of a details) whose text has a contrast below 4,5:1 against the background
// it is drawn on: the first non-transparent background of the element or its
// ancestors, with the translucent ones in between composed over it (WCAG 2.1
// relative luminance). axe-core cannot see a link coloured like the bar it
// sits in, so this is computed here for every element. Disabled buttons and
// elements out of the window (the skip link) are left out, as WCAG does.
const contrasteJS = `(() => {
  const rgba = s => {
    const m = /rgba?\(([^)]*)\)/.exec(s || '');
    if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const sobre = (a, b) => [0, 1, 2].map(i => a[i] * a[3] + b[i] * (1 - a[3])).concat([1]);
  const fondo = el => {
    const capas = [];
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) { capas.push(c); if (c[3] >= 1) break; }
    }
    let f = [255, 255, 255, 1];
    for (let i = capas.length - 1; i >= 0; i--) f = sobre(capas[i], f);
    return f;
  };
  const lum = c => {
    const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const malos = [];
  let revisados = 0;
  for (const el of document.querySelectorAll('a[href], button, summary, .boton')) {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2 || r.right <= 0 || r.bottom <= 0) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility !== 'visible' || el.disabled || !el.textContent.trim()) continue;
    revisados++;
    const f = fondo(el);
    const t = sobre(rgba(cs.color) || [0, 0, 0, 1], f);
    const a = lum(t), b = lum(f);
    const razon = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (razon < 4.5) {
      malos.push({texto: el.textContent.trim().replace(/\s+/g, ' ').slice(0, 60), color: cs.color,
        fondo: 'rgb(' + f.slice(0, 3).map(Math.round).join(', ') + ')', razon: Math.round(razon * 100) / 100});
    }
  }
  // What sticks out of the window: the innermost elements past its right edge.
  const ancho = document.documentElement.clientWidth, fuera = [];
  if (document.documentElement.scrollWidth > ancho) {
    for (const el of document.querySelectorAll('body *')) {
      if (el.getBoundingClientRect().right > ancho + 1 && ![...el.children].some(h => h.getBoundingClientRect().right > ancho + 1)) {
        fuera.push(el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ').join('.') : '') + ' «' + el.textContent.trim().slice(0, 40) + '»');
        if (fuera.length >= 5) break;
      }
    }
  }
  return JSON.stringify({revisados: revisados, malos: malos, fuera: fuera,
    desborde: document.documentElement.scrollWidth - ancho});
})()`

// despuesDelRedimensionado waits two frames, so the page has answered the
// resize event of a new viewport (the charts redraw at the new width).
var despuesDelRedimensionado = chromedp.Evaluate[chromedp.Void](`new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r())))`, chromedp.EvalAwaitPromise)

type contrasteMalo struct {
	Texto string  `json:"texto"`
	Color string  `json:"color"`
	Fondo string  `json:"fondo"`
	Razon float64 `json:"razon"`
}

type revisionPagina struct {
	Revisados int             `json:"revisados"`
	Malos     []contrasteMalo `json:"malos"`
	Desborde  int             `json:"desborde"`
	Fuera     []string        `json:"fuera"`
}

// tablaTamizajeCabe checks that the table of the screening the browser
// shows fits in its container: its last column (the actions) is on screen.
func (p *prueba) tablaTamizajeCabe(rol string, ancho int64) {
	p.t.Helper()
	sobra, err := correr(p, chromedp.Evaluate[int](`(() => { const t = document.querySelector('[data-testid="tabla-tamizaje"]'); return t.scrollWidth - t.parentElement.clientWidth; })()`))
	if err != nil {
		p.t.Fatalf("tabla del tamizaje (%s) a %d px: %v", rol, ancho, err)
	}
	if sobra > 0 {
		p.t.Errorf("tamizaje (%s) a %d px: la tabla es %d px más ancha que su contenedor", rol, ancho, sobra)
	}
}

// revisar reads the contrast of the links and buttons of the page the
// browser shows and how far it scrolls sideways, and records each problem as
// an error of the test. It returns how many elements it checked.
func (p *prueba) revisar(pagina string, ancho int64) int {
	p.t.Helper()
	res, err := correr(p, chromedp.Evaluate[string](contrasteJS))
	if err != nil {
		p.t.Fatalf("contraste en %s (%s): %v", pagina, p.donde(), err)
	}
	var r revisionPagina
	if err := json.Unmarshal([]byte(res), &r); err != nil {
		p.t.Fatalf("contraste en %s: %v", pagina, err)
	}
	for _, m := range r.Malos {
		p.t.Errorf("%s a %d px (%s): «%s» tiene contraste %.2f:1 (%s sobre %s), quiere al menos 4,5:1", pagina, ancho, p.donde(), m.Texto, m.Razon, m.Color, m.Fondo)
	}
	if r.Desborde > 0 {
		p.t.Errorf("%s a %d px (%s): la página se desplaza %d px a los lados; sobresalen: %s", pagina, ancho, p.donde(), r.Desborde, strings.Join(r.Fuera, "; "))
		p.captura(fmt.Sprintf("desborde-%d-%s", ancho, strings.NewReplacer("/", "_", " ", "_").Replace(pagina)))
	}
	return r.Revisados
}

// The main pages of every role, at 1366 and at 800 px: the document never
// scrolls sideways (a wide table scrolls inside its container) and every
// visible link and button reads at least 4,5:1 against its real background.
// One tab, the pages in sequence; each page is loaded at 1366 px, read, then
// read again at 800 px (after two frames, when the charts have redrawn).
// Besides the pages of every role: a case reported through the form
// without its fecha de expediente, a form with errors, the liquidation with
// errors beside each infraction and in the general fields, the case page
// with its charts drawn, and the screening over a dozen users of every type,
// whose table fits in its container at both widths (its actions are on
// screen). With $COMITE_CAPTURAS set, every page is saved at both widths.
func TestNavegador_contrasteYAnchoPorRol(t *testing.T) {
	p := iniciar(t)
	numero, _ := sembrarSesion(t, p.d)
	sembrarTamizaje(t, p.d)
	var sesionID, casoID int64
	if err := p.d.QueryRow(`SELECT id FROM sesiones_comite WHERE numero = ?`, numero).Scan(&sesionID); err != nil {
		t.Fatal(err)
	}
	if err := p.d.QueryRow(`SELECT min(id) FROM casos`).Scan(&casoID); err != nil {
		t.Fatal(err)
	}
	const nit = "800197268-4"
	caso, sesion := urls.Caso(casoID), urls.Sesion(sesionID)

	// The seccional reports a case through the form, without its fecha de
	// expediente nor description: the Secretaría reads it below. (A day of
	// comisión of its own: the cases of sembrarSesion have 10 and 11/02.)
	p.hacer(chromedp.EmulateViewport(1366, 900))
	p.ingresar("seccional")
	p.ir(urls.CasoNuevo)
	p.llenarReporte(reporte{nit: nit, comision: "16/02/2026", verificacion: "02/03/2026", gravedad: "gravisima", sancionPrevista: "10.475.000", motivoSinInforme: "El informe se envía por correo certificado."})
	p.clicYEspera(sel("enviar-caso"), sel("estado-caso"))
	reportado := p.ruta()
	p.salir()

	// Pages reached by a click rather than by their address.
	const formularioConErrores = "formulario con errores"
	// Errors beside each infraction and in the general fields.
	liquidacionConErrores := urls.Liquidacion + "?regimen=aduanero&fecha=31%2F02%2F2026&codigo_1=D920-36-2.1&sancion_1=multa&valor_1=12%2C5%2C3&unidad_1=cop" +
		"&codigo_2=D920-36-2.2&sancion_2=amonestacion&amonestaciones_previas_2=5000&etapa=antes_requerimiento"
	paginas := []struct {
		rol   string
		rutas []string
	}{
		{"seccional", []string{urls.Inicio, urls.Casos, urls.CasoNuevo, urls.Pendientes, caso, urls.CuentaAvisos}},
		{"secretaria", []string{urls.Inicio, urls.Usuarios, urls.Usuario(nit), urls.Casos, caso, reportado, urls.CasoLiquidacion(casoID),
			urls.CasoInformeVista(casoID), urls.Sesiones, sesion, urls.Pendientes, urls.Tamizaje, urls.Liquidacion, liquidacionConErrores,
			urls.Importar, formularioConErrores}},
		{"comite", []string{urls.Inicio, urls.Sesiones, sesion, urls.Pendientes, caso}},
		{"auditor", []string{urls.Inicio, urls.Auditoria, urls.Tamizaje, urls.Usuario(nit), caso}},
		{"admin", []string{urls.Inicio, urls.Cuentas, urls.CuentaNueva, urls.Quorum, urls.UVT, urls.Terminos, urls.Seccionales, urls.DiasInhabiles, urls.Auditoria, urls.AdminCorreos}},
	}
	revisados, tamizajes := 0, 0
	for _, r := range paginas {
		p.hacer(chromedp.EmulateViewport(1366, 900))
		p.ingresar(r.rol)
		for _, ruta := range r.rutas {
			if ruta == formularioConErrores {
				p.ir(urls.UsuarioNuevo)
				p.clicYEspera(chromedp.CSS(`main form[method="post"] button[type="submit"]`), sel("resumen-errores"))
			} else if st := p.ir(ruta); ruta == liquidacionConErrores && st != http.StatusUnprocessableEntity {
				t.Errorf("%s en %s: estado %d; quiere 422, los errores", r.rol, ruta, st)
			} else if st >= 400 && ruta != liquidacionConErrores {
				t.Errorf("%s en %s: estado %d", r.rol, ruta, st)
				continue
			}
			if ruta == caso || ruta == reportado {
				p.hacer(chromedp.WaitVisible(chromedp.CSS(`#grafico-actos-gravedad[data-dibujado="si"] canvas`)))
			}
			for _, ancho := range []int64{1366, 800} {
				p.hacer(chromedp.EmulateViewport(ancho, 900), despuesDelRedimensionado)
				revisados += p.revisar(r.rol+" "+ruta, ancho)
				if ruta == urls.Tamizaje {
					tamizajes++
					p.tablaTamizajeCabe(r.rol, ancho)
				}
				if p.capturas != "" {
					p.captura(fmt.Sprintf("ancho-%d-%s-%s", ancho, r.rol, strings.NewReplacer("/", "_", "?", "_").Replace(ruta)))
				}
			}
			p.hacer(chromedp.EmulateViewport(1366, 900))
		}
		p.salir()
	}
	if tamizajes != 4 {
		t.Errorf("la tabla del tamizaje se midió %d veces; quiere 4 (dos roles, dos anchos)", tamizajes)
	}
	// The select of the liquidation shows «— sin infracción —» whole at 1366 px.
	p.ingresar("secretaria")
	p.ir(urls.Liquidacion)
	sobra, err := correr(p, chromedp.Evaluate[int](`(() => {
		const s = document.getElementById('f-sancion_1'), cs = getComputedStyle(s);
		const m = document.createElement('span');
		m.style.font = cs.font; m.style.whiteSpace = 'pre'; m.textContent = s.options[s.selectedIndex].text;
		document.body.appendChild(m);
		const texto = m.getBoundingClientRect().width;
		m.remove();
		const flecha = 16; // the arrow of the select, drawn inside its padding box
		return Math.ceil(texto + flecha - (s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)));
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("margen del select de la sanción: %d px", -sobra)
	if sobra > 0 {
		t.Errorf("la sanción de la liquidación a 1366 px corta «— sin infracción —» (faltan %d px)", sobra)
	}
	p.salir()

	t.Logf("%d enlaces y botones revisados", revisados)
	if revisados < 500 {
		t.Fatalf("solo %d enlaces y botones revisados: la revisión no encontró las páginas", revisados)
	}
	if err := context.Cause(p.ctx); err != nil {
		t.Fatal(err)
	}
}
