package directorio_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"comite/internal/directorio"
	dp "comite/internal/directorio/directorioprueba"
	"comite/internal/permisos"
)

var (
	ana   = dp.Persona{UID: "ana", Clave: "clave-de-ana", Nombre: "Ana Gómez", Grupos: []string{dp.GrupoComite}}
	beto  = dp.Persona{UID: "beto", Clave: "clave-de-beto", Nombre: "Beto Ruiz", Seccional: "05", Grupos: []string{dp.GrupoSeccion}}
	caro  = dp.Persona{UID: "caro", Clave: "clave-de-caro", Nombre: "Caro Díaz", Grupos: []string{dp.GrupoSeccion, dp.GrupoMedellin}}
	dani  = dp.Persona{UID: "dani", Clave: "clave-de-dani", Nombre: "Dani Paz"}
	elena = dp.Persona{UID: "elena", Clave: "clave-de-elena", Nombre: "Elena Mora", Grupos: []string{dp.GrupoSecret, dp.GrupoComite}}
	fabio = dp.Persona{UID: "fabio", Clave: "clave-de-fabio", Nombre: "Fabio Sin Seccional", Grupos: []string{dp.GrupoSeccion}}
)

func correspondencia(t *testing.T) directorio.Correspondencia {
	t.Helper()
	c, err := directorio.LeerCorrespondencia(strings.NewReader(`
# first matching rule gives the role
` + dp.GrupoAdmin + `    admin
` + dp.GrupoSecret + `	secretaria
` + dp.GrupoComite + `  comite
` + dp.GrupoSeccion + ` seccional
` + dp.GrupoMedellin + `   seccional=11
`))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func config(t *testing.T, s *dp.Servidor) directorio.Config {
	return directorio.Config{URL: s.URL, Base: dp.Base, Filtro: "(&(objectClass=inetOrgPerson)(uid=%s))",
		BaseGrupos: dp.Grupos, AtributoSeccional: "departmentNumber", Correspondencia: correspondencia(t), TLS: s.TLS}
}

func TestDirectorioIngreso(t *testing.T) {
	s := dp.Iniciar(t, ana, beto, caro, dani, elena, fabio)
	cfg := config(t, s)
	starttls := cfg
	starttls.URL = s.URLPlana
	plantilla := cfg
	plantilla.PlantillaDN = "uid=%s," + dp.Personas
	filtroGrupos := cfg
	filtroGrupos.FiltroGrupos = "(&(objectClass=groupOfNames)(member=%s)(!(cn=comite)))"
	casos := []struct {
		nombre, usuario, clave string
		cfg                    directorio.Config
		motivo                 string
		rol                    permisos.Rol
		seccional              string
	}{
		{"clave correcta por ldaps", "ana", ana.Clave, cfg, "", permisos.RolComite, ""},
		{"clave correcta por StartTLS", "ana", ana.Clave, starttls, "", permisos.RolComite, ""},
		{"clave correcta por plantilla de DN", "ana", ana.Clave, plantilla, "", permisos.RolComite, ""},
		{"el filtro de grupos configurado decide qué grupos cuentan", "elena", elena.Clave, filtroGrupos, "", permisos.RolSecretaria, ""},
		{"sin el grupo que el filtro excluye", "ana", ana.Clave, filtroGrupos, directorio.MotivoSinGrupo, "", ""},
		{"clave equivocada", "ana", "otra", cfg, directorio.MotivoClave, "", ""},
		{"clave vacía nunca es un ingreso", "ana", "", cfg, directorio.MotivoClave, "", ""},
		{"usuario que no existe", "nadie", "x", cfg, directorio.MotivoDesconocido, "", ""},
		{"inyección en el filtro", "*", "x", cfg, directorio.MotivoDesconocido, "", ""},
		{"sin grupo de la correspondencia", "dani", dani.Clave, cfg, directorio.MotivoSinGrupo, "", ""},
		{"el primer grupo de la correspondencia decide el rol", "elena", elena.Clave, cfg, "", permisos.RolSecretaria, ""},
		{"Seccional del atributo", "beto", beto.Clave, cfg, "", permisos.RolSeccional, "05"},
		{"Seccional de un grupo", "caro", caro.Clave, cfg, "", permisos.RolSeccional, "11"},
		{"seccional sin Seccional", "fabio", fabio.Clave, cfg, directorio.MotivoSinSeccional, permisos.RolSeccional, ""},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			r, err := directorio.Autenticar(context.Background(), c.cfg, c.usuario, c.clave)
			if err != nil {
				t.Fatal(err)
			}
			if r.Motivo != c.motivo || r.Rol != c.rol || r.Seccional != c.seccional {
				t.Fatalf("resultado %+v; se esperaba motivo %q rol %q seccional %q", r, c.motivo, c.rol, c.seccional)
			}
		})
	}
}

func TestDirectorioQuitadoDelGrupo(t *testing.T) {
	s := dp.Iniciar(t, ana)
	cfg := config(t, s)
	if r, err := directorio.Autenticar(context.Background(), cfg, "ana", ana.Clave); err != nil || !r.Aceptado() {
		t.Fatalf("antes: %+v %v", r, err)
	}
	s.QuitarDeGrupo(ana, dp.GrupoComite)
	r, err := directorio.Autenticar(context.Background(), cfg, "ana", ana.Clave)
	if err != nil || r.Motivo != directorio.MotivoSinGrupo {
		t.Fatalf("después de quitarla del grupo: %+v %v", r, err)
	}
}

func TestDirectorioTLSExigido(t *testing.T) {
	s := dp.IniciarSinTLS(t, ana)
	cfg := directorio.Config{URL: s.URLPlana, Base: dp.Base, BaseGrupos: dp.Grupos, Correspondencia: correspondencia(t)}
	if _, err := directorio.Autenticar(context.Background(), cfg, "ana", ana.Clave); !errors.Is(err, directorio.ErrSinTLS) {
		t.Fatalf("un directorio sin TLS debía rechazarse; error %v", err)
	}
	cfg.Inseguro = true
	if r, err := directorio.Autenticar(context.Background(), cfg, "ana", ana.Clave); err != nil || r.Rol != permisos.RolComite {
		t.Fatalf("con la bandera de inseguro: %+v %v", r, err)
	}
}

func TestDirectorioCertificadoAjeno(t *testing.T) {
	s := dp.Iniciar(t, ana)
	cfg := config(t, s)
	cfg.TLS = nil // the system roots do not trust the test CA
	if _, err := directorio.Autenticar(context.Background(), cfg, "ana", ana.Clave); err == nil {
		t.Fatal("un certificado que no es de confianza debía rechazarse")
	}
}

func TestDirectorioCorrespondenciaErrores(t *testing.T) {
	for _, c := range []struct{ nombre, texto, error string }{
		{"rol desconocido", "cn=x,dc=y jefe", "línea 1: el rol \"jefe\" no existe"},
		{"sin DN", "comite", "línea 1: escriba el DN del grupo"},
		{"DN inválido", "no-es-un-dn comite", "línea 1: el DN del grupo"},
		{"sin roles", "# nada", "ningún rol"},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			_, err := directorio.LeerCorrespondencia(strings.NewReader(c.texto))
			if err == nil || !strings.Contains(err.Error(), c.error) {
				t.Fatalf("error %v; se esperaba %q", err, c.error)
			}
		})
	}
}
