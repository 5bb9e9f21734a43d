package web

import (
	"comite/internal/dominio"
	"comite/internal/permisos"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"comite/internal/db"
)

// BenchmarkPerfil measures the profile page of docs/reglas.md §2's worked
// example through the whole application (session, permission, store, core,
// charts, template):
//
//	go test -bench Perfil -run '^$' ./internal/web/
func BenchmarkPerfil(b *testing.B) {
	d, err := db.Open(context.Background(), filepath.Join(b.TempDir(), "comite.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	ahora := time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC)
	d.Now = func() time.Time { return ahora }
	e := &entorno{t: &testing.T{}, d: d}
	e.sembrarDatos()
	cu, err := d.CrearCuenta(context.Background(), dominio.NuevaCuenta{Usuario: "secretaria", Rol: permisos.RolSecretaria, Clave: claveTest}, dominio.Actor{Cuenta: "sistema"})
	if err != nil {
		b.Fatal(err)
	}
	tok, _, err := d.CrearSesion(context.Background(), cu.ID, "127.0.0.1")
	if err != nil {
		b.Fatal(err)
	}
	app := Nuevo(Config{DB: d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	for b.Loop() {
		req := httptest.NewRequest("GET", "/usuarios/"+nitEjemplo, nil)
		req.AddCookie(&http.Cookie{Name: cookieSesion, Value: tok})
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("estado %d", rec.Code)
		}
	}
}
