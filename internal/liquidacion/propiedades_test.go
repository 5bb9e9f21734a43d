package liquidacion

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"comite/internal/fecha"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
	"pgregory.net/rapid"
)

var tipos = []sancion.Tipo{sancion.Multa, sancion.Amonestacion, sancion.Suspension, sancion.Cancelacion}

// genSolicitud draws a valid request: any régimen, a date with a UVT, 1–5
// infractions (multas in COP with centavos or in UVT with decimals), any
// counts (for the request and, sometimes, for each infraction), any subset of
// reductions, any allanamiento, any gross income — except the combinations
// the law makes impossible, which Validar refuses.
func genSolicitud(t *rapid.T) Solicitud {
	s := Solicitud{
		Regimen:               rapid.SampledFrom(Regimenes).Draw(t, "regimen"),
		FechaLiquidacion:      fecha.Debe(rapid.IntRange(2015, 2026).Draw(t, "anio"), time.Month(rapid.IntRange(1, 12).Draw(t, "mes")), rapid.IntRange(1, 28).Draw(t, "dia")),
		MismaDeclaracion:      rapid.Bool().Draw(t, "misma"),
		AmonestacionesPrevias: rapid.IntRange(0, 12).Draw(t, "amonestaciones"),
		ReincidenciasPrevias:  rapid.IntRange(0, 12).Draw(t, "reincidencias"),
		IncrementoComite:      rapid.Bool().Draw(t, "comite"),
	}
	n := rapid.IntRange(1, 5).Draw(t, "n")
	for i := 0; i < n; i++ {
		inf := Infraccion{Codigo: "X", Sancion: rapid.SampledFrom(tipos).Draw(t, "tipo")}
		if inf.Sancion == sancion.Multa {
			if rapid.Bool().Draw(t, "enUVT") {
				v := decimal.New(rapid.Int64Range(0, 5_000_000).Draw(t, "uvt"), -2)
				inf.ValorUVT = &v
			} else {
				v := decimal.New(rapid.Int64Range(0, 100_000_000_000_00).Draw(t, "cop"), -2)
				inf.ValorCOP = &v
			}
		}
		if rapid.Bool().Draw(t, "propias") {
			a, r := rapid.IntRange(0, 12).Draw(t, "amonestaciones_propias"), rapid.IntRange(0, 12).Draw(t, "reincidencias_propias")
			inf.AmonestacionesPrevias, inf.ReincidenciasPrevias = &a, &r
		}
		s.Infracciones = append(s.Infracciones, inf)
	}
	todasAmonestacion := true
	for _, inf := range s.Infracciones {
		todasAmonestacion = todasAmonestacion && inf.Sancion == sancion.Amonestacion
	}
	s.IncrementoComite = s.IncrementoComite && !todasAmonestacion
	for _, r := range Reducciones {
		if r == OEASegundaInfraccion && len(s.Reducciones) > 0 && s.Reducciones[len(s.Reducciones)-1] == SinAntecedentesINFAD {
			continue
		}
		if rapid.Bool().Draw(t, "reduccion_"+string(r)) {
			s.Reducciones = append(s.Reducciones, r)
		}
	}
	if rapid.Bool().Draw(t, "allanamiento") {
		s.Allanamiento = &Allanamiento{
			Etapa:      rapid.SampledFrom(Etapas).Draw(t, "etapa"),
			TerceraVez: rapid.Bool().Draw(t, "tercera"),
			Articulo72: rapid.Bool().Draw(t, "art72"),
		}
	}
	if rapid.Bool().Draw(t, "ingresos") && (s.Allanamiento == nil || s.Allanamiento.Etapa == TerminoRecurso) {
		v := decimal.New(rapid.Int64Range(1, 1_000_000_000_000_00).Draw(t, "ingresos_cop"), -2)
		s.IngresosBrutos = &v
	}
	return s
}

func paso(l Liquidacion, nombre string) Paso {
	for _, p := range l.Pasos {
		if p.Paso == nombre {
			return p
		}
	}
	panic("falta el paso " + nombre)
}

func valor(p *decimal.Decimal) decimal.Decimal {
	if p == nil {
		return decimal.Zero
	}
	return *p
}

