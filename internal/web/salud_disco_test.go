//go:build linux

package web

import (
	"bytes"
	"comite/internal/dominio"
	"comite/internal/permisos"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"comite/internal/db"
)

// The database on a small tmpfs filled during writes: each write that cannot
// be kept answers 507 with the message for the administrator (never a bare
// 500), the log says «disco lleno» at ERROR, /healthz says degradado with
// the cause, and when space is freed everything is back. Mounting needs
// root; CI runs as root, so there it always runs.
func TestDiscoLleno_507YSaludDegradadaYVuelve(t *testing.T) {
	if os.Geteuid() != 0 {
		if os.Getenv("CI") != "" {
			t.Fatal("en CI esta prueba debe correr como root (monta un tmpfs)")
		}
		t.Skip("montar un tmpfs requiere root")
	}
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=8m,mode=0700"); err != nil {
		t.Fatalf("montar el tmpfs: %v", err)
	}
	defer syscall.Unmount(dir, syscall.MNT_DETACH)
	d, err := db.Open(context.Background(), filepath.Join(dir, "comite.db"), argon2Barato)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	c, err := d.CrearCuenta(context.Background(), dominio.NuevaCuenta{Usuario: "admin", Nombre: "Ana Admin", Rol: permisos.RolAdmin, Clave: claveTest}, dominio.Actor{Cuenta: "sistema"})
	if err != nil {
		t.Fatal(err)
	}
	tok, s, err := d.CrearSesion(context.Background(), c.ID, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	var registro bytes.Buffer
	app := Nuevo(Config{DB: d, Logger: slog.New(slog.NewTextHandler(&registro, nil)), EspacioMinimo: 1 << 20})
	pedir := func(metodo, ruta string, form url.Values) *httptest.ResponseRecorder {
		var cuerpo *strings.Reader
		if form != nil {
			form.Set("_csrf", s.CSRF)
			cuerpo = strings.NewReader(form.Encode())
		} else {
			cuerpo = strings.NewReader("")
		}
		req := httptest.NewRequest(metodo, ruta, cuerpo)
		req.RemoteAddr = "127.0.0.1:5555"
		if form != nil {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		req.AddCookie(&http.Cookie{Name: cookieSesion, Value: tok})
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		return rec
	}
	if rec := pedir(http.MethodGet, "/healthz", nil); rec.Code != http.StatusOK {
		t.Fatalf("/healthz antes: %d %s", rec.Code, rec.Body)
	}
	// Fill the disk.
	relleno := filepath.Join(dir, "relleno")
	f, err := os.Create(relleno)
	if err != nil {
		t.Fatal(err)
	}
	bloque := make([]byte, 64<<10)
	for {
		if _, err := f.Write(bloque); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			break
		}
	}
	f.Close()
	rec := pedir(http.MethodGet, "/healthz", nil)
	if rec.Code != http.StatusServiceUnavailable || !strings.HasPrefix(rec.Body.String(), "degradado: ") {
		t.Fatalf("/healthz con el disco lleno: %d %s", rec.Code, rec.Body)
	}
	// Writes until one cannot be kept (the WAL may still have room for a few).
	var lleno *httptest.ResponseRecorder
	for i := 0; i < 500 && lleno == nil; i++ {
		rec := pedir(http.MethodPost, "/admin/dias-inhabiles", url.Values{"fecha": {fmt.Sprintf("%04d-01-02", 2030+i)}, "motivo": {strings.Repeat("motivo largo ", 35)}})
		switch rec.Code {
		case http.StatusSeeOther, http.StatusOK:
		case http.StatusInsufficientStorage:
			lleno = rec
		default:
			t.Fatalf("escritura %d con el disco lleno: %d\n%.300s", i, rec.Code, rec.Body)
		}
	}
	if lleno == nil {
		t.Fatal("ninguna escritura falló con el disco lleno")
	}
	if !strings.Contains(lleno.Body.String(), "El servidor no tiene espacio para guardar: avise al administrador") {
		t.Fatalf("la página del disco lleno no lo dice:\n%s", lleno.Body)
	}
	if l := registro.String(); !strings.Contains(l, "causa=\"disco lleno\"") || strings.Contains(l, "estado=500") {
		t.Fatalf("el registro no dice la causa, o dice 500:\n%s", l)
	}
	// Space freed: healthy again, and writes are kept.
	os.Remove(relleno)
	if rec := pedir(http.MethodGet, "/healthz", nil); rec.Code != http.StatusOK {
		t.Fatalf("/healthz después de liberar espacio: %d %s", rec.Code, rec.Body)
	}
	if rec := pedir(http.MethodPost, "/admin/dias-inhabiles", url.Values{"fecha": {"2029-12-24"}, "motivo": {"después"}}); rec.Code != http.StatusSeeOther {
		t.Fatalf("escritura después de liberar espacio: %d %s", rec.Code, rec.Body)
	}
}

