// Command carga is the bounded load test of the web pages (docs/rendimiento.md): it logs in to a running `comite serve` on a loopback address
// like a person would (the login form's CSRF token, then usuario and clave),
// keeps the session cookie, and loads each page in turn with a fixed number of
// concurrent clients for a fixed time, then prints p50/p90/p99 latency and
// throughput per page. scripts/medir-web.sh starts the server and runs it.
//
//	go run ./scripts/carga -url http://127.0.0.1:8090 -usuario secretaria -clave X \
//	    -pagina inicio=/ -pagina tamizaje=/tamizaje -pagina perfil=/usuarios/901750435-6 -pagina caso={caso}
//
// Limits, by design: only loopback addresses are accepted (127.0.0.0/8, ::1,
// localhost); every page runs for -duracion and at most -maximo requests; the
// program stops by itself. "{caso}" in a path is replaced by the first case
// linked from /casos; "{casos}" requests every linked case in turn;
// "@archivo" requests the paths of a file in turn (a different object each
// time: the pages the server has not kept in memory); "{casos:9}" the first
// nine cases; "{informes:5}" the first five informe PDFs linked from them.
//
// With -mezcla, every page is requested at once for -duracion, the clients
// taking the paths of all pages in turn (a mix, as people use the
// application), and each page gets its row. Beside them, writers
// (escritores.go) may run at a fixed pace: a sanciones import of
// -importar-filas rows every -importar-cada, uploaded and confirmed as the
// Secretaría does, and -reportes-por-s cases reported per second by the
// -reportar-como account; their rows say what the writers saw. Or, with
// -libres-reportar, -libres-importar and -libres-mover, unpaced writers
// (libres.go), each in its own account, writing again as soon as they are
// answered.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// pagina is one measured page: one path, or several (from a file, one per
// line) requested in turn, so that each request asks for a different object.
type pagina struct {
	nombre, ruta string
	rutas        []string
}

type paginas []pagina

func (p *paginas) String() string { return fmt.Sprint(*p) }
func (p *paginas) Set(s string) error {
	nombre, ruta, ok := strings.Cut(s, "=")
	if !ok || nombre == "" || !(strings.HasPrefix(ruta, "/") || strings.HasPrefix(ruta, "{") || strings.HasPrefix(ruta, "@")) {
		return fmt.Errorf("use NOMBRE=/ruta o NOMBRE=@archivo (por ejemplo inicio=/), no %q", s)
	}
	pg := pagina{nombre: nombre, ruta: ruta}
	if archivo, ok := strings.CutPrefix(ruta, "@"); ok {
		b, err := os.ReadFile(archivo)
		if err != nil {
			return err
		}
		for _, l := range strings.Fields(string(b)) {
			if strings.HasPrefix(l, "/") {
				pg.rutas = append(pg.rutas, l)
			}
		}
		if len(pg.rutas) == 0 {
			return fmt.Errorf("%s no tiene rutas (una por línea, empezando por /)", archivo)
		}
		pg.ruta = fmt.Sprintf("%s… (%d rutas)", pg.rutas[0], len(pg.rutas))
	}
	*p = append(*p, pg)
	return nil
}

var (
	reCSRF = regexp.MustCompile(`name="_csrf"\s+value="([^"]+)"`)
	reCaso = regexp.MustCompile(`href="(/casos/[0-9]+)"`)
)

