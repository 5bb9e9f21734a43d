package liquidacion

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"comite/internal/fecha"
	"comite/internal/normas"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

func d(s string) *decimal.Decimal {
	v := decimal.RequireFromString(s)
	return &v
}

func multaCOP(codigo, v string) Infraccion {
	return Infraccion{Codigo: codigo, Sancion: sancion.Multa, ValorCOP: d(v)}
}

func multaUVT(codigo, v string) Infraccion {
	return Infraccion{Codigo: codigo, Sancion: sancion.Multa, ValorUVT: d(v)}
}

func otra(codigo string, t sancion.Tipo) Infraccion { return Infraccion{Codigo: codigo, Sancion: t} }

var f2026 = fecha.Debe(2026, time.May, 4)

func sol(r Regimen, infs ...Infraccion) Solicitud {
	return Solicitud{Regimen: r, FechaLiquidacion: f2026, Infracciones: infs}
}

func con(s Solicitud, f func(*Solicitud)) Solicitud { f(&s); return s }

func allanamiento(e Etapa, tercera, art72 bool) func(*Solicitud) {
	return func(s *Solicitud) { s.Allanamiento = &Allanamiento{Etapa: e, TerceraVez: tercera, Articulo72: art72} }
}

// esperado of one step: aplica and despues ("" = null).
type esperado struct {
	aplica  bool
	despues string
}

type caso struct {
	nombre  string
	s       Solicitud
	sancion sancion.Tipo
	total   string // "" = null
	pasos   map[string]esperado
	claves  map[string]string // paso → fundamento key
}

func montoTexto(p *decimal.Decimal) string {
	if p == nil {
		return ""
	}
	return p.String()
}

// comprobarForma checks what every liquidation must satisfy: the 8 steps in
// order, a step that does not apply leaves the value as it was, each step
// starts where the previous ended, each fundamento is a key of normas, the
// total is the last step's value when the sanction is a multa.
func comprobarForma(t interface {
	Helper()
	Fatalf(string, ...any)
}, l Liquidacion) {
	t.Helper()
	if len(l.Pasos) != len(OrdenPasos) {
		t.Fatalf("hay %d pasos, se esperaban %d", len(l.Pasos), len(OrdenPasos))
	}
	for i, p := range l.Pasos {
		if p.Paso != OrdenPasos[i] {
			t.Fatalf("paso %d es %q, se esperaba %q", i, p.Paso, OrdenPasos[i])
		}
		if p.Detalle == "" {
			t.Fatalf("paso %s sin detalle", p.Paso)
		}
		normas.De(p.Fundamento)
		if !p.Aplica && montoTexto(p.Antes) != montoTexto(p.Despues) {
			t.Fatalf("paso %s no aplica pero cambia %s → %s", p.Paso, montoTexto(p.Antes), montoTexto(p.Despues))
		}
		if i == 0 && p.Antes != nil {
			t.Fatalf("base.antes debe ser null")
		}
		if i > 0 && montoTexto(p.Antes) != montoTexto(l.Pasos[i-1].Despues) {
			t.Fatalf("paso %s empieza en %s pero el anterior terminó en %s", p.Paso, montoTexto(p.Antes), montoTexto(l.Pasos[i-1].Despues))
		}
	}
	// The input amounts are used exactly, so a step may carry cents; the
	// total is the last step's amount in whole pesos.
	ultimo := l.Pasos[len(l.Pasos)-1].Despues
	if l.Sancion == sancion.Multa {
		if l.Total == nil || ultimo == nil || !l.Total.Equal(ultimo.Round(0)) || !l.Total.Equal(l.Total.Round(0)) {
			t.Fatalf("total %s distinto del último paso %s", montoTexto(l.Total), montoTexto(ultimo))
		}
	} else if l.Total != nil || ultimo != nil {
		t.Fatalf("sanción %s con total %s", l.Sancion, montoTexto(l.Total))
	}
}

