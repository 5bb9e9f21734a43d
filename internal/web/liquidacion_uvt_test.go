package web

import (
	"net/url"
	"strings"
	"testing"
	"time"
)

// Art. 25 inc. 1: the UVT of the sanction proposed in the REA is that of the
// REA's year; before there is one, the verification's, shown as
// provisional. The case's liquidation page takes that date by default, not
// today's, so it and the REA proposal give the same +1.000 UVT.
func TestLiquidacionCaso_art25_fechaDeLaUVTComoLaPropuestaDelREA(t *testing.T) {
	e := nuevoEntorno(t)
	*e.ahora = time.Date(2027, 1, 15, 15, 0, 0, 0, time.UTC) // a year later: today's UVT would be another
	s := e.ingresar("secretaria")
	caso := "/casos/" + e.casoMatriz()
	rec := e.pedir("GET", caso+"/liquidacion?"+url.Values{"infraccion": {"D920-35-3.2"}}.Encode(), &s, nil)
	if rec.Code != 200 {
		t.Fatalf("página de liquidación: %d", rec.Code)
	}
	doc := documento(t, rec)
	if got, _ := doc.Find(`input[name="fecha"]`).Attr("value"); got != "02/03/2026" {
		t.Errorf("fecha de la liquidación %q, se esperaba la de la verificación 02/03/2026", got)
	}
	if nota := testid(doc, "nota-caso").Text(); !strings.Contains(nota, "provisional: se recalcula con la UVT del año del requerimiento especial aduanero") {
		t.Errorf("nota: %q", nota)
	}
}
