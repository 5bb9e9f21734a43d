package main

import (
	"bufio"
	"bytes"
	"comite/internal/permisos"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"comite/internal/db"
)

func TestUsuariosCrear(t *testing.T) {
	t.Parallel()
	ruta := iniciada(t, filepath.Join(t.TempDir(), "comite.db"))
	casos := []struct {
		nombre string
		args   []string
		stdin  string
		codigo int
		stderr string
	}{
		{"crea_admin", []string{"crear", "--usuario", "ana", "--rol", "admin", "--nombre", "Ana Admin", "--db", ruta}, "una-clave-larga\n", 0, ""},
		{"crea_seccional_con_direccion", []string{"crear", "--usuario", "sec", "--rol", "seccional", "--seccional", "Dirección Seccional de Aduanas de Cartagena", "--db", ruta}, "una-clave-larga", 0, ""},
		{"usuario_repetido", []string{"crear", "--usuario", "ANA", "--rol", "comite", "--db", ruta}, "una-clave-larga\n", 1, "ya existe"},
		{"rol_desconocido", []string{"crear", "--usuario", "x", "--rol", "jefe", "--db", ruta}, "una-clave-larga\n", 2, "--rol"},
		{"clave_corta", []string{"crear", "--usuario", "x", "--rol", "comite", "--db", ruta}, "corta\n", 1, "al menos 12"},
		{"sin_clave", []string{"crear", "--usuario", "x", "--rol", "comite", "--db", ruta}, "", 2, "primera línea"},
		{"seccional_sin_direccion", []string{"crear", "--usuario", "x", "--rol", "seccional", "--db", ruta}, "una-clave-larga\n", 1, "--seccional"},
		{"sin_subcomando", []string{"--usuario", "x"}, "", 2, "uso:"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			var out, errb bytes.Buffer
			got := correr(append([]string{"usuarios"}, c.args...), strings.NewReader(c.stdin), &out, &errb)
			if got != c.codigo || !strings.Contains(errb.String(), c.stderr) {
				t.Fatalf("código %d (quiere %d), stderr %q", got, c.codigo, errb.String())
			}
		})
	}
	d, err := db.Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	c, res, err := d.Ingresar(context.Background(), "ana", "una-clave-larga", "127.0.0.1")
	if err != nil || res != db.IngresoCorrecto || c.Rol != permisos.RolAdmin || c.Nombre != "Ana Admin" {
		t.Fatalf("la cuenta creada no ingresa: %v %v %+v", res, err, c)
	}
	// Only the first line is the password.
	if _, res, _ := d.Ingresar(context.Background(), "sec", "una-clave-larga", "127.0.0.1"); res != db.IngresoCorrecto {
		t.Fatal("la clave sin salto de línea final no sirve")
	}
}

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

// serve --demo on 127.0.0.1:0: demo accounts printed with the password from
// COMITE_DEMO_PASSWORD, /healthz answers 200, and the server stops gracefully.
func TestServeDemo_saludYCuentas(t *testing.T) {
	t.Setenv("COMITE_DEMO_PASSWORD", "clave-demo-larga")
	ruta := filepath.Join(t.TempDir(), "comite.db")
	ctx, cancel := context.WithCancel(context.Background())
	var out, errb bufferSeguro
	fin := make(chan int, 1)
	go func() {
		fin <- servir(ctx, opcionesServe{addr: "127.0.0.1:0", ruta: ruta, demo: true, cookieSegura: "auto", formatoLog: "json"}, &out, &errb)
	}()
	re := regexp.MustCompile(`escucha en (http://127\.0\.0\.1:\d+/)`)
	var url string
	for i := 0; i < 600 && url == ""; i++ {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			url = m[1]
		} else {
			select {
			case c := <-fin:
				t.Fatalf("el servidor terminó con %d: %s", c, errb.String())
			case <-time.After(50 * time.Millisecond):
			}
		}
	}
	if url == "" {
		t.Fatalf("el servidor no anunció su dirección: %s %s", out.String(), errb.String())
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
	texto := out.String()
	for _, rol := range []string{"secretaria", "comite", "seccional", "auditor", "admin"} {
		if !strings.Contains(texto, "  "+rol) {
			t.Errorf("falta la cuenta de demostración %s en:\n%s", rol, texto)
		}
	}
	if !strings.Contains(texto, "clave para todas: clave-demo-larga") || !strings.Contains(texto, url+"login") {
		t.Errorf("no imprime la clave y la dirección:\n%s", texto)
	}
	cancel()
	if c := <-fin; c != 0 {
		t.Fatalf("detención con código %d: %s", c, errb.String())
	}
	// Request log lines are structured (JSON) with id, status and duration.
	sc := bufio.NewScanner(strings.NewReader(errb.String()))
	vio := false
	for sc.Scan() {
		l := sc.Text()
		if strings.Contains(l, `"msg":"solicitud"`) && strings.Contains(l, `"ruta":"/healthz"`) && strings.Contains(l, `"estado":200`) && strings.Contains(l, `"duracion"`) && strings.Contains(l, `"id"`) {
			vio = true
		}
	}
	if !vio {
		t.Fatalf("no hay línea de registro de la solicitud:\n%s", errb.String())
	}
}

// The operator resets a forgotten administrator password from the command line.
func TestUsuariosRestablecerClave(t *testing.T) {
	t.Parallel()
	ruta := iniciada(t, filepath.Join(t.TempDir(), "comite.db"))
	var out, errb bytes.Buffer
	if got := correr([]string{"usuarios", "crear", "--usuario", "ana", "--rol", "admin", "--db", ruta}, strings.NewReader("una-clave-larga\n"), &out, &errb); got != 0 {
		t.Fatal(errb.String())
	}
	out.Reset()
	if got := correr([]string{"usuarios", "restablecer-clave", "--usuario", "ANA", "--db", ruta}, strings.NewReader(""), &out, &errb); got != 0 {
		t.Fatalf("código %d: %s", got, errb.String())
	}
	_, resto, _ := strings.Cut(out.String(), "Clave temporal de ana: ")
	temporal, _, _ := strings.Cut(resto, "\n")
	d, err := db.Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	r, err := d.IntentarIngreso(context.Background(), "ana", temporal, "127.0.0.1")
	if err != nil || r.Resultado != db.IngresoCorrecto || !r.Cuenta.DebeCambiarClave {
		t.Fatalf("ingreso con la clave temporal %q: %+v %v", temporal, r, err)
	}
	if got := correr([]string{"usuarios", "restablecer-clave", "--usuario", "nadie", "--db", ruta}, strings.NewReader(""), &out, &errb); got != 1 {
		t.Fatalf("cuenta inexistente: %d", got)
	}
}
