package web

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"comite/internal/db"
)

// A write that finds the database busy (another connection holds the write
// lock, as a long import does) is answered 503 with Retry-After and a page
// in Spanish, not 500; nothing of it is written, and reading pages keeps
// working meanwhile (WAL).
func TestBaseOcupada_503ConRetryAfterYPaginaEnEspanol(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("secretaria")
	// The same base seen by a server that waits 100 ms for the lock.
	d, err := db.Open(context.Background(), e.d.Ruta, db.EsperaOcupada(100*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	d.Now = e.d.Now
	e.app = Nuevo(Config{DB: d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	vista := e.subir(&s, "sanciones", "sanciones.csv", []byte(csvSancionesBien)).Header().Get("Location")
	if !strings.HasPrefix(vista, "/importar/") {
		t.Fatalf("subir antes del bloqueo: %q", vista)
	}
	actos := e.contarActos()

	// Another connection takes the write lock and keeps it.
	otra, err := db.Open(context.Background(), e.d.Ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer otra.Close()
	tx, err := otra.BeginTx(context.Background(), nil) // BEGIN IMMEDIATE
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`CREATE TABLE bloqueo_prueba(x INTEGER)`); err != nil {
		t.Fatal(err)
	}

	for _, caso := range []struct {
		nombre string
		pedir  func() *http.Response
	}{
		{"confirmar una importación", func() *http.Response {
			return e.pedir("POST", vista+"/confirmar", &s, url.Values{}).Result()
		}},
		{"subir un archivo (la simulación necesita el bloqueo)", func() *http.Response {
			return e.subir(&s, "sanciones", "otro.csv", []byte(csvSancionesBien)).Result()
		}},
	} {
		t.Run(caso.nombre, func(t *testing.T) {
			r := caso.pedir()
			cuerpo, _ := io.ReadAll(r.Body)
			if r.StatusCode != http.StatusServiceUnavailable {
				t.Fatalf("estado %d, quiere 503", r.StatusCode)
			}
			if n, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || n <= 0 {
				t.Fatalf("Retry-After = %q", r.Header.Get("Retry-After"))
			}
			if !strings.Contains(string(cuerpo), "La base de datos está ocupada") || !strings.Contains(string(cuerpo), "intente de nuevo") {
				t.Fatalf("página: %s", cuerpo)
			}
			if strings.Contains(string(cuerpo), "SQLITE") || strings.Contains(string(cuerpo), "locked") {
				t.Fatal("la página muestra el error interno")
			}
		})
	}
	// Reading goes on while the lock is held.
	if rec := e.pedir("GET", "/importar", &s, nil); rec.Code != http.StatusOK {
		t.Fatalf("leer durante el bloqueo: %d", rec.Code)
	}
	tx.Rollback()
	if e.contarActos() != actos {
		t.Fatal("se escribió algo")
	}
	// Once the lock is released, the same confirmation goes through.
	if rec := e.pedir("POST", vista+"/confirmar", &s, url.Values{}); rec.Code != http.StatusSeeOther || e.contarActos() != actos+2 {
		t.Fatalf("tras liberar: %d, actos %d (antes %d)", rec.Code, e.contarActos(), actos)
	}
}

func TestEsOcupada(t *testing.T) {
	if db.EsOcupada(nil) || db.EsOcupada(io.EOF) {
		t.Fatal("errores que no son de base ocupada")
	}
}
