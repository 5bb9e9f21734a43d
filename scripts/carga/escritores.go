package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// escritores are the writers that run beside the readers of a mix: an
// import every importarCada (one at a time) and reportesPorS case reports
// per second (at most enVuelo waiting at once), each at a fixed pace
// whatever the server answers: a slow answer does not slow the next one
// down, and a turn that cannot be sent counts as an error.
type escritores struct {
	importarCada  time.Duration
	importarFilas int
	reportesPorS  float64
	reportarComo  string
	clave         string
	nits          []string
	libres        libres // unpaced writers (libres.go)
}

const enVuelo = 32

var (
	reInforme = regexp.MustCompile(`href="(/casos/[0-9]+/informes/[0-9]+)"`)
	reNIT     = regexp.MustCompile(`^(?:/usuarios/)?([0-9]+-[0-9])$`)
)

// leerNITs reads the NITs of a file, one per line (a list of profile paths
// /usuarios/NIT also does).
func leerNITs(archivo string) ([]string, error) {
	b, err := os.ReadFile(archivo)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, l := range strings.Fields(string(b)) {
		if m := reNIT.FindStringSubmatch(l); m != nil {
			out = append(out, m[1])
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s no tiene NIT (uno por línea, como 901750435-6)", archivo)
	}
	return out, nil
}

// informes are the first n informe PDFs linked from the case pages ("}"
// or ":n}" after "{informes").
func informes(cl *http.Client, base, n string) ([]string, error) {
	k := 5
	fmt.Sscanf(strings.Trim(n, ":}"), "%d", &k)
	cs, err := casos(cl, base)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, c := range cs {
		res, err := cl.Get(base + c)
		if err != nil {
			return nil, err
		}
		cuerpo, _ := io.ReadAll(res.Body)
		res.Body.Close()
		for _, m := range reInforme.FindAllSubmatch(cuerpo, -1) {
			if r := string(m[1]); !slices.Contains(out, r) {
				out = append(out, r)
			}
		}
		if len(out) >= k {
			return out[:k], nil
		}
	}
	if len(out) == 0 {
		return nil, errors.New("ningún caso enlaza un informe")
	}
	return out, nil
}

// medicion gathers the latencies and errors of one kind of request from
// many goroutines.
type medicion struct {
	mu sync.Mutex
	r  resultado
}

func (m *medicion) anotar(d time.Duration, err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err != nil {
		m.r.errores++
		if m.r.primerError == "" {
			m.r.primerError = err.Error()
		}
		return
	}
	m.r.lat = append(m.r.lat, d)
}

// correrMezcla loads every page at once (the paths of all pages in turn)
// with the writers beside, and prints a row per page, one for all reads and
// one per kind of writer.
func correrMezcla(cl *http.Client, base, usuario string, clientes int, duracion time.Duration, maximo, calentar int, esperar string, ps paginas, esc *escritores) error {
	type destino struct {
		url    string
		pagina int
	}
	var ds []destino
	for i, p := range ps {
		rutas := p.rutas
		if rutas == nil {
			rutas = []string{p.ruta}
		}
		if err := calentarPagina(cl, base+rutas[0], calentar, esperar); err != nil {
			return fmt.Errorf("%s: %w", p.nombre, err)
		}
		for _, r := range rutas {
			ds = append(ds, destino{base + r, i})
		}
	}
	// Interleave the pages: the k-th path of every page, then the next.
	intercalados := make([]destino, 0, len(ds))
	for k := 0; len(intercalados) < len(ds); k++ {
		for i := range ps {
			n := 0
			for _, d := range ds {
				if d.pagina == i {
					if n == k {
						intercalados = append(intercalados, d)
					}
					n++
				}
			}
		}
	}
	ds = intercalados

	var reportador *http.Client
	var csrf, csrfReporte string
	var err error
	if esc.importarCada > 0 {
		if csrf, err = tokenCSRF(cl, base+"/importar"); err != nil {
			return err
		}
	}
	if esc.reportesPorS > 0 {
		jar, _ := cookiejar.New(nil)
		reportador = &http.Client{Transport: cl.Transport, Jar: jar, Timeout: cl.Timeout}
		if err := ingresar(reportador, base, esc.reportarComo, esc.clave); err != nil {
			return err
		}
		if csrfReporte, err = tokenCSRF(reportador, base+"/casos/nuevo"); err != nil {
			return err
		}
	}

	fmt.Printf("Carga mezclada: %d lectores concurrentes sobre %d rutas de %d páginas durante %s, servidor %s (cuenta %s)\n",
		clientes, len(ds), len(ps), duracion, base, usuario)
	if esc.importarCada > 0 {
		fmt.Printf("  al lado: una importación de %d filas de sanciones cada %s (subir y confirmar, cuenta %s)\n", esc.importarFilas, esc.importarCada, usuario)
	}
	if esc.reportesPorS > 0 {
		fmt.Printf("  al lado: %.1f casos reportados por segundo (cuenta %s)\n", esc.reportesPorS, esc.reportarComo)
	}
	if l := esc.libres; l.total() > 0 {
		fmt.Printf("  al lado, sin ritmo (cada uno escribe de nuevo al recibir la respuesta, con su cuenta %s1…%s%d): %d reportan casos, %d importan %d filas, %d inician la evaluación de los casos reportados\n",
			l.prefijo, l.prefijo, l.total(), l.reportar, l.importar, esc.importarFilas, l.mover)
	}

	ctx, cancelar := context.WithTimeout(context.Background(), duracion)
	defer cancelar()
	porPagina := make([]medicion, len(ps))
	var importaciones, reportes medicion
	var wg sync.WaitGroup
	var pedidas atomic.Int64
	inicio := time.Now()
	for c := 0; c < clientes; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				n := pedidas.Add(1)
				if n > int64(maximo) {
					return
				}
				d := ds[int(n-1)%len(ds)]
				t0 := time.Now()
				err := pedir(cl, d.url)
				if err != nil && ctx.Err() != nil {
					return // cut by the end of the run, not an error of the server
				}
				porPagina[d.pagina].anotar(time.Since(t0), err)
			}
		}()
	}
	ritmo := func(cada time.Duration, vuelo int, hacer func(k int) error, m *medicion) {
		defer wg.Done()
		t := time.NewTicker(cada)
		defer t.Stop()
		cupo := make(chan struct{}, vuelo)
		var propios sync.WaitGroup
		defer propios.Wait()
		for k := 0; ; k++ {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			select {
			case cupo <- struct{}{}:
			default:
				m.anotar(0, fmt.Errorf("no enviada: ya había %d esperando respuesta", vuelo))
				continue
			}
			propios.Add(1)
			go func(k int) {
				defer propios.Done()
				defer func() { <-cupo }()
				t0 := time.Now()
				err := hacer(k)
				m.anotar(time.Since(t0), err)
			}(k)
		}
	}
	corrida := time.Now().UnixNano() % 1e9
	if esc.importarCada > 0 {
		wg.Add(1)
		// One import at a time, as the Secretaría uploads and confirms them
		// (the server keeps few uploads waiting per account): a turn that
		// comes while the last one is still running is not sent, and counts
		// as an error.
		go ritmo(esc.importarCada, 1, func(k int) error {
			return importarSanciones(cl, base, csrf, archivoSanciones(esc.nits, corrida, k, esc.importarFilas))
		}, &importaciones)
	}
	var deLibres map[string]*medicionLibre
	if esc.libres.total() > 0 {
		if deLibres, err = correrLibres(ctx, &wg, cl.Transport, base, esc); err != nil {
			cancelar()
			wg.Wait()
			return err
		}
	}
	if esc.reportesPorS > 0 {
		wg.Add(1)
		go ritmo(time.Duration(float64(time.Second)/esc.reportesPorS), enVuelo, func(k int) error {
			_, err := reportarCaso(reportador, base, csrfReporte, esc.nits[k%len(esc.nits)], k)
			return err
		}, &reportes)
	}
	wg.Wait()
	tiempo := time.Since(inicio)

	fmt.Printf("%-10s %-28s %9s %7s %9s %8s %8s %8s %8s\n", "página", "ruta", "solicit.", "errores", "sol./s", "p50 ms", "p90 ms", "p99 ms", "máx ms")
	var todas resultado
	for i, p := range ps {
		r := &porPagina[i].r
		r.tiempo = tiempo
		r.imprimir(p.nombre, p.ruta)
		todas.lat = append(todas.lat, r.lat...)
		todas.errores += r.errores
		if todas.primerError == "" {
			todas.primerError = r.primerError
		}
	}
	todas.tiempo = tiempo
	todas.imprimir("LECTURAS", "todas las páginas")
	if esc.importarCada > 0 {
		importaciones.r.tiempo = tiempo
		importaciones.r.imprimir("IMPORTAR", fmt.Sprintf("/importar (%d filas)", esc.importarFilas))
	}
	if esc.reportesPorS > 0 {
		reportes.r.tiempo = tiempo
		reportes.r.imprimir("REPORTAR", "/casos (POST)")
	}
	if deLibres != nil {
		imprimirLibres(deLibres, esc.libres, tiempo)
	}
	if len(todas.lat) == 0 {
		return errors.New("ninguna lectura terminó")
	}
	return nil
}

