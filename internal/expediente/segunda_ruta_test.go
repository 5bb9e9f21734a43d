package expediente

import (
	"comite/internal/db"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"context"
	"errors"
	"testing"
)

// TestSegundaRuta_art25UltimoInciso_vistoBuenoCancela: with the visto bueno
// the REA orders the cancellation, with no amount.
func TestSegundaRuta_art25UltimoInciso_vistoBuenoCancela(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	n := nuevoEjemplo(nitEjemplo)
	n.PermiteCancelacion = true
	c, err := Nuevo(d).AbrirCaso(ctx, n, sSecretaria)
	if err != nil {
		t.Fatal(err)
	}
	Nuevo(d).Transicion(ctx, c.ID, flujo.IniciarEvaluacion, "", sSecretaria)
	if err := Nuevo(d).GuardarCriterios(ctx, c.ID, aspectosSegundaRuta(), sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := Nuevo(d).EmitirInforme(context.Background(), c.ID, sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := Nuevo(d).Transicion(ctx, c.ID, flujo.Presentar, "", sSecretaria); err != nil {
		t.Fatal(err)
	}
	k := conceptoMulta()
	k.Decision, k.CriteriosCancelacion = flujo.DecisionVistoBuenoCancelacion, []string{"5.7"}
	if _, err := conceptoEnSesion(d, c.ID, k, sComite); err != nil {
		t.Fatal(err)
	}
	p, err := Nuevo(d).CerrarCaso(ctx, c.ID, fecha.Debe(2026, 3, 17), sSecretaria)
	if err != nil || p.Propuesta != flujo.DecisionVistoBuenoCancelacion || p.Total != nil || p.Incremento != nil {
		t.Fatalf("propuesta = %+v %v", p, err)
	}
}

// TestSegundaRuta_aspectosSoloEnEsaRuta: the three other aspects are not
// written on a first-route case.
func TestSegundaRuta_aspectosSoloEnEsaRuta(t *testing.T) {
	d, _ := baseCasos(t)
	c := abrir(t, d, nitEjemplo, sSeccional)
	var ef *db.ErrFormulario
	if err := Nuevo(d).GuardarCriterios(context.Background(), c.ID, aspectosSegundaRuta(), sSecretaria); !errors.As(err, &ef) || ef.Campos["transgresion_procedimientos"] == "" {
		t.Fatalf("err = %v", err)
	}
}