func correrCasos(t *testing.T, casos []caso) {
	t.Helper()
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			l, err := Liquidar(c.s, valores.Integrada())
			if err != nil {
				t.Fatalf("error: %v", err)
			}
			comprobarForma(t, l)
			if l.Sancion != c.sancion {
				t.Errorf("sanción %q, se esperaba %q", l.Sancion, c.sancion)
			}
			if got := montoTexto(l.Total); got != c.total {
				t.Errorf("total %q, se esperaba %q", got, c.total)
			}
			for _, p := range l.Pasos {
				if e, ok := c.pasos[p.Paso]; ok {
					if p.Aplica != e.aplica || montoTexto(p.Despues) != e.despues {
						t.Errorf("paso %s: aplica=%v despues=%q; se esperaba aplica=%v despues=%q (%s)", p.Paso, p.Aplica, montoTexto(p.Despues), e.aplica, e.despues, p.Detalle)
					}
				}
				if k, ok := c.claves[p.Paso]; ok && p.Fundamento != k {
					t.Errorf("paso %s: fundamento %q, se esperaba %q", p.Paso, p.Fundamento, k)
				}
			}
			if l.Reglas != valores.DL920.ID {
				t.Errorf("conjunto de reglas %q", l.Reglas)
			}
		})
	}
}

func TestEjemploDelContrato(t *testing.T) {
	s := con(sol(Aduanero, multaCOP("D920-36-2.1", "20000000"), multaUVT("D920-36-2.4", "150")), allanamiento(AntesRequerimiento, false, false))
	correrCasos(t, []caso{{
		nombre:  "contrato_liquidar_art22_num1_art24_num1_total_4800000",
		s:       s,
		sancion: sancion.Multa,
		total:   "4800000",
		pasos: map[string]esperado{
			PasoBase:             {true, "27856000"},
			PasoReincidencia:     {false, "27856000"},
			PasoConcurrencia:     {true, "24000000"},
			PasoIncrementoComite: {false, "24000000"},
			PasoReducciones:      {false, "24000000"},
			PasoAllanamiento:     {true, "4800000"},
			PasoTopeIngresos:     {false, "4800000"},
			PasoMinimo:           {false, "4800000"},
		},
		claves: map[string]string{PasoConcurrencia: normas.Concurrencia, PasoAllanamiento: normas.Allanamiento, PasoMinimo: normas.MinimoDiezUVT},
	}})
	l, _ := Liquidar(s, valores.Integrada())
	if l.UVT.Anio != 2026 || !l.UVT.Valor.Equal(decimal.NewFromInt(52374)) {
		t.Errorf("UVT %d %s", l.UVT.Anio, l.UVT.Valor)
	}
}

