package reincidencia

import (
	"reflect"
	"testing"

	"comite/internal/fecha"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

func f(s string) fecha.Fecha {
	d, err := fecha.ParseISO(s)
	if err != nil {
		panic(s)
	}
	return d
}

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func acto(n, firmeza string, g sancion.Gravedad, valor string, allan bool) Acto {
	a := Acto{Numero: n, Gravedad: g, Sancion: sancion.Multa, Valor: dec(valor), Allanamiento: allan}
	if firmeza != "" {
		a.FechaFirmeza = f(firmeza)
	}
	return a
}

// ejemplo is the worked example of the committee test (art. 25).
func ejemplo() Entrada {
	return Entrada{
		Usuario: Usuario{NIT: "800191045-1", RegistroVigente: true},
		Nueva: NuevaInfraccion{
			FechaComision: f("2026-02-10"), FechaVerificacion: f("2026-03-02"), FechaExpediente: f("2026-03-13"),
			Gravedad: sancion.Gravisima, Sancion: sancion.Multa, SancionPrevista: dec("10475000"),
		},
		Actos: []Acto{
			acto("A", "2025-03-04", sancion.Grave, "40000000", false),
			acto("B", "2025-07-22", sancion.Gravisima, "25000000", false),
			acto("C", "2025-11-28", sancion.Grave, "12000000", false),
			acto("D", "2025-09-01", sancion.Grave, "30000000", true),
			acto("E", "2024-12-31", sancion.Grave, "50000000", false),
		},
		Operaciones: []Operaciones{{Anio: 2025, Valor: dec("14800000000"), Numero: 1600}},
	}
}

func evaluar(t *testing.T, e Entrada) Resultado {
	t.Helper()
	r, err := Evaluar(e, valores.Integrada())
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestArt25_ejemploDominio(t *testing.T) {
	r := evaluar(t, ejemplo())
	if r.Periodo.Anio != 2025 || r.Periodo.Desde != f("2025-01-01") || r.Periodo.Hasta != f("2025-12-31") {
		t.Errorf("periodo = %+v", r.Periodo)
	}
	if r.NumeroActos != 3 || !r.Suma.Equal(dec("77000000")) {
		t.Errorf("actos = %d, S = %s", r.NumeroActos, r.Suma)
	}
	if got := r.Participacion.StringFixed(4); got != "0.5203" {
		t.Errorf("participación = %s", got)
	}
	if got := r.InfraccionesPorMil.StringFixed(2); got != "1.88" {
		t.Errorf("por mil = %s", got)
	}
	if r.Requisitos.UmbralCeroCinco != Si || r.ProcedeComite != Si || r.Ruta != RutaReincidencia {
		t.Errorf("requisitos = %+v procede = %v", r.Requisitos, r.ProcedeComite)
	}
	if r.PlazoReporte != f("2026-03-30") {
		t.Errorf("plazo = %s", r.PlazoReporte)
	}
	si := r.SancionIncrementada
	if si == nil || si.UVTAnio != 2026 || !si.Incremento.Equal(dec("52374000")) || !si.Total.Equal(dec("62849000")) {
		t.Errorf("sanción incrementada = %+v", si)
	}
	motivos := map[string]Motivo{}
	for _, x := range r.Excluidos {
		motivos[x.Numero] = x.Motivo
	}
	if motivos["D"] != ConAllanamiento || motivos["E"] != FueraDePeriodo || len(motivos) != 2 {
		t.Errorf("excluidos = %v", motivos)
	}
	if len(r.Alertas) != 0 {
		t.Errorf("alertas = %v", r.Alertas)
	}
	if r.ConjuntoReglas != valores.DL920.ID || len(r.Fundamentos) == 0 {
		t.Errorf("conjunto %q, %d fundamentos", r.ConjuntoReglas, len(r.Fundamentos))
	}
}

func TestArt25_inc1_umbralCeroCinco(t *testing.T) {
	cases := []struct {
		name        string
		operaciones string
		numero      int64
		cumple      bool
		part        string
	}{
		{"art25_inc1_exactamente_0_5_por_ciento_cumple", "15400000000", 1600, true, "0.5000"},
		{"art25_inc1_0_4968_por_ciento_no_cumple", "15500000000", 1600, false, "0.4968"},
		{"art25_inc1_un_peso_por_debajo_del_umbral_no_cumple", "15400000200", 1600, false, "0.5000"},
		{"art25_inc1_un_peso_por_encima_cumple", "15399999999", 1600, true, "0.5000"},
		{"art25_inc1_operaciones_cargadas_en_cero_con_sanciones_cumple_con_alerta_criterio_secretaria", "0", 0, true, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := ejemplo()
			e.Operaciones = []Operaciones{{Anio: 2025, Valor: dec(c.operaciones), Numero: c.numero}}
			r := evaluar(t, e)
			if r.Requisitos.UmbralCeroCinco != DeBool(c.cumple) || r.ProcedeComite != DeBool(c.cumple) {
				t.Fatalf("umbral = %v procede = %v, want %v", r.Requisitos.UmbralCeroCinco, r.ProcedeComite, c.cumple)
			}
			if c.part == "" {
				if r.Participacion != nil || r.InfraccionesPorMil != nil {
					t.Errorf("ratios should be nil: %v %v", r.Participacion, r.InfraccionesPorMil)
				}
				if len(r.Alertas) != 1 || r.Alertas[0] != SinOperaciones {
					t.Errorf("alertas = %v", r.Alertas)
				}
				return
			}
			if got := r.Participacion.StringFixed(4); got != c.part {
				t.Errorf("participación %s, want %s", got, c.part)
			}
		})
	}
}

func TestArt25_inc1_umbralUnPesoDebajo(t *testing.T) {
	// O = 15.400.000.000 → the line is exactly S = 77.000.000. One peso less of sanction: not met.
	e := ejemplo()
	e.Operaciones = []Operaciones{{Anio: 2025, Valor: dec("15400000000"), Numero: 1600}}
	e.Actos[2].Valor = dec("11999999")
	if r := evaluar(t, e); r.Requisitos.UmbralCeroCinco != No {
		t.Fatal("S one peso below 0,5 % must not meet the threshold")
	}
	e.Actos[2].Valor = dec("11999999.99")
	if r := evaluar(t, e); r.Requisitos.UmbralCeroCinco != No {
		t.Fatal("S one centavo below 0,5 % must not meet the threshold")
	}
}

// Operations not loaded and S = 0: whatever O is, S × 1000 ≥ O × 5 fails
// unless O = 0 too; with no sanction the threshold is not met, with no alert.
func TestArt25_inc1_operacionesNoCargadasSinSancionesNoCumple(t *testing.T) {
	e := ejemplo()
	for i := range e.Actos {
		e.Actos[i].Valor = decimal.Zero
		e.Actos[i].Sancion = sancion.Cancelacion
	}
	e.Operaciones = nil
	r := evaluar(t, e)
	if r.Requisitos.UmbralCeroCinco != No || r.ProcedeComite != No || len(r.Alertas) != 0 || r.NumeroActos != 3 || r.TotalOperaciones != nil {
		t.Fatalf("S = 0 and O = 0: umbral %v alertas %v actos %d", r.Requisitos.UmbralCeroCinco, r.Alertas, r.NumeroActos)
	}
}

func TestArt25_inc1_numeroDeOperacionesCero(t *testing.T) {
	e := ejemplo()
	e.Operaciones = []Operaciones{{Anio: 2025, Valor: dec("14800000000"), Numero: 0}}
	r := evaluar(t, e)
	if r.InfraccionesPorMil != nil || r.Participacion == nil {
		t.Fatalf("N = 0: por mil %v, participación %v", r.InfraccionesPorMil, r.Participacion)
	}
}

func TestArt25_inc1_minimoTresActos(t *testing.T) {
	for _, c := range []struct {
		name  string
		actos []Acto
		want  bool
	}{
		{"art25_inc1_dos_actos_no_procede", ejemplo().Actos[:2], false},
		{"art25_inc1_tres_actos_procede", ejemplo().Actos[:3], true},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := ejemplo()
			e.Actos = c.actos
			e.Operaciones = []Operaciones{{Anio: 2025, Valor: dec("1000000"), Numero: 1}}
			r := evaluar(t, e)
			if r.Requisitos.MinimoTresActos != c.want || r.ProcedeComite != DeBool(c.want) {
				t.Fatalf("mínimo = %v procede = %v", r.Requisitos.MinimoTresActos, r.ProcedeComite)
			}
		})
	}
}

