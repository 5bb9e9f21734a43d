package expediente

// The store's reads and records that need cases carried along their
// workflow (the queues of "Mis pendientes", the UVT rows used, the
// adjustments of a liquidation's counts): the cases are built through the
// application.

import (
	"context"
	"errors"
	"strings"
	"testing"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/liquidacion"
	"comite/internal/permisos"
	"comite/internal/plazos"
	"comite/internal/validar"

	"github.com/shopspring/decimal"
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

	numeros := func(ps []db.CasoPendiente) []string {
		var out []string
		for _, p := range ps {
			out = append(out, p.Numero)
		}
		return out
	}
	casos := []struct {
		nombre    string
		rol       permisos.Rol
		seccional string
		quiere    []string
	}{
		{"la Secretaría: reportados y conceptos por cerrar, lo más viejo primero", permisos.RolSecretaria, "", []string{c.Numero, dd.Numero, a.Numero}},
		{"el Comité: lo presentado", permisos.RolComite, "", []string{b.Numero}},
		{"la Seccional: la propuesta del REA de su Dirección Seccional", permisos.RolSeccional, secCartagena, []string{c.Numero}},
		{"el auditor no da pasos", permisos.RolAuditor, "", nil},
	}
	for _, k := range casos {
		t.Run(k.nombre, func(t *testing.T) {
			ps, err := d.CasosPendientes(ctx, db.FiltroPendientes{Estados: plazos.Cola(k.rol), Seccional: k.seccional})
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
	ps, err := d.CasosPendientes(ctx, db.FiltroPendientes{Estados: []flujo.Estado{flujo.EnComite}})
	if err != nil || len(ps) != 1 {
		t.Fatal(err, len(ps))
	}
	p := ps[0]
	if !p.Presentado.Igual(fecha.Debe(2026, 3, 17)) || !p.EnEstadoDesde.Igual(p.Presentado) || !p.FechaReporte.Igual(fecha.Debe(2026, 3, 17)) || p.PlazoReporte.IsZero() {
		t.Fatalf("fechas del caso en el Comité: %+v", p)
	}
}

// A row a stored evaluation or REA proposal used cannot be corrected: what was
// computed with it must stay reproducible.
func TestUVT_art25_filaUsadaNoSeCorrige(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional) // verification in 2026: the evaluation records the 2026 UVT
	filas, _ := d.ListarUVT(ctx)
	if f := filas[len(filas)-1]; f.Anio != 2026 || f.Usos != 1 {
		t.Fatalf("usos de 2026 = %+v", f)
	}
	err := validar.UVT(2026, decimal.NewFromInt(52000), "Resolución DIAN 000238 de 2025")
	if err == nil {
		err = d.GuardarUVT(ctx, 2026, decimal.NewFromInt(52000), "Resolución DIAN 000238 de 2025", validar.UVTEnTabla(2026, decimal.NewFromInt(52000)), adminUVT)
	}
	var ev *dominio.ErrValidacion
	if !errors.As(err, &ev) || ev.Campo != "anio" || !strings.Contains(ev.Mensaje, "ya se usó en 1 evaluaciones o propuestas guardadas") {
		t.Fatalf("corregir la UVT usada: %v", err)
	}
	llevar(t, d, c.ID, flujo.Cerrado) // the REA proposal with the 1.000 UVT of 2026
	filas, _ = d.ListarUVT(ctx)
	if f := filas[len(filas)-1]; f.Usos != 2 {
		t.Fatalf("usos de 2026 tras el cierre = %d", f.Usos)
	}
	var valor int64
	d.QueryRow(`SELECT valor_cop FROM uvt WHERE anio = 2026`).Scan(&valor)
	if valor != 52374 {
		t.Fatalf("la UVT usada cambió a %d", valor)
	}
}

// Every later computation of a case uses the rule set stored with its
// evaluation: the REA proposal takes it by its ID and, when the application no
// longer knows it, says so instead of choosing another one by date.
func TestConjuntoGuardado_art25_propuestaDelREAUsaElDeLaEvaluacion(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	llevar(t, d, c.ID, flujo.ConceptoEmitido)
	p, err := Nuevo(d).ProponerREA(ctx, c.ID, fecha.Debe(2026, 3, 17))
	if err != nil || p.Total == nil || !p.Total.Equal(decimal.NewFromInt(62849000)) {
		t.Fatalf("con DL920-2023 guardado: %+v %v", p, err)
	}
	// A later snapshot stored with a rule set this build does not hold (stored
	// rows cannot be modified: a new version is written, as a re-evaluation does).
	if _, err := d.Exec(`INSERT INTO evaluaciones(caso_id, version, conjunto_reglas, entrada_json, resultado_json, valores_json, motivo, creado_por, creado_en)
		SELECT caso_id, version + 1, 'OTRO-2030', entrada_json, resultado_json, valores_json, 'prueba', creado_por, creado_en FROM evaluaciones WHERE caso_id = ?`, c.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := Nuevo(d).ProponerREA(ctx, c.ID, fecha.Debe(2026, 3, 17)); err == nil || !strings.Contains(err.Error(), "OTRO-2030") {
		t.Fatalf("con un conjunto guardado que no se conoce: %v", err)
	}
}

// An adjusted count is recorded with its reason in the audit log (chained),
// read back oldest first, and refused with the field named when it is not
// valid or the case is closed.
func TestAjusteCuenta_art22_num4_registradoEnAuditoria(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	dos := 2
	a, err := Nuevo(d).AjustarCuentaLiquidacion(ctx, c.ID, db.AjusteCuenta{Cuenta: liquidacion.CuentaAmonestaciones, Infraccion: " D920-35-3.2 ", Calculada: &dos, Valor: 3,
		Razon: "  El acto RS-2023-9 quedó en firme por notificación por aviso y no está en el registro.  "}, sSecretaria.Actor)
	if err != nil {
		t.Fatal(err)
	}
	if a.Infraccion != "D920-35-3.2" || !strings.HasPrefix(a.Razon, "El acto") {
		t.Errorf("no se recortan los espacios: %+v", a)
	}
	if _, err := Nuevo(d).AjustarCuentaLiquidacion(ctx, c.ID, db.AjusteCuenta{Cuenta: liquidacion.CuentaAntecedentes57, Valor: 0, Razon: "Los actos de 2023 fueron revocados."}, sSeccional.Actor); err != nil {
		t.Fatal(err)
	}
	as, err := d.AjustesCuentaLiquidacion(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 2 || as[0].Valor != 3 || *as[0].Calculada != 2 || as[0].Por != "secretaria" || as[0].En == "" || as[1].Cuenta != liquidacion.CuentaAntecedentes57 || as[1].Calculada != nil {
		t.Fatalf("ajustes leídos: %+v", as)
	}
	if _, err := d.VerificarAuditoria(ctx); err != nil {
		t.Fatalf("la cadena de auditoría no cierra: %v", err)
	}
	// Another case has none.
	otro := abrir(t, d, nitDebajo, sSeccional)
	if as, _ := d.AjustesCuentaLiquidacion(ctx, otro); len(as) != 0 {
		t.Fatalf("ajustes de otro caso: %+v", as)
	}

	casos := []struct {
		nombre, campo string
		a             db.AjusteCuenta
	}{
		{"cuenta_desconocida", "cuenta", db.AjusteCuenta{Cuenta: "multas", Infraccion: "X", Valor: 1, Razon: "Una razón suficiente."}},
		{"valor_negativo", "valor", db.AjusteCuenta{Cuenta: liquidacion.CuentaAmonestaciones, Infraccion: "X", Valor: -1, Razon: "Una razón suficiente."}},
		{"valor_sobre_mil", "valor", db.AjusteCuenta{Cuenta: liquidacion.CuentaAmonestaciones, Infraccion: "X", Valor: 1001, Razon: "Una razón suficiente."}},
		{"razon_corta", "razon", db.AjusteCuenta{Cuenta: liquidacion.CuentaAmonestaciones, Infraccion: "X", Valor: 1, Razon: " corta    "}},
		{"razon_larga", "razon", db.AjusteCuenta{Cuenta: liquidacion.CuentaAmonestaciones, Infraccion: "X", Valor: 1, Razon: strings.Repeat("á", 501)}},
		{"sin_infraccion", "infraccion", db.AjusteCuenta{Cuenta: liquidacion.CuentaReincidenciasZF, Valor: 1, Razon: "Una razón suficiente."}},
	}
	for _, k := range casos {
		t.Run(k.nombre, func(t *testing.T) {
			_, err := Nuevo(d).AjustarCuentaLiquidacion(ctx, c.ID, k.a, sSecretaria.Actor)
			var ef *db.ErrFormulario
			if !errors.As(err, &ef) || ef.Campos[k.campo] == "" {
				t.Fatalf("se esperaba un error en %s, fue %v", k.campo, err)
			}
		})
	}
	if as, _ := d.AjustesCuentaLiquidacion(ctx, c); len(as) != 2 {
		t.Fatalf("un ajuste rechazado quedó escrito: %d", len(as))
	}
	// Límites exactos: 0, 1.000, 10 y 500 caracteres.
	for _, a := range []db.AjusteCuenta{
		{Cuenta: liquidacion.CuentaAmonestaciones, Infraccion: "X", Valor: 0, Razon: strings.Repeat("é", 10)},
		{Cuenta: liquidacion.CuentaAmonestaciones, Infraccion: "X", Valor: 1000, Razon: strings.Repeat("é", 500)},
	} {
		if _, err := Nuevo(d).AjustarCuentaLiquidacion(ctx, c.ID, a, sSecretaria.Actor); err != nil {
			t.Errorf("límite rechazado: %v", err)
		}
	}
	if _, err := Nuevo(d).AjustarCuentaLiquidacion(ctx, 999, db.AjusteCuenta{Cuenta: liquidacion.CuentaAmonestaciones, Infraccion: "X", Valor: 1, Razon: "Una razón suficiente."}, sSecretaria.Actor); !errors.Is(err, db.ErrCasoNoExiste) {
		t.Errorf("caso inexistente: %v", err)
	}

	// A closed case is not adjusted.
	llevar(t, d, c.ID, flujo.Cerrado)
	_, err = Nuevo(d).AjustarCuentaLiquidacion(ctx, c.ID, db.AjusteCuenta{Cuenta: liquidacion.CuentaAmonestaciones, Infraccion: "X", Valor: 1, Razon: "Una razón suficiente."}, sSecretaria.Actor)
	var ep *flujo.ErrPaso
	if !errors.As(err, &ep) {
		t.Fatalf("caso cerrado: %v", err)
	}
}
