package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"comite/internal/demo"
	"comite/internal/permisos"
)

// VariablePrism names the Prism executable (@stoplight/prism-cli) the walk
// goes through; .ci/run installs it under .ci/node and sets it.
const VariablePrism = "COMITE_PRISM"

// proxyPrism starts `prism proxy --errors` in front of upstream and returns
// its address: an implementation nobody here wrote then checks every request
// and every answer against the published document, and answers an error for
// any that does not match it.
func proxyPrism(t *testing.T, prism, upstream string) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	puerto := l.Addr().(*net.TCPAddr).Port
	l.Close()
	doc, _ := filepath.Abs("openapi.json")
	var salida bytes.Buffer
	cmd := exec.Command(prism, "proxy", doc, upstream, "--errors", "--host", "127.0.0.1", "--port", fmt.Sprint(puerto))
	cmd.Stdout, cmd.Stderr = &salida, &salida
	if err := cmd.Start(); err != nil {
		t.Fatalf("%s: %v", prism, err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if t.Failed() {
			t.Logf("salida de prism:\n%s", salida.String())
		}
	})
	base := fmt.Sprintf("http://127.0.0.1:%d", puerto)
	for fin := time.Now().Add(90 * time.Second); time.Now().Before(fin); time.Sleep(300 * time.Millisecond) {
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", puerto)); err == nil {
			c.Close()
			return base
		}
	}
	t.Fatalf("prism no abrió el puerto %d:\n%s", puerto, salida.String())
	return ""
}