func TestArt25_inc1_exclusiones(t *testing.T) {
	cases := []struct {
		name string
		a    Acto
		want Motivo // "" = counts
	}{
		{"art25_inc1_firmeza_31_dic_del_anio_cuenta", acto("x", "2025-12-31", sancion.Grave, "1", false), ""},
		{"art25_inc1_firmeza_1_ene_del_anio_cuenta", acto("x", "2025-01-01", sancion.Grave, "1", false), ""},
		{"art25_inc1_firmeza_31_dic_anterior_fuera", acto("x", "2024-12-31", sancion.Grave, "1", false), FueraDePeriodo},
		{"art25_inc1_firmeza_1_ene_siguiente_fuera", acto("x", "2026-01-01", sancion.Grave, "1", false), FueraDePeriodo},
		{"art25_inc1_sin_firmeza", acto("x", "", sancion.Grave, "1", false), SinFirmeza},
		{"art25_inc1_leve", acto("x", "2025-05-05", sancion.Leve, "1", false), GravedadLeve},
		{"art25_inc2_allanamiento", acto("x", "2025-05-05", sancion.Gravisima, "1", true), ConAllanamiento},
		{"art25_inc1_leve_sin_firmeza_primero_la_firmeza", acto("x", "", sancion.Leve, "1", false), SinFirmeza},
		{"art25_inc1_fuera_y_leve_primero_periodo", acto("x", "2023-05-05", sancion.Leve, "1", true), FueraDePeriodo},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := ejemplo()
			e.Actos = []Acto{c.a}
			r := evaluar(t, e)
			if c.want == "" {
				if r.NumeroActos != 1 || len(r.Excluidos) != 0 {
					t.Fatalf("should count: %+v", r.Excluidos)
				}
				return
			}
			if r.NumeroActos != 0 || len(r.Excluidos) != 1 || r.Excluidos[0].Motivo != c.want {
				t.Fatalf("excluidos = %+v, want %s", r.Excluidos, c.want)
			}
		})
	}
}

