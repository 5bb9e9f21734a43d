package respaldo

import (
	"bytes"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestPrograma_conservaLosMasNuevosYRegistraCadaUno: four scheduled backups
// with --conservar 2 leave the two newest, each with its .sha256 file (the
// format of sha256sum -c); each one is in the log with its hash; a
// temporary copy left by a killed process is cleared; a program restarted
// later finds the newest one and knows whether it is older than its period.
func TestPrograma_conservaLosMasNuevosYRegistraCadaUno(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	d := baseDemo(t, dir)
	salida := filepath.Join(dir, "respaldos")
	os.Mkdir(salida, 0o700)
	os.WriteFile(filepath.Join(salida, ".comite-x.db.parcial-abc"), []byte("a medias"), 0o600)
	var log bytes.Buffer
	ahora := time.Date(2026, 3, 20, 3, 0, 0, 0, time.UTC)
	p := &Programa{Origen: d.Ruta, Dir: salida, Cada: 24 * time.Hour, Conservar: 2,
		Log: slog.New(slog.NewTextHandler(&log, nil)), Now: func() time.Time { return ahora }}
	if err := p.Validar(); err != nil {
		t.Fatal(err)
	}
	var hechos []Resultado
	for i := 0; i < 4; i++ {
		r, err := p.RespaldarAhora(fondo)
		if err != nil {
			t.Fatal(err)
		}
		hechos = append(hechos, r)
		if !strings.Contains(log.String(), r.SHA256) {
			t.Fatalf("el registro no tiene el respaldo %d:\n%s", i, log.String())
		}
		ahora = ahora.Add(24 * time.Hour)
	}
	gs, err := p.Guardados()
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 2 || gs[0] != filepath.Base(hechos[3].Archivo) || gs[1] != filepath.Base(hechos[2].Archivo) {
		t.Fatalf("guardados %v; quiere los dos más nuevos", gs)
	}
	es, _ := os.ReadDir(salida)
	if len(es) != 6 { // two backups with their .sha256 and .manifiesto; no temporary copy
		var ns []string
		for _, e := range es {
			ns = append(ns, e.Name())
		}
		t.Fatalf("la carpeta tiene %v", ns)
	}
	b, _ := os.ReadFile(hechos[3].Archivo + ".sha256")
	if string(b) != hechos[3].SHA256+"  "+filepath.Base(hechos[3].Archivo)+"\n" {
		t.Fatalf(".sha256 = %q", b)
	}
	e := p.Estado()
	if e.Ultimo == nil || e.Ultimo.Archivo != hechos[3].Archivo || !e.Verificado || e.Guardados != 2 {
		t.Fatalf("estado %+v", e)
	}

	// A server started later reads what is there.
	p2 := &Programa{Origen: d.Ruta, Dir: salida, Cada: 24 * time.Hour, Conservar: 2}
	p2.cargar()
	e2 := p2.Estado()
	if e2.Ultimo == nil || e2.Ultimo.SHA256 != hechos[3].SHA256 || e2.Verificado {
		t.Fatalf("estado al arrancar %+v", e2)
	}
	nombre := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(hechos[3].Archivo), prefijoProgramado), sufijoProgramado)
	inicio, _ := time.Parse(formatoNombre, nombre)
	if e2.Vencido(inicio.Add(23*time.Hour)) || !e2.Vencido(inicio.Add(25*time.Hour)) {
		t.Fatal("Vencido no compara la edad del último respaldo con su periodo")
	}
}

// TestPrograma_validar: the settings of --respaldos are checked at start.
func TestPrograma_validar(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, c := range []struct {
		nombre string
		p      *Programa
		dice   string
	}{
		{"carpeta_inexistente", &Programa{Dir: filepath.Join(dir, "no"), Cada: time.Hour, Conservar: 1}, "no existe"},
		{"periodo_corto", &Programa{Dir: dir, Cada: time.Second, Conservar: 1}, "--respaldo-cada"},
		{"conservar_cero", &Programa{Dir: dir, Cada: time.Hour, Conservar: 0}, "--conservar"},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			if err := c.p.Validar(); err == nil || !strings.Contains(err.Error(), c.dice) {
				t.Fatalf("err = %v; quiere %q", err, c.dice)
			}
		})
	}
}
