package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// libres are the unpaced writers: each one writes again as soon as its last
// write is answered, in a session of its own account (the per-account
// limits of the server apply to each account, as they would to five
// officials). Reporters report cases, importers upload and confirm
// sanciones files, movers start the evaluation of the cases the reporters
// left reported. A 429 (a per-account limit) is not a failure of the
// server: the writer waits what Retry-After says and goes on, and the run
// counts it apart; a 503 or any other answer is an error.
type libres struct {
	reportar, importar, mover int
	prefijo                   string // accounts prefijo1, prefijo2, … in that order
}

func (l libres) total() int { return l.reportar + l.importar + l.mover }

// limitada is a write the server refused for a per-account limit.
type limitada struct{ espera time.Duration }

func (e *limitada) Error() string {
	return fmt.Sprintf("límite de la cuenta (429), esperar %s", e.espera)
}

// respuesta reads and closes the answer to a write; a 429 is a limitada.
func respuesta(res *http.Response, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	cuerpo, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if err := comoLimitada(res); err != nil {
		return nil, err
	}
	return cuerpo, nil
}

// comoLimitada turns a 429 into a limitada with the server's Retry-After.
func comoLimitada(res *http.Response) error {
	if res.StatusCode != http.StatusTooManyRequests {
		return nil
	}
	s, _ := strconv.Atoi(res.Header.Get("Retry-After"))
	return &limitada{espera: time.Duration(max(s, 1)) * time.Second}
}

// medicionLibre is medicion plus the writes limited by the account and the
// 503 answers, counted apart.
type medicionLibre struct {
	medicion
	limitadas, no503 atomic.Int64
}

func (m *medicionLibre) anotar(d time.Duration, err error) {
	var lim *limitada
	switch {
	case errors.As(err, &lim):
		m.limitadas.Add(1)
		return
	case err != nil && strings.Contains(err.Error(), "estado 503"):
		m.no503.Add(1)
	}
	m.medicion.anotar(d, err)
}

// escritorLibre is one unpaced writer: its own client and session.
type escritorLibre struct {
	cl   *http.Client
	csrf string
}

func nuevoEscritorLibre(tr http.RoundTripper, base, cuenta, clave, formulario string) (*escritorLibre, error) {
	jar, _ := cookiejar.New(nil)
	cl := &http.Client{Transport: tr, Jar: jar, Timeout: 60 * time.Second}
	if err := ingresar(cl, base, cuenta, clave); err != nil {
		return nil, err
	}
	csrf, err := tokenCSRF(cl, base+formulario)
	if err != nil {
		return nil, err
	}
	return &escritorLibre{cl: cl, csrf: csrf}, nil
}

// iniciarEvaluacion moves a reported case to evaluation, as the Secretaría
// does with the case page's button.
func iniciarEvaluacion(cl *http.Client, base, csrf, caso string) error {
	res, err := cl.PostForm(base+caso+"/iniciar", url.Values{"_csrf": {csrf}})
	cuerpo, err := respuesta(res, err)
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK || res.Request.URL.Query().Get("aviso") != "evaluacion_iniciada" {
		return fmt.Errorf("estado %d en %s%s", res.StatusCode, res.Request.URL.Path, mensajeError(cuerpo))
	}
	return nil
}

// correrLibres starts the unpaced writers; they stop with ctx. Each kind
// gets its medicion in the map returned, filled as they go.
func correrLibres(ctx context.Context, wg *sync.WaitGroup, tr http.RoundTripper, base string, esc *escritores) (map[string]*medicionLibre, error) {
	// medir times one write from its request to its answer.
	medir := func(hacer func() error) (time.Duration, error) {
		t0 := time.Now()
		err := hacer()
		return time.Since(t0), err
	}
	l := esc.libres
	m := map[string]*medicionLibre{"reportar": {}, "importar": {}, "mover": {}}
	// Cases reported by the reporters, waiting for a mover.
	reportados := make(chan string, 4096)
	corrida := time.Now().UnixNano() % 1e9
	cuenta := 0
	siguiente := func() string { cuenta++; return fmt.Sprintf("%s%d", l.prefijo, cuenta) }
	type trabajo struct {
		hacer func(e *escritorLibre) (time.Duration, error)
		m     *medicionLibre
	}
	var escritores []struct {
		e *escritorLibre
		t trabajo
	}
	// Every writer takes its CSRF token from the form to report a case (the
	// token is the session's).
	agregar := func(n int, t trabajo) error {
		for range n {
			c := siguiente()
			e, err := nuevoEscritorLibre(tr, base, c, esc.clave, "/casos/nuevo")
			if err != nil {
				return fmt.Errorf("escritor libre %s: %w", c, err)
			}
			escritores = append(escritores, struct {
				e *escritorLibre
				t trabajo
			}{e, t})
		}
		return nil
	}
	var nReporte atomic.Int64
	if err := agregar(l.reportar, trabajo{func(e *escritorLibre) (time.Duration, error) {
		k := int(nReporte.Add(1))
		var caso string
		d, err := medir(func() (err error) {
			caso, err = reportarCaso(e.cl, base, e.csrf, esc.nits[k%len(esc.nits)], k)
			return err
		})
		if err == nil && l.mover > 0 {
			select {
			case reportados <- caso:
			default: // the movers are behind: the case stays reported
			}
		}
		return d, err
	}, m["reportar"]}); err != nil {
		return nil, err
	}
	var nImportacion atomic.Int64
	if err := agregar(l.importar, trabajo{func(e *escritorLibre) (time.Duration, error) {
		k := int(nImportacion.Add(1))
		archivo := archivoSanciones(esc.nits, corrida+1, k, esc.importarFilas)
		return medir(func() error { return importarSanciones(e.cl, base, e.csrf, archivo) })
	}, m["importar"]}); err != nil {
		return nil, err
	}
	// A mover waits for a case the reporters left reported; the wait is not
	// part of its write.
	if err := agregar(l.mover, trabajo{func(e *escritorLibre) (time.Duration, error) {
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case caso := <-reportados:
			return medir(func() error { return iniciarEvaluacion(e.cl, base, e.csrf, caso) })
		}
	}, m["mover"]}); err != nil {
		return nil, err
	}
	for _, x := range escritores {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				d, err := x.t.hacer(x.e)
				if ctx.Err() != nil {
					return // cut by the end of the run
				}
				x.t.m.anotar(d, err)
				var lim *limitada
				if errors.As(err, &lim) {
					select {
					case <-ctx.Done():
					case <-time.After(lim.espera):
					}
				}
			}
		}()
	}
	return m, nil
}

// imprimirLibres writes the writers' rows: what was written, and apart what
// the per-account limits refused and the 503 answers.
func imprimirLibres(m map[string]*medicionLibre, l libres, tiempo time.Duration) {
	for _, k := range []struct {
		clave, nombre, ruta string
		n                   int
	}{
		{"reportar", "REPORTAR", "/casos (POST)", l.reportar},
		{"importar", "IMPORTAR", "/importar", l.importar},
		{"mover", "MOVER", "/casos/…/iniciar", l.mover},
	} {
		if k.n == 0 {
			continue
		}
		x := m[k.clave]
		x.r.tiempo = tiempo
		x.r.imprimir(k.nombre, fmt.Sprintf("%s ×%d", k.ruta, k.n))
		fmt.Printf("           limitadas por la cuenta (429): %d; 503: %d\n", x.limitadas.Load(), x.no503.Load())
	}
}