func TestConcurrencia(t *testing.T) {
	correrCasos(t, []caso{
		{nombre: "art22_num1_concurrencia_tope_suma", s: sol(Aduanero, multaCOP("a", "20000000"), multaCOP("b", "1000000")),
			sancion: sancion.Multa, total: "21000000", pasos: map[string]esperado{PasoBase: {true, "21000000"}, PasoConcurrencia: {true, "21000000"}}},
		{nombre: "art22_num1_concurrencia_igual_a_la_suma", s: sol(Aduanero, multaCOP("a", "20000000"), multaCOP("b", "4000000")),
			sancion: sancion.Multa, total: "24000000"},
		{nombre: "art22_num1_concurrencia_un_peso_bajo_la_suma", s: sol(Aduanero, multaCOP("a", "20000000"), multaCOP("b", "4000001")),
			sancion: sancion.Multa, total: "24000000", pasos: map[string]esperado{PasoBase: {true, "24000001"}}},
		{nombre: "art22_num1_concurrencia_un_peso_sobre_la_suma", s: sol(Aduanero, multaCOP("a", "20000000"), multaCOP("b", "3999999")),
			sancion: sancion.Multa, total: "23999999"},
		{nombre: "art22_num1_multas_iguales_mas_20", s: sol(Aduanero, multaCOP("a", "10000000"), multaCOP("b", "10000000")),
			sancion: sancion.Multa, total: "12000000"},
		{nombre: "art22_num1_tres_multas_iguales_mas_20", s: sol(Aduanero, multaCOP("a", "1000000"), multaCOP("b", "1000000"), multaCOP("c", "1000000")),
			sancion: sancion.Multa, total: "1200000"},
		{nombre: "art22_num1_mas_20_redondeo_al_peso", s: sol(Aduanero, multaCOP("a", "1000003"), multaCOP("b", "1000003")),
			sancion: sancion.Multa, total: "1200004"}, // 1.200.003,6 → 1.200.004
		{nombre: "art22_num2_misma_declaracion_sin_20", s: con(sol(Aduanero, multaCOP("a", "20000000"), multaCOP("b", "10000000")), func(s *Solicitud) { s.MismaDeclaracion = true }),
			sancion: sancion.Multa, total: "20000000", claves: map[string]string{PasoConcurrencia: normas.MismaDeclaracion}},
		{nombre: "art22_num2_misma_declaracion_cancelacion_prevalece", s: con(sol(Aduanero, multaCOP("a", "20000000"), otra("b", sancion.Cancelacion)), func(s *Solicitud) { s.MismaDeclaracion = true }),
			sancion: sancion.Cancelacion, total: ""},
		{nombre: "art22_num1_cancelacion_prevalece", s: con(sol(Aduanero, multaCOP("a", "20000000"), otra("b", sancion.Cancelacion)), func(s *Solicitud) {
			s.IncrementoComite = true
			s.Allanamiento = &Allanamiento{Etapa: AntesRequerimiento}
		}),
			sancion: sancion.Cancelacion, total: "",
			pasos: map[string]esperado{PasoBase: {true, "20000000"}, PasoConcurrencia: {true, ""}, PasoIncrementoComite: {false, ""}, PasoAllanamiento: {false, ""}, PasoMinimo: {false, ""}}},
		{nombre: "art22_num1_cancelacion_prevalece_sobre_suspension", s: sol(Aduanero, otra("a", sancion.Suspension), otra("b", sancion.Cancelacion), multaCOP("c", "5000000")),
			sancion: sancion.Cancelacion, total: ""},
		{nombre: "art22_num1_suspension_prevalece_sobre_multa", s: sol(Aduanero, multaCOP("a", "5000000"), otra("b", sancion.Suspension)),
			sancion: sancion.Suspension, total: ""},
		{nombre: "art22_num1_multa_y_amonestacion_sin_20", s: sol(Aduanero, multaCOP("a", "20000000"), otra("b", sancion.Amonestacion), multaCOP("c", "5000000")),
			sancion: sancion.Multa, total: "20000000", pasos: map[string]esperado{PasoBase: {true, "25000000"}, PasoConcurrencia: {true, "20000000"}}},
		{nombre: "art22_num1_dos_amonestaciones", s: sol(Aduanero, otra("a", sancion.Amonestacion), otra("b", sancion.Amonestacion)),
			sancion: sancion.Amonestacion, total: "", pasos: map[string]esperado{PasoBase: {false, ""}, PasoConcurrencia: {true, ""}}},
		{nombre: "art22_num1_una_infraccion_no_concurre", s: sol(Aduanero, multaCOP("a", "20000000")),
			sancion: sancion.Multa, total: "20000000", pasos: map[string]esperado{PasoConcurrencia: {false, "20000000"}}},
		{nombre: "d2147_art86_concurrencia_mas_20", s: sol(ZonaFranca, multaCOP("a", "10000000"), multaCOP("b", "10000000")),
			sancion: sancion.Multa, total: "12000000", claves: map[string]string{PasoBase: normas.ZFBase, PasoConcurrencia: normas.ZFConcurrencia}},
		{nombre: "d2147_art86_misma_declaracion_no_rige_en_zona_franca", s: con(sol(ZonaFranca, multaCOP("a", "10000000"), multaCOP("b", "10000000")), func(s *Solicitud) { s.MismaDeclaracion = true }),
			sancion: sancion.Multa, total: "12000000", claves: map[string]string{PasoConcurrencia: normas.ZFConcurrencia}},
		{nombre: "art22_base_valor_exacto_total_al_peso", s: sol(Aduanero, multaCOP("a", "1000000.5")),
			sancion: sancion.Multa, total: "1000001", pasos: map[string]esperado{PasoBase: {true, "1000000.5"}, PasoMinimo: {false, "1000000.5"}}},
		{nombre: "art22_base_uvt_art868", s: sol(Aduanero, multaUVT("a", "200")),
			sancion: sancion.Multa, total: "10475000", pasos: map[string]esperado{PasoBase: {true, "10475000"}}},
	})
}

