package liquidacion

import (
	"errors"
	"strings"
	"testing"
	"time"

	"comite/internal/fecha"
	"comite/internal/normas"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

func n(v int) *int { return &v }

func propias(inf Infraccion, amonestaciones, reincidencias *int) Infraccion {
	inf.AmonestacionesPrevias, inf.ReincidenciasPrevias = amonestaciones, reincidencias
	return inf
}

// The repetitions change the sanction of their own infraction before the
// concurrence compares them (Decreto Ley 920 de 2023, art. 22 num. 4 and
// num. 1; Decreto 2147 de 2016, art. 86).
func TestRepeticionAntesDeConcurrencia(t *testing.T) {
	correrCasos(t, []caso{
		{nombre: "art22_num4_y_num1_tercera_amonestacion_concurre_con_multa_150_uvt_mas_20",
			s:       sol(Aduanero, multaCOP("a", "5000000"), propias(otra("b", sancion.Amonestacion), n(2), nil)),
			sancion: sancion.Multa, total: "9427200", // 7.856.000 × 1,2, below the sum 12.856.000
			pasos:  map[string]esperado{PasoBase: {true, "5000000"}, PasoReincidencia: {true, "12856000"}, PasoConcurrencia: {true, "9427200"}},
			claves: map[string]string{PasoReincidencia: normas.LeveRepetida}},
		{nombre: "art22_num4_y_num1_segunda_amonestacion_prevalece_la_multa",
			s:       sol(Aduanero, multaCOP("a", "5000000"), propias(otra("b", sancion.Amonestacion), n(1), nil)),
			sancion: sancion.Multa, total: "5000000",
			pasos: map[string]esperado{PasoReincidencia: {false, "5000000"}, PasoConcurrencia: {true, "5000000"}}},
		{nombre: "art22_num4_cuenta_general_aplica_a_la_infraccion_sin_cuenta_propia",
			s:       con(sol(Aduanero, multaCOP("a", "5000000"), otra("b", sancion.Amonestacion)), func(s *Solicitud) { s.AmonestacionesPrevias = 2 }),
			sancion: sancion.Multa, total: "9427200"},
		{nombre: "art22_num4_cuenta_propia_prevalece_sobre_la_general",
			s:       con(sol(Aduanero, multaCOP("a", "5000000"), propias(otra("b", sancion.Amonestacion), n(0), nil)), func(s *Solicitud) { s.AmonestacionesPrevias = 2 }),
			sancion: sancion.Multa, total: "5000000"},
		{nombre: "art22_num4_dos_amonestaciones_una_repetida_150_uvt",
			s:       sol(Aduanero, propias(otra("a", sancion.Amonestacion), n(2), nil), propias(otra("b", sancion.Amonestacion), n(0), nil)),
			sancion: sancion.Multa, total: "7856000",
			pasos: map[string]esperado{PasoBase: {false, ""}, PasoReincidencia: {true, "7856000"}, PasoConcurrencia: {true, "7856000"}}},
		{nombre: "d2147_art86_amonestacion_repetida_200_uvt_concurre_con_multa",
			s:       sol(ZonaFranca, multaCOP("a", "8000000"), propias(otra("b", sancion.Amonestacion), n(1), nil)),
			sancion: sancion.Multa, total: "12570000", // 10.475.000 × 1,2, below the sum 18.475.000
			pasos:  map[string]esperado{PasoReincidencia: {true, "18475000"}, PasoConcurrencia: {true, "12570000"}},
			claves: map[string]string{PasoReincidencia: normas.ZFAmonestacion}},
		{nombre: "d2147_art86_amonestacion_sin_reincidencia_prevalece_la_multa",
			s:       sol(ZonaFranca, multaCOP("a", "8000000"), propias(otra("b", sancion.Amonestacion), n(0), nil)),
			sancion: sancion.Multa, total: "8000000"},
		{nombre: "d2147_art86_mas_20_solo_en_la_infraccion_repetida",
			s:       sol(ZonaFranca, propias(multaCOP("a", "10000000"), nil, n(1)), propias(multaCOP("b", "10000000"), nil, n(0))),
			sancion: sancion.Multa, total: "14400000", // 12.000.000 × 1,2
			pasos:  map[string]esperado{PasoReincidencia: {true, "22000000"}, PasoConcurrencia: {true, "14400000"}},
			claves: map[string]string{PasoReincidencia: normas.ZFReincidencia}},
		{nombre: "d2147_art86_la_repetida_menor_pasa_a_ser_la_mas_alta",
			s:       sol(ZonaFranca, propias(multaCOP("a", "10000000"), nil, n(5)), propias(multaCOP("b", "15000000"), nil, n(0))),
			sancion: sancion.Multa, total: "24000000", // a: 20.000.000 (tope 100 %) × 1,2 = 24.000.000 < 35.000.000
		},
	})
}

// Zona franca: the sanctions are MinCIT's under Ley 1437 de 2011 (Decreto
// 2147 de 2016, art. 86): neither the Comité's +1.000 UVT nor the 10 UVT minimum.
func TestZonaFrancaSinIncrementoNiMinimo(t *testing.T) {
	comite := func(s *Solicitud) { s.IncrementoComite = true }
	correrCasos(t, []caso{
		{nombre: "d2147_art86_ley1437_sin_incremento_comite", s: con(sol(ZonaFranca, multaCOP("a", "10000000")), comite),
			sancion: sancion.Multa, total: "10000000",
			pasos:  map[string]esperado{PasoIncrementoComite: {false, "10000000"}},
			claves: map[string]string{PasoIncrementoComite: normas.ProcedimientoMinCIT}},
		{nombre: "art25_aduanero_con_incremento_comite", s: con(sol(Aduanero, multaCOP("a", "10000000")), comite),
			sancion: sancion.Multa, total: "62374000"},
		{nombre: "d2147_art86_ley1437_sin_minimo_10_uvt", s: sol(ZonaFranca, multaCOP("a", "100000")),
			sancion: sancion.Multa, total: "100000",
			pasos:  map[string]esperado{PasoMinimo: {false, "100000"}},
			claves: map[string]string{PasoMinimo: normas.ProcedimientoMinCIT}},
		{nombre: "minimo_10_uvt_aduanero_misma_multa_sube", s: sol(Aduanero, multaCOP("a", "100000")),
			sancion: sancion.Multa, total: "524000"},
		{nombre: "d2147_art86_allanamiento_bajo_10_uvt_se_mantiene", s: con(sol(ZonaFranca, multaCOP("a", "1000000")), allanamiento(AntesRequerimiento, false, false)),
			sancion: sancion.Multa, total: "200000"},
	})
	l, err := Liquidar(con(sol(ZonaFranca, multaCOP("a", "100000")), comite), valores.Integrada())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []Paso{paso(l, PasoIncrementoComite), paso(l, PasoMinimo)} {
		if !strings.Contains(p.Detalle, "Ley 1437 de 2011") || !strings.Contains(p.Detalle, "Ministerio de Comercio, Industria y Turismo") {
			t.Errorf("d2147_art86 paso %s no dice por qué no aplica: %s", p.Paso, p.Detalle)
		}
	}
}

// Bill of 2025: the 10 UVT minimum never lifts a multa above the 40 % income cap.
func TestLey2025MinimoNoSuperaTope(t *testing.T) {
	l25 := func(v, ingresos string) Solicitud {
		s := sol(Ley2025, multaCOP("a", v))
		if ingresos != "" {
			s.IngresosBrutos = d(ingresos)
		}
		return s
	}
	correrCasos(t, []caso{
		{nombre: "ley2025_tope_40_bajo_el_minimo_queda_en_el_tope", s: l25("100000000", "1000000"), sancion: sancion.Multa, total: "400000",
			pasos: map[string]esperado{PasoTopeIngresos: {true, "400000"}, PasoMinimo: {false, "400000"}}},
		{nombre: "ley2025_tope_40_un_peso_bajo_el_minimo", s: l25("100000000", "1309997.5"), sancion: sancion.Multa, total: "523999",
			pasos: map[string]esperado{PasoTopeIngresos: {true, "523999"}, PasoMinimo: {false, "523999"}}},
		{nombre: "ley2025_tope_40_igual_al_minimo", s: l25("100000000", "1310000"), sancion: sancion.Multa, total: "524000",
			pasos: map[string]esperado{PasoMinimo: {false, "524000"}}},
		{nombre: "ley2025_tope_40_un_peso_sobre_el_minimo", s: l25("100000000", "1310002.5"), sancion: sancion.Multa, total: "524001"},
		{nombre: "ley2025_multa_bajo_tope_y_minimo_sube_solo_al_tope", s: l25("300000", "1000000"), sancion: sancion.Multa, total: "400000",
			pasos: map[string]esperado{PasoTopeIngresos: {false, "300000"}, PasoMinimo: {true, "400000"}}},
		{nombre: "ley2025_multa_bajo_minimo_sin_tope_sube_al_minimo", s: l25("300000", ""), sancion: sancion.Multa, total: "524000",
			pasos: map[string]esperado{PasoMinimo: {true, "524000"}}},
		{nombre: "ley2025_tope_sobre_el_minimo_sube_al_minimo", s: l25("300000", "5000000"), sancion: sancion.Multa, total: "524000"},
	})
}

// Combinations that cannot happen are refused naming the fields; one step
// away from each, the request is accepted.
func TestCombinacionesImposibles(t *testing.T) {
	casos := []struct {
		nombre string
		s      Solicitud
		campos []string // "" = accepted
	}{
		{"ley2025_tope_con_allanamiento_antes_requerimiento_art24_num1",
			con(con(sol(Ley2025, multaCOP("a", "1000000")), allanamiento(AntesRequerimiento, false, false)), func(s *Solicitud) { s.IngresosBrutos = d("1000000") }),
			[]string{"ingresos_brutos_cop", "allanamiento.etapa", "antes_requerimiento"}},
		{"ley2025_tope_con_allanamiento_despues_requerimiento_art24_num2_termina_el_proceso",
			con(con(sol(Ley2025, multaCOP("a", "1000000")), allanamiento(DespuesRequerimiento, false, false)), func(s *Solicitud) { s.IngresosBrutos = d("1000000") }),
			[]string{"ingresos_brutos_cop", "allanamiento.etapa", "despues_requerimiento", "termina el proceso"}},
		{"ley2025_tope_con_allanamiento_termino_recurso_art24_num3_se_admite",
			con(con(sol(Ley2025, multaCOP("a", "1000000")), allanamiento(TerminoRecurso, false, false)), func(s *Solicitud) { s.IngresosBrutos = d("1000000") }),
			nil},
		{"ley2025_num4_sin_antecedentes_con_num5_oea",
			con(sol(Ley2025, multaCOP("a", "1000000")), func(s *Solicitud) { s.Reducciones = []Reduccion{OEASegundaInfraccion, SinAntecedentesINFAD} }),
			[]string{"reducciones[1]", "sin_antecedentes_infad", "oea_segunda_infraccion"}},
		{"ley2025_num4_sin_antecedentes_solo",
			con(sol(Ley2025, multaCOP("a", "1000000")), func(s *Solicitud) { s.Reducciones = []Reduccion{SinAntecedentesINFAD} }),
			nil},
		{"art25_incremento_comite_solo_amonestaciones",
			con(sol(Aduanero, otra("a", sancion.Amonestacion), otra("b", sancion.Amonestacion)), func(s *Solicitud) { s.IncrementoComite = true }),
			[]string{"incremento_comite", "amonestación"}},
		{"art25_incremento_comite_amonestacion_repetida_sigue_siendo_leve",
			con(sol(Aduanero, propias(otra("a", sancion.Amonestacion), n(2), nil)), func(s *Solicitud) { s.IncrementoComite = true }),
			[]string{"incremento_comite"}},
		{"art25_incremento_comite_amonestacion_y_multa",
			con(sol(Aduanero, otra("a", sancion.Amonestacion), multaCOP("b", "1000000")), func(s *Solicitud) { s.IncrementoComite = true }),
			nil},
		{"art22_num4_cuenta_propia_negativa",
			sol(Aduanero, propias(otra("a", sancion.Amonestacion), n(-1), nil)),
			[]string{"infracciones[0].amonestaciones_previas: "}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			_, err := Liquidar(c.s, valores.Integrada())
			if c.campos == nil {
				if err != nil {
					t.Fatalf("se rechazó una combinación posible: %v", err)
				}
				return
			}
			var e *ErrSolicitud
			if !errors.As(err, &e) || len(e.Problemas) != 1 {
				t.Fatalf("se esperaba un problema, fue %v", err)
			}
			for _, campo := range c.campos {
				if !strings.Contains(e.Problemas[0], campo) {
					t.Errorf("el problema no nombra %q: %s", campo, e.Problemas[0])
				}
			}
		})
	}
}

