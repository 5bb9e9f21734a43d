package db

import (
	"comite/internal/dominio"
	"comite/internal/permisos"
	"comite/internal/validar"
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// User names with control, format (bidi) or whitespace characters are refused.
func TestCuentas_UsuarioSinCaracteresDeControl(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	for nombre, u := range map[string]string{
		"nul":                  "ana\x00",
		"escape":               "ana\x1b[2J",
		"del":                  "ana\x7f",
		"bidi_override":        "ana\u202egnp.exe",
		"aislamiento_bidi":     "ana\u2066x",
		"espacio_de_ancho_0":   "ana\u200bx",
		"tabulador":            "ana\tx",
		"espacio_no_separable": "ana\u00a0x",
	} {
		t.Run(nombre, func(t *testing.T) {
			n := dominio.NuevaCuenta{Usuario: u, Rol: permisos.RolAdmin, Clave: "tres tigres comen trigo"}
			err := validar.NuevaCuenta(n)
			if err == nil {
				_, err = d.CrearCuenta(context.Background(), n, dominio.Actor{Cuenta: "sistema"})
			}
			var ev *dominio.ErrValidacion
			if !errors.As(err, &ev) || ev.Campo != "usuario" {
				t.Fatalf("usuario %q: %v", u, err)
			}
		})
	}
}

// Changing one's password needs the current one, ends every session of the
// account, and is recorded (without the password).
func TestClaves_CambiarClaveCierraLasSesiones(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	ctx := context.Background()
	c, err := d.CrearCuenta(ctx, dominio.NuevaCuenta{Usuario: "mlopez", Rol: permisos.RolComite, Clave: "clave-inicial-larga"}, dominio.Actor{Cuenta: "sistema"})
	if err != nil {
		t.Fatal(err)
	}
	tok1, _, _ := d.CrearSesion(ctx, c.ID, "10.0.0.1")
	tok2, _, _ := d.CrearSesion(ctx, c.ID, "10.0.0.2")
	quien := dominio.Actor{Cuenta: "mlopez", IP: "10.0.0.1"}
	if err := d.CambiarClave(ctx, c.ID, "no-es-la-actual", "nueva-clave-muy-larga", politica("no-es-la-actual", "nueva-clave-muy-larga"), quien); !errors.Is(err, ErrClaveActual) {
		t.Fatalf("clave actual equivocada: %v", err)
	}
	if n, _ := d.ContarSesiones(ctx, c.ID); n != 2 {
		t.Fatalf("un intento fallido cerró sesiones: %d", n)
	}
	var ev *dominio.ErrValidacion
	if err := d.CambiarClave(ctx, c.ID, "clave-inicial-larga", "corta", politica("clave-inicial-larga", "corta"), quien); !errors.As(err, &ev) || ev.Campo != "clave" {
		t.Fatalf("clave nueva corta: %v", err)
	}
	if err := d.CambiarClave(ctx, c.ID, "clave-inicial-larga", "clave-inicial-larga", politica("clave-inicial-larga", "clave-inicial-larga"), quien); !errors.As(err, &ev) || ev.Campo != "clave" {
		t.Fatalf("clave nueva igual a la actual: %v", err)
	}
	if err := d.CambiarClave(ctx, c.ID, "clave-inicial-larga", "nueva-clave-muy-larga", politica("clave-inicial-larga", "nueva-clave-muy-larga"), quien); err != nil {
		t.Fatal(err)
	}
	for _, tok := range []string{tok1, tok2} {
		if _, _, err := d.SesionVigente(ctx, tok); !errors.Is(err, ErrSinSesion) {
			t.Fatalf("una sesión sobrevivió al cambio de clave: %v", err)
		}
	}
	if _, r, _ := d.Ingresar(ctx, "mlopez", "clave-inicial-larga", "10.0.0.1"); r != IngresoFallido {
		t.Fatalf("la clave anterior sigue sirviendo: %v", r)
	}
	if _, r, _ := d.Ingresar(ctx, "mlopez", "nueva-clave-muy-larga", "10.0.0.1"); r != IngresoCorrecto {
		t.Fatalf("la clave nueva no sirve: %v", r)
	}
	var n int
	var detalles string
	d.QueryRow(`SELECT count(*), group_concat(detalle_json) FROM auditoria WHERE accion = 'cuenta.cambiar_clave'`).Scan(&n, &detalles)
	if n != 2 || strings.Contains(detalles, "nueva-clave") || strings.Contains(detalles, "inicial") {
		t.Fatalf("auditoría del cambio: %d filas, %s", n, detalles)
	}
}

// An administrator's reset gives a temporary password, ends the sessions and
// obliges a change at the next login.
func TestClaves_RestablecerObligaACambiar(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	ctx := context.Background()
	relojFijo(d, time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC))
	c, _ := d.CrearCuenta(ctx, dominio.NuevaCuenta{Usuario: "mlopez", Rol: permisos.RolComite, Clave: "clave-olvidada-larga"}, dominio.Actor{Cuenta: "sistema"})
	tok, _, _ := d.CrearSesion(ctx, c.ID, "10.0.0.1")
	temporal, err := d.RestablecerClave(ctx, c.ID, dominio.Actor{Cuenta: "admin", IP: "10.0.0.5"})
	if err != nil {
		t.Fatal(err)
	}
	if len(temporal) != 23 || validar.Clave("mlopez", temporal) != nil {
		t.Fatalf("clave temporal %q", temporal)
	}
	if _, _, err := d.SesionVigente(ctx, tok); !errors.Is(err, ErrSinSesion) {
		t.Fatal("la sesión sobrevivió al restablecimiento")
	}
	r, err := d.IntentarIngreso(ctx, "mlopez", temporal, "10.0.0.1")
	if err != nil || r.Resultado != IngresoCorrecto || !r.Cuenta.DebeCambiarClave {
		t.Fatalf("ingreso con la temporal: %+v %v", r, err)
	}
	if err := d.CambiarClave(ctx, c.ID, temporal, "mi-clave-elegida-2026", politica(temporal, "mi-clave-elegida-2026"), dominio.Actor{Cuenta: "mlopez"}); err != nil {
		t.Fatal(err)
	}
	if cu, _ := d.CuentaPorID(ctx, c.ID); cu.DebeCambiarClave {
		t.Fatal("sigue obligada a cambiar la clave")
	}
	var n int
	d.QueryRow(`SELECT count(*) FROM auditoria WHERE accion = 'cuenta.restablecer_clave' AND cuenta = 'admin' AND instr(detalle_json, ?) = 0`, temporal).Scan(&n)
	if n != 1 {
		t.Fatal("el restablecimiento no quedó en la auditoría (o quedó con la clave)")
	}
}

// politica is the check the application passes to CambiarClave for the
// password nueva replacing actual (validar.ClaveNueva).
func politica(actual, nueva string) func(string) error {
	return func(usuario string) error { return validar.ClaveNueva(usuario, actual, nueva) }
}
