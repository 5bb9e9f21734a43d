package main

import (
	"bytes"
	"comite/internal/permisos"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"comite/internal/db"
)

func TestUsuariosCrear(t *testing.T) {
	t.Parallel()
	ruta := iniciada(t, filepath.Join(t.TempDir(), "comite.db"))
	casos := []struct {
		nombre string
		args   []string
		stdin  string
		codigo int
		stderr string
	}{
		{"crea_admin", []string{"crear", "--usuario", "ana", "--rol", "admin", "--nombre", "Ana Admin", "--db", ruta}, "una-clave-larga\n", 0, ""},
		{"crea_seccional_con_direccion", []string{"crear", "--usuario", "sec", "--rol", "seccional", "--seccional", "Dirección Seccional de Aduanas de Cartagena", "--db", ruta}, "una-clave-larga", 0, ""},
		{"usuario_repetido", []string{"crear", "--usuario", "ANA", "--rol", "comite", "--db", ruta}, "una-clave-larga\n", 1, "ya existe"},
		{"rol_desconocido", []string{"crear", "--usuario", "x", "--rol", "jefe", "--db", ruta}, "una-clave-larga\n", 2, "--rol"},
		{"clave_corta", []string{"crear", "--usuario", "x", "--rol", "comite", "--db", ruta}, "corta\n", 1, "al menos 12"},
		{"sin_clave", []string{"crear", "--usuario", "x", "--rol", "comite", "--db", ruta}, "", 2, "primera línea"},
		{"seccional_sin_direccion", []string{"crear", "--usuario", "x", "--rol", "seccional", "--db", ruta}, "una-clave-larga\n", 1, "--seccional"},
		{"sin_subcomando", []string{"--usuario", "x"}, "", 2, "uso:"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			var out, errb bytes.Buffer
			got := correr(append([]string{"usuarios"}, c.args...), strings.NewReader(c.stdin), &out, &errb)
			if got != c.codigo || !strings.Contains(errb.String(), c.stderr) {
				t.Fatalf("código %d (quiere %d), stderr %q", got, c.codigo, errb.String())
			}
		})
	}
	d, err := db.Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	c, res, err := d.Ingresar(context.Background(), "ana", "una-clave-larga", "127.0.0.1")
	if err != nil || res != db.IngresoCorrecto || c.Rol != permisos.RolAdmin || c.Nombre != "Ana Admin" {
		t.Fatalf("la cuenta creada no ingresa: %v %v %+v", res, err, c)
	}
	// Only the first line is the password.
	if _, res, _ := d.Ingresar(context.Background(), "sec", "una-clave-larga", "127.0.0.1"); res != db.IngresoCorrecto {
		t.Fatal("la clave sin salto de línea final no sirve")
	}
}

// The operator resets a forgotten administrator password from the command line.
func TestUsuariosRestablecerClave(t *testing.T) {
	t.Parallel()
	ruta := iniciada(t, filepath.Join(t.TempDir(), "comite.db"))
	var out, errb bytes.Buffer
	if got := correr([]string{"usuarios", "crear", "--usuario", "ana", "--rol", "admin", "--db", ruta}, strings.NewReader("una-clave-larga\n"), &out, &errb); got != 0 {
		t.Fatal(errb.String())
	}
	out.Reset()
	if got := correr([]string{"usuarios", "restablecer-clave", "--usuario", "ANA", "--db", ruta}, strings.NewReader(""), &out, &errb); got != 0 {
		t.Fatalf("código %d: %s", got, errb.String())
	}
	_, resto, _ := strings.Cut(out.String(), "Clave temporal de ana: ")
	temporal, _, _ := strings.Cut(resto, "\n")
	d, err := db.Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	r, err := d.IntentarIngreso(context.Background(), "ana", temporal, "127.0.0.1")
	if err != nil || r.Resultado != db.IngresoCorrecto || !r.Cuenta.DebeCambiarClave {
		t.Fatalf("ingreso con la clave temporal %q: %+v %v", temporal, r, err)
	}
	if got := correr([]string{"usuarios", "restablecer-clave", "--usuario", "nadie", "--db", ruta}, strings.NewReader(""), &out, &errb); got != 1 {
		t.Fatalf("cuenta inexistente: %d", got)
	}
}