// The steps cite only legal texts, and what they apply.
func TestCitasDeLosPasos(t *testing.T) {
	s := con(sol(Ley2025, multaCOP("a", "100000")), allanamiento(DespuesRequerimiento, false, false))
	l, err := Liquidar(s, valores.Integrada())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range l.Pasos {
		ref := normas.De(p.Fundamento).Referencia()
		for _, prohibido := range []string{".md", "dominio", "contrato", "§"} {
			if strings.Contains(ref, prohibido) || strings.Contains(p.Detalle, prohibido) {
				t.Errorf("paso %s cita un documento del proyecto (%q): %s | %s", p.Paso, prohibido, ref, p.Detalle)
			}
		}
		if !strings.HasPrefix(p.Detalle, "Proyecto de ley — no vigente. ") {
			t.Errorf("ley2025 paso %s no dice que es un proyecto no vigente: %s", p.Paso, p.Detalle)
		}
	}
	if c := normas.De(paso(l, PasoBase).Fundamento); strings.Contains(c.Referencia(), "art. 22") || !strings.Contains(c.Texto, "868") || !strings.Contains(c.Texto, "sanción prevista") {
		t.Errorf("art868_base cita %q (%q): debe citar la sanción prevista y la UVT, no el art. 22", c.Referencia(), c.Texto)
	}
	if ref := normas.De(paso(l, PasoMinimo).Fundamento).Referencia(); ref != "Sanción mínima — artículo por confirmar" {
		t.Errorf("minimo cita %q", ref)
	}
	a := paso(l, PasoAllanamiento)
	if a.Fundamento != normas.Allanamiento || !strings.Contains(a.Detalle, "art. 19 del proyecto") || !strings.Contains(a.Detalle, "no está disponible") {
		t.Errorf("ley2025 allanamiento: cita %s, detalle %q", a.Fundamento, a.Detalle)
	}
	if strings.Contains(normas.De(a.Fundamento).Referencia(), "19") {
		t.Errorf("ley2025 allanamiento cita el art. 19 que no aplica")
	}
	// In the other regimes no step says it is a bill.
	l, _ = Liquidar(sol(Aduanero, multaCOP("a", "100000")), valores.Integrada())
	for _, p := range l.Pasos {
		if strings.Contains(p.Detalle, "no vigente") {
			t.Errorf("aduanero paso %s dice «no vigente»: %s", p.Paso, p.Detalle)
		}
	}
}

