package expediente

// Integrity of the case's records: a concepto and the audit log are
// insert-only in the database itself, and a step decided on a stale read of
// the case writes nothing.

import (
	"context"
	"errors"
	"strings"
	"testing"

	"comite/internal/db"
	"comite/internal/fallo"
	"comite/internal/flujo"
)

// TestSoloInsercion_conceptosYAuditoria: docs/reglas.md §3.4 (a concepto is
// final) and the audit log: the database itself refuses UPDATE and DELETE.
func TestSoloInsercion_conceptosYAuditoria(t *testing.T) {
	// A concepto recorded by the application inside a session with quorum
	// (the case carried along the path by its roles), not a row written for
	// the test.
	d, _ := baseCasos(t)
	ctx := context.Background()
	s, enOrden := sesionConCasos(t, d, 3, 1)
	c := enOrden[0]
	if err := Nuevo(d).FijarQuorum(ctx, 2, sAdmin); err != nil {
		t.Fatal(err)
	}
	if _, err := Nuevo(d).RegistrarConceptoEnSesion(ctx, s.ID, c.ID, conceptoMulta(), sComite); err != nil {
		t.Fatal(err)
	}
	cs, err := d.Conceptos(ctx, c.ID)
	if err != nil || len(cs) != 1 || cs[0].ID != 1 {
		t.Fatalf("conceptos %+v, %v", cs, err)
	}
	casos := []struct{ nombre, sql, mensaje string }{
		{"dominio3_concepto_no_se_edita", `UPDATE conceptos SET decision = 'cancelacion' WHERE id = 1`, "un concepto registrado no se puede modificar"},
		{"dominio3_concepto_no_se_borra", `DELETE FROM conceptos WHERE id = 1`, "un concepto registrado no se puede borrar"},
		{"auditoria_no_se_edita", `UPDATE auditoria SET cuenta = 'otro' WHERE id = 1`, "el registro de auditoría no se puede modificar"},
		{"auditoria_no_se_borra", `DELETE FROM auditoria WHERE id = 1`, "el registro de auditoría no se puede borrar"},
		{"auditoria_no_se_vacia", `DELETE FROM auditoria`, "el registro de auditoría no se puede borrar"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			_, err := d.Exec(c.sql)
			if err == nil || !strings.Contains(err.Error(), c.mensaje) {
				t.Fatalf("%s: err = %v; quiere %q", c.sql, err, c.mensaje)
			}
		})
	}
	var decision string
	d.QueryRow(`SELECT decision FROM conceptos WHERE id = 1`).Scan(&decision)
	if decision != string(flujo.DecisionMultaIncrementada) {
		t.Fatalf("el concepto cambió: %s", decision)
	}
	// A correction is a new row that points at the old one and says why.
	n := cs[0].Concepto
	n.Motivacion = map[string]string{}
	for k, v := range cs[0].Concepto.Motivacion {
		n.Motivacion[k] = v
	}
	n.Motivacion["antecedentes"] = "Tres actos graves o gravísimos en firme en 2025."
	corr, err := Nuevo(d).CorregirConcepto(ctx, c.ID, n, "error de transcripción en la motivación sobre los antecedentes", sComite)
	if err != nil || corr.CorrigeID != 1 {
		t.Fatalf("corrección %+v, %v", corr, err)
	}
}

// A step on a case read before another person moved it changes nothing and
// says so with a conflict: the UPDATE … WHERE estado = ? matched no row.
func TestPaso_estadoCambiadoEsConflicto(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	viejo := c // read while reportado
	if _, err := Nuevo(d).Transicion(ctx, c.ID, flujo.IniciarEvaluacion, "", sSecretaria); err != nil {
		t.Fatal(err)
	}
	err := d.EnEscritura(ctx, func(w *db.Escritura) error {
		_, _, err := paso(w, viejo, flujo.IniciarEvaluacion, sSecretaria, "otra vez", nil)
		return err
	})
	if !errors.Is(err, db.ErrEstadoCambiado) || fallo.CodigoDe(err) != fallo.Conflicto {
		t.Fatalf("error %v, quería ErrEstadoCambiado (conflicto)", err)
	}
	var eventos int
	if err := d.QueryRow(`SELECT count(*) FROM caso_eventos WHERE caso_id = ? AND a_estado = 'en_evaluacion'`, c.ID).Scan(&eventos); err != nil {
		t.Fatal(err)
	}
	if eventos != 1 {
		t.Fatalf("%d eventos de inicio de evaluación: el paso rechazado dejó rastro", eventos)
	}
}