func TestArt25_cancelacionYSuspensionCuentanConCero(t *testing.T) {
	e := ejemplo()
	e.Actos[0].Sancion = sancion.Cancelacion
	e.Actos[1].Sancion = sancion.Suspension
	r := evaluar(t, e)
	if r.NumeroActos != 3 || !r.Suma.Equal(dec("12000000")) {
		t.Fatalf("actos %d S %s", r.NumeroActos, r.Suma)
	}
}

func TestArt25_anclajes(t *testing.T) {
	e := ejemplo()
	e.Nueva.FechaComision = f("2025-12-20") // committed in 2025, verified in 2026
	e.Operaciones = append(e.Operaciones, Operaciones{Anio: 2024, Valor: dec("1000000000"), Numero: 10})
	r := evaluar(t, e)
	if r.Periodo.Anio != 2024 || r.AnioOtroAnclaje != 2025 || len(r.Alertas) != 1 || r.Alertas[0] != AnclajeDifiere {
		t.Fatalf("comisión: periodo %d otro %d alertas %v", r.Periodo.Anio, r.AnioOtroAnclaje, r.Alertas)
	}
	if r.NumeroActos != 1 { // only E (2024-12-31)
		t.Errorf("actos 2024 = %d", r.NumeroActos)
	}
	e.Anclaje = sancion.AnclajeVerificacion
	r = evaluar(t, e)
	if r.Periodo.Anio != 2025 || r.Periodo.Anclaje != sancion.AnclajeVerificacion || r.NumeroActos != 3 || r.AnioOtroAnclaje != 2024 {
		t.Fatalf("verificación: periodo %+v actos %d", r.Periodo, r.NumeroActos)
	}
	e = ejemplo()
	if r := evaluar(t, e); len(r.Alertas) != 0 {
		t.Errorf("same year: alertas %v", r.Alertas)
	}
}

