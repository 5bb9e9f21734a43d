package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// bufferSeguro is a writer read while the server writes.
type bufferSeguro struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *bufferSeguro) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *bufferSeguro) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

const bordeRecuadro = "════"

// arrancarDemo starts serve --demo on 127.0.0.1:0 with standard output and
// the log in the same writer, as in a terminal, and waits until start-up has
// finished (the second border of the accounts box). parar stops the server
// and returns its exit code.
func arrancarDemo(t *testing.T, ruta string, salida *bufferSeguro) (url string, parar func() int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	fin := make(chan int, 1)
	go func() {
		fin <- servir(ctx, opcionesServe{addr: "127.0.0.1:0", ruta: ruta, demo: true, cookieSegura: "auto", formatoLog: "json"}, salida, salida)
	}()
	re := regexp.MustCompile(`escucha en (http://127\.0\.0\.1:\d+/)`)
	for i := 0; i < 2400; i++ {
		texto := salida.String()
		if m := re.FindStringSubmatch(texto); m != nil && strings.Count(texto, "\n"+bordeRecuadro) >= 2 {
			url = m[1]
			break
		}
		select {
		case c := <-fin:
			cancel()
			t.Fatalf("el servidor terminó con %d: %s", c, salida.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
	if url == "" {
		cancel()
		t.Fatalf("el servidor no terminó de arrancar: %s", salida.String())
	}
	return url, func() int { cancel(); return <-fin }
}

// recuadroAlFinal returns the accounts box and fails unless it is the last
// thing start-up wrote: after «comite escucha en …» and after every log line.
func recuadroAlFinal(t *testing.T, texto string) string {
	t.Helper()
	ini := strings.Index(texto, "\n"+bordeRecuadro)
	fin := strings.LastIndex(texto, "\n"+bordeRecuadro)
	if ini < 0 || fin <= ini {
		t.Fatalf("no hay recuadro de cuentas:\n%s", texto)
	}
	if strings.Count(texto, "\n"+bordeRecuadro) != 2 {
		t.Errorf("el recuadro de cuentas debe salir una sola vez:\n%s", texto)
	}
	antes, despues := texto[:ini], texto[fin+1:]
	if !strings.Contains(antes, "comite escucha en ") || !strings.Contains(antes, `"msg":"servidor iniciado"`) {
		t.Errorf("el recuadro no va después del anuncio y del registro del arranque:\n%s", texto)
	}
	// After the closing border: only blank lines (or request log lines of
	// the requests the test makes afterwards, not made yet).
	if i := strings.Index(despues, "\n"); i >= 0 && strings.TrimSpace(despues[i:]) != "" {
		t.Errorf("hay líneas después del recuadro:\n%s", despues)
	}
	return texto[ini:fin]
}

// serve --demo on a new database prints the demo accounts and the password
// from COMITE_DEMO_PASSWORD once, in a box at the very end of start-up, with
// no log line per audit row of the demo story; a restart on the same database
// prints the accounts with what to do about the password: it is not stored in
// clear, COMITE_DEMO_PASSWORD only applies when the database is created, and
// the exact reset command. /healthz answers and the server stops gracefully.
func TestServeDemo_cuentasAlFinalYReinicio(t *testing.T) {
	t.Setenv("COMITE_DEMO_PASSWORD", "clave-demo-larga")
	ruta := filepath.Join(t.TempDir(), "comite.db")
	var salida bufferSeguro
	url, parar := arrancarDemo(t, ruta, &salida)
	texto := salida.String()
	recuadro := recuadroAlFinal(t, texto)
	for _, rol := range []string{"secretaria", "comite", "seccional", "auditor", "admin"} {
		if !strings.Contains(recuadro, "    "+rol+" ") {
			t.Errorf("falta la cuenta de demostración %s en el recuadro:\n%s", rol, recuadro)
		}
	}
	if !strings.Contains(recuadro, "clave para todas: clave-demo-larga") || !strings.Contains(recuadro, url+"login") {
		t.Errorf("el recuadro no da la clave y la dirección:\n%s", recuadro)
	}
	if strings.Count(texto, "clave-demo-larga") != 1 {
		t.Errorf("la clave debe salir una sola vez:\n%s", texto)
	}
	if n := strings.Count(texto, "cabeza del registro de auditoría"); n > 0 {
		t.Errorf("%d líneas de registro por fila de auditoría durante la demostración", n)
	}
	res, err := http.Get(url + "healthz")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("/healthz = %d", res.StatusCode)
	}
	if c := parar(); c != 0 {
		t.Fatalf("detención con código %d: %s", c, salida.String())
	}
	// Request log lines are structured (JSON) with id, status and duration.
	sc := bufio.NewScanner(strings.NewReader(salida.String()))
	vio := false
	for sc.Scan() {
		l := sc.Text()
		if strings.Contains(l, `"msg":"solicitud"`) && strings.Contains(l, `"ruta":"/healthz"`) && strings.Contains(l, `"estado":200`) && strings.Contains(l, `"duracion"`) && strings.Contains(l, `"id"`) {
			vio = true
		}
	}
	if !vio {
		t.Fatalf("no hay línea de registro de la solicitud:\n%s", salida.String())
	}

	// Restart with another password in the environment: it is not applied.
	t.Setenv("COMITE_DEMO_PASSWORD", "otra-clave-larga")
	var otra bufferSeguro
	url, parar = arrancarDemo(t, ruta, &otra)
	texto = otra.String()
	recuadro = recuadroAlFinal(t, texto)
	for _, frase := range []string{
		"    secretaria ",
		"La clave no se guarda en claro",
		"COMITE_DEMO_PASSWORD no se aplicó: solo aplica cuando la base se crea",
		"go run ./cmd/comite usuarios restablecer-clave --usuario secretaria --db " + ruta + "\n",
		url + "login",
	} {
		if !strings.Contains(recuadro, frase) {
			t.Errorf("al reiniciar, el recuadro no dice %q:\n%s", frase, recuadro)
		}
	}
	if strings.Contains(texto, "otra-clave-larga") || strings.Contains(texto, "clave-demo-larga") {
		t.Errorf("al reiniciar no se imprime ninguna clave:\n%s", texto)
	}
	if c := parar(); c != 0 {
		t.Fatalf("detención con código %d: %s", c, otra.String())
	}
	// The command the box prints exists and resets the password.
	var out, errb bytes.Buffer
	if c := correr([]string{"usuarios", "restablecer-clave", "--usuario", "secretaria", "--db", ruta}, strings.NewReader(""), &out, &errb); c != 0 {
		t.Fatalf("restablecer-clave = %d: %s", c, errb.String())
	}
	if !strings.Contains(out.String(), "Clave temporal de secretaria") {
		t.Errorf("restablecer-clave no dio la clave temporal: %s", out.String())
	}
}

// The accounts box in each situation of a start with --demo: accounts just
// created (with their password), a restart with or without
// COMITE_DEMO_PASSWORD, and a database whose accounts are not the demo ones.
func TestServeDemo_recuadroSegunLaBase(t *testing.T) {
	todas := map[string]bool{}
	for _, c := range cuentasDemo {
		todas[c.Usuario] = true
	}
	casos := []struct {
		nombre string
		r      cuentasDemoListas
		dice   []string
		noDice []string
	}{
		{"cuentas_creadas", cuentasDemoListas{clave: "clave-larga-1", hay: todas},
			[]string{"clave para todas: clave-larga-1", "    admin ", "Ingrese en http://x/login"}, []string{"restablecer-clave"}},
		{"reinicio_con_la_variable", cuentasDemoListas{claveIgnorada: true, hay: todas},
			[]string{"COMITE_DEMO_PASSWORD no se aplicó: solo aplica cuando la base se crea", "restablecer-clave --usuario secretaria --db demo.db\n", "    auditor "}, []string{"clave para todas"}},
		{"reinicio_sin_la_variable", cuentasDemoListas{hay: todas},
			[]string{"La clave no se guarda en claro", "COMITE_DEMO_PASSWORD solo aplica cuando la base se crea", "restablecer-clave --usuario secretaria --db demo.db\n"}, []string{"no se aplicó"}},
		{"solo_algunas_de_demostracion", cuentasDemoListas{hay: map[string]bool{"auditor": true}},
			[]string{"    auditor ", "restablecer-clave --usuario auditor --db demo.db\n"}, []string{"    secretaria "}},
		{"otras_cuentas", cuentasDemoListas{hay: map[string]bool{"ana": true}},
			[]string{"ninguna: la base ya tenía otras cuentas", "restablecer-clave --usuario SU_CUENTA --db demo.db\n"}, []string{"    admin "}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			var b bytes.Buffer
			c.r.escribir(&b, "http://x/", "demo.db")
			txt := b.String()
			if strings.Count(txt, "\n"+bordeRecuadro) != 2 {
				t.Errorf("sin sus dos bordes:\n%s", txt)
			}
			for _, f := range c.dice {
				if !strings.Contains(txt, f) {
					t.Errorf("no dice %q:\n%s", f, txt)
				}
			}
			for _, f := range c.noDice {
				if strings.Contains(txt, f) {
					t.Errorf("dice %q:\n%s", f, txt)
				}
			}
		})
	}
}
