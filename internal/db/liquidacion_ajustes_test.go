package db

import (
	"context"
	"errors"
	"strings"
	"testing"

	"comite/internal/flujo"
	"comite/internal/liquidacion"
)

// An adjusted count is recorded with its reason in the audit log (chained),
// read back oldest first, and refused with the field named when it is not
// valid or the case is closed.
func TestAjusteCuenta_art22_num4_registradoEnAuditoria(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	dos := 2
	a, err := d.AjustarCuentaLiquidacion(ctx, c.ID, AjusteCuenta{Cuenta: liquidacion.CuentaAmonestaciones, Infraccion: " D920-35-3.2 ", Calculada: &dos, Valor: 3,
		Razon: "  El acto RS-2023-9 quedó en firme por notificación por aviso y no está en el registro.  "}, sSecretaria.Actor)
	if err != nil {
		t.Fatal(err)
	}
	if a.Infraccion != "D920-35-3.2" || !strings.HasPrefix(a.Razon, "El acto") {
		t.Errorf("no se recortan los espacios: %+v", a)
	}
	if _, err := d.AjustarCuentaLiquidacion(ctx, c.ID, AjusteCuenta{Cuenta: liquidacion.CuentaAntecedentes57, Valor: 0, Razon: "Los actos de 2023 fueron revocados."}, sSeccional.Actor); err != nil {
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
		a             AjusteCuenta
	}{
		{"cuenta_desconocida", "cuenta", AjusteCuenta{Cuenta: "multas", Infraccion: "X", Valor: 1, Razon: "Una razón suficiente."}},
		{"valor_negativo", "valor", AjusteCuenta{Cuenta: liquidacion.CuentaAmonestaciones, Infraccion: "X", Valor: -1, Razon: "Una razón suficiente."}},
		{"valor_sobre_mil", "valor", AjusteCuenta{Cuenta: liquidacion.CuentaAmonestaciones, Infraccion: "X", Valor: 1001, Razon: "Una razón suficiente."}},
		{"razon_corta", "razon", AjusteCuenta{Cuenta: liquidacion.CuentaAmonestaciones, Infraccion: "X", Valor: 1, Razon: " corta    "}},
		{"razon_larga", "razon", AjusteCuenta{Cuenta: liquidacion.CuentaAmonestaciones, Infraccion: "X", Valor: 1, Razon: strings.Repeat("á", 501)}},
		{"sin_infraccion", "infraccion", AjusteCuenta{Cuenta: liquidacion.CuentaReincidenciasZF, Valor: 1, Razon: "Una razón suficiente."}},
	}
	for _, k := range casos {
		t.Run(k.nombre, func(t *testing.T) {
			_, err := d.AjustarCuentaLiquidacion(ctx, c.ID, k.a, sSecretaria.Actor)
			var ef *ErrFormulario
			if !errors.As(err, &ef) || ef.Campos[k.campo] == "" {
				t.Fatalf("se esperaba un error en %s, fue %v", k.campo, err)
			}
		})
	}
	if as, _ := d.AjustesCuentaLiquidacion(ctx, c); len(as) != 2 {
		t.Fatalf("un ajuste rechazado quedó escrito: %d", len(as))
	}
	// Límites exactos: 0, 1.000, 10 y 500 caracteres.
	for _, a := range []AjusteCuenta{
		{Cuenta: liquidacion.CuentaAmonestaciones, Infraccion: "X", Valor: 0, Razon: strings.Repeat("é", 10)},
		{Cuenta: liquidacion.CuentaAmonestaciones, Infraccion: "X", Valor: 1000, Razon: strings.Repeat("é", 500)},
	} {
		if _, err := d.AjustarCuentaLiquidacion(ctx, c.ID, a, sSecretaria.Actor); err != nil {
			t.Errorf("límite rechazado: %v", err)
		}
	}
	if _, err := d.AjustarCuentaLiquidacion(ctx, 999, AjusteCuenta{Cuenta: liquidacion.CuentaAmonestaciones, Infraccion: "X", Valor: 1, Razon: "Una razón suficiente."}, sSecretaria.Actor); !errors.Is(err, ErrCasoNoExiste) {
		t.Errorf("caso inexistente: %v", err)
	}

	// A closed case is not adjusted.
	llevar(t, d, c.ID, flujo.Cerrado)
	_, err = d.AjustarCuentaLiquidacion(ctx, c.ID, AjusteCuenta{Cuenta: liquidacion.CuentaAmonestaciones, Infraccion: "X", Valor: 1, Razon: "Una razón suficiente."}, sSecretaria.Actor)
	var ep *flujo.ErrPaso
	if !errors.As(err, &ep) {
		t.Fatalf("caso cerrado: %v", err)
	}
}