func main() {
	base := flag.String("url", "http://127.0.0.1:8090", "dirección del servidor (solo loopback)")
	usuario := flag.String("usuario", "secretaria", "cuenta con la que se ingresa")
	clave := flag.String("clave", os.Getenv("COMITE_DEMO_PASSWORD"), "clave (por defecto COMITE_DEMO_PASSWORD)")
	clientes := flag.Int("clientes", 20, "clientes concurrentes")
	duracion := flag.Duration("duracion", 10*time.Second, "tiempo de carga por página")
	maximo := flag.Int("maximo", 500000, "tope de solicitudes por página")
	calentar := flag.Int("calentar", 20, "solicitudes de calentamiento por página (no se miden)")
	esperar := flag.String("esperar-sin", `data-testid="cartera-calculando"`,
		"durante el calentamiento, repetir mientras la respuesta contenga este texto (un cálculo en segundo plano)")
	mezcla := flag.Bool("mezcla", false, "cargar todas las páginas a la vez, por turno (una mezcla), en vez de una tras otra")
	var esc escritores
	flag.DurationVar(&esc.importarCada, "importar-cada", 0, "con -mezcla: subir y confirmar una importación de sanciones cada tanto (0: ninguna)")
	flag.IntVar(&esc.importarFilas, "importar-filas", 50, "filas de cada importación")
	flag.Float64Var(&esc.reportesPorS, "reportes-por-s", 0, "con -mezcla: casos reportados por segundo (0: ninguno)")
	flag.StringVar(&esc.reportarComo, "reportar-como", "secretaria", "cuenta que reporta los casos, en su propia sesión (misma clave); una Seccional solo reporta usuarios de su Dirección Seccional")
	flag.IntVar(&esc.libres.reportar, "libres-reportar", 0, "con -mezcla: escritores sin ritmo que reportan casos (cada uno con su cuenta)")
	flag.IntVar(&esc.libres.importar, "libres-importar", 0, "con -mezcla: escritores sin ritmo que suben y confirman importaciones de -importar-filas filas")
	flag.IntVar(&esc.libres.mover, "libres-mover", 0, "con -mezcla: escritores sin ritmo que inician la evaluación de los casos que reportan los anteriores")
	flag.StringVar(&esc.libres.prefijo, "libres-cuentas", "carga", "prefijo de las cuentas de los escritores sin ritmo (carga1, carga2, …; rol secretaria, clave -clave)")
	nits := flag.String("nits", "", "archivo con los NIT de las filas importadas y de los casos reportados (uno por línea; también vale /usuarios/NIT)")
	var ps paginas
	flag.Var(&ps, "pagina", "NOMBRE=/ruta o NOMBRE=@archivo (rutas, una por línea, pedidas por turno), repetible; {caso} es el primer caso de /casos y {casos} todos, por turno")
	flag.Parse()
	if len(ps) == 0 {
		ps = paginas{{nombre: "inicio", ruta: "/"}}
	}
	if *nits != "" {
		var err error
		if esc.nits, err = leerNITs(*nits); err != nil {
			fmt.Fprintln(os.Stderr, "carga:", err)
			os.Exit(2)
		}
	}
	if (esc.importarCada > 0 || esc.reportesPorS > 0 || esc.libres.total() > 0) && (!*mezcla || len(esc.nits) == 0) {
		fmt.Fprintln(os.Stderr, "carga: los escritores (-importar-cada, -reportes-por-s, -libres-…) van con -mezcla y -nits")
		os.Exit(2)
	}
	if l := esc.libres; l.reportar < 0 || l.importar < 0 || l.mover < 0 || l.total() > 20 || (l.mover > 0 && l.reportar == 0) {
		fmt.Fprintln(os.Stderr, "carga: hasta 20 escritores sin ritmo; los que inician evaluaciones necesitan quien reporte casos")
		os.Exit(2)
	}
	if esc.importarFilas < 1 || esc.importarFilas > 10000 || esc.reportesPorS > 50 || (esc.importarCada > 0 && esc.importarCada < 100*time.Millisecond) {
		fmt.Fprintln(os.Stderr, "carga: use de 1 a 10.000 filas por importación, a lo sumo una cada 100 ms, y hasta 50 reportes por segundo")
		os.Exit(2)
	}
	esc.clave = *clave
	if err := correr(*base, *usuario, *clave, *clientes, *duracion, *maximo, *calentar, *esperar, ps, *mezcla, &esc); err != nil {
		fmt.Fprintln(os.Stderr, "carga:", err)
		os.Exit(1)
	}
}

// soloLoopback refuses any target that is not this machine.
func soloLoopback(u *url.URL) error {
	h := u.Hostname()
	if h == "localhost" {
		return nil
	}
	ip := net.ParseIP(h)
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("%s no es una dirección de loopback: la carga solo se envía a esta máquina", h)
	}
	return nil
}