func TestArt25_requisitos(t *testing.T) {
	e := ejemplo()
	e.Usuario.RegistroVigente = false
	if r := evaluar(t, e); r.ProcedeComite != No || r.Requisitos.RegistroVigente || r.SancionIncrementada != nil {
		t.Error("art25_inc1_sin_registro_vigente_no_procede")
	}
	e = ejemplo()
	e.Nueva.Gravedad = sancion.Leve
	if r := evaluar(t, e); r.ProcedeComite != No || r.Requisitos.InfraccionGraveOGravisima {
		t.Error("art25_inc1_nueva_infraccion_leve_no_procede")
	}
	e = ejemplo()
	e.Nueva.Gravedad = sancion.Grave
	if r := evaluar(t, e); r.ProcedeComite != Si {
		t.Error("art25_inc1_nueva_infraccion_grave_procede")
	}
}

func TestArt25_inc3_cancelacionEnSustitucion(t *testing.T) {
	e := ejemplo()
	e.Nueva.PermiteCancelacion = true
	e.Operaciones = []Operaciones{{Anio: 2025, Valor: dec("999000000000"), Numero: 1}} // far below 0,5 %
	r := evaluar(t, e)
	if r.Ruta != RutaCancelacionEnSustitucion || r.ProcedeComite != Si || r.Requisitos.UmbralCeroCinco != No || r.SancionIncrementada != nil {
		t.Fatalf("art25_inc3_umbral_informativo: ruta %s procede %v umbral %v incrementada %v", r.Ruta, r.ProcedeComite, r.Requisitos.UmbralCeroCinco, r.SancionIncrementada)
	}
	e.Usuario.RegistroVigente = false
	if r := evaluar(t, e); r.ProcedeComite != No {
		t.Fatal("art25_inc3_sigue_exigiendo_registro_vigente")
	}
}

func TestArt25_inc1_incrementoMilUVT(t *testing.T) {
	// The REA's year governs the UVT: verified in 2025, REA in 2026 → UVT 2026;
	// without an REA, the verification's year (UVT 2025).
	e := ejemplo()
	e.Nueva.FechaComision, e.Nueva.FechaVerificacion, e.Nueva.FechaExpediente = f("2025-12-01"), f("2025-12-05"), fecha.Fecha{}
	for i := range e.Actos {
		if a := e.Actos[i].FechaFirmeza; !a.IsZero() {
			e.Actos[i].FechaFirmeza = fecha.Debe(a.Anio()-1, a.Mes(), a.Dia())
		}
	}
	e.Operaciones = []Operaciones{{Anio: 2024, Valor: dec("14800000000"), Numero: 1600}}
	if si := evaluar(t, e).SancionIncrementada; si == nil || si.UVTAnio != 2025 || !si.Incremento.Equal(dec("49799000")) {
		t.Fatalf("art25_inc1_uvt_de_la_verificacion_sin_rea: %+v", si)
	}
	e.Nueva.FechaRequerimiento = f("2026-01-20")
	if si := evaluar(t, e).SancionIncrementada; si == nil || si.UVTAnio != 2026 || !si.Incremento.Equal(dec("52374000")) {
		t.Fatalf("art25_inc1_uvt_del_anio_del_rea: %+v", si)
	}
	e = ejemplo()
	e.Nueva.Sancion = sancion.Cancelacion
	if r := evaluar(t, e); r.SancionIncrementada != nil {
		t.Fatal("art25_inc1_sancion_cancelacion_sin_incremento")
	}
	e = ejemplo()
	e.Nueva.FechaComision = f("2027-01-10")
	e.Nueva.FechaVerificacion = f("2027-02-01")
	e.Nueva.FechaExpediente = fecha.Fecha{}
	e.Operaciones = []Operaciones{{Anio: 2026, Valor: dec("1000"), Numero: 1}}
	for i := range e.Actos {
		e.Actos[i].FechaFirmeza = f("2026-06-01")
		e.Actos[i].Allanamiento = false
	}
	// Without the UVT of 2027 the evaluation still completes: the increment
	// is unknown and the alert names the year.
	r, err := Evaluar(e, valores.Integrada())
	if err != nil || r.SancionIncrementada != nil || !r.TieneAlerta(UVTNoDisponible) || r.AnioUVTFaltante != 2027 || r.ProcedeComite != Si {
		t.Fatalf("art25_inc1_uvt_2027_no_disponible: %v %+v alertas %v año %d", err, r.SancionIncrementada, r.Alertas, r.AnioUVTFaltante)
	}
}

