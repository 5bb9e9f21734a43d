package web

import (
	"strings"
	"testing"

	"comite/internal/flujo"
)

// «¿Qué sigue?» says, in each state of the case (dominio §3), who takes the
// step that moves it on and until when its stage's internal term runs —
// the same date the case list shows under «Vence la etapa».
func TestCaso_dominio3_queSigueQuienYHastaCuando(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	s := e.ingresar("auditor")
	for _, c := range []struct {
		estado       flujo.Estado
		quien, paso  string
		conTermino   bool
		terminadoDic string
	}{
		{flujo.Reportado, "La Secretaría Técnica", "Iniciar la evaluación", true, ""},
		{flujo.EnEvaluacion, "La Secretaría Técnica", "Presentar el informe gerencial al Comité", true, ""},
		{flujo.EnComite, "El Comité de Fiscalización", "Registrar el concepto del Comité", true, ""},
		{flujo.ConceptoEmitido, "La Secretaría Técnica o la Dirección Seccional", "Registrar la propuesta del requerimiento especial aduanero", true, ""},
		{flujo.Cerrado, "", "", false, "no sigue ningún paso"},
	} {
		f := formCaso(nitCaso)
		f.Set("confirmar_duplicado", "si")
		ruta := e.reportar("seccional", f)
		if c.estado != flujo.Reportado {
			e.llevarHTTP(ruta, c.estado)
		}
		numero := e.numeroCaso(strings.TrimPrefix(ruta, "/casos/"))
		venceEnLista := func() string {
			doc := documento(t, e.pedir("GET", "/casos?q="+numero, &s, nil))
			return testid(doc, "caso-"+numero).Find("td").Eq(6).Text()
		}
		doc := documento(t, e.pedir("GET", ruta, &s, nil))
		caja := testid(doc, "que-sigue")
		if c.terminadoDic != "" {
			if !strings.Contains(testid(doc, "que-sigue-terminado").Text(), c.terminadoDic) {
				t.Fatalf("%s: %q", c.estado, caja.Text())
			}
			continue
		}
		if !strings.Contains(caja.Text(), c.quien+": "+c.paso) {
			t.Errorf("%s: «¿Qué sigue?» = %q; quiere %q", c.estado, caja.Text(), c.quien+": "+c.paso)
		}
		plazo := testid(doc, "que-sigue-plazo").Text()
		if v := strings.TrimSpace(venceEnLista()); len(v) < 10 || !strings.Contains(plazo, "Vence el "+v[:10]) {
			t.Errorf("%s: plazo %q; la lista dice %q", c.estado, plazo, v)
		}
	}
}
