package liquidacion

import (
	"strings"
	"testing"

	"comite/internal/normas"
	"comite/internal/sancion"
	"comite/internal/valores"
)

// Input amounts are used exactly; each computed amount is rounded at its step.
func TestArt22_num1_montosExactos(t *testing.T) {
	correrCasos(t, []caso{
		{nombre: "art22_num1_art24_ejemplo_con_centavos_592592", s: con(sol(Aduanero, multaCOP("a", "1234567.89"), multaCOP("b", "1000000.01")), allanamiento(DespuesRequerimiento, false, false)),
			sancion: sancion.Multa, total: "592592", pasos: map[string]esperado{PasoBase: {true, "2234567.9"}, PasoConcurrencia: {true, "1481481"}, PasoAllanamiento: {true, "592592"}}},
		{nombre: "art22_num1_un_centavo_de_diferencia_no_son_iguales", s: sol(Aduanero, multaCOP("a", "1000000"), multaCOP("b", "1000000.01")),
			sancion: sancion.Multa, total: "1200000", pasos: map[string]esperado{PasoConcurrencia: {true, "1200000"}}},
	})
	for _, c := range []struct {
		name, b string
		igual   bool
	}{{"art22_num1_iguales_dice_igual_valor", "1000000", true}, {"art22_num1_un_centavo_no_dice_igual_valor", "1000000.01", false}} {
		t.Run(c.name, func(t *testing.T) {
			l, err := Liquidar(sol(Aduanero, multaCOP("a", "1000000"), multaCOP("b", c.b)), valores.Integrada())
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Contains(paso(l, PasoConcurrencia).Detalle, "de igual valor"); got != c.igual {
				t.Errorf("«de igual valor» = %v: %s", got, paso(l, PasoConcurrencia).Detalle)
			}
		})
	}
}

// Bill of 2025, num. 5: the OEA reduction does not accumulate; two
// alternatives, the lower for the user applies, and the step shows both.
func TestLey2025_num5_oeaNoSeAcumula(t *testing.T) {
	r := func(reds ...Reduccion) Solicitud {
		return con(sol(Ley2025, multaCOP("a", "100000000")), func(s *Solicitud) { s.Reducciones = reds })
	}
	correrCasos(t, []caso{
		{nombre: "ley2025_num5_oea_sola_30", s: r(OEASegundaInfraccion), sancion: sancion.Multa, total: "30000000",
			claves: map[string]string{PasoReducciones: normas.L2025OEA}},
		{nombre: "ley2025_num5_oea_con_num2_gana_el_20", s: r(OEASegundaInfraccion, CumplimientoExtemporaneo), sancion: sancion.Multa, total: "20000000",
			pasos: map[string]esperado{PasoReducciones: {true, "20000000"}}},
		{nombre: "ley2025_num5_oea_con_num3_gana_el_20", s: r(OEASegundaInfraccion, FinalizacionExtemporanea), sancion: sancion.Multa, total: "20000000"},
		{nombre: "ley2025_num5_oea_con_allanamiento_antes_gana_el_allanamiento", s: con(r(OEASegundaInfraccion), allanamiento(AntesRequerimiento, false, false)),
			sancion: sancion.Multa, total: "20000000", pasos: map[string]esperado{PasoReducciones: {false, "100000000"}, PasoAllanamiento: {true, "20000000"}}},
		{nombre: "ley2025_num5_oea_con_allanamiento_en_el_recurso_gana_el_oea", s: con(r(OEASegundaInfraccion), allanamiento(TerminoRecurso, false, false)),
			sancion: sancion.Multa, total: "30000000", pasos: map[string]esperado{PasoReducciones: {true, "30000000"}, PasoAllanamiento: {false, "30000000"}},
			claves: map[string]string{PasoReducciones: normas.CriterioOEA, PasoAllanamiento: normas.CriterioOEA}},
		{nombre: "ley2025_num5_oea_con_num2_y_allanamiento_gana_b", s: con(r(OEASegundaInfraccion, CumplimientoExtemporaneo), allanamiento(TerminoRecurso, false, false)),
			sancion: sancion.Multa, total: "12000000", pasos: map[string]esperado{PasoReducciones: {true, "20000000"}, PasoAllanamiento: {true, "12000000"}}},
	})
	l, err := Liquidar(con(r(OEASegundaInfraccion), allanamiento(TerminoRecurso, false, false)), valores.Integrada())
	if err != nil {
		t.Fatal(err)
	}
	d := paso(l, PasoReducciones).Detalle
	for _, w := range []string{"Alternativa (a)", "$ 30.000.000", "Alternativa (b)", "$ 60.000.000", "Se aplica la alternativa (a)", "criterio adoptado por la Secretaría Técnica"} {
		if !strings.Contains(d, w) {
			t.Errorf("falta %q en %q", w, d)
		}
	}
}

