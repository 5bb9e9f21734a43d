package db

import (
	"context"
	"errors"
	"testing"
	"time"

	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/plazos"
)

// The queue of each role holds exactly the cases waiting for its step, oldest
// in its state first, with the days its stage's term counts from.
func TestCasosPendientes_colaPorRolYFechasDeCadaEtapa(t *testing.T) {
	d, reloj := baseCasos(t)
	ctx := context.Background()
	sembrarEjemplo(t, d, 3, "900123456-8", secBogota, 1480000000000)
	a := abrir(t, d, nitEjemplo, sSeccional) // 17/03: reportado
	b := abrir(t, d, nitEjemplo, sSeccional)
	llevar(t, d, b.ID, flujo.EnComite)
	c := abrir(t, d, nitEjemplo, sSeccional)
	llevar(t, d, c.ID, flujo.ConceptoEmitido)
	dd := abrir(t, d, "900123456-8", sSecretaria) // Bogotá
	llevar(t, d, dd.ID, flujo.ConceptoEmitido)
	e := abrir(t, d, nitEjemplo, sSeccional)
	llevar(t, d, e.ID, flujo.Cerrado)
	// 18/03: A enters its evaluation; in its state since then, it goes last.
	*reloj = reloj.AddDate(0, 0, 1)
	llevar(t, d, a.ID, flujo.EnEvaluacion)

	numeros := func(ps []CasoPendiente) []string {
		var out []string
		for _, p := range ps {
			out = append(out, p.Numero)
		}
		return out
	}
	casos := []struct {
		nombre    string
		rol       string
		seccional string
		quiere    []string
	}{
		{"la Secretaría: reportados y conceptos por cerrar, lo más viejo primero", flujo.RolSecretaria, "", []string{c.Numero, dd.Numero, a.Numero}},
		{"el Comité: lo presentado", flujo.RolComite, "", []string{b.Numero}},
		{"la Seccional: la propuesta del REA de su Dirección Seccional", flujo.RolSeccional, secCartagena, []string{c.Numero}},
		{"el auditor no da pasos", flujo.RolAuditor, "", nil},
	}
	for _, k := range casos {
		t.Run(k.nombre, func(t *testing.T) {
			ps, err := d.CasosPendientes(ctx, FiltroPendientes{Estados: plazos.Cola(k.rol), Seccional: k.seccional})
			if err != nil {
				t.Fatal(err)
			}
			got := numeros(ps)
			if len(got) != len(k.quiere) {
				t.Fatalf("cola %v; quiere %v", got, k.quiere)
			}
			for i := range got {
				if got[i] != k.quiere[i] {
					t.Fatalf("cola %v; quiere %v", got, k.quiere)
				}
			}
		})
	}
	ps, err := d.CasosPendientes(ctx, FiltroPendientes{Estados: []flujo.Estado{flujo.EnComite}})
	if err != nil || len(ps) != 1 {
		t.Fatal(err, len(ps))
	}
	p := ps[0]
	if !p.Presentado.Igual(fecha.Debe(2026, 3, 17)) || !p.EnEstadoDesde.Igual(p.Presentado) || !p.FechaReporte.Igual(fecha.Debe(2026, 3, 17)) || p.PlazoReporte.IsZero() {
		t.Fatalf("fechas del caso en el Comité: %+v", p)
	}
}

func TestTerminosInternos_predeterminadosYFijadosConAuditoria(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	ts, err := d.TerminosInternos(ctx)
	if err != nil || len(ts) != 3 || !ts[0].Predeterminado || ts[0].Dias != plazos.Predeterminados[plazos.EtapaEvaluacion] {
		t.Fatalf("%v %+v", err, ts)
	}
	var ev *ErrValidacion
	if err := d.FijarTerminosInternos(ctx, map[plazos.Etapa]int{plazos.EtapaREA: 8, plazos.EtapaComite: 0}, Actor{Cuenta: "admin"}); !errors.As(err, &ev) || ev.Campo != "dias_comite" {
		t.Fatalf("un término de 0 días: %v", err)
	}
	if n := contarFilas(t, d, `terminos_internos`); n != 0 {
		t.Fatal("se escribió a medias")
	}
	if err := d.FijarTerminosInternos(ctx, map[plazos.Etapa]int{plazos.EtapaREA: 8}, Actor{Cuenta: "admin"}); err != nil {
		t.Fatal(err)
	}
	// The same value again writes nothing and audits nothing.
	if err := d.FijarTerminosInternos(ctx, map[plazos.Etapa]int{plazos.EtapaREA: 8}, Actor{Cuenta: "admin"}); err != nil {
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
	d, reloj := baseCasos(t)
	ctx := context.Background()
	c, err := d.CrearCuenta(ctx, NuevaCuenta{Usuario: "sara", Rol: RolSecretaria, Clave: "clave-larga-de-prueba"}, Actor{Cuenta: "sistema"})
	if err != nil {
		t.Fatal(err)
	}
	t1, err := d.GenerarTokenCalendario(ctx, c.ID, Actor{Cuenta: "sara"})
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
	t2, err := d.GenerarTokenCalendario(ctx, c.ID, Actor{Cuenta: "sara"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.CuentaPorTokenCalendario(ctx, t1); !errors.Is(err, ErrTokenCalendario) {
		t.Fatal("el token anterior sigue vigente")
	}
	if err := d.RevocarTokenCalendario(ctx, c.ID, Actor{Cuenta: "sara"}); err != nil {
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