func correr(base, usuario, clave string, clientes int, duracion time.Duration, maximo, calentar int, esperar string, ps paginas, mezcla bool, esc *escritores) error {
	u, err := url.Parse(strings.TrimRight(base, "/"))
	if err != nil {
		return err
	}
	if err := soloLoopback(u); err != nil {
		return err
	}
	if clientes < 1 || clientes > 200 || duracion <= 0 || duracion > 5*time.Minute {
		return errors.New("use de 1 a 200 clientes y una duración de hasta 5 minutos por página")
	}
	tr := &http.Transport{MaxIdleConns: clientes * 2, MaxIdleConnsPerHost: clientes * 2, IdleConnTimeout: time.Minute, DisableCompression: true}
	jar, _ := cookiejar.New(nil)
	cl := &http.Client{Transport: tr, Jar: jar, Timeout: 30 * time.Second}
	if err := ingresar(cl, u.String(), usuario, clave); err != nil {
		return err
	}
	for i, p := range ps {
		if n, ok := strings.CutPrefix(p.ruta, "{informes"); ok {
			rutas, err := informes(cl, u.String(), n)
			if err != nil {
				return err
			}
			ps[i].rutas = rutas
			ps[i].ruta = fmt.Sprintf("/casos/…/informes/… (%d)", len(rutas))
			continue
		}
		if n, ok := strings.CutPrefix(p.ruta, "{casos"); ok && n != "}" {
			rutas, err := casos(cl, u.String())
			if err != nil {
				return err
			}
			if k, err := strconv.Atoi(strings.Trim(n, ":}")); err == nil && k > 0 && k < len(rutas) {
				rutas = rutas[:k]
			}
			ps[i].rutas = rutas
			ps[i].ruta = fmt.Sprintf("/casos/… (%d casos)", len(rutas))
			continue
		}
		if p.ruta == "{casos}" {
			rutas, err := casos(cl, u.String())
			if err != nil {
				return err
			}
			ps[i].rutas = rutas
			ps[i].ruta = fmt.Sprintf("/casos/… (%d casos)", len(rutas))
			continue
		}
		if strings.Contains(p.ruta, "{caso}") {
			ruta, err := primerCaso(cl, u.String())
			if err != nil {
				return err
			}
			ps[i].ruta = strings.ReplaceAll(p.ruta, "{caso}", ruta)
		}
	}
	if mezcla {
		return correrMezcla(cl, u.String(), usuario, clientes, duracion, maximo, calentar, esperar, ps, esc)
	}
	fmt.Printf("Carga: %d clientes concurrentes, %s por página, servidor %s (cuenta %s)\n", clientes, duracion, u, usuario)
	fmt.Printf("%-10s %-28s %9s %7s %9s %8s %8s %8s %8s\n", "página", "ruta", "solicit.", "errores", "sol./s", "p50 ms", "p90 ms", "p99 ms", "máx ms")
	for _, p := range ps {
		rutas := p.rutas
		if rutas == nil {
			rutas = []string{p.ruta}
		}
		urls := make([]string, len(rutas))
		for i, r := range rutas {
			urls[i] = u.String() + r
		}
		// Warm up on the first path only: a list of paths measures objects
		// the server has not seen yet.
		if err := calentarPagina(cl, urls[0], calentar, esperar); err != nil {
			return fmt.Errorf("%s: %w", p.nombre, err)
		}
		r := cargar(cl, urls, clientes, duracion, maximo)
		if len(r.lat) == 0 {
			return fmt.Errorf("%s: ninguna solicitud terminó", p.nombre)
		}
		r.imprimir(p.nombre, p.ruta)
	}
	return nil
}

// imprimir writes one row of the table: requests, errors, throughput and
// latency percentiles.
func (r *resultado) imprimir(nombre, ruta string) {
	slices.Sort(r.lat)
	q := func(f float64) float64 {
		if len(r.lat) == 0 {
			return 0
		}
		i := int(f*float64(len(r.lat))+0.5) - 1
		i = max(0, min(i, len(r.lat)-1))
		return float64(r.lat[i]) / float64(time.Millisecond)
	}
	fmt.Printf("%-10s %-28s %9d %7d %9.1f %8.2f %8.2f %8.2f %8.2f\n", nombre, recortar(ruta, 28), len(r.lat), r.errores,
		float64(len(r.lat))/r.tiempo.Seconds(), q(0.50), q(0.90), q(0.99), q(1))
	if r.errores > 0 {
		fmt.Printf("           primer error: %s\n", r.primerError)
	}
}