// Formal wording and agreement of the texts shown to the Comité.
func TestRedaccionDeLosPasos(t *testing.T) {
	casos := []struct {
		nombre   string
		s        Solicitud
		paso     string
		contiene []string
		excluye  []string
	}{
		{"d2147_art86_una_vez", con(sol(ZonaFranca, multaCOP("a", "10000000")), func(s *Solicitud) { s.ReincidenciasPrevias = 1 }), PasoReincidencia,
			[]string{"1 vez antes"}, []string{"1 veces"}},
		{"d2147_art86_dos_veces", con(sol(ZonaFranca, multaCOP("a", "10000000")), func(s *Solicitud) { s.ReincidenciasPrevias = 2 }), PasoReincidencia,
			[]string{"2 veces antes"}, nil},
		{"d2147_art86_una_reincidencia_posterior", con(sol(ZonaFranca, otra("a", sancion.Amonestacion)), func(s *Solicitud) { s.AmonestacionesPrevias = 2 }), PasoReincidencia,
			[]string{"por 1 ocurrencia posterior a la primera", "2 amonestaciones previas"}, []string{"1 ocurrencias"}},
		{"d2147_art86_una_amonestacion_previa", con(sol(ZonaFranca, otra("a", sancion.Amonestacion)), func(s *Solicitud) { s.AmonestacionesPrevias = 1 }), PasoReincidencia,
			[]string{"1 amonestación previa"}, []string{"1 amonestaciones"}},
		{"d2147_art86_no_se_registra_la_comision", sol(ZonaFranca, multaCOP("a", "10000000")), PasoReincidencia,
			[]string{"No se registra la comisión de la misma infracción"}, []string{"No hay otras comisiones"}},
		{"art22_num4_una_amonestacion_previa", con(sol(Aduanero, otra("a", sancion.Amonestacion)), func(s *Solicitud) { s.AmonestacionesPrevias = 1 }), PasoReincidencia,
			[]string{"Se registra 1 amonestación previa en firme"}, []string{"1 amonestaciones"}},
		{"art22_num4_emplazamiento", con(sol(Aduanero, otra("a", sancion.Amonestacion)), func(s *Solicitud) { s.AmonestacionesPrevias = 2 }), PasoReincidencia,
			[]string{"Se registran 2 amonestaciones previas en firme", "fecha de expedición del emplazamiento"}, nil},
		{"art25_se_suman_1000_uvt", con(sol(Aduanero, multaCOP("a", "10475000")), func(s *Solicitud) { s.IncrementoComite = true }), PasoIncrementoComite,
			[]string{"se suman 1.000 UVT", "en concepto del Comité de Fiscalización, no procede la cancelación"}, []string{"se suma 1.000", "si no procede"}},
		{"art24_num2_hasta_antes_de_notificarse", con(sol(Aduanero, multaCOP("a", "10000000")), allanamiento(DespuesRequerimiento, false, false)), PasoAllanamiento,
			[]string{"hasta antes de notificarse la decisión de fondo"}, nil},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			l, err := Liquidar(c.s, valores.Integrada())
			if err != nil {
				t.Fatal(err)
			}
			det := paso(l, c.paso).Detalle
			for _, x := range c.contiene {
				if !strings.Contains(det, x) {
					t.Errorf("falta %q en %q", x, det)
				}
			}
			for _, x := range c.excluye {
				if strings.Contains(det, x) {
					t.Errorf("sobra %q en %q", x, det)
				}
			}
		})
	}
}