// pedir GETs a page and reads it whole; anything but 200 is an error.
func pedir(cl *http.Client, full string) error {
	res, err := cl.Get(full)
	if err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if err == nil && res.StatusCode != http.StatusOK {
		err = fmt.Errorf("estado %d en %s", res.StatusCode, res.Request.URL.Path)
	}
	return err
}

// tokenCSRF is the session's CSRF token, from a page with a form.
func tokenCSRF(cl *http.Client, full string) (string, error) {
	res, err := cl.Get(full)
	if err != nil {
		return "", err
	}
	cuerpo, _ := io.ReadAll(res.Body)
	res.Body.Close()
	m := reCSRF.FindSubmatch(cuerpo)
	if res.StatusCode != http.StatusOK || m == nil {
		return "", fmt.Errorf("%s (estado %d) no tiene un formulario con token CSRF", full, res.StatusCode)
	}
	return string(m[1]), nil
}

// archivoSanciones is the k-th import of the run: n new acts over the NITs
// (numbers of act unique to the run and the import).
func archivoSanciones(nits []string, corrida int64, k, n int) []byte {
	var b bytes.Buffer
	b.WriteString("nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\r\n")
	for j := 0; j < n; j++ {
		i := k*n + j
		fmt.Fprintf(&b, "%s;CARGA-%d-%d-%d;%02d/%02d/2025;grave;multa;%d.000.000;no\r\n",
			nits[i%len(nits)], corrida, k, j, 1+i%28, 1+i%12, 1+i%90)
	}
	return b.Bytes()
}