// Decreto 2147 de 2016, art. 86: the earlier occurrences of an infraction
// sanctioned with amonestación are both counts; 200 UVT × (1 + 0,2 (n − 1)),
// never above 400 UVT (2026: 52.374).
func TestD2147_art86_amonestacionRepetida(t *testing.T) {
	amon := func(previas, reinc int) Solicitud {
		return Solicitud{Regimen: ZonaFranca, FechaLiquidacion: f2026, Infracciones: []Infraccion{otra("a", sancion.Amonestacion)}, AmonestacionesPrevias: previas, ReincidenciasPrevias: reinc}
	}
	correrCasos(t, []caso{
		{nombre: "d2147_art86_n0_amonestacion", s: amon(0, 0), sancion: sancion.Amonestacion, total: ""},
		{nombre: "d2147_art86_n1_200_uvt", s: amon(1, 0), sancion: sancion.Multa, total: "10475000"},
		{nombre: "d2147_art86_n1_solo_una_multa_previa_200_uvt", s: amon(0, 1), sancion: sancion.Multa, total: "10475000"},
		{nombre: "d2147_art86_n2_una_y_una_240_uvt", s: amon(1, 1), sancion: sancion.Multa, total: "12570000"},
		{nombre: "d2147_art86_n6_400_uvt", s: amon(2, 4), sancion: sancion.Multa, total: "20950000"},
		{nombre: "d2147_art86_n7_tope_400_uvt", s: amon(3, 4), sancion: sancion.Multa, total: "20950000"},
	})
}

// Bill of 2025: with the income cap requested the total never exceeds it,
// also when the 10 UVT minimum (524.000 in 2026) would raise it above.
func TestLey2025_topeYMinimo(t *testing.T) {
	ing := func(v, ingresos string) Solicitud {
		return con(sol(Ley2025, multaCOP("a", v)), func(s *Solicitud) { s.IngresosBrutos = d(ingresos) })
	}
	correrCasos(t, []caso{
		{nombre: "ley2025_tope_bajo_el_minimo_eleva_solo_hasta_el_tope", s: ing("100000", "1000000"), sancion: sancion.Multa, total: "400000",
			pasos: map[string]esperado{PasoTopeIngresos: {false, "100000"}, PasoMinimo: {true, "400000"}}},
		{nombre: "ley2025_tope_aplicado_bajo_el_minimo_queda_en_el_tope", s: ing("450000", "1000000"), sancion: sancion.Multa, total: "400000",
			pasos: map[string]esperado{PasoTopeIngresos: {true, "400000"}, PasoMinimo: {false, "400000"}}},
		{nombre: "ley2025_tope_sobre_el_minimo_eleva_al_minimo", s: ing("100000", "2000000"), sancion: sancion.Multa, total: "524000",
			pasos: map[string]esperado{PasoMinimo: {true, "524000"}}},
	})
	l, err := Liquidar(ing("450000", "1000000"), valores.Integrada())
	if err != nil {
		t.Fatal(err)
	}
	if m := paso(l, PasoMinimo).Detalle; !strings.Contains(m, "el mínimo supera el tope pedido") || !strings.Contains(m, "el total queda en el tope") {
		t.Errorf("mínimo: %q", m)
	}
}