func TestReincidencia(t *testing.T) {
	amon := func(r Regimen, previas, reinc int, f fecha.Fecha) Solicitud {
		return Solicitud{Regimen: r, FechaLiquidacion: f, Infracciones: []Infraccion{otra("a", sancion.Amonestacion)}, AmonestacionesPrevias: previas, ReincidenciasPrevias: reinc}
	}
	multaZF := func(v string, reinc int) Solicitud {
		return con(sol(ZonaFranca, multaCOP("a", v)), func(s *Solicitud) { s.ReincidenciasPrevias = reinc })
	}
	f2025 := fecha.Debe(2025, time.July, 1)
	correrCasos(t, []caso{
		{nombre: "art22_num4_dos_previas_multa_150_uvt", s: amon(Aduanero, 2, 0, f2026), sancion: sancion.Multa, total: "7856000",
			pasos: map[string]esperado{PasoReincidencia: {true, "7856000"}}, claves: map[string]string{PasoReincidencia: normas.LeveRepetida}},
		{nombre: "art22_num4_cinco_previas_sigue_150_uvt", s: amon(Aduanero, 5, 0, f2026), sancion: sancion.Multa, total: "7856000"},
		{nombre: "art22_num4_una_previa_sigue_amonestacion", s: amon(Aduanero, 1, 0, f2026), sancion: sancion.Amonestacion, total: "",
			pasos: map[string]esperado{PasoReincidencia: {false, ""}}},
		{nombre: "art22_num4_150_uvt_2025", s: amon(Aduanero, 2, 0, f2025), sancion: sancion.Multa, total: "7470000"},
		{nombre: "art22_num4_ley_2025_usa_regla_aduanera", s: amon(Ley2025, 2, 0, f2026), sancion: sancion.Multa, total: "7856000"},
		{nombre: "art22_num4_no_aplica_a_multa", s: con(sol(Aduanero, multaCOP("a", "1000000")), func(s *Solicitud) { s.AmonestacionesPrevias = 3; s.ReincidenciasPrevias = 2 }),
			sancion: sancion.Multa, total: "1000000", pasos: map[string]esperado{PasoReincidencia: {false, "1000000"}}},
		{nombre: "art22_num4_150_uvt_con_allanamiento_y_minimo", s: con(amon(Aduanero, 2, 0, f2026), allanamiento(AntesRequerimiento, false, false)),
			sancion: sancion.Multa, total: "1571200", pasos: map[string]esperado{PasoAllanamiento: {true, "1571200"}}},

		{nombre: "d2147_art86_amonestacion_una_previa_200_uvt", s: amon(ZonaFranca, 1, 0, f2026), sancion: sancion.Multa, total: "10475000",
			claves: map[string]string{PasoReincidencia: normas.ZFAmonestacion}},
		{nombre: "d2147_art86_amonestacion_sin_previas_sigue", s: amon(ZonaFranca, 0, 0, f2026), sancion: sancion.Amonestacion, total: ""},
		{nombre: "d2147_art86_amonestacion_dos_previas_mas_20", s: amon(ZonaFranca, 2, 0, f2026), sancion: sancion.Multa, total: "12570000"},
		{nombre: "d2147_art86_amonestacion_tres_previas_mas_40", s: amon(ZonaFranca, 3, 0, f2026), sancion: sancion.Multa, total: "14665000"},
		{nombre: "d2147_art86_amonestacion_seis_previas_tope_100", s: amon(ZonaFranca, 6, 0, f2026), sancion: sancion.Multa, total: "20950000"},
		{nombre: "d2147_art86_amonestacion_siete_previas_no_pasa_100", s: amon(ZonaFranca, 7, 0, f2026), sancion: sancion.Multa, total: "20950000"},
		{nombre: "d2147_art86_amonestacion_suma_previas_y_reincidencias_320_uvt", s: amon(ZonaFranca, 1, 3, f2026), sancion: sancion.Multa, total: "16760000"},

		{nombre: "d2147_art86_multa_sin_reincidencias", s: multaZF("10000000", 0), sancion: sancion.Multa, total: "10000000",
			pasos: map[string]esperado{PasoReincidencia: {false, "10000000"}}},
		{nombre: "d2147_art86_multa_una_reincidencia_mas_20", s: multaZF("10000000", 1), sancion: sancion.Multa, total: "12000000",
			claves: map[string]string{PasoReincidencia: normas.ZFReincidencia}},
		{nombre: "d2147_art86_multa_tres_reincidencias_mas_60", s: multaZF("10000000", 3), sancion: sancion.Multa, total: "16000000"},
		{nombre: "d2147_art86_multa_cinco_reincidencias_tope_100", s: multaZF("10000000", 5), sancion: sancion.Multa, total: "20000000"},
		{nombre: "d2147_art86_multa_seis_reincidencias_no_pasa_100", s: multaZF("10000000", 6), sancion: sancion.Multa, total: "20000000"},
		{nombre: "d2147_art86_reincidencia_sobre_concurrencia", s: con(sol(ZonaFranca, multaCOP("a", "10000000"), multaCOP("b", "10000000")), func(s *Solicitud) { s.ReincidenciasPrevias = 1 }),
			sancion: sancion.Multa, total: "14400000"},
		{nombre: "d2147_art86_cancelacion_sin_incremento", s: con(sol(ZonaFranca, otra("a", sancion.Cancelacion)), func(s *Solicitud) { s.ReincidenciasPrevias = 2 }),
			sancion: sancion.Cancelacion, total: "", pasos: map[string]esperado{PasoReincidencia: {false, ""}}},
	})
}

