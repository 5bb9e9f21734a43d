package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// opcionesSMTP parses --smtp-* options as «comite serve» does.
func opcionesSMTP(t *testing.T, args ...string) opcionesCorreo {
	t.Helper()
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var o opcionesCorreo
	registrarOpcionesCorreo(fs, &o)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	return o
}

// The e-mail notices are off by default; their settings come from the
// options or the configuration file (options first); the password comes
// from a file (relative to the configuration file) or from
// COMITE_SMTP_CLAVE, never from an option.
func TestServeCorreo_opcionesArchivoYClave(t *testing.T) {
	t.Setenv(variableSMTPClave, "")
	dir := t.TempDir()
	ruta := filepath.Join(dir, "comite.db")
	if c, err := configCorreo(ruta, opcionesSMTP(t)); err != nil || c != nil {
		t.Fatalf("sin --smtp-url el correo debe estar apagado: %v %v", c, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "clave-smtp"), []byte("la-clave\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	conf := "smtp-url = smtp://smtp.office365.com:587\nsmtp-remitente = comite@dian.gov.co\nsmtp-usuario = comite@dian.gov.co\nsmtp-clave-archivo = clave-smtp\nsmtp-dias-aviso = 3\n"
	if err := os.WriteFile(filepath.Join(dir, "comite.db.conf"), []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	c, err := configCorreo(ruta, opcionesSMTP(t))
	if err != nil || c == nil {
		t.Fatalf("desde el archivo: %v", err)
	}
	if c.Envio.URL != "smtp://smtp.office365.com:587" || c.Envio.Clave != "la-clave" || c.Envio.Usuario != "comite@dian.gov.co" || c.DiasAviso != 3 || c.Envio.Inseguro {
		t.Errorf("configuración %+v", c)
	}
	// An option wins over the file.
	c, err = configCorreo(ruta, opcionesSMTP(t, "--smtp-url", "smtp://relay.dian.local:25", "--smtp-inseguro"))
	if err != nil || c.Envio.URL != "smtp://relay.dian.local:25" || !c.Envio.Inseguro {
		t.Fatalf("opciones: %+v %v", c, err)
	}
	// Without a password file, the environment variable.
	t.Setenv(variableSMTPClave, "de-la-variable")
	c, err = configCorreo(filepath.Join(t.TempDir(), "otra.db"), opcionesSMTP(t, "--smtp-url", "smtp://relay:587", "--smtp-remitente", "comite@dian.gov.co", "--smtp-usuario", "u"))
	if err != nil || c.Envio.Clave != "de-la-variable" {
		t.Fatalf("variable de entorno: %+v %v", c, err)
	}
}

func TestServeCorreo_errores(t *testing.T) {
	t.Setenv(variableSMTPClave, "")
	ruta := filepath.Join(t.TempDir(), "comite.db")
	for _, c := range []struct {
		nombre string
		args   []string
		error  string
	}{
		{"esquema", []string{"--smtp-url", "smtps://smtp:465", "--smtp-remitente", "a@b.co"}, "smtp://servidor:puerto"},
		{"sin puerto", []string{"--smtp-url", "smtp://smtp", "--smtp-remitente", "a@b.co"}, "smtp://servidor:puerto"},
		{"clave en la URL", []string{"--smtp-url", "smtp://u:clave@smtp:587", "--smtp-remitente", "a@b.co"}, "no lleva usuario ni clave"},
		{"sin remitente", []string{"--smtp-url", "smtp://smtp:587"}, "falta --smtp-remitente"},
		{"usuario sin clave", []string{"--smtp-url", "smtp://smtp:587", "--smtp-remitente", "a@b.co", "--smtp-usuario", "u"}, "COMITE_SMTP_CLAVE"},
		{"días de aviso", []string{"--smtp-url", "smtp://smtp:587", "--smtp-remitente", "a@b.co", "--smtp-dias-aviso", "cero"}, "entre 1 y 30"},
		{"archivo de clave ausente", []string{"--smtp-url", "smtp://smtp:587", "--smtp-remitente", "a@b.co", "--smtp-usuario", "u", "--smtp-clave-archivo", "/no/existe"}, "--smtp-clave-archivo"},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			_, err := configCorreo(ruta, opcionesSMTP(t, c.args...))
			if err == nil || !strings.Contains(err.Error(), c.error) {
				t.Fatalf("error %v; se esperaba %q", err, c.error)
			}
		})
	}
}
