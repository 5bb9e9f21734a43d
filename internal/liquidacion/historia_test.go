package liquidacion

import (
	"strings"
	"testing"
	"time"

	"comite/internal/fecha"
	"comite/internal/normas"
	"comite/internal/sancion"
)

func acto(num, inf string, g sancion.Gravedad, t sancion.Tipo, firmeza fecha.Fecha, allan bool) ActoAnterior {
	return ActoAnterior{Numero: num, Infraccion: inf, Gravedad: g, Sancion: t, FechaFirmeza: firmeza, FechaExpedicion: firmeza.MasDias(-30), Allanamiento: allan}
}

var (
	rea2026  = fecha.Debe(2026, time.May, 4)
	comision = fecha.Debe(2026, time.February, 10)
)

func numeros(as []ActoAnterior) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Numero)
	}
	return out
}

// Each window at its exact first day, and the day before it.
func TestCuentasDeHistoria_fronteras(t *testing.T) {
	h := HechosCaso{Infraccion: "D920-35-3.2", FechaComision: comision, FechaRequerimiento: rea2026, FechaLiquidacion: fecha.Debe(2026, time.June, 1)}
	leve := func(num string, f fecha.Fecha) ActoAnterior {
		return acto(num, "d920-35-3.2 ", sancion.Leve, sancion.Amonestacion, f, false)
	}
	casos := []struct {
		nombre, cuenta string
		actos          []ActoAnterior
		valor          int
	}{
		{"art22_num4_firme_el_primer_dia_de_los_tres_anios_cuenta", CuentaAmonestaciones, []ActoAnterior{leve("A", fecha.Debe(2023, time.May, 4))}, 1},
		{"art22_num4_firme_el_dia_anterior_no_cuenta", CuentaAmonestaciones, []ActoAnterior{leve("A", fecha.Debe(2023, time.May, 3))}, 0},
		{"art22_num4_firme_el_dia_del_requerimiento_cuenta", CuentaAmonestaciones, []ActoAnterior{leve("A", rea2026)}, 1},
		{"art22_num4_firme_despues_del_requerimiento_no_cuenta", CuentaAmonestaciones, []ActoAnterior{leve("A", rea2026.MasDias(1))}, 0},
		{"art22_num4_otra_infraccion_no_cuenta", CuentaAmonestaciones, []ActoAnterior{acto("A", "D920-35-3.3", sancion.Leve, sancion.Amonestacion, rea2026, false)}, 0},
		{"art22_num4_sin_firmeza_no_cuenta", CuentaAmonestaciones, []ActoAnterior{leve("A", fecha.Fecha{})}, 0},
		{"art22_num4_multa_no_es_amonestacion", CuentaAmonestaciones, []ActoAnterior{acto("A", "D920-35-3.2", sancion.Leve, sancion.Multa, rea2026, false)}, 0},
		{"art22_num4_grave_no_es_leve", CuentaAmonestaciones, []ActoAnterior{acto("A", "D920-35-3.2", sancion.Grave, sancion.Amonestacion, rea2026, false)}, 0},
		{"art22_num3_primer_dia_cuenta", CuentaTerceraVez, []ActoAnterior{leve("A", fecha.Debe(2023, time.May, 4)), leve("B", fecha.Debe(2025, time.January, 2))}, 2},
		{"art22_num3_dia_anterior_no_cuenta", CuentaTerceraVez, []ActoAnterior{leve("A", fecha.Debe(2023, time.May, 3)), leve("B", fecha.Debe(2025, time.January, 2))}, 1},
		{"art22_num3_art24_num1_allanamiento_no_se_cuenta", CuentaTerceraVez, []ActoAnterior{acto("A", "D920-35-3.2", sancion.Leve, sancion.Multa, rea2026, true)}, 0},
		{"d2147_art86_cinco_anios_primer_dia_cuenta", CuentaAmonestacionesZF, []ActoAnterior{leve("A", fecha.Debe(2021, time.February, 10))}, 1},
		{"d2147_art86_cinco_anios_dia_anterior_no_cuenta", CuentaAmonestacionesZF, []ActoAnterior{leve("A", fecha.Debe(2021, time.February, 9))}, 0},
		{"d2147_art86_reincidencia_primer_dia_cuenta", CuentaReincidenciasZF, []ActoAnterior{acto("A", "D920-35-3.2", sancion.Grave, sancion.Multa, fecha.Debe(2021, time.February, 10), false)}, 1},
		{"d2147_art86_reincidencia_dia_anterior_no_cuenta", CuentaReincidenciasZF, []ActoAnterior{acto("A", "D920-35-3.2", sancion.Grave, sancion.Multa, fecha.Debe(2021, time.February, 9), false)}, 0},
		{"d2147_art86_reincidencia_allanamiento_sin_firmeza_cuenta_por_expedicion",
			CuentaReincidenciasZF, []ActoAnterior{{Numero: "A", Infraccion: "D920-35-3.2", Gravedad: sancion.Grave, Sancion: sancion.Multa, FechaExpedicion: fecha.Debe(2025, time.March, 1), Allanamiento: true}}, 1},
		{"d2147_art86_reincidencia_sin_firmeza_ni_allanamiento_no_cuenta",
			CuentaReincidenciasZF, []ActoAnterior{{Numero: "A", Infraccion: "D920-35-3.2", Gravedad: sancion.Grave, Sancion: sancion.Multa, FechaExpedicion: fecha.Debe(2025, time.March, 1)}}, 0},
		{"art22_num5_7_grave_primer_dia_cuenta", CuentaAntecedentes57, []ActoAnterior{acto("A", "otra", sancion.Grave, sancion.Multa, fecha.Debe(2023, time.May, 4), false)}, 1},
		{"art22_num5_7_gravisima_dia_anterior_no_cuenta", CuentaAntecedentes57, []ActoAnterior{acto("A", "otra", sancion.Gravisima, sancion.Multa, fecha.Debe(2023, time.May, 3), false)}, 0},
		{"art22_num5_7_leve_no_cuenta", CuentaAntecedentes57, []ActoAnterior{acto("A", "otra", sancion.Leve, sancion.Multa, rea2026, false)}, 0},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			cu := CuentasDeHistoria(h, c.actos).Cuentas[c.cuenta]
			if !cu.Conocida || cu.Valor != c.valor || len(cu.Actos) != c.valor {
				t.Fatalf("cuenta %s = %d (conocida %v, actos %v, fuera %v), quiere %d", c.cuenta, cu.Valor, cu.Conocida, numeros(cu.Actos), cu.Fuera, c.valor)
			}
			if len(cu.Actos)+len(cu.Fuera) != len(c.actos) && c.cuenta != CuentaAntecedentes57 && c.cuenta != CuentaAmonestaciones {
				t.Fatalf("un acto de la misma infracción no aparece ni dentro ni fuera: %v / %v", cu.Actos, cu.Fuera)
			}
			normas.De(cu.Regla)
		})
	}
}

