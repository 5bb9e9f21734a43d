package reincidencia

import (
	"errors"
	"strings"
	"testing"

	"comite/internal/sancion"
	"comite/internal/valores"
)

// Art. 25 inc. 1: reincidence presupposes sanctions before the new conduct.
// With the anchor on the verification, an act firm the day after the
// commission is left out as posterior_a_la_comision; the day before and the
// day itself count. The first reason of the one order is given.
func TestArt25_inc1_actoPosteriorALaComision(t *testing.T) {
	cases := []struct {
		name string
		a    Acto
		want Motivo
	}{
		{"art25_inc1_firme_el_dia_anterior_a_la_comision_cuenta", acto("x", "2026-02-09", sancion.Grave, "1", false), ""},
		{"art25_inc1_firme_el_dia_de_la_comision_cuenta", acto("x", "2026-02-10", sancion.Grave, "1", false), ""},
		{"art25_inc1_firme_el_dia_siguiente_posterior_a_la_comision", acto("x", "2026-02-11", sancion.Grave, "1", false), PosteriorALaComision},
		{"art25_inc1_posterior_antes_que_leve", acto("x", "2026-03-01", sancion.Leve, "1", true), PosteriorALaComision},
		{"art25_inc1_sin_firmeza_antes_que_todo", acto("x", "", sancion.Leve, "1", true), SinFirmeza},
		{"art25_inc1_fuera_de_periodo_antes_que_posterior", acto("x", "2027-01-02", sancion.Grave, "1", false), FueraDePeriodo},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := ejemplo()
			e.Anclaje = sancion.AnclajeVerificacion
			e.Nueva.FechaVerificacion = f("2027-01-04")
			e.Nueva.FechaExpediente = f("2027-01-04")
			e.Actos = []Acto{c.a}
			r := evaluar(t, e)
			if c.want == "" {
				if r.NumeroActos != 1 {
					t.Fatalf("debe contar: %+v", r.Excluidos)
				}
				return
			}
			if r.NumeroActos != 0 || len(r.Excluidos) != 1 || r.Excluidos[0].Motivo != c.want {
				t.Fatalf("excluidos = %+v, se esperaba %s", r.Excluidos, c.want)
			}
		})
	}
}

// Corte Constitucional C-072 de 2025 and art. 25: a commission before the
// first validity day of every rule set held (06/06/2023) computes the figures
// but leaves procede_comite and the increment undetermined.
func TestArt25_hechoAnteriorAVigencia(t *testing.T) {
	base := func(comision string) Entrada {
		e := ejemplo()
		e.Nueva.FechaComision, e.Nueva.FechaVerificacion, e.Nueva.FechaExpediente = f(comision), f(comision), f(comision)
		e.Actos = []Acto{acto("A", "2022-03-04", sancion.Grave, "40000000", false), acto("B", "2022-05-04", sancion.Grave, "40000000", false), acto("C", "2022-07-04", sancion.Grave, "40000000", false)}
		e.Operaciones = []Operaciones{{Anio: 2022, Valor: dec("1000000000"), Numero: 10}}
		return e
	}
	cases := []struct {
		name     string
		comision string
		anterior bool
	}{
		{"c072_dl920_05_06_2023_no_se_determina", "2023-06-05", true},
		{"c072_dl920_06_06_2023_procede", "2023-06-06", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := evaluar(t, base(c.comision))
			if r.NumeroActos != 3 || !r.Requisitos.UmbralCeroCinco.EsSi() {
				t.Fatalf("las cifras se calculan igual: %d actos, umbral %v", r.NumeroActos, r.Requisitos.UmbralCeroCinco)
			}
			if r.TieneAlerta(HechoAnteriorAVigencia) != c.anterior {
				t.Errorf("alerta hecho_anterior_a_vigencia = %v", r.TieneAlerta(HechoAnteriorAVigencia))
			}
			if c.anterior && (r.ProcedeComite.Conocido() || r.SancionIncrementada != nil) {
				t.Errorf("procede %v, incremento %+v: deben ser null", r.ProcedeComite, r.SancionIncrementada)
			}
			if !c.anterior && (!r.ProcedeComite.EsSi() || r.SancionIncrementada == nil) {
				t.Errorf("procede %v, incremento %+v", r.ProcedeComite, r.SancionIncrementada)
			}
		})
	}
}

