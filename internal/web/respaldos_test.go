package web

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"comite/internal/formato"
	"comite/internal/respaldo"
)

// The administrator's backup page: without --respaldos it says how to set
// them up; with them it warns while there is none, then shows the last one
// with its size, SHA-256 and check, and warns again once it is older than
// its period.
func TestRespaldos_paginaDelAdministrador(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("admin")
	doc := documento(t, e.pedir("GET", "/admin/respaldos", &s, nil))
	if doc.Find(`[data-testid="sin-respaldos"]`).Length() != 1 {
		t.Fatal("sin --respaldos la página no dice cómo configurarlos")
	}

	dir := t.TempDir()
	p := &respaldo.Programa{Origen: e.d.Ruta, Dir: dir, Cada: 24 * time.Hour, Conservar: 3}
	e.app = Nuevo(Config{DB: e.d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Respaldos: p})
	doc = documento(t, e.pedir("GET", "/admin/respaldos", &s, nil))
	if !strings.Contains(doc.Find(`[data-testid="respaldo-vencido"]`).Text(), "Aún no hay ningún respaldo") {
		t.Fatal("sin respaldos la página no advierte")
	}

	r, err := p.RespaldarAhora(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	rec := e.pedir("GET", "/admin/respaldos", &s, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("código %d", rec.Code)
	}
	doc = documento(t, rec)
	if doc.Find(`[data-testid="respaldo-vencido"]`).Length() != 0 {
		t.Fatal("advierte con un respaldo recién hecho")
	}
	texto := doc.Find(`[data-testid="ultimo-respaldo"]`).Text()
	st, _ := os.Stat(r.Archivo)
	for _, quiere := range []string{filepath.Base(r.Archivo), r.SHA256, "cada 24 horas", "bytes", "Íntegro", "cadena de auditoría íntegra"} {
		if !strings.Contains(texto, quiere) {
			t.Errorf("la página no muestra %q:\n%s", quiere, texto)
		}
	}
	if st == nil || !strings.Contains(texto, formato.Entero(st.Size())) {
		t.Errorf("la página no muestra el tamaño del archivo:\n%s", texto)
	}

	// 25 hours later, with no newer backup, the page warns.
	v := vistaRespaldos(p, r.Inicio.Add(25*time.Hour))
	if !v.Vencido || v.Edad != "hace 25 horas" {
		t.Fatalf("vista 25 horas después: %+v", v)
	}
	if v := vistaRespaldos(p, r.Inicio.Add(23*time.Hour)); v.Vencido {
		t.Fatal("advierte antes de cumplirse el periodo")
	}
}

func TestDuracionTexto(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		dice string
	}{
		{30 * time.Second, "menos de un minuto"},
		{time.Minute, "1 minuto"},
		{90 * time.Minute, "1 hora y 30 minutos"},
		{24 * time.Hour, "24 horas"},
		{25 * time.Hour, "25 horas"},
		{50 * time.Hour, "2 días y 2 horas"},
	} {
		if got := duracionTexto(c.d); got != c.dice {
			t.Errorf("duracionTexto(%s) = %q; quiere %q", c.d, got, c.dice)
		}
	}
}