// TestPropiedades checks, for any valid request:
//   - the 8 steps are present in the contract's order, a step that does not
//     apply leaves the value unchanged, each step starts where the previous one
//     ended, amounts are whole pesos, the total is the last step's value (and
//     null unless the sanction is a multa);
//   - allanamiento, reducciones and tope_ingresos never raise the amount;
//   - total ≤ max(B + R + C, M) where B is the sum of the multas (base step, 0
//     when none), R the amount added by the reincidencia step (despues − antes,
//     with antes 0 when an amonestación becomes a multa), C the amount added by
//     the Comité's increment, and M the 10 UVT minimum of the year: concurrence
//     never exceeds the sum, later steps only reduce (each to no more than the
//     amount before it rounded to the peso, since each rounds its result), and
//     only the minimum may raise — and only up to M;
//   - the same request gives the same liquidation.
func TestPropiedades(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genSolicitud(t)
		l, err := Liquidar(s, valores.Integrada())
		if err != nil {
			t.Fatalf("solicitud válida rechazada: %v", err)
		}
		comprobarForma(t, l)

		for _, nombre := range []string{PasoReducciones, PasoAllanamiento, PasoTopeIngresos} {
			p := paso(l, nombre)
			// A step that reduces rounds its result to the peso (half up), and an
			// input amount keeps its cents: 0,63 reduced to 0,504 is 1 peso. The
			// result never exceeds the amount before it, or that amount rounded
			// the same way; a step that does not apply passes it on unchanged.
			if p.Antes != nil && p.Despues != nil && p.Despues.GreaterThan(decimal.Max(*p.Antes, p.Antes.Round(0))) {
				t.Fatalf("%s eleva la multa: %s → %s", nombre, p.Antes, p.Despues)
			}
		}
		if c := paso(l, PasoConcurrencia); c.Antes != nil && c.Despues != nil && c.Despues.GreaterThan(*c.Antes) {
			t.Fatalf("la concurrencia supera la suma de las multas: %s → %s", c.Antes, c.Despues)
		}

		b := valor(paso(l, PasoBase).Despues)
		var r, c decimal.Decimal
		if p := paso(l, PasoReincidencia); p.Aplica {
			r = valor(p.Despues).Sub(valor(p.Antes))
		}
		if p := paso(l, PasoIncrementoComite); p.Aplica {
			c = valor(p.Despues).Sub(valor(p.Antes))
		}
		m, _, _ := valores.Pesos(valores.DL920.MinimoUVT, s.FechaLiquidacion.Anio())
		piso := m // the minimum: none in zona franca; in ley_2025 never above the income cap
		switch {
		case s.Regimen == ZonaFranca:
			piso = decimal.Zero
		case s.Regimen == Ley2025 && s.IngresosBrutos != nil:
			piso = decimal.Min(m, s.IngresosBrutos.Mul(valores.DL920.L2025TopeIngresos).Round(0))
		}
		techo := decimal.Max(b.Add(r).Add(c), piso).Round(0) // the total is whole pesos
		if l.Total != nil && l.Total.GreaterThan(techo) {
			t.Fatalf("total %s supera la suma de las multas más los incrementos (%s)", l.Total, techo)
		}
		if l.Total != nil && l.Total.LessThan(piso) {
			t.Fatalf("total %s por debajo del mínimo %s", l.Total, piso)
		}
		if s.Regimen == ZonaFranca && (paso(l, PasoIncrementoComite).Aplica || paso(l, PasoMinimo).Aplica) {
			t.Fatalf("en zona franca se aplicó el incremento del Comité o el mínimo")
		}
		if tope := paso(l, PasoTopeIngresos); s.Regimen == Ley2025 && s.IngresosBrutos != nil && l.Total != nil {
			limite := s.IngresosBrutos.Mul(valores.DL920.L2025TopeIngresos).Round(0)
			if valor(tope.Despues).LessThanOrEqual(limite) && l.Total.GreaterThan(limite) {
				t.Fatalf("el mínimo elevó la multa (%s) por encima del tope de ingresos (%s)", l.Total, limite)
			}
		}

		otra, _ := Liquidar(s, valores.Integrada())
		if !reflect.DeepEqual(l, otra) {
			t.Fatalf("la misma solicitud dio dos liquidaciones distintas")
		}
	})
}