func TestIncrementoComite(t *testing.T) {
	comite := func(s *Solicitud) { s.IncrementoComite = true }
	correrCasos(t, []caso{
		{nombre: "art25_incremento_mil_uvt_ejemplo_dominio", s: con(sol(Aduanero, multaCOP("a", "10475000")), comite),
			sancion: sancion.Multa, total: "62849000", pasos: map[string]esperado{PasoIncrementoComite: {true, "62849000"}},
			claves: map[string]string{PasoIncrementoComite: normas.IncrementoMilUVT}},
		{nombre: "art25_sin_concepto_no_hay_incremento", s: sol(Aduanero, multaCOP("a", "10475000")),
			sancion: sancion.Multa, total: "10475000", pasos: map[string]esperado{PasoIncrementoComite: {false, "10475000"}}},
		{nombre: "art25_cancelacion_sin_incremento", s: con(sol(Aduanero, otra("a", sancion.Cancelacion)), comite),
			sancion: sancion.Cancelacion, total: "", pasos: map[string]esperado{PasoIncrementoComite: {false, ""}}},
		{nombre: "art25_incremento_y_allanamiento_40", s: con(con(sol(Aduanero, multaCOP("a", "10475000")), comite), allanamiento(DespuesRequerimiento, false, false)),
			sancion: sancion.Multa, total: "25139600"},
	})
}

