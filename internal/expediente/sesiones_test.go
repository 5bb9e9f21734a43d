package expediente

import (
	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestSesion_quorumSinConfigurarOInsuficienteNoRegistraConcepto(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	s, cs := sesionConCasos(t, d, 2, 1)
	contar := func() int {
		var n int
		d.QueryRow(`SELECT count(*) FROM conceptos`).Scan(&n)
		return n
	}
	// Never configured: not zero, the session cannot decide.
	_, err := Nuevo(d).RegistrarConceptoEnSesion(ctx, s.ID, cs[0].ID, conceptoMulta(), sComite)
	if !esPaso(err) || !strings.Contains(err.Error(), "no ha configurado el quórum") {
		t.Fatalf("sin quórum configurado: %v", err)
	}
	if err := Nuevo(d).FijarQuorum(ctx, 3, sComite); !esPaso(err) {
		t.Fatalf("el Comité fijó el quórum: %v", err)
	}
	if err := Nuevo(d).FijarQuorum(ctx, 3, sAdmin); err != nil {
		t.Fatal(err)
	}
	_, err = Nuevo(d).RegistrarConceptoEnSesion(ctx, s.ID, cs[0].ID, conceptoMulta(), sComite)
	if !esPaso(err) || !strings.Contains(err.Error(), "2 miembros presentes de 3 requeridos") {
		t.Fatalf("2 presentes de 3: %v", err)
	}
	if n := contar(); n != 0 {
		t.Fatalf("una sesión sin quórum guardó %d conceptos", n)
	}
	c, _ := d.Caso(ctx, cs[0].ID)
	if c.Estado != flujo.EnComite {
		t.Fatalf("el caso cambió de estado sin concepto: %s", c.Estado)
	}
	// The attendance completes the quorum.
	ses := sesionEjemplo(3)
	if err := Nuevo(d).RegistrarAsistencia(ctx, s.ID, ses.Preside, ses.Secretario, ses.Miembros, sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := Nuevo(d).RegistrarConceptoEnSesion(ctx, s.ID, cs[0].ID, conceptoMulta(), sComite); err != nil {
		t.Fatal(err)
	}
	var aud int
	d.QueryRow(`SELECT count(*) FROM auditoria WHERE accion = 'parametro.quorum'`).Scan(&aud)
	if aud != 1 {
		t.Errorf("el cambio de quórum no quedó auditado (%d filas)", aud)
	}
	if _, err := d.Exec(`UPDATE parametros_comite SET valor = 1`); err == nil {
		t.Error("la base dejó modificar un parámetro registrado")
	}
}

func TestSesion_art25_conceptoEnSesionLlevaSuFechaYMiembros(t *testing.T) {
	d, reloj := baseCasos(t)
	ctx := context.Background()
	if err := Nuevo(d).FijarQuorum(ctx, 2, sAdmin); err != nil {
		t.Fatal(err)
	}
	s, cs := sesionConCasos(t, d, 3, 1)
	*reloj = reloj.Add(48 * time.Hour) // recorded two days after the session
	c := conceptoMulta()
	c.FechaSesion = fecha.Debe(2026, 3, 18)         // ignored: the session's date rules
	c.Miembros = []string{"Alguien que no asistió"} // ignored: the attendance rules
	g, err := Nuevo(d).RegistrarConceptoEnSesion(ctx, s.ID, cs[0].ID, c, sComite)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Ana María Rojas (Directora de Gestión de Fiscalización)", "Carlos Pérez (Subdirector de Gestión Jurídica Aduanera)", "Lucía Gómez (Subdirectora de Fiscalización Aduanera)"}
	if !g.Concepto.FechaSesion.Igual(fecha.Debe(2026, 3, 17)) || strings.Join(g.Concepto.Miembros, "|") != strings.Join(want, "|") || g.SesionID != s.ID {
		t.Fatalf("concepto %+v", g)
	}
	// Attendance is fixed once a concepto carries it.
	if err := Nuevo(d).RegistrarAsistencia(ctx, s.ID, "Otro", "Otro", nil, sComite); !esPaso(err) {
		t.Fatalf("se cambió la asistencia después de un concepto: %v", err)
	}
	// Only the Comité records; a case off the agenda is refused.
	s2, cs2 := sesionConCasos(t, d, 3, 1)
	if _, err := Nuevo(d).RegistrarConceptoEnSesion(ctx, s2.ID, cs2[0].ID, conceptoMulta(), sSecretaria); !esPaso(err) {
		t.Fatalf("la Secretaría registró un concepto: %v", err)
	}
	otro := abrir(t, d, nitEjemplo, sSeccional)
	llevar(t, d, otro.ID, flujo.EnComite)
	if _, err := Nuevo(d).RegistrarConceptoEnSesion(ctx, s2.ID, otro.ID, conceptoMulta(), sComite); !esPaso(err) || !strings.Contains(err.Error(), "orden del día") {
		t.Fatalf("concepto de un caso fuera del orden del día: %v", err)
	}
}

func TestSesion_gestionPorRolYOrdenSoloConCasosEnComite(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	for _, q := range []dominio.ActorCaso{sSeccional, sAuditor, sAdmin} {
		if _, err := Nuevo(d).ConvocarSesion(ctx, sesionEjemplo(2), q); !errors.Is(err, db.ErrSesionRol) {
			t.Errorf("%s convocó una sesión: %v", q.Rol, err)
		}
	}
	s, err := Nuevo(d).ConvocarSesion(ctx, sesionEjemplo(2), sComite)
	if err != nil {
		t.Fatal(err)
	}
	if s.Numero != "SC-2026-001" {
		t.Errorf("número %q", s.Numero)
	}
	var fe *db.ErrFormulario
	mala := sesionEjemplo(1)
	mala.Hora, mala.Modalidad, mala.Miembros[0].Cargo = "25:00", "remota", ""
	if _, err := Nuevo(d).ConvocarSesion(ctx, mala, sComite); !errors.As(err, &fe) || fe.Campos["hora"] == "" || fe.Campos["modalidad"] == "" || fe.Campos["miembros"] == "" {
		t.Fatalf("sesión inválida: %v", err)
	}
	c := abrir(t, d, nitEjemplo, sSeccional)
	if err := Nuevo(d).AgregarAlOrden(ctx, s.ID, c.ID, sComite); !esPaso(err) {
		t.Fatalf("un caso reportado entró al orden del día: %v", err)
	}
	llevar(t, d, c.ID, flujo.EnComite)
	if err := Nuevo(d).AgregarAlOrden(ctx, s.ID, c.ID, sAuditor); !errors.Is(err, db.ErrSesionRol) {
		t.Fatalf("el auditor armó el orden del día: %v", err)
	}
	if err := Nuevo(d).AgregarAlOrden(ctx, s.ID, c.ID, sComite); err != nil {
		t.Fatal(err)
	}
	if err := Nuevo(d).AgregarAlOrden(ctx, s.ID, c.ID, sComite); !esPaso(err) {
		t.Fatalf("el caso entró dos veces: %v", err)
	}
	prox, err := d.SesionesProximas(ctx, fecha.Debe(2026, 3, 17))
	if err != nil || len(prox) != 1 || len(prox[0].Orden) != 1 {
		t.Fatalf("sesiones próximas: %v %+v", err, prox)
	}
	if prox, _ := d.SesionesProximas(ctx, fecha.Debe(2026, 3, 18)); len(prox) != 0 {
		t.Fatalf("una sesión pasada figura como próxima: %+v", prox)
	}
}
