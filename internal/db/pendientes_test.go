package db

import (
	"comite/internal/dominio"
	"comite/internal/permisos"
	"context"
	"errors"
	"testing"
	"time"

	"comite/internal/plazos"
)

func TestTerminosInternos_predeterminadosYFijadosConAuditoria(t *testing.T) {
	t.Parallel()
	d, _ := baseCasos(t)
	ctx := context.Background()
	ts, err := d.TerminosInternos(ctx)
	if err != nil || len(ts) != 3 || !ts[0].Predeterminado || ts[0].Dias != plazos.Predeterminados[plazos.EtapaEvaluacion] {
		t.Fatalf("%v %+v", err, ts)
	}
	var ev *dominio.ErrValidacion
	if err := d.FijarTerminosInternos(ctx, map[plazos.Etapa]int{plazos.EtapaREA: 8, plazos.EtapaComite: 0}, dominio.Actor{Cuenta: "admin"}); !errors.As(err, &ev) || ev.Campo != "dias_comite" {
		t.Fatalf("un término de 0 días: %v", err)
	}
	if n := contarFilas(t, d, `terminos_internos`); n != 0 {
		t.Fatal("se escribió a medias")
	}
	if err := d.FijarTerminosInternos(ctx, map[plazos.Etapa]int{plazos.EtapaREA: 8}, dominio.Actor{Cuenta: "admin"}); err != nil {
		t.Fatal(err)
	}
	// The same value again writes nothing and audits nothing.
	if err := d.FijarTerminosInternos(ctx, map[plazos.Etapa]int{plazos.EtapaREA: 8}, dominio.Actor{Cuenta: "admin"}); err != nil {
		t.Fatal(err)
	}
	if n := contarFilas(t, d, `auditoria WHERE accion = 'termino_interno.fijar'`); n != 1 {
		t.Fatalf("filas de auditoría = %d; quiere 1", n)
	}
	dias, _ := d.DiasPorEtapa(ctx)
	if dias[plazos.EtapaREA] != 8 || dias[plazos.EtapaEvaluacion] != plazos.Predeterminados[plazos.EtapaEvaluacion] {
		t.Fatalf("%v", dias)
	}
}

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
