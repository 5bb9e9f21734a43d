package db

import (
	"comite/internal/dominio"
	"comite/internal/permisos"
	"context"
	"errors"
	"testing"
	"time"
)

func TestTokenCalendario_soloHashRevocableYRegenerable(t *testing.T) {
	t.Parallel()
	d, reloj := baseCasos(t)
	ctx := context.Background()
	c, err := d.CrearCuenta(ctx, dominio.NuevaCuenta{Usuario: "sara", Rol: permisos.RolSecretaria, Clave: "clave-larga-de-prueba"}, dominio.Actor{Cuenta: "sistema"})
	if err != nil {
		t.Fatal(err)
	}
	t1, err := d.GenerarTokenCalendario(ctx, c.ID, dominio.Actor{Cuenta: "sara"})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := d.CuentaPorTokenCalendario(ctx, t1); err != nil || got.ID != c.ID {
		t.Fatalf("%v %v", got, err)
	}
	if contarFilas(t, d, `calendario_tokens WHERE token_hash = '`+t1+`'`) != 0 {
		t.Fatal("el token se guardó en claro")
	}
	*reloj = reloj.Add(time.Minute)
	t2, err := d.GenerarTokenCalendario(ctx, c.ID, dominio.Actor{Cuenta: "sara"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.CuentaPorTokenCalendario(ctx, t1); !errors.Is(err, ErrTokenCalendario) {
		t.Fatal("el token anterior sigue vigente")
	}
	if err := d.RevocarTokenCalendario(ctx, c.ID, dominio.Actor{Cuenta: "sara"}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.CuentaPorTokenCalendario(ctx, t2); !errors.Is(err, ErrTokenCalendario) {
		t.Fatal("el token revocado sigue vigente")
	}
	if st, _ := d.EstadoTokenCalendario(ctx, c.ID); st.Vigente {
		t.Fatal("dice vigente tras revocar")
	}
	if n := contarFilas(t, d, `auditoria WHERE accion LIKE 'calendario.%'`); n != 3 {
		t.Fatalf("auditoría = %d; quiere 3", n)
	}
}
