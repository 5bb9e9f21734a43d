package main

import (
	"context"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	dp "comite/internal/directorio/directorioprueba"
	"comite/internal/permisos"
)

// opcionesLDAP parses --ldap-* options as «comite serve» does.
func opcionesLDAP(t *testing.T, args ...string) opcionesDirectorio {
	t.Helper()
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var o opcionesDirectorio
	registrarOpcionesDirectorio(fs, &o)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	return o
}

// The directory login is off by default; its settings come from the options
// or from the configuration file beside the database (options first), and
// a login goes through the real slapd with them.
func TestServeDirectorio_opcionesYArchivoDeConfiguracion(t *testing.T) {
	dir := t.TempDir()
	ruta := filepath.Join(dir, "comite.db")
	if cfg, err := configDirectorio(ruta, opcionesLDAP(t)); err != nil || cfg != nil {
		t.Fatalf("sin --ldap-url el directorio debe estar apagado: %v %v", cfg, err)
	}
	ana := dp.Persona{UID: "ana", Clave: "clave-de-ana", Nombre: "Ana", Grupos: []string{dp.GrupoComite}}
	s := dp.Iniciar(t, ana)
	escribir := func(nombre, texto string) {
		if err := os.WriteFile(filepath.Join(dir, nombre), []byte(texto), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	escribir("grupos.txt", dp.GrupoComite+" comite\n")
	escribir("ca.pem", string(s.CA))
	escribir("comite.db.conf", "ldap-url = "+s.URL+"\nldap-base = "+dp.Base+"\nldap-grupos = grupos.txt\nldap-ca = ca.pem\nldap-base-grupos = "+dp.Grupos+"\n")
	cfg, err := configDirectorio(ruta, opcionesLDAP(t))
	if err != nil || cfg == nil {
		t.Fatalf("desde el archivo: %v", err)
	}
	r, err := autenticadorDirectorio(*cfg)(context.Background(), "ana", ana.Clave)
	if err != nil || r.Rol != permisos.RolComite {
		t.Fatalf("ingreso con la configuración del archivo: %+v %v", r, err)
	}
	// An option wins over the file.
	cfg, err = configDirectorio(ruta, opcionesLDAP(t, "--ldap-url", s.URLPlana, "--ldap-filtro", "(uid=%s)"))
	if err != nil || cfg.URL != s.URLPlana || cfg.Filtro != "(uid=%s)" || cfg.Inseguro {
		t.Fatalf("opciones: %+v %v", cfg, err)
	}
	if r, err := autenticadorDirectorio(*cfg)(context.Background(), "ana", ana.Clave); err != nil || r.Rol != permisos.RolComite {
		t.Fatalf("por StartTLS: %+v %v", r, err)
	}
}

func TestServeDirectorio_errores(t *testing.T) {
	t.Setenv(variableLDAPClaveServicio, "")
	dir := t.TempDir()
	ruta := filepath.Join(dir, "comite.db")
	grupos := filepath.Join(dir, "grupos.txt")
	if err := os.WriteFile(grupos, []byte("cn=x,dc=y jefe\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		nombre string
		args   []string
		error  string
	}{
		{"esquema http", []string{"--ldap-url", "http://dc.dian.gov.co", "--ldap-base", "dc=x", "--ldap-grupos", grupos}, "grupos.txt: línea 1"},
		{"sin grupos", []string{"--ldap-url", "ldaps://dc.dian.gov.co", "--ldap-base", "dc=x"}, "falta --ldap-grupos"},
		{"servicio sin clave", []string{"--ldap-url", "ldaps://dc", "--ldap-servicio-dn", "cn=svc", "--ldap-grupos", grupos}, "COMITE_LDAP_CLAVE_SERVICIO"},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			_, err := configDirectorio(ruta, opcionesLDAP(t, c.args...))
			if err == nil || !strings.Contains(err.Error(), c.error) {
				t.Fatalf("error %v; se esperaba %q", err, c.error)
			}
		})
	}
	if err := os.WriteFile(grupos, []byte("cn=x,dc=y comite\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := configDirectorio(ruta, opcionesLDAP(t, "--ldap-url", "http://dc", "--ldap-base", "dc=x", "--ldap-grupos", grupos)); err == nil || !strings.Contains(err.Error(), "ldaps://") {
		t.Fatalf("esquema http: %v", err)
	}
}