// One pass over every endpoint of the API, with what a system sends and the
// errors a system meets (a missing scope, invalid input, another
// Seccional's case, a conditional GET), through Prism in proxy mode with
// --errors when COMITE_PRISM names it (in CI it must: without it the test
// fails); without it, straight to the server.
func TestAPI_recorridoContraElDocumento(t *testing.T) {
	e := nuevoEntorno(t)
	ctx := context.Background()
	if _, err := demo.Generar(ctx, e.d, demo.Opciones{Usuarios: demo.MinUsuarios, Anios: 2}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(e.app)
	defer srv.Close()
	base := srv.URL
	if prism := os.Getenv(VariablePrism); prism != "" {
		base = proxyPrism(t, prism, srv.URL)
	} else if os.Getenv("CI") == "true" {
		t.Fatalf("%s no está definida: en CI el recorrido pasa por prism proxy --errors (.ci/run la define)", VariablePrism)
	}
	var numero, ajeno, propia string
	if err := e.d.QueryRow(`SELECT c.numero, c.direccion_seccional FROM casos c JOIN informes i ON i.caso_id = c.id ORDER BY c.id LIMIT 1`).Scan(&numero, &propia); err != nil {
		t.Fatal(err)
	}
	if err := e.d.QueryRow(`SELECT numero FROM casos WHERE direccion_seccional <> ? LIMIT 1`, propia).Scan(&ajeno); err != nil {
		t.Fatal(err)
	}
	e.tokens["seccional"] = e.crearToken("seccional", []permisos.Alcance{permisos.AlcanceCasos}, propia)
	evaluar := leer(t, "../../testdata/evaluar/ejemplo_dominio.json")
	liquidar := leer(t, "../../testdata/liquidar/01_contrato_ejemplo.entrada.json")
	sanciones := `[{"nit": "800191045-1", "numero_acto": "RS-API-1", "fecha_firmeza": "2025-03-04", "gravedad": "grave", "sancion": "multa", "valor": "40000000", "allanamiento": false}]`
	cliente := &http.Client{Timeout: 60 * time.Second}
	etiquetas := map[string]string{}
	type paso struct {
		metodo, ruta, cuenta, tipo, cuerpo string
		cab                                []string
		estado                             int
	}
	// Every worked example of the contract, so each golden answer is checked
	// against the document's schema too.
	var contrato []paso
	for ruta, patron := range map[string]string{"/api/v1/evaluar": "../../testdata/evaluar/*.json", "/api/v1/liquidar": "../../testdata/liquidar/*.entrada.json"} {
		m, _ := filepath.Glob(patron)
		for _, x := range m {
			if !strings.HasSuffix(x, ".salida.json") {
				contrato = append(contrato, paso{"POST", ruta, "evaluar", "application/json", string(leer(t, x)), nil, 200})
			}
		}
	}
	for _, p := range append(contrato, []paso{
		{"GET", "/api/v1/openapi.json", "", "", "", nil, 200},
		{"POST", "/api/v1/evaluar", "evaluar", "application/json", string(evaluar), nil, 200},
		{"POST", "/api/v1/liquidar", "evaluar", "application/json", string(liquidar), nil, 200},
		{"POST", "/api/v1/evaluar", "evaluar", "application/json", `{"sobra": 1}`, nil, 422},
		{"POST", "/api/v1/evaluar", "importar", "application/json", string(evaluar), nil, 403},
		{"PUT", "/api/v1/usuarios", "importar", "text/csv", usuariosCSV, nil, 200},
		{"PUT", "/api/v1/sanciones", "importar", "application/json", sanciones, []string{"Idempotency-Key", "recorrido-1"}, 200},
		{"PUT", "/api/v1/sanciones", "importar", "application/json", sanciones, []string{"Idempotency-Key", "recorrido-1"}, 200},
		{"PUT", "/api/v1/sanciones", "importar", "application/json", `[{"nit": "1", "valor": "x"}]`, nil, 422},
		{"PUT", "/api/v1/operaciones", "importar", "text/csv", string(leer(t, "../../testdata/plantillas/operaciones.csv")), nil, 200},
		{"GET", "/api/v1/casos?limite=2", "casos", "", "", nil, 200},
		{"GET", "/api/v1/casos?estado=cerrado&actualizado_desde=2026-01-01T00:00:00Z", "casos", "", "", nil, 200},
		{"GET", "/api/v1/casos/" + numero, "casos", "", "", nil, 200},
		{"GET", "/api/v1/casos/" + numero + "/documentos/informe-1", "casos", "", "", nil, 200},
		{"GET", "/api/v1/casos/" + ajeno, "seccional", "", "", nil, 404},
		{"GET", "/api/v1/casos/CF-1999-9999", "casos", "", "", nil, 404},
		{"GET", "/api/v1/tamizaje/2026?limite=5", "leer", "", "", nil, 200},
		{"GET", "/api/v1/uvt", "leer", "", "", nil, 200},
		{"GET", "/api/v1/uvt", "leer", "", "", []string{"If-None-Match", "etiqueta:/api/v1/uvt"}, 304},
		{"GET", "/api/v1/reglas", "leer", "", "", nil, 200},
		{"GET", "/api/v1/reglas", "casos", "", "", nil, 403},
	}...) {
		req, err := http.NewRequest(p.metodo, base+p.ruta, strings.NewReader(p.cuerpo))
		if err != nil {
			t.Fatal(err)
		}
		if p.cuenta != "" {
			req.Header.Set("Authorization", "Bearer "+e.tokens[p.cuenta])
		}
		if p.tipo != "" {
			req.Header.Set("Content-Type", p.tipo)
		}
		for i := 0; i+1 < len(p.cab); i += 2 {
			v := p.cab[i+1]
			if r, ok := strings.CutPrefix(v, "etiqueta:"); ok {
				v = etiquetas[r]
			}
			req.Header.Set(p.cab[i], v)
		}
		res, err := cliente.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", p.metodo, p.ruta, err)
		}
		cuerpo, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if v := res.Header.Get("sl-violations"); v != "" || res.StatusCode != p.estado {
			t.Errorf("%s %s: %d (quiere %d), violaciones %.600s: %.600s", p.metodo, p.ruta, res.StatusCode, p.estado, v, cuerpo)
			continue
		}
		if p.metodo == "GET" && p.estado == 200 {
			u, _ := url.Parse(p.ruta)
			etiquetas[u.Path] = res.Header.Get("ETag")
		}
		if strings.Contains(res.Header.Get("Content-Type"), "json") && !json.Valid(cuerpo) {
			t.Errorf("%s %s: JSON inválido", p.metodo, p.ruta)
		}
	}
}
