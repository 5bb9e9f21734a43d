package web

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"comite/internal/db"
	"comite/internal/directorio"
	dp "comite/internal/directorio/directorioprueba"
)

var webAna = dp.Persona{UID: "ana", Clave: "clave-de-ana-en-el-directorio", Nombre: "Ana Gómez", Grupos: []string{dp.GrupoComite}}

// conDirectorio starts slapd and a new application that logs in through it.
func conDirectorio(t *testing.T, e *entorno) (*dp.Servidor, directorio.Config) {
	t.Helper()
	s := dp.Iniciar(t, webAna)
	c, err := directorio.LeerCorrespondencia(strings.NewReader(dp.GrupoComite + " comite\n" + dp.GrupoSecret + " secretaria\n" +
		dp.GrupoMedellin + " seccional=MEDELLIN\n"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := directorio.Config{URL: s.URL, Base: dp.Base, BaseGrupos: dp.Grupos, Correspondencia: c, TLS: s.TLS}
	e.d.FijarDirectorio(func(ctx context.Context, u, clave string) (db.RespuestaDirectorio, error) {
		r, err := directorio.Autenticar(ctx, cfg, u, clave)
		return db.RespuestaDirectorio{Motivo: r.Motivo, Nombre: r.Nombre, Rol: r.Rol, Seccional: r.Seccional}, err
	})
	e.app = Nuevo(Config{DB: e.d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Directorio: &cfg})
	return s, cfg
}

// Through the login form: the directory password opens a session with the
// group's role; a wrong one is the usual refusal; once out of the group the
// person is refused and the open session ends.
func TestDirectorio_ingresoPorElFormulario(t *testing.T) {
	e := nuevoEntorno(t)
	s, _ := conDirectorio(t, e)
	n := e.navegador()
	if rec := n.login("ana", "equivocada"); rec.Code != http.StatusUnauthorized || !strings.Contains(rec.Body.String(), mensajeIngresoFallido) {
		t.Fatalf("clave equivocada: %d", rec.Code)
	}
	if rec := n.login("ana", webAna.Clave); rec.Code != http.StatusSeeOther {
		t.Fatalf("clave del directorio: %d %s", rec.Code, rec.Body.String())
	}
	if rec := n.pedir("GET", "/casos", nil); rec.Code != http.StatusOK {
		t.Fatalf("el rol comité lee los casos: %d", rec.Code)
	}
	if rec := n.pedir("GET", "/admin/cuentas/nueva", nil); rec.Code != http.StatusForbidden {
		t.Fatalf("el rol comité no crea cuentas: %d", rec.Code)
	}
	// The local administrator still logs in with its local password.
	if rec := e.navegador().login("admin", claveTest); rec.Code != http.StatusSeeOther {
		t.Fatalf("administrador local: %d", rec.Code)
	}
	s.QuitarDeGrupo(webAna, dp.GrupoComite)
	if rec := e.navegador().login("ana", webAna.Clave); rec.Code != http.StatusUnauthorized {
		t.Fatalf("quitada del grupo: %d", rec.Code)
	}
	if rec := n.pedir("GET", "/casos", nil); rec.Code != http.StatusSeeOther || !strings.HasPrefix(rec.Header().Get("Location"), "/login") {
		t.Fatalf("su sesión abierta siguió: %d", rec.Code)
	}
}

// The administrator's page shows the mapping in force; without a directory
// it says local accounts only; other roles cannot see it.
func TestDirectorio_paginaDeAdministracion(t *testing.T) {
	e := nuevoEntorno(t)
	admin := e.ingresar("admin")
	rec := e.pedir("GET", "/admin/directorio", &admin, nil)
	if rec.Code != http.StatusOK || testid(documento(t, rec), "directorio-apagado").Length() != 1 {
		t.Fatalf("sin directorio: %d", rec.Code)
	}
	conDirectorio(t, e)
	rec = e.pedir("GET", "/admin/directorio", &admin, nil)
	doc := documento(t, rec)
	tabla := testid(doc, "tabla-correspondencia").Text()
	for _, w := range []string{dp.GrupoComite, "Rol: Comité", "Dirección Seccional: MEDELLIN"} {
		if !strings.Contains(tabla, w) {
			t.Errorf("la correspondencia no muestra %q:\n%s", w, tabla)
		}
	}
	if c := testid(doc, "directorio-cifrado").Text(); !strings.Contains(c, "TLS") {
		t.Errorf("cifrado: %q", c)
	}
	for _, u := range []string{"secretaria", "comite", "seccional", "auditor"} {
		s := e.ingresar(u)
		if rec := e.pedir("GET", "/admin/directorio", &s, nil); rec.Code != http.StatusForbidden {
			t.Errorf("%s: %d", u, rec.Code)
		}
	}
}