// The rule set is chosen by the date of the facts (fecha_liquidacion when no
// other is given); after every validity, the latest one with the alert.
// DL920-2023 rules from 06/06/2023 to 20/06/2026 (Corte Constitucional C-072
// de 2025, effects deferred).
func TestConjuntoPorFecha(t *testing.T) {
	casos := []struct {
		nombre  string
		f       fecha.Fecha
		vig     valores.Vigencia
		alertas []string
		nota    string
	}{
		{"c072_2025_ultimo_dia_de_vigencia", fecha.Debe(2026, time.June, 20), valores.EnVigencia, nil, "vigente desde el 06/06/2023 hasta el 20/06/2026"},
		{"c072_2025_dia_siguiente_sin_vigencia_confirmada", fecha.Debe(2026, time.June, 21), valores.PosteriorAVigencias, []string{AlertaNormaSinVigencia}, "confirme la norma aplicable"},
		{"dl920_primer_dia_de_vigencia", fecha.Debe(2023, time.June, 6), valores.EnVigencia, nil, "Conjunto de reglas DL920-2023"},
		{"dl920_dia_anterior_hecho_anterior_a_la_vigencia", fecha.Debe(2023, time.June, 5), valores.AnteriorAVigencias, []string{AlertaHechoAnterior}, "anterior a la vigencia del Decreto Ley 920 de 2023"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			s := sol(Aduanero, multaCOP("a", "10000000"))
			s.FechaLiquidacion = c.f
			l, err := Liquidar(s, valores.Integrada())
			if err != nil {
				t.Fatal(err)
			}
			if l.Vigencia != c.vig || l.Reglas != valores.DL920.ID || !strings.Contains(l.NotaVigencia, c.nota) {
				t.Errorf("vigencia %v, reglas %s, nota %q", l.Vigencia, l.Reglas, l.NotaVigencia)
			}
			if strings.Join(l.Alertas, ",") != strings.Join(c.alertas, ",") {
				t.Errorf("alertas %v, se esperaban %v", l.Alertas, c.alertas)
			}
		})
	}

	// The date of the facts, when given, chooses (not the liquidation date).
	s := sol(Aduanero, multaCOP("a", "10000000"))
	s.FechaLiquidacion = fecha.Debe(2026, time.July, 1)
	s.FechaHechos = fecha.Debe(2026, time.March, 2)
	if l, _ := Liquidar(s, valores.Integrada()); len(l.Alertas) != 0 || l.Vigencia != valores.EnVigencia || !l.FechaHechos.Igual(s.FechaHechos) {
		t.Errorf("c072_2025_hechos_en_vigencia_liquidacion_posterior: %v %v", l.Vigencia, l.Alertas)
	}
	// The rule set stored with the case is used, and still judged by the date.
	s.Conjunto, s.FechaHechos = valores.DL920.ID, fecha.Debe(2026, time.July, 1)
	if l, _ := Liquidar(s, valores.Integrada()); len(l.Alertas) != 1 || l.Reglas != valores.DL920.ID {
		t.Errorf("c072_2025_conjunto_guardado_fuera_de_vigencia: %v", l.Alertas)
	}
	s.Conjunto = "DL999"
	if _, err := Liquidar(s, valores.Integrada()); err == nil || !strings.HasPrefix(err.Error(), "conjunto: ") {
		t.Errorf("conjunto desconocido: %v", err)
	}

	// With the UVT of 2027 entered as data, a liquidation of 2027 computes
	// with the latest rule set and the alert.
	ref, err := valores.Integrada().ConUVT(append(append([]valores.UVT(nil), valores.TablaUVT...), valores.UVT{Anio: 2027, Valor: decimal.NewFromInt(55000), Resolucion: "Resolución de prueba"}))
	if err != nil {
		t.Fatal(err)
	}
	s = sol(Aduanero, multaUVT("a", "150"))
	s.FechaLiquidacion = fecha.Debe(2027, time.February, 1)
	l, err := Liquidar(s, ref)
	if err != nil {
		t.Fatal(err)
	}
	if l.UVT.Anio != 2027 || montoTexto(l.Total) != "8250000" || len(l.Alertas) != 1 {
		t.Errorf("art868_uvt_2027_como_dato: UVT %d total %s alertas %v", l.UVT.Anio, montoTexto(l.Total), l.Alertas)
	}
	if _, err := Liquidar(s, valores.Integrada()); err == nil || !strings.Contains(err.Error(), "fecha_liquidacion: ") || !strings.Contains(err.Error(), "2027") {
		t.Errorf("art868_sin_uvt_2027: %v", err)
	}
}
