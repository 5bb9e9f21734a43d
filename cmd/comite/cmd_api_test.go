package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/permisos"
	"comite/internal/web"
)

// POST /api/v1/evaluar and /api/v1/liquidar of `comite serve` answer the
// very bytes `comite evaluar` and `comite liquidar` print for the same
// input; for an invalid input, the 422 problem lists the lines the command
// prints on standard error, in order (art. 25; arts. 22 and 24).
func TestAPI_mismosBytesQueLaLineaDeComandos_art25(t *testing.T) {
	t.Parallel()
	ruta := iniciada(t, filepath.Join(t.TempDir(), "comite.db"))
	d, err := db.Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	_, token, err := d.CrearCuentaServicio(context.Background(), dominio.NuevaCuentaServicio{Nombre: "bytes", Alcances: []permisos.Alcance{permisos.AlcanceEvaluar}, Vence: d.Hoy().MasDias(30)}, dominio.Actor{Cuenta: "prueba"})
	if err != nil {
		t.Fatal(err)
	}
	app := web.Nuevo(web.Config{DB: d, Turnos: -1, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	var entradas []string
	for _, p := range []string{"../../testdata/evaluar/*.json", "../../testdata/liquidar/*.entrada.json"} {
		m, _ := filepath.Glob(p)
		for _, x := range m {
			if !strings.HasSuffix(x, ".salida.json") {
				entradas = append(entradas, x)
			}
		}
	}
	var base map[string]any
	json.Unmarshal(leerArchivo(t, "../../testdata/evaluar/ejemplo_dominio.json"), &base)
	base["sobra"] = true
	delete(base, "operaciones")
	invalida, _ := json.Marshal(base)
	casos := map[string][]byte{"invalida.json": invalida, "no_json.json": []byte("{"), "vacia.json": nil}
	for _, e := range entradas {
		casos[e] = leerArchivo(t, e)
	}
	if len(casos) < 10 {
		t.Fatalf("solo %d entradas", len(casos))
	}
	for nombre, cuerpo := range casos {
		for _, cmd := range []string{"evaluar", "liquidar"} {
			var out, errb bytes.Buffer
			codigo := correr([]string{cmd}, bytes.NewReader(cuerpo), &out, &errb)
			req := httptest.NewRequest("POST", "/api/v1/"+cmd, bytes.NewReader(cuerpo))
			req.Header.Set("Authorization", "Bearer "+token)
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			app.ServeHTTP(rec, req)
			switch codigo {
			case 0:
				if rec.Code != 200 || !bytes.Equal(rec.Body.Bytes(), out.Bytes()) {
					t.Errorf("%s %s: API %d, distinta de la salida del comando", cmd, filepath.Base(nombre), rec.Code)
				}
			case 2:
				var p struct {
					Errores []struct{ Texto string }
				}
				json.Unmarshal(rec.Body.Bytes(), &p)
				var lineas []string
				for _, e := range p.Errores {
					lineas = append(lineas, e.Texto)
				}
				if rec.Code != 422 || strings.Join(lineas, "\n")+"\n" != errb.String() {
					t.Errorf("%s %s: API %d %q; el comando dice %q", cmd, filepath.Base(nombre), rec.Code, lineas, errb.String())
				}
			default:
				t.Errorf("%s %s: el comando salió con %d: %s", cmd, filepath.Base(nombre), codigo, errb.String())
			}
		}
	}
}

func leerArchivo(t *testing.T, ruta string) []byte {
	t.Helper()
	b, err := os.ReadFile(ruta)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
