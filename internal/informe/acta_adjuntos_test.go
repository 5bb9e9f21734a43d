package informe

import (
	"strings"
	"testing"
	"time"

	"comite/internal/fecha"
	"comite/internal/flujo"
)

// textoSecciones is every text of the sections, tables included.
func textoSecciones(ss []Seccion) string {
	var b strings.Builder
	for _, s := range ss {
		b.WriteString(s.Titulo + "\n")
		for _, x := range s.Bloques {
			b.WriteString(x.Texto + "\n")
			if x.Tabla != nil {
				for _, f := range x.Tabla.Filas {
					b.WriteString(strings.Join(f, " | ") + "\n")
				}
			}
		}
	}
	return b.String()
}

// The acta lists the files of each case decided in the session, as they
// stood at its issue: one attached later is not in it, one withdrawn later
// is still in force; a case without concepto lists none.
func TestArmarActa_adjuntosDeCadaCasoDecididoAlEmitirla(t *testing.T) {
	emision := time.Date(2026, 3, 20, 15, 0, 0, 0, time.UTC)
	antes, despues := emision.Add(-48*time.Hour), emision.Add(time.Hour)
	f := fecha.Debe(2026, 3, 2)
	adjs := []AdjuntoGuardado{
		{Numero: 1, Tipo: "informe_seccional", Descripcion: "Informe de Cartagena", Fecha: &f, SHA256: strings.Repeat("a", 64), Instante: antes},
		{Numero: 2, Tipo: "acta_inspeccion", Descripcion: "Acta retirada después", SHA256: strings.Repeat("b", 64), Instante: antes, Retiro: "equivocada", RetiroInstante: despues},
		{Numero: 3, Tipo: "fotografia", Descripcion: "Foto posterior", SHA256: strings.Repeat("c", 64), Instante: despues},
	}
	fuente := FuenteActa{Numero: "SC-2026-001", Puntos: []PuntoFuente{
		{Posicion: 1, Caso: "CF-2026-0001", RazonSocial: "Agencia", Estado: flujo.ConceptoEmitido, Adjuntos: adjs,
			Conceptos: []ConceptoGuardado{{Concepto: flujo.Concepto{Decision: flujo.DecisionMultaIncrementada}, RegistradoEn: antes}}},
		{Posicion: 2, Caso: "CF-2026-0002", RazonSocial: "Otra", Estado: flujo.EnComite, Aplazado: "falta quórum", Adjuntos: adjs},
	}}
	a := ArmarActa(fuente, 1, "Sara", emision)
	if len(a.Puntos[0].Adjuntos) != 2 || a.Puntos[0].Adjuntos[1].Retiro != "" || len(a.Puntos[1].Adjuntos) != 0 {
		t.Fatalf("adjuntos del acta: %+v", a.Puntos)
	}
	txt := textoSecciones(SeccionesActa(a))
	for _, quiere := range []string{"Pruebas y antecedentes adjuntos al caso:", "1 | Informe de la Dirección Seccional | Informe de Cartagena | 02/03/2026",
		"2 | Acta de inspección o aprehensión | Acta retirada después | —", strings.Repeat("a", 64) + "  adjunto 1", strings.Repeat("b", 64) + "  adjunto 2"} {
		if !strings.Contains(txt, quiere) {
			t.Errorf("el acta no dice %q:\n%s", quiere, txt)
		}
	}
	if strings.Contains(txt, "Foto posterior") || strings.Count(txt, "Pruebas y antecedentes adjuntos al caso:") != 1 {
		t.Errorf("el acta lista lo que no debe:\n%s", txt)
	}
}
