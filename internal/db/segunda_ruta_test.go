package db

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/informe"
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

// TestSegundaRuta_art25UltimoInciso_deReporteACierreSinVistoBueno: a case
// whose infraction allows cancellation in substitution goes by the second
// route from the report on (here the user is under the 0,5 %, which that
// route does not consider); the Secretaría documents the six aspects; the
// Comité refuses its visto bueno; the REA proposes the foreseen fine without
// the 1.000 UVT increment; informe and history agree.
func TestSegundaRuta_art25UltimoInciso_deReporteACierreSinVistoBueno(t *testing.T) {
	d, reloj := baseCasos(t)
	ctx := context.Background()
	n := nuevoEjemplo(nitDebajo)
	n.PermiteCancelacion = true
	c, err := d.AbrirCaso(ctx, n, sSeccional)
	if err != nil {
		t.Fatal(err)
	}
	ev, _ := d.UltimaEvaluacion(ctx, c.ID)
	r, _ := ev.Resultado(d.Referencia())
	if !EsSegundaRuta(r) || !r.Procede().EsSi() {
		t.Fatalf("ruta %q procede %v", r.Ruta, r.ProcedeComite)
	}
	if _, err := d.Transicion(ctx, c.ID, flujo.IniciarEvaluacion, "", sSecretaria); err != nil {
		t.Fatal(err)
	}
	// The five criteria of the first route are not enough.
	if err := d.GuardarCriterios(ctx, c.ID, criteriosCompletos, sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := d.EmitirInforme(ctx, c.ID, sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Transicion(ctx, c.ID, flujo.Presentar, "", sSecretaria); !esPaso(err) || !strings.Contains(err.Error(), "incidencia penal") {
		t.Fatalf("presentar sin los aspectos de la segunda ruta: %v", err)
	}
	if err := d.GuardarCriterios(ctx, c.ID, aspectosSegundaRuta(), sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Transicion(ctx, c.ID, flujo.Presentar, "", sSecretaria); err != nil {
		t.Fatal(err)
	}
	// The first route's decisions are refused on this route.
	if _, err := conceptoEnSesion(d, c.ID, conceptoMulta(), sComite); err == nil {
		t.Fatal("multa_incrementada en la segunda ruta")
	} else if ec := (*ErrConcepto)(nil); !errors.As(err, &ec) || ec.Campos["decision"] == "" {
		t.Fatalf("err = %v", err)
	}
	k := conceptoMulta()
	k.Decision = flujo.DecisionSinVistoBueno
	if _, err := conceptoEnSesion(d, c.ID, k, sComite); err != nil {
		t.Fatal(err)
	}
	*reloj = time.Date(2026, 4, 1, 15, 0, 0, 0, time.UTC)
	p, err := d.CerrarCaso(ctx, c.ID, fecha.Debe(2027, 1, 15), sSeccional) // a year whose UVT may be missing: no UVT is needed
	if err != nil {
		t.Fatal(err)
	}
	if p.Propuesta != flujo.DecisionSinVistoBueno || p.Total == nil || p.Total.String() != "10475000" || p.Incremento != nil {
		t.Fatalf("propuesta = %+v", p)
	}
	// Informe (page and PDF) built from the stored case after closing:
	// page 1's REA date, the proposal and the history say the same.
	datos := datosCerrado(t, d, c.ID)
	if datos.Propuesta == nil || datos.Propuesta.Total.String() != "10475000" || datos.Propuesta.UVTAnio != 0 {
		t.Fatalf("propuesta del informe: %+v", datos.Propuesta)
	}
	texto := textoSecciones(t, datos)
	for _, quiere := range []string{
		"Requerimiento especial aduanero (REA) = 15/01/2027",
		"Propuesta = " + flujo.DecisionSinVistoBueno.Etiqueta(),
		"Multa propuesta (sin incremento) = " + formato.Pesos(*p.Total),
		"Propuesta del REA del 15/01/2027",
		"Incidencia penal de la conducta",
		"Sin denuncia penal.",
	} {
		if !strings.Contains(texto, quiere) {
			t.Errorf("el informe no dice %q", quiere)
		}
	}
	if strings.Contains(texto, "Multa propuesta = ") {
		t.Error("el informe muestra una multa incrementada en la segunda ruta")
	}
	if _, err := informe.PDF(datos); err != nil {
		t.Fatal(err)
	}
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
	if _, err := d.EmitirInforme(ctx, c.ID, sSecretaria); err != nil {
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

// TestInforme_art25_soloEnEvaluacion: a version of the informe is issued
// only while the case is en_evaluacion; a re-evaluation keeps it there and a
// new version follows it.
func TestInforme_art25_soloEnEvaluacion(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	if _, err := d.EmitirInforme(ctx, c.ID, sSecretaria); !esPaso(err) {
		t.Fatalf("informe en «reportado»: %v", err)
	}
	llevar(t, d, c.ID, flujo.EnEvaluacion)
	if _, err := d.EmitirInforme(ctx, c.ID, sComite); !esPaso(err) {
		t.Fatalf("el Comité emitió el informe: %v", err)
	}
	v1, err := d.EmitirInforme(ctx, c.ID, sSecretaria)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Reevaluar(ctx, c.ID, "corrección de un acto", sSecretaria); err != nil {
		t.Fatal(err)
	}
	v2, err := d.EmitirInforme(ctx, c.ID, sSecretaria)
	if err != nil || v2.Version != v1.Version+1 || v2.EvaluacionVersion != 2 {
		t.Fatalf("v2 = %+v %v", v2, err)
	}
	for _, e := range []flujo.Estado{flujo.EnComite, flujo.ConceptoEmitido, flujo.Cerrado} {
		llevar(t, d, c.ID, e)
		if _, err := d.EmitirInforme(ctx, c.ID, sSecretaria); !esPaso(err) {
			t.Fatalf("informe en «%s»: %v", e, err)
		}
	}
	// The expediente's informe is the last version issued before the
	// Comité (the same bytes); one built from the stored case after closing
	// shows the REA date of the proposal, as its history does.
	_, pdf, err := d.InformePDF(ctx, c.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if exp, _, err := d.PDFInforme(ctx, c.ID); err != nil || string(exp) != string(pdf) {
		t.Fatalf("el PDF del expediente no es la última versión emitida: %v", err)
	}
	datos := datosCerrado(t, d, c.ID)
	p, _ := d.PropuestaDe(ctx, c.ID)
	texto := textoSecciones(t, datos)
	for _, quiere := range []string{"Requerimiento especial aduanero (REA) = " + formato.Fecha(p.FechaREA), "Propuesta del REA del " + p.FechaREA.DMA(),
		"Fecha del REA = " + formato.Fecha(p.FechaREA), "Multa propuesta = " + formato.Pesos(*p.Total)} {
		if !strings.Contains(texto, quiere) {
			t.Errorf("el informe no dice %q", quiere)
		}
	}
}

// datosCerrado builds the informe from everything stored about a case (no
// issue instant: the whole history, the concepto and the REA proposal).
func datosCerrado(t *testing.T, d *DB, id int64) informe.Datos {
	t.Helper()
	ctx := context.Background()
	c, err := d.Caso(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := d.UltimaEvaluacion(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	h, err := d.Historia(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	datos, err := datosInforme(ctx, d, c, ev, informe.Emision{Version: 9, EmitidoPor: "prueba", Instante: h[len(h)-1].Instante()})
	if err != nil {
		t.Fatal(err)
	}
	return datos
}

// textoSecciones flattens the informe's sections: "label = value" pairs,
// paragraphs and table cells, one a line.
func textoSecciones(t *testing.T, d informe.Datos) string {
	t.Helper()
	ss, err := informe.Secciones(d)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, s := range ss {
		for _, bl := range s.Bloques {
			b.WriteString(bl.Texto + "\n")
			for _, p := range bl.Pares {
				b.WriteString(p.Etiqueta + " = " + p.Valor + "\n")
			}
			if bl.Tabla != nil {
				for _, f := range bl.Tabla.Filas {
					b.WriteString(strings.Join(f, " | ") + "\n")
				}
			}
		}
	}
	return b.String()
}