// The anchor of the 3-year windows: the REA when the case keeps it,
// otherwise the liquidation's date; 29 February goes back to 28 February.
func TestCuentasDeHistoria_anclas(t *testing.T) {
	a := []ActoAnterior{acto("A", "X", sancion.Leve, sancion.Amonestacion, fecha.Debe(2023, time.June, 1), false)}
	sinREA := HechosCaso{Infraccion: "X", FechaComision: comision, FechaLiquidacion: fecha.Debe(2026, time.June, 1)}
	c := CuentasDeHistoria(sinREA, a).Cuentas[CuentaAmonestaciones]
	if !strings.Contains(c.Ventana.Ancla, "fecha de la liquidación") || !strings.Contains(c.Ventana.Ancla, normas.De(normas.MomentoGradualidad).Referencia()) {
		t.Errorf("art22_momento_gradualidad: el ancla no dice de dónde se cuenta: %q", c.Ventana.Ancla)
	}
	if !c.Ventana.Desde.Igual(fecha.Debe(2023, time.June, 1)) || !c.Ventana.Hasta.Igual(fecha.Debe(2026, time.June, 1)) || c.Valor != 1 {
		t.Errorf("art22_num4_sin_requerimiento_ancla_en_la_liquidacion: %s %d", c.Ventana.Texto(), c.Valor)
	}
	conREA := sinREA
	conREA.FechaRequerimiento = fecha.Debe(2026, time.June, 2)
	if c := CuentasDeHistoria(conREA, a).Cuentas[CuentaAmonestaciones]; c.Valor != 0 || !c.Ventana.Hasta.Igual(conREA.FechaRequerimiento) {
		t.Errorf("art22_num4_con_requerimiento_ancla_en_el_requerimiento: %s %d", c.Ventana.Texto(), c.Valor)
	}
	if got := RestarAnios(fecha.Debe(2028, time.February, 29), 3); !got.Igual(fecha.Debe(2025, time.February, 28)) {
		t.Errorf("ley4_1913_art62_29_de_febrero: %s", got)
	}
	if got := RestarAnios(fecha.Debe(2028, time.February, 29), 4); !got.Igual(fecha.Debe(2024, time.February, 29)) {
		t.Errorf("ley4_1913_art62_29_de_febrero_bisiesto: %s", got)
	}
}