func TestAllanamiento(t *testing.T) {
	m := func(r Regimen, e Etapa, tercera, art72 bool) Solicitud {
		return con(sol(r, multaCOP("a", "10000000")), allanamiento(e, tercera, art72))
	}
	correrCasos(t, []caso{
		{nombre: "art24_num1_antes_requerimiento_20", s: m(Aduanero, AntesRequerimiento, false, false), sancion: sancion.Multa, total: "2000000",
			pasos: map[string]esperado{PasoAllanamiento: {true, "2000000"}}, claves: map[string]string{PasoAllanamiento: normas.Allanamiento}},
		{nombre: "art24_num2_despues_requerimiento_40", s: m(Aduanero, DespuesRequerimiento, false, false), sancion: sancion.Multa, total: "4000000"},
		{nombre: "art24_num3_termino_recurso_60", s: m(Aduanero, TerminoRecurso, false, false), sancion: sancion.Multa, total: "6000000"},
		{nombre: "art24_inc4_art22_num3_tercera_vez_antes_40", s: m(Aduanero, AntesRequerimiento, true, false), sancion: sancion.Multa, total: "4000000",
			claves: map[string]string{PasoAllanamiento: normas.AllanamientoTercera}},
		{nombre: "art24_inc4_art22_num3_tercera_vez_despues_60", s: m(Aduanero, DespuesRequerimiento, true, false), sancion: sancion.Multa, total: "6000000"},
		{nombre: "art24_inc4_art22_num3_tercera_vez_recurso_80", s: m(Aduanero, TerminoRecurso, true, false), sancion: sancion.Multa, total: "8000000"},
		{nombre: "art24_inc5_art72_antes_80", s: m(Aduanero, AntesRequerimiento, false, true), sancion: sancion.Multa, total: "8000000",
			claves: map[string]string{PasoAllanamiento: normas.AllanamientoArt72}},
		{nombre: "art24_inc5_art72_recurso_80", s: m(Aduanero, TerminoRecurso, false, true), sancion: sancion.Multa, total: "8000000"},
		{nombre: "art24_inc5_art72_prevalece_sobre_tercera_vez", s: m(Aduanero, AntesRequerimiento, true, true), sancion: sancion.Multa, total: "8000000"},
		{nombre: "art24_redondeo_al_peso", s: con(sol(Aduanero, multaCOP("a", "1234567")), allanamiento(AntesRequerimiento, false, false)),
			sancion: sancion.Multa, total: "524000"}, // 246.913,4 → 246.913, below the minimum
		{nombre: "art24_redondeo_al_peso_hacia_abajo", s: con(sol(Aduanero, multaCOP("a", "5000003")), allanamiento(DespuesRequerimiento, false, false)),
			sancion: sancion.Multa, total: "2000001"}, // 2.000.001,2 → 2.000.001
		{nombre: "art24_solo_multas_amonestacion", s: con(sol(Aduanero, otra("a", sancion.Amonestacion)), allanamiento(AntesRequerimiento, false, false)),
			sancion: sancion.Amonestacion, total: "", pasos: map[string]esperado{PasoAllanamiento: {false, ""}}},
		{nombre: "d2147_art86_allanamiento_antes_20", s: m(ZonaFranca, AntesRequerimiento, false, false), sancion: sancion.Multa, total: "2000000",
			claves: map[string]string{PasoAllanamiento: normas.ZFAllanamiento}},
		{nombre: "d2147_art86_allanamiento_despues_40", s: m(ZonaFranca, DespuesRequerimiento, false, false), sancion: sancion.Multa, total: "4000000"},
		{nombre: "d2147_art86_allanamiento_recurso_60", s: m(ZonaFranca, TerminoRecurso, false, false), sancion: sancion.Multa, total: "6000000"},
		{nombre: "d2147_art86_sin_tercera_vez_ni_art72", s: m(ZonaFranca, AntesRequerimiento, true, true), sancion: sancion.Multa, total: "2000000"},
		{nombre: "ley2025_art19_usa_art24_40", s: m(Ley2025, DespuesRequerimiento, false, false), sancion: sancion.Multa, total: "4000000",
			claves: map[string]string{PasoAllanamiento: normas.Allanamiento}},
		{nombre: "ley2025_art19_tercera_vez_80", s: m(Ley2025, TerminoRecurso, true, false), sancion: sancion.Multa, total: "8000000"},
	})
}

