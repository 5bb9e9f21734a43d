package main

import (
	"bytes"
	"context"
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

// The example client against the real server: it loads the users and the
// sanctions templates and reads the screening of 2026 page by page; a bad
// file is reported row by row and nothing is loaded.
func TestClienteAPI_importaYLeeElTamizaje(t *testing.T) {
	d, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "comite.db"), db.ConArgon2(db.ParametrosArgon2{MemoriaKiB: 1024, Pasadas: 1, Hilos: 1}))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	_, token, err := d.CrearCuentaServicio(context.Background(), dominio.NuevaCuentaServicio{Nombre: "cliente", Alcances: []permisos.Alcance{permisos.AlcanceImportar, permisos.AlcanceLeer}, Vence: d.Hoy().MasDias(30)}, dominio.Actor{Cuenta: "prueba"})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(web.Nuevo(web.Config{DB: d, Turnos: -1, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}))
	defer srv.Close()
	correrCon := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		n := correr(append([]string{"--url", srv.URL}, args...), token, &out, &errb)
		return n, out.String(), errb.String()
	}
	if n, out, errb := correrCon("--clase", "usuarios", "--csv", "../../testdata/plantillas/usuarios.csv"); n != 0 || !strings.Contains(out, "usuarios: 2 filas; insertadas 2") {
		t.Fatalf("usuarios: %d %q %q", n, out, errb)
	}
	n, out, errb := correrCon("--csv", "../../testdata/plantillas/sanciones.csv", "--anio", "2026", "--limite", "1")
	if n != 0 || !strings.Contains(out, "sanciones: 2 filas; insertadas 2") || !strings.Contains(out, "800191045-1") ||
		!strings.Contains(out, "tamizaje 2026: 2 usuarios") {
		t.Fatalf("sanciones y tamizaje: %d %q %q", n, out, errb)
	}
	malo := filepath.Join(t.TempDir(), "malo.csv")
	os.WriteFile(malo, []byte("nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\n800191045-1;RS-9;31/02/2025;grave;multa;10;no\n"), 0o600)
	if n, _, errb := correrCon("--csv", malo); n != 1 || !strings.Contains(errb, "422") || !strings.Contains(errb, "fila 2") {
		t.Fatalf("archivo malo: %d %q", n, errb)
	}
	if n := correr([]string{"--url", srv.URL}, "", io.Discard, io.Discard); n != 2 {
		t.Fatalf("sin token: %d", n)
	}
}