// Art. 25 inc. 1: the +1.000 UVT is proposed in the REA; before its date it
// is computed with the verification year and is provisional.
func TestArt25_inc1_incrementoProvisional(t *testing.T) {
	cases := []struct {
		name        string
		rea         string
		anio        int
		provisional bool
	}{
		{"art25_inc1_sin_requerimiento_provisional", "", 2026, true},
		{"art25_inc1_con_requerimiento_definitivo", "2026-04-01", 2026, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := ejemplo()
			if c.rea != "" {
				e.Nueva.FechaRequerimiento = f(c.rea)
			}
			r := evaluar(t, e)
			si := r.SancionIncrementada
			if si == nil || si.UVTAnio != c.anio || si.Provisional != c.provisional {
				t.Fatalf("incremento %+v", si)
			}
		})
	}
}

// Art. 25 inc. 1 "0,5 % o más": amounts are used exactly, so one cent below
// the line does not meet it, and the comparison never shows two equal numbers.
func TestArt25_inc1_umbralConCentavos(t *testing.T) {
	cases := []struct {
		name, s, texto string
		cumple         bool
	}{
		{"art25_inc1_exactamente_la_linea", "77000000", "S × 1.000 = 77.000.000.000 ≥ O × 5 = 77.000.000.000: el umbral se cumple.", true},
		{"art25_inc1_un_centavo_debajo", "76999999.99", "S × 1.000 = 76.999.999.990 < O × 5 = 77.000.000.000: el umbral no se cumple.", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := ejemplo()
			e.Actos = []Acto{acto("A", "2025-03-04", sancion.Grave, c.s, false), acto("B", "2025-03-05", sancion.Grave, "0", false), acto("C", "2025-03-06", sancion.Grave, "0", false)}
			e.Operaciones = []Operaciones{{Anio: 2025, Valor: dec("15400000000"), Numero: 1}}
			r := evaluar(t, e)
			if r.Requisitos.UmbralCeroCinco.EsSi() != c.cumple {
				t.Fatalf("umbral %v", r.Requisitos.UmbralCeroCinco)
			}
			if got := TextoComparacionUmbral(r.Suma, *r.TotalOperaciones, valores.DL920); got != c.texto {
				t.Errorf("%q, se esperaba %q", got, c.texto)
			}
		})
	}
}

// Art. 25 inc. 1 and Decreto Ley 920 de 2023, art. 22: amonestación is the
// sanction of leve infractions; a grave or gravísima new infraction with it
// is refused, and a new infraction that is not a multa gets no increment,
// saying why.
func TestArt25_nuevaInfraccionQueNoEsMulta(t *testing.T) {
	cases := []struct {
		name      string
		g         sancion.Gravedad
		s         sancion.Tipo
		rechazada bool
	}{
		{"art25_grave_con_amonestacion_rechazada", sancion.Grave, sancion.Amonestacion, true},
		{"art25_gravisima_con_amonestacion_rechazada", sancion.Gravisima, sancion.Amonestacion, true},
		{"art25_leve_con_amonestacion_admitida", sancion.Leve, sancion.Amonestacion, false},
		{"art25_gravisima_con_cancelacion_sin_incremento", sancion.Gravisima, sancion.Cancelacion, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := ejemplo()
			e.Nueva.Gravedad, e.Nueva.Sancion = c.g, c.s
			r, err := Evaluar(e, valores.Integrada())
			var ecs ErrCampos
			if c.rechazada {
				if !errors.As(err, &ecs) || ecs[0].Campo != "nueva_infraccion.sancion" {
					t.Fatalf("se esperaba el rechazo de nueva_infraccion.sancion: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			hay := false
			for _, x := range r.Fundamentos {
				hay = hay || (x.Regla == "sin_incremento" && strings.Contains(x.Detalle, "no hay incremento"))
			}
			if !hay || r.SancionIncrementada != nil {
				t.Errorf("fundamento sin_incremento %v, incremento %+v", hay, r.SancionIncrementada)
			}
		})
	}
}

// The anclaje_difiere alert names the other date and its year.
func TestArt25_anclajeDifiereNombraLaOtraFecha(t *testing.T) {
	e := ejemplo()
	e.Nueva.FechaVerificacion, e.Nueva.FechaExpediente = f("2027-01-04"), f("2027-01-04")
	r := evaluar(t, e)
	for _, a := range Avisos(r) {
		if a.Alerta == AnclajeDifiere {
			if !strings.Contains(a.Texto, "verificación de los hechos (04/01/2027) el año de referencia sería 2026, no 2025") {
				t.Errorf("%q", a.Texto)
			}
			return
		}
	}
	t.Fatal("falta la alerta anclaje_difiere")
}