func TestLey2025(t *testing.T) {
	r := func(v string, rs ...Reduccion) Solicitud {
		return con(sol(Ley2025, multaCOP("a", v)), func(s *Solicitud) { s.Reducciones = rs })
	}
	ingresos := func(s Solicitud, v string) Solicitud {
		return con(s, func(s *Solicitud) { s.IngresosBrutos = d(v) })
	}
	correrCasos(t, []caso{
		{nombre: "ley2025_num2_cumplimiento_extemporaneo_20", s: r("100000000", CumplimientoExtemporaneo), sancion: sancion.Multa, total: "20000000",
			pasos: map[string]esperado{PasoReducciones: {true, "20000000"}}, claves: map[string]string{PasoReducciones: normas.L2025Reducciones}},
		{nombre: "ley2025_num3_finalizacion_extemporanea_20", s: r("100000000", FinalizacionExtemporanea), sancion: sancion.Multa, total: "20000000"},
		{nombre: "ley2025_num4_sin_antecedentes_infad_20", s: r("100000000", SinAntecedentesINFAD), sancion: sancion.Multa, total: "20000000"},
		{nombre: "ley2025_num2_a_4_varias_causales_reducen_una_vez", s: r("100000000", CumplimientoExtemporaneo, FinalizacionExtemporanea, SinAntecedentesINFAD), sancion: sancion.Multa, total: "20000000"},
		{nombre: "ley2025_num5_oea_30", s: r("100000000", OEASegundaInfraccion), sancion: sancion.Multa, total: "30000000",
			claves: map[string]string{PasoReducciones: normas.L2025OEA}},
		{nombre: "ley2025_num5_oea_no_se_acumula_con_el_20", s: r("100000000", OEASegundaInfraccion, CumplimientoExtemporaneo), sancion: sancion.Multa, total: "20000000",
			claves: map[string]string{PasoReducciones: normas.CriterioOEA}},
		{nombre: "ley2025_reduccion_acumulable_con_allanamiento", s: con(r("100000000", CumplimientoExtemporaneo), allanamiento(AntesRequerimiento, false, false)),
			sancion: sancion.Multa, total: "4000000"},
		{nombre: "ley2025_reducciones_no_aplican_en_aduanero", s: con(sol(Aduanero, multaCOP("a", "100000000")), func(s *Solicitud) { s.Reducciones = []Reduccion{CumplimientoExtemporaneo} }),
			sancion: sancion.Multa, total: "100000000", pasos: map[string]esperado{PasoReducciones: {false, "100000000"}}},
		{nombre: "ley2025_reducciones_no_aplican_a_cancelacion", s: con(sol(Ley2025, otra("a", sancion.Cancelacion)), func(s *Solicitud) { s.Reducciones = []Reduccion{CumplimientoExtemporaneo} }),
			sancion: sancion.Cancelacion, total: ""},
		{nombre: "ley2025_tope_40_ingresos", s: ingresos(r("100000000"), "100000000"), sancion: sancion.Multa, total: "40000000",
			pasos: map[string]esperado{PasoTopeIngresos: {true, "40000000"}}},
		{nombre: "ley2025_tope_40_igual_no_reduce", s: ingresos(r("100000000"), "250000000"), sancion: sancion.Multa, total: "100000000",
			pasos: map[string]esperado{PasoTopeIngresos: {false, "100000000"}}},
		{nombre: "ley2025_tope_40_un_peso_abajo_reduce", s: ingresos(r("100000000"), "249999997.5"), sancion: sancion.Multa, total: "99999999",
			pasos: map[string]esperado{PasoTopeIngresos: {true, "99999999"}}},
		{nombre: "ley2025_tope_40_redondeo_mitad_arriba", s: ingresos(r("200000000"), "250000001.25"), sancion: sancion.Multa, total: "100000001"}, // 100.000.000,5 → 100.000.001
		{nombre: "ley2025_tope_40_el_minimo_no_lo_supera", s: ingresos(r("100000000"), "1000000"), sancion: sancion.Multa, total: "400000",
			pasos: map[string]esperado{PasoTopeIngresos: {true, "400000"}, PasoMinimo: {false, "400000"}}},
		{nombre: "ley2025_tope_no_aplica_en_aduanero", s: ingresos(sol(Aduanero, multaCOP("a", "100000000")), "1000000"), sancion: sancion.Multa, total: "100000000",
			pasos: map[string]esperado{PasoTopeIngresos: {false, "100000000"}}},
	})
}

func TestMinimo(t *testing.T) {
	correrCasos(t, []caso{
		{nombre: "minimo_10_uvt_exacto_se_mantiene", s: sol(Aduanero, multaCOP("a", "524000")), sancion: sancion.Multa, total: "524000",
			pasos: map[string]esperado{PasoMinimo: {false, "524000"}}},
		{nombre: "minimo_10_uvt_un_peso_abajo_sube", s: sol(Aduanero, multaCOP("a", "523999")), sancion: sancion.Multa, total: "524000",
			pasos: map[string]esperado{PasoMinimo: {true, "524000"}}},
		{nombre: "minimo_10_uvt_un_peso_arriba_se_mantiene", s: sol(Aduanero, multaCOP("a", "524001")), sancion: sancion.Multa, total: "524001"},
		{nombre: "minimo_10_uvt_multa_cero", s: sol(Aduanero, multaCOP("a", "0")), sancion: sancion.Multa, total: "524000"},
		{nombre: "minimo_10_uvt_despues_del_allanamiento", s: con(sol(Aduanero, multaCOP("a", "2620000")), allanamiento(AntesRequerimiento, false, false)),
			sancion: sancion.Multa, total: "524000", pasos: map[string]esperado{PasoAllanamiento: {true, "524000"}, PasoMinimo: {false, "524000"}}},
		{nombre: "minimo_10_uvt_2025", s: Solicitud{Regimen: Aduanero, FechaLiquidacion: fecha.Debe(2025, time.January, 1), Infracciones: []Infraccion{multaCOP("a", "1")}},
			sancion: sancion.Multa, total: "498000"},
	})
}