// Without the infraction's code, or a date, a count is unknown — never 0 —
// and the prefill leaves it empty.
func TestCuentasDeHistoria_desconocidas(t *testing.T) {
	a := []ActoAnterior{acto("A", "X", sancion.Leve, sancion.Amonestacion, fecha.Debe(2025, time.June, 1), false)}
	h := CuentasDeHistoria(HechosCaso{FechaComision: comision, FechaLiquidacion: rea2026}, a)
	for _, n := range []string{CuentaAmonestaciones, CuentaTerceraVez, CuentaAmonestacionesZF, CuentaReincidenciasZF} {
		if c := h.Cuentas[n]; c.Conocida || c.Falta == "" {
			t.Errorf("%s sin código: conocida=%v", n, c.Conocida)
		}
	}
	if c := h.Cuentas[CuentaAntecedentes57]; !c.Conocida {
		t.Errorf("art22_num5_7 no depende del código")
	}
	p := h.Prefijar(Aduanero)
	if p.AmonestacionesPrevias != nil || p.TerceraVez != nil {
		t.Errorf("prefijó una cuenta desconocida: %+v", p)
	}
	h.Ajustar(CuentaAmonestaciones, 2)
	if p := h.Prefijar(Aduanero); p.AmonestacionesPrevias == nil || *p.AmonestacionesPrevias != 2 {
		t.Errorf("el ajuste no se toma: %+v", p)
	}
	z := CuentasDeHistoria(HechosCaso{Infraccion: "X", FechaLiquidacion: rea2026}, a)
	if c := z.Cuentas[CuentaReincidenciasZF]; c.Conocida {
		t.Errorf("d2147_art86 sin fecha de comisión debe ser desconocida")
	}
	if c := CuentasDeHistoria(HechosCaso{Infraccion: "X"}, a).Cuentas[CuentaAntecedentes57]; c.Conocida {
		t.Errorf("art22_num5_7 sin ancla debe ser desconocida")
	}
}

// The prefill by régimen: aduanero the 3-year counts (two earlier acts make
// this the third time), zona franca the 5-year ones.
func TestCuentasDeHistoria_prefijar(t *testing.T) {
	x := func(num string, f fecha.Fecha) ActoAnterior {
		return acto(num, "X", sancion.Leve, sancion.Amonestacion, f, false)
	}
	h := CuentasDeHistoria(HechosCaso{Infraccion: "X", FechaComision: comision, FechaRequerimiento: rea2026},
		[]ActoAnterior{x("A", fecha.Debe(2022, time.January, 10)), x("B", fecha.Debe(2024, time.January, 10)), x("C", fecha.Debe(2025, time.January, 10))})
	p := h.Prefijar(Aduanero)
	if *p.AmonestacionesPrevias != 2 || !*p.TerceraVez || p.ReincidenciasPrevias != nil {
		t.Errorf("art22_num4_y_num3: %+v", p)
	}
	p = h.Prefijar(ZonaFranca)
	if *p.AmonestacionesPrevias != 3 || *p.ReincidenciasPrevias != 0 || p.TerceraVez != nil {
		t.Errorf("d2147_art86: amon %d reinc %d", *p.AmonestacionesPrevias, *p.ReincidenciasPrevias)
	}
}

// BenchmarkCuentasDeHistoria: a user with 200 acts (the demo's heaviest has fewer).
func BenchmarkCuentasDeHistoria(b *testing.B) {
	var actos []ActoAnterior
	for i := 0; i < 200; i++ {
		g, t := sancion.Grave, sancion.Multa
		if i%3 == 0 {
			g, t = sancion.Leve, sancion.Amonestacion
		}
		actos = append(actos, acto("A", []string{"X", "Y", "Z"}[i%3], g, t, fecha.Debe(2018, time.January, 1).MasDias(i*13), i%7 == 0))
	}
	h := HechosCaso{Infraccion: "X", FechaComision: comision, FechaRequerimiento: rea2026}
	b.ReportAllocs()
	for b.Loop() {
		CuentasDeHistoria(h, actos)
	}
}