// TestPropiedadAllanamientoNuncaEleva: for any multa and any stage, the
// allanamiento step's result is at most its input (art. 24: "se reducirán").
func TestPropiedadAllanamientoNuncaEleva(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := decimal.New(rapid.Int64Range(0, 1_000_000_000_000).Draw(t, "cop"), 0)
		s := Solicitud{
			Regimen:          rapid.SampledFrom(Regimenes).Draw(t, "regimen"),
			FechaLiquidacion: f2026,
			Infracciones:     []Infraccion{{Codigo: "X", Sancion: sancion.Multa, ValorCOP: &v}},
			Allanamiento: &Allanamiento{
				Etapa:      rapid.SampledFrom(Etapas).Draw(t, "etapa"),
				TerceraVez: rapid.Bool().Draw(t, "tercera"),
				Articulo72: rapid.Bool().Draw(t, "art72"),
			},
		}
		l, err := Liquidar(s, valores.Integrada())
		if err != nil {
			t.Fatal(err)
		}
		p := paso(l, PasoAllanamiento)
		if !p.Aplica || p.Despues.GreaterThan(*p.Antes) {
			t.Fatalf("allanamiento aplica=%v %s → %s", p.Aplica, p.Antes, p.Despues)
		}
		if v.GreaterThan(decimal.NewFromInt(2)) && !p.Despues.LessThan(*p.Antes) { // at 80 %, 2 pesos round back to 2
			t.Fatalf("allanamiento no reduce %s", p.Antes)
		}
	})
}

// severidadTotal orders two liquidations: first the sanction
// (amonestación < multa < suspensión < cancelación), then the amount.
func menor(a, b Liquidacion) bool {
	if a.Sancion.Severidad() != b.Sancion.Severidad() {
		return a.Sancion.Severidad() < b.Sancion.Severidad()
	}
	return a.Total != nil && b.Total != nil && a.Total.LessThan(*b.Total)
}

// TestPropiedadRepeticionNuncaBaja: adding one earlier amonestación or
// reincidencia — to the request or to one infraction — never lowers the
// liquidation (Decreto Ley 920 de 2023, art. 22 num. 4; Decreto 2147 de 2016,
// art. 86): the repetitions change each infraction's sanction before the
// concurrence, so they cannot be lost in it.
func TestPropiedadRepeticionNuncaBaja(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genSolicitud(t)
		antes, err := Liquidar(s, valores.Integrada())
		if err != nil {
			t.Fatalf("solicitud válida rechazada: %v", err)
		}
		mas := s
		mas.Infracciones = append([]Infraccion(nil), s.Infracciones...)
		amon := rapid.Bool().Draw(t, "cuenta_amonestaciones")
		i := rapid.IntRange(-1, len(s.Infracciones)-1).Draw(t, "donde")
		if i < 0 {
			if amon {
				mas.AmonestacionesPrevias++
			} else {
				mas.ReincidenciasPrevias++
			}
		} else {
			inf := mas.Infracciones[i]
			a, r := mas.AmonestacionesPrevias, mas.ReincidenciasPrevias
			if inf.AmonestacionesPrevias != nil {
				a = *inf.AmonestacionesPrevias
			}
			if inf.ReincidenciasPrevias != nil {
				r = *inf.ReincidenciasPrevias
			}
			if amon {
				a++
			} else {
				r++
			}
			inf.AmonestacionesPrevias, inf.ReincidenciasPrevias = &a, &r
			mas.Infracciones[i] = inf
		}
		despues, err := Liquidar(mas, valores.Integrada())
		if err != nil {
			t.Fatalf("solicitud válida rechazada: %v", err)
		}
		if menor(despues, antes) {
			t.Fatalf("una repetición más bajó la liquidación: %s %s → %s %s", antes.Sancion, montoTexto(antes.Total), despues.Sancion, montoTexto(despues.Total))
		}
	})
}

// TestPropiedadCombinacionesImposibles: whatever else the request says, the
// combinations that cannot happen are refused naming the fields.
func TestPropiedadCombinacionesImposibles(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genSolicitud(t)
		var campo string
		switch rapid.IntRange(0, 2).Draw(t, "combinacion") {
		case 0:
			v := decimal.NewFromInt(1_000_000_000)
			s.IngresosBrutos = &v
			s.Allanamiento = &Allanamiento{Etapa: AntesRequerimiento}
			campo = "allanamiento.etapa"
		case 1:
			s.Reducciones = []Reduccion{SinAntecedentesINFAD, OEASegundaInfraccion}
			campo = "oea_segunda_infraccion"
		case 2:
			for i := range s.Infracciones {
				s.Infracciones[i] = Infraccion{Codigo: "X", Sancion: sancion.Amonestacion}
			}
			s.IncrementoComite = true
			campo = "incremento_comite"
		}
		_, err := Liquidar(s, valores.Integrada())
		if err == nil || !strings.Contains(err.Error(), campo) {
			t.Fatalf("se esperaba un rechazo que nombre %s, fue %v", campo, err)
		}
	})
}