// Logins on a full disk (a real tmpfs): each one answers a redirect (the
// session fitted) or 507, never another error; the audit rows that could
// not be written wait in memory and the first login once space is freed
// writes them, with the chain intact.
func TestDiscoLleno_IngresosYAuditoriaPendiente(t *testing.T) {
	if os.Geteuid() != 0 {
		if os.Getenv("CI") != "" {
			t.Fatal("en CI esta prueba debe correr como root (monta un tmpfs)")
		}
		t.Skip("montar un tmpfs requiere root")
	}
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size=8m,mode=0700"); err != nil {
		t.Fatalf("montar el tmpfs: %v", err)
	}
	defer syscall.Unmount(dir, syscall.MNT_DETACH)
	d, err := db.Open(context.Background(), filepath.Join(dir, "comite.db"), argon2Barato)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.CrearCuenta(context.Background(), dominio.NuevaCuenta{Usuario: "admin", Nombre: "Ana Admin", Rol: permisos.RolAdmin, Clave: claveTest}, dominio.Actor{Cuenta: "sistema"}); err != nil {
		t.Fatal(err)
	}
	var registro bytes.Buffer
	app := Nuevo(Config{DB: d, Logger: slog.New(slog.NewTextHandler(&registro, nil)), EspacioMinimo: 1 << 20})
	srv := httptest.NewServer(app)
	defer srv.Close()

	relleno := filepath.Join(dir, "relleno")
	f, err := os.Create(relleno)
	if err != nil {
		t.Fatal(err)
	}
	bloque := make([]byte, 64<<10)
	for {
		if _, err := f.Write(bloque); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatal(err)
			}
			break
		}
	}
	f.Close()
	// Logins until one could not write its audit row (the WAL may still
	// have room for a few).
	for i := 0; i < 300 && d.AuditoriaPendiente() == 0; i++ {
		codigo, _, cuerpo := intentoParalelo(t, srv, "admin", claveTest)
		if codigo != http.StatusSeeOther && codigo != http.StatusInsufficientStorage {
			t.Fatalf("ingreso %d con el disco lleno: %d\n%.300s", i, codigo, cuerpo)
		}
	}
	pendientes := d.AuditoriaPendiente()
	if pendientes == 0 {
		t.Fatal("ningún ingreso dejó su fila de auditoría pendiente con el disco lleno")
	}
	if l := registro.String(); strings.Contains(l, "estado=500") {
		t.Fatalf("un ingreso respondió 500:\n%s", l)
	}

	os.Remove(relleno)
	if codigo, _, cuerpo := intentoParalelo(t, srv, "admin", claveTest); codigo != http.StatusSeeOther {
		t.Fatalf("ingreso después de liberar espacio: %d\n%.300s", codigo, cuerpo)
	}
	if n := d.AuditoriaPendiente(); n != 0 {
		t.Fatalf("quedan %d filas de auditoría pendientes después de liberar espacio", n)
	}
	var diferidas int
	if err := d.QueryRow(`SELECT count(*) FROM auditoria WHERE accion = 'sesion.ingreso' AND json_extract(detalle_json, '$.diferido_desde') IS NOT NULL`).Scan(&diferidas); err != nil {
		t.Fatal(err)
	}
	if diferidas != pendientes {
		t.Fatalf("filas diferidas escritas: %d; quedaron pendientes %d", diferidas, pendientes)
	}
	if _, err := d.VerificarAuditoria(context.Background()); err != nil {
		t.Fatalf("la cadena de auditoría: %v", err)
	}
}
