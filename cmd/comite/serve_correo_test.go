package main

import (
	"context"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"comite/internal/correo"
	cp "comite/internal/correo/correoprueba"
	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/expediente"
	"comite/internal/flujo"
	"comite/internal/permisos"
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

// «comite serve» with --smtp-* delivers, through STARTTLS and PLAIN with
// the password from a file, a notice left pending in the database before
// it started (a restart loses nothing), with the link to the case under
// --url-publica, and stops cleanly.
func TestServeCorreo_entregaLoPendienteAlArrancar(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ruta := filepath.Join(dir, "comite.db")
	ctx := context.Background()
	d, err := db.Open(ctx, ruta, db.ConArgon2(db.ParametrosArgon2{MemoriaKiB: 1024, Pasadas: 1, Hilos: 1}))
	if err != nil {
		t.Fatal(err)
	}
	cu, err := d.CrearCuenta(ctx, dominio.NuevaCuenta{Usuario: "secretaria", Nombre: "Sara", Rol: permisos.RolSecretaria, Clave: "Una-clave-larga-de-prueba-2026"}, dominio.Actor{Cuenta: "admin"})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.FijarCorreoCuenta(ctx, cu.ID, "sara@dian.gov.co", dominio.Actor{Cuenta: "admin"}); err != nil {
		t.Fatal(err)
	}
	d.ActivarAvisosCorreo()
	err = d.EnEscritura(ctx, func(w *db.Escritura) error {
		cs, err := w.CuentasAvisables()
		if err != nil {
			return err
		}
		return expediente.Encolar(w, correo.Evento{Clase: correo.CasoReportado, Estado: flujo.Reportado, Seccional: "CARTAGENA"}, "1",
			correo.Aviso{Caso: "CF-2026-0001", CasoID: 1, Seccional: "Cartagena"}, expediente.CuentasCorreo(cs))
	})
	if err != nil {
		t.Fatal(err)
	}
	d.Close()

	s := cp.Iniciar(t, false)
	ca, clave := filepath.Join(dir, "ca.pem"), filepath.Join(dir, "clave-smtp")
	if err := os.WriteFile(ca, s.CA, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(clave, []byte(cp.Clave+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	o := opcionesServe{addr: "127.0.0.1:0", ruta: ruta, cookieSegura: "auto", formatoLog: "json", urlPublica: "https://comite.dian.gov.co",
		correo: opcionesSMTP(t, "--smtp-url", s.URL(), "--smtp-remitente", "comite@dian.gov.co", "--smtp-usuario", cp.Usuario,
			"--smtp-clave-archivo", clave, "--smtp-ca", ca)}
	var salida bufferSeguro
	cctx, cancel := context.WithCancel(ctx)
	fin := make(chan int, 1)
	go func() { fin <- servir(cctx, o, &salida, &salida) }()
	for i := 0; i < 2400 && len(s.Recibidos()) == 0; i++ {
		select {
		case c := <-fin:
			cancel()
			t.Fatalf("el servidor terminó con %d: %s", c, salida.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
	cancel()
	if c := <-fin; c != 0 {
		t.Fatalf("salida %d: %s", c, salida.String())
	}
	rs := s.Recibidos()
	if len(rs) != 1 || strings.Join(rs[0].Para, ",") != "sara@dian.gov.co" || !strings.Contains(rs[0].Data, "https://comite.dian.gov.co/casos/1") {
		t.Fatalf("recibidos %+v\n%s", rs, salida.String())
	}
	if !strings.Contains(salida.String(), "avisos por correo") {
		t.Error("el registro no dice que los avisos por correo están configurados")
	}
	d, err = db.Open(ctx, ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if n, err := d.ContarCorreos(ctx); err != nil || n[db.CorreoEnviado] != 1 || len(n) != 1 {
		t.Errorf("cola tras el envío: %v %v", n, err)
	}
}