func TestArt25_plazoReporte(t *testing.T) {
	for _, c := range []struct {
		name                     string
		verificacion, expediente string
		inhabiles                []fecha.Fecha
		want                     string
	}{
		{"art25_ley4_art62_expediente_posterior", "2026-03-02", "2026-03-13", nil, "2026-03-30"},
		{"art25_ley4_art62_sin_expediente_cuenta_verificacion", "2026-03-13", "", nil, "2026-03-30"},
		{"art25_ley4_art62_verificacion_posterior", "2026-03-13", "2026-03-02", nil, "2026-03-30"},
		{"art25_ley4_art62_dia_inhabil_de_la_autoridad", "2026-03-13", "", []fecha.Fecha{f("2026-03-17")}, "2026-03-31"},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := ejemplo()
			e.Nueva.FechaVerificacion = f(c.verificacion)
			e.Nueva.FechaExpediente = fecha.Fecha{}
			if c.expediente != "" {
				e.Nueva.FechaExpediente = f(c.expediente)
			}
			e.DiasInhabiles = c.inhabiles
			if r := evaluar(t, e); r.PlazoReporte != f(c.want) {
				t.Fatalf("plazo %s, want %s", r.PlazoReporte, c.want)
			}
		})
	}
}

func TestArt25_variasFilasDeOperacionesSeSuman(t *testing.T) {
	e := ejemplo()
	e.Operaciones = []Operaciones{
		{Anio: 2025, Valor: dec("7400000000"), Numero: 800},
		{Anio: 2025, Valor: dec("7400000000"), Numero: 800},
		{Anio: 2024, Valor: dec("99999999999"), Numero: 5},
	}
	r := evaluar(t, e)
	if !r.TotalOperaciones.Equal(dec("14800000000")) || *r.NumeroOperaciones != 1600 {
		t.Fatalf("O %s N %d", r.TotalOperaciones, r.NumeroOperaciones)
	}
}

func TestDividirRedondeado_mitadHaciaArriba(t *testing.T) {
	for _, c := range []struct{ num, den, want string }{
		{"1", "8", "0.13"}, // 0.125 → 0.13
		{"1", "3", "0.33"},
		{"2", "3", "0.67"},
		{"3000", "1600", "1.88"}, // 1.875 → 1.88
	} {
		if got := dividirRedondeado(dec(c.num), dec(c.den), 2).StringFixed(2); got != c.want {
			t.Errorf("%s/%s = %s, want %s", c.num, c.den, got, c.want)
		}
	}
}

// Cifras computes the same figures as Evaluar, without the texts.
func TestArt25_cifrasIgualQueEvaluar(t *testing.T) {
	for _, e := range []Entrada{ejemplo(), func() Entrada { x := ejemplo(); x.Operaciones = nil; return x }()} {
		r, _ := Evaluar(e, valores.Integrada())
		c, err := Cifras(e, valores.Integrada())
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Fundamentos) != 0 || len(r.Fundamentos) == 0 {
			t.Fatalf("fundamentos: %d / %d", len(c.Fundamentos), len(r.Fundamentos))
		}
		r.Fundamentos = nil
		if !reflect.DeepEqual(r, c) {
			t.Fatalf("Cifras difiere de Evaluar:\n%+v\n%+v", r, c)
		}
	}
}

// Every step of the committee test names its legal basis, in order.
func TestArt25_fundamentoDeCadaPaso(t *testing.T) {
	r := evaluar(t, ejemplo())
	var got []string
	for _, f := range r.Fundamentos {
		got = append(got, f.Regla)
		if f.Detalle == "" {
			t.Errorf("%s sin detalle", f.Regla)
		}
	}
	want := []string{"anio_referencia", "conjunto_reglas_vigencia", "criterio_anclaje", "actos_en_firme", "allanamiento_no_cuenta",
		"criterio_actos_no_infracciones", "suma_sanciones", "operaciones_comercio_exterior",
		"umbral_cero_cinco", "registro_vigente", "infraccion_grave_o_gravisima", "minimo_tres_actos", "criterios_secretaria",
		"plazo_reporte", "dias_habiles", "criterio_sabados_inhabiles", "criterio_reporte_tardio", "incremento_mil_uvt", "uvt_anual"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("fundamentos = %v\nwant %v", got, want)
	}
}
