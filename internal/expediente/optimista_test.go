package expediente

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"comite/internal/db"
	"comite/internal/flujo"
)

// firmanteQueEscribe signs nothing (returns the PDF as it is) but, while
// "signing" — between building the document and storing it — runs another
// writer, as a second person would.
type firmanteQueEscribe struct {
	escribir func() error
	err      error
}

func (f *firmanteQueEscribe) Firmar(pdf []byte, _, _ string, _ time.Time) ([]byte, error) {
	f.err = f.escribir()
	return append([]byte(nil), pdf...), nil
}

func (f *firmanteQueEscribe) Sujeto() string { return "CN=Prueba" }

func contarFilas(t *testing.T, d *db.DB, tabla string) int {
	t.Helper()
	var n int
	if err := d.QueryRow(`SELECT count(*) FROM ` + tabla).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// The informe is rendered and signed outside the write transaction: another
// writer can write meanwhile (it does not wait for SQLite's lock), and when
// it changed the case the informe was built from, nothing is stored and the
// Secretaría is told to issue it again (Decreto Ley 920 de 2023, art. 25 por
// posición: the Comité receives the informe of the evaluation in force).
func TestEmitirInforme_art25_fueraDeLaTransaccionConControlOptimista(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	otro := abrir(t, d, nitEjemplo, sSeccional)
	llevar(t, d, c.ID, flujo.EnEvaluacion)
	llevar(t, d, otro.ID, flujo.EnEvaluacion)
	if err := Nuevo(d).GuardarCriterios(ctx, c.ID, criteriosCompletos, sSecretaria); err != nil {
		t.Fatal(err)
	}
	x := Nuevo(d)

	// A write on the same case while the PDF is being signed.
	cambia := &firmanteQueEscribe{escribir: func() error {
		_, err := Nuevo(d).Reevaluar(ctx, c.ID, "corrección de un acto durante la emisión", sSecretaria)
		return err
	}}
	x.Firma = cambia
	informes, eventos := contarFilas(t, d, "informes"), contarFilas(t, d, "caso_eventos")
	_, err := x.EmitirInforme(ctx, c.ID, sSecretaria)
	if cambia.err != nil {
		t.Fatalf("la otra escritura no pudo escribir mientras se firmaba: %v", cambia.err)
	}
	if !errors.Is(err, db.ErrDocumentoDesactualizado) {
		t.Fatalf("err = %v; quiere ErrDocumentoDesactualizado", err)
	}
	if contarFilas(t, d, "informes") != informes || contarFilas(t, d, "caso_eventos") != eventos+1 { // +1: the re-evaluation
		t.Fatal("un informe de una evaluación superada quedó guardado")
	}

	// A write on another case does not stop it: the informe is stored, of the
	// evaluation in force, and says it was signed.
	ajeno := &firmanteQueEscribe{escribir: func() error {
		return Nuevo(d).GuardarCriterios(ctx, otro.ID, criteriosCompletos, sSecretaria)
	}}
	x.Firma = ajeno
	i, err := x.EmitirInforme(ctx, c.ID, sSecretaria)
	if err != nil || ajeno.err != nil {
		t.Fatalf("informe = %+v, %v (escritura en el otro caso: %v)", i, err, ajeno.err)
	}
	if i.FirmaSujeto != "CN=Prueba" || i.EvaluacionVersion != 2 || i.Version != 1 {
		t.Fatalf("informe = %+v", i)
	}
}

// The acta likewise: a concepto corrected while it is being signed makes it
// out of date, and nothing is stored.
func TestEmitirActa_fueraDeLaTransaccionConControlOptimista(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	if err := Nuevo(d).FijarQuorum(ctx, 2, sAdmin); err != nil {
		t.Fatal(err)
	}
	s, cs := sesionConCasos(t, d, 3, 1)
	if _, err := Nuevo(d).RegistrarConceptoEnSesion(ctx, s.ID, cs[0].ID, conceptoMulta(), sComite); err != nil {
		t.Fatal(err)
	}
	corr := conceptoMulta()
	corr.Motivacion["antecedentes"] = "Tres actos en firme en 2025."
	f := &firmanteQueEscribe{escribir: func() error {
		_, err := Nuevo(d).CorregirConcepto(ctx, cs[0].ID, corr, "error de digitación", sComite)
		return err
	}}
	x := Nuevo(d)
	x.Firma = f
	if _, err := x.EmitirActa(ctx, s.ID, sSecretaria); !errors.Is(err, db.ErrDocumentoDesactualizado) || f.err != nil {
		t.Fatalf("err = %v (escritura durante la firma: %v)", err, f.err)
	}
	if n := contarFilas(t, d, "actas"); n != 0 {
		t.Fatalf("un acta desactualizada quedó guardada (%d)", n)
	}
	x.Firma = nil
	a, err := x.EmitirActa(ctx, s.ID, sSecretaria)
	if err != nil || a.Version != 1 {
		t.Fatalf("acta = %+v, %v", a, err)
	}
	// The acta stored is the one with the correction.
	_, guardada, _ := d.ActaPDF(ctx, s.ID, 1)
	if texto := textoPDF(t, guardada); !contiene(texto, "error de digitación") {
		t.Fatal("el acta emitida no muestra la corrección registrada antes")
	}
}

// contiene says whether the text of a PDF says quiere (spaces folded).
func contiene(texto, quiere string) bool {
	return strings.Contains(strings.Join(strings.Fields(texto), " "), quiere)
}