func recortar(s string, n int) string {
	if len([]rune(s)) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

// ingresar logs in as a browser does: GET /login (CSRF cookie and token),
// then POST usuario, clave and _csrf; success is a redirect away from /login.
func ingresar(cl *http.Client, base, usuario, clave string) error {
	if clave == "" {
		return errors.New("falta la clave (-clave o COMITE_DEMO_PASSWORD)")
	}
	res, err := cl.Get(base + "/login")
	if err != nil {
		return fmt.Errorf("abrir /login: %w", err)
	}
	cuerpo, _ := io.ReadAll(res.Body)
	res.Body.Close()
	m := reCSRF.FindSubmatch(cuerpo)
	if m == nil {
		return errors.New("el formulario de ingreso no tiene el token CSRF")
	}
	form := url.Values{"usuario": {usuario}, "clave": {clave}, "_csrf": {string(m[1])}}
	res, err = cl.PostForm(base+"/login", form)
	if err != nil {
		return fmt.Errorf("ingresar: %w", err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || strings.HasPrefix(res.Request.URL.Path, "/login") {
		return fmt.Errorf("no se pudo ingresar como %s (estado %d en %s)", usuario, res.StatusCode, res.Request.URL.Path)
	}
	return nil
}

func primerCaso(cl *http.Client, base string) (string, error) {
	r, err := casos(cl, base)
	if err != nil {
		return "", err
	}
	return r[0], nil
}

// casos are the case pages linked from /casos, in order.
func casos(cl *http.Client, base string) ([]string, error) {
	res, err := cl.Get(base + "/casos")
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	cuerpo, _ := io.ReadAll(res.Body)
	var out []string
	vistos := map[string]bool{}
	for _, m := range reCaso.FindAllSubmatch(cuerpo, -1) {
		if r := string(m[1]); !vistos[r] {
			vistos[r] = true
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("/casos no enlaza ningún caso")
	}
	return out, nil
}

// calentarPagina requests the page a few times (caches, connections), and
// while the page says a background computation is running, waits for it
// (at most two minutes).
func calentarPagina(cl *http.Client, full string, n int, esperar string) error {
	limite := time.Now().Add(2 * time.Minute)
	for i := 0; i < n; i++ {
		res, err := cl.Get(full)
		if err != nil {
			return err
		}
		cuerpo, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK {
			return fmt.Errorf("estado %d en el calentamiento", res.StatusCode)
		}
		if esperar != "" && bytes.Contains(cuerpo, []byte(esperar)) {
			if time.Now().After(limite) {
				return errors.New("el cálculo en segundo plano no terminó en dos minutos")
			}
			time.Sleep(250 * time.Millisecond)
			i--
		}
	}
	return nil
}

type resultado struct {
	lat         []time.Duration
	errores     int
	primerError string
	tiempo      time.Duration
}

// cargar runs the clients against one URL for d (or until maximo requests).
func cargar(cl *http.Client, urls []string, clientes int, d time.Duration, maximo int) resultado {
	ctx, cancelar := context.WithTimeout(context.Background(), d)
	defer cancelar()
	var (
		mu      sync.Mutex
		r       resultado
		wg      sync.WaitGroup
		pedidas atomic.Int64
	)
	inicio := time.Now()
	for c := 0; c < clientes; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lat := make([]time.Duration, 0, 4096)
			errs := 0
			primero := ""
			for ctx.Err() == nil {
				n := pedidas.Add(1)
				if n > int64(maximo) {
					break
				}
				full := urls[int(n-1)%len(urls)]
				t0 := time.Now()
				if err := pedir(cl, full); err != nil {
					if ctx.Err() != nil {
						break
					}
					errs++
					if primero == "" {
						primero = err.Error()
					}
					continue
				}
				lat = append(lat, time.Since(t0))
			}
			mu.Lock()
			r.lat = append(r.lat, lat...)
			r.errores += errs
			if r.primerError == "" {
				r.primerError = primero
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	r.tiempo = time.Since(inicio)
	return r
}