func TestUVTFueraDeTabla(t *testing.T) {
	for _, anio := range []int{2014, 2027, 2031} {
		s := Solicitud{Regimen: Aduanero, FechaLiquidacion: fecha.Debe(anio, time.March, 1), Infracciones: []Infraccion{otra("a", sancion.Amonestacion)}}
		_, err := Liquidar(s, valores.Integrada())
		var e *ErrSolicitud
		if !errors.As(err, &e) {
			t.Fatalf("art868_uvt_%d: se esperaba ErrSolicitud, fue %v", anio, err)
		}
		if !strings.HasPrefix(err.Error(), "fecha_liquidacion: ") || !strings.Contains(err.Error(), strconv.Itoa(anio)) {
			t.Errorf("art868_uvt_%d: el error no nombra el campo y el año: %v", anio, err)
		}
	}
}

func TestSolicitudInvalida(t *testing.T) {
	casos := []struct {
		nombre string
		s      Solicitud
		campo  string
	}{
		{"regimen_desconocido", sol("aduana", multaCOP("a", "1")), "regimen: "},
		{"sin_fecha", Solicitud{Regimen: Aduanero, Infracciones: []Infraccion{multaCOP("a", "1")}}, "fecha_liquidacion: "},
		{"sin_infracciones", sol(Aduanero), "infracciones: "},
		{"multa_sin_valor", sol(Aduanero, multaCOP("a", "1"), Infraccion{Codigo: "b", Sancion: sancion.Multa}), "infracciones[1].valor_cop: "},
		{"multa_con_dos_valores", sol(Aduanero, Infraccion{Codigo: "b", Sancion: sancion.Multa, ValorCOP: d("1"), ValorUVT: d("1")}), "infracciones[0].valor_uvt: "},
		{"amonestacion_con_valor", sol(Aduanero, Infraccion{Codigo: "b", Sancion: sancion.Amonestacion, ValorUVT: d("1")}), "infracciones[0].valor_uvt: "},
		{"valor_negativo", sol(Aduanero, multaCOP("a", "-1")), "infracciones[0].valor_cop: "},
		{"sancion_desconocida", sol(Aduanero, otra("a", "multas")), "infracciones[0].sancion: "},
		{"reduccion_desconocida", con(sol(Ley2025, multaCOP("a", "1")), func(s *Solicitud) { s.Reducciones = []Reduccion{"pago_anticipado"} }), "reducciones[0]: "},
		{"reduccion_repetida", con(sol(Ley2025, multaCOP("a", "1")), func(s *Solicitud) { s.Reducciones = []Reduccion{OEASegundaInfraccion, OEASegundaInfraccion} }), "reducciones[1]: "},
		{"etapa_desconocida", con(sol(Aduanero, multaCOP("a", "1")), allanamiento("en_audiencia", false, false)), "allanamiento.etapa: "},
		{"previas_negativas", con(sol(Aduanero, multaCOP("a", "1")), func(s *Solicitud) { s.AmonestacionesPrevias = -1 }), "amonestaciones_previas: "},
		{"ingresos_cero", con(sol(Ley2025, multaCOP("a", "1")), func(s *Solicitud) { s.IngresosBrutos = d("0") }), "ingresos_brutos_cop: "},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			_, err := Liquidar(c.s, valores.Integrada())
			var e *ErrSolicitud
			if !errors.As(err, &e) {
				t.Fatalf("se esperaba ErrSolicitud, fue %v", err)
			}
			if len(e.Problemas) != 1 || !strings.HasPrefix(e.Problemas[0], c.campo) {
				t.Errorf("problemas %q, se esperaba uno que empiece por %q", e.Problemas, c.campo)
			}
		})
	}
}

func BenchmarkLiquidar(b *testing.B) {
	s := con(sol(Ley2025, multaCOP("D920-36-2.1", "20000000"), multaUVT("D920-36-2.4", "150"), otra("x", sancion.Amonestacion)), func(s *Solicitud) {
		s.IncrementoComite = true
		s.Reducciones = []Reduccion{CumplimientoExtemporaneo, OEASegundaInfraccion}
		s.Allanamiento = &Allanamiento{Etapa: DespuesRequerimiento}
		s.IngresosBrutos = d("5000000000")
	})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Liquidar(s, valores.Integrada()); err != nil {
			b.Fatal(err)
		}
	}
}
