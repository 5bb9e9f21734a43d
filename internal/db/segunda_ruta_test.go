package db

import (
	"context"
	"errors"
	"testing"

	"comite/internal/fecha"
	"comite/internal/flujo"
)

// aspectosSegundaRuta are the criteria and the three other aspects the
// Secretaría documents on the second route.
func aspectosSegundaRuta() map[string]string {
	m := map[string]string{}
	for k, v := range criteriosCompletos {
		m[k] = v
	}
	m["transgresion_procedimientos"] = "Omitió presentar la declaración anticipada."
	m["incidencia_penal"] = "Sin denuncia penal."
	m["otros_hechos"] = "Ninguno."
	return m
}

// TestSegundaRuta_art25UltimoInciso_vistoBuenoCancela: with the visto bueno
// the REA orders the cancellation, with no amount.
func TestSegundaRuta_art25UltimoInciso_vistoBuenoCancela(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	n := nuevoEjemplo(nitEjemplo)
	n.PermiteCancelacion = true
	c, err := d.AbrirCaso(ctx, n, sSecretaria)
	if err != nil {
		t.Fatal(err)
	}
	d.Transicion(ctx, c.ID, flujo.IniciarEvaluacion, "", sSecretaria)
	if err := d.GuardarCriterios(ctx, c.ID, aspectosSegundaRuta(), sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := emitirInforme(d, c.ID, sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Transicion(ctx, c.ID, flujo.Presentar, "", sSecretaria); err != nil {
		t.Fatal(err)
	}
	k := conceptoMulta()
	k.Decision, k.CriteriosCancelacion = flujo.DecisionVistoBuenoCancelacion, []string{"5.7"}
	if _, err := conceptoEnSesion(d, c.ID, k, sComite); err != nil {
		t.Fatal(err)
	}
	p, err := d.CerrarCaso(ctx, c.ID, fecha.Debe(2026, 3, 17), sSecretaria)
	if err != nil || p.Propuesta != flujo.DecisionVistoBuenoCancelacion || p.Total != nil || p.Incremento != nil {
		t.Fatalf("propuesta = %+v %v", p, err)
	}
}

// TestSegundaRuta_aspectosSoloEnEsaRuta: the three other aspects are not
// written on a first-route case.
func TestSegundaRuta_aspectosSoloEnEsaRuta(t *testing.T) {
	d, _ := baseCasos(t)
	c := abrir(t, d, nitEjemplo, sSeccional)
	var ef *ErrFormulario
	if err := d.GuardarCriterios(context.Background(), c.ID, aspectosSegundaRuta(), sSecretaria); !errors.As(err, &ef) || ef.Campos["transgresion_procedimientos"] == "" {
		t.Fatalf("err = %v", err)
	}
}