var reImportacion = regexp.MustCompile(`^/importar/([^/]+)$`)

// importarSanciones uploads a file as the Secretaría does, then confirms
// its preview: an error unless the result page is reached.
func importarSanciones(cl *http.Client, base, csrf string, archivo []byte) error {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	w.WriteField("_csrf", csrf)
	w.WriteField("clase", "sanciones")
	fw, err := w.CreateFormFile("archivo", "carga.csv")
	if err != nil {
		return err
	}
	fw.Write(archivo)
	w.Close()
	res, err := cl.Post(base+"/importar", w.FormDataContentType(), &b)
	cuerpo, err := respuesta(res, err)
	if err != nil {
		return err
	}
	m := reImportacion.FindStringSubmatch(res.Request.URL.Path)
	if res.StatusCode != http.StatusOK || m == nil {
		return fmt.Errorf("subir: estado %d en %s", res.StatusCode, res.Request.URL.Path)
	}
	if !bytes.Contains(cuerpo, []byte("/confirmar")) {
		return fmt.Errorf("subir: la vista previa de %s no se puede confirmar (¿problemas en el archivo?)", res.Request.URL.Path)
	}
	res, err = cl.PostForm(base+"/importar/"+m[1]+"/confirmar", url.Values{"_csrf": {csrf}})
	if _, err := respuesta(res, err); err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK || !strings.HasSuffix(res.Request.URL.Path, "/resultado") {
		return fmt.Errorf("confirmar: estado %d en %s", res.StatusCode, res.Request.URL.Path)
	}
	return nil
}

// reportarCaso reports a case of the NIT through the form (the same fact
// may be reported again: confirmed as a duplicate), without the Seccional's
// informe and saying why, as the form allows. It returns the new case's
// path.
func reportarCaso(cl *http.Client, base, csrf, nit string, k int) (string, error) {
	form := url.Values{"_csrf": {csrf}, "nit": {nit}, "fecha_comision": {"2026-02-10"}, "fecha_verificacion": {"2026-02-20"},
		"gravedad": {"gravisima"}, "sancion": {"multa"}, "sancion_prevista": {"10.475.000"}, "anclaje": {"comision"},
		"descripcion": {fmt.Sprintf("Caso de la prueba de carga %d.", k)}, "confirmar_duplicado": {"si"},
		"motivo_sin_informe": {"El informe de la Dirección Seccional se envía aparte (prueba de carga)."}}
	res, err := cl.PostForm(base+"/casos", form)
	cuerpo, err := respuesta(res, err)
	if err != nil {
		return "", err
	}
	if res.StatusCode != http.StatusOK || res.Request.URL.Query().Get("aviso") != "caso_reportado" {
		return "", fmt.Errorf("estado %d en %s%s", res.StatusCode, res.Request.URL.Path, mensajeError(cuerpo))
	}
	return res.Request.URL.Path, nil
}

var reMensajeError = regexp.MustCompile(`class="[^"]*error[^"]*"[^>]*>\s*([^<]{1,200})`)

// mensajeError is the first error message of a form the server refused.
func mensajeError(cuerpo []byte) string {
	if m := reMensajeError.FindSubmatch(cuerpo); m != nil {
		return ": " + strings.TrimSpace(string(m[1]))
	}
	return ""
}
