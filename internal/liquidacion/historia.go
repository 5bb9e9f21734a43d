package liquidacion

import (
	"fmt"
	"strings"

	"comite/internal/fecha"
	"comite/internal/formato"
	"comite/internal/normas"
	"comite/internal/sancion"
)

// ActoAnterior is one act of the user's history, as the store keeps it.
type ActoAnterior struct {
	Numero          string
	Infraccion      string // code and article of the infraction ("" when not recorded)
	Gravedad        sancion.Gravedad
	Sancion         sancion.Tipo
	FechaExpedicion fecha.Fecha // zero: not recorded
	FechaFirmeza    fecha.Fecha // zero: not firm
	Allanamiento    bool        // accepted allanamiento
}

// HechosCaso are the data of the case the counts depend on.
type HechosCaso struct {
	Infraccion         string      // code of the new infraction ("the same infraction"); "": not given
	FechaComision      fecha.Fecha // commission of the new infraction
	FechaRequerimiento fecha.Fecha // expedition of the REA; zero: not issued yet
	FechaLiquidacion   fecha.Fecha // the liquidation's date: the REA's expected date when it was not issued
}

// Names of the counts (also the fields they prefill).
const (
	CuentaAmonestaciones   = "amonestaciones_previas"
	CuentaAmonestacionesZF = "amonestaciones_previas_zona_franca"
	CuentaReincidenciasZF  = "reincidencias_previas"
	CuentaTerceraVez       = "tercera_vez"
	CuentaAntecedentes57   = "antecedentes_5_7"
)

// Cuentas lists the counts in the order they are shown.
var Cuentas = []string{CuentaAmonestaciones, CuentaTerceraVez, CuentaAmonestacionesZF, CuentaReincidenciasZF, CuentaAntecedentes57}

// Ventana is the period a count looks at, both ends included.
type Ventana struct {
	Desde, Hasta fecha.Fecha
	Ancla        string // which date of the case it counts from, and why
}

// ActoFuera is an act of the same kind left out of a count, with the reason.
type ActoFuera struct {
	Acto   ActoAnterior
	Motivo string
}

// Cuenta is one count taken from the user's history.
type Cuenta struct {
	Nombre   string
	Titulo   string // for people
	Regla    string // key of internal/normas
	Conocida bool   // false: a datum it needs is missing (Falta says which); never read as 0
	Falta    string
	Valor    int
	Ventana  Ventana
	Actos    []ActoAnterior // the acts that make up the count
	Fuera    []ActoFuera    // acts of the same kind outside it, with the reason
}

// Historia holds every count of a case's history.
type Historia struct {
	Cuentas map[string]Cuenta
}

// normalizarInfraccion compares infraction codes without case or spaces.
func normalizarInfraccion(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), ""))
}

// RestarAnios goes back n calendar years: the same day number, or the
// month's last day when that year has none (29 February → 28 February).
func RestarAnios(f fecha.Fecha, n int) fecha.Fecha {
	g, err := fecha.Nueva(f.Anio()-n, f.Mes(), f.Dia())
	if err != nil {
		return fecha.Debe(f.Anio()-n, f.Mes()+1, 1).MasDias(-1)
	}
	return g
}

func ventanaAnios(ancla fecha.Fecha, anios int, porque string) Ventana {
	if ancla.IsZero() {
		return Ventana{Ancla: porque}
	}
	return Ventana{Desde: RestarAnios(ancla, anios), Hasta: ancla, Ancla: porque}
}

func (v Ventana) contiene(f fecha.Fecha) bool {
	return !f.IsZero() && !f.Antes(v.Desde) && !f.Despues(v.Hasta)
}

// Texto is the window for people: "del 04/05/2023 al 04/05/2026".
func (v Ventana) Texto() string {
	return "del " + formato.Fecha(v.Desde) + " al " + formato.Fecha(v.Hasta)
}

// anclaREA is the date the DIAN windows count from: the expedition of the
// REA when the case keeps it; otherwise the liquidation's date, as the date
// the REA being prepared is expected to be issued. Decreto Ley 920 de 2023,
// art. 22: the gradualidad is applied when the REA "o emplazamiento, según el
// caso" is issued; the case keeps no emplazamiento, so the REA stands for it.
func anclaREA(h HechosCaso) (fecha.Fecha, string) {
	momento := " (la gradualidad se aplica al expedir el requerimiento especial aduanero o el emplazamiento, " + normas.De(normas.MomentoGradualidad).Referencia() + ")"
	if !h.FechaRequerimiento.IsZero() {
		return h.FechaRequerimiento, "expedición del requerimiento especial aduanero, " + formato.Fecha(h.FechaRequerimiento) + momento
	}
	if h.FechaLiquidacion.IsZero() {
		return h.FechaLiquidacion, "expedición del requerimiento especial aduanero, que el caso aún no registra" + momento
	}
	return h.FechaLiquidacion, "fecha de la liquidación, " + formato.Fecha(h.FechaLiquidacion) + ", como fecha prevista de expedición del requerimiento especial aduanero, que el caso aún no registra" + momento
}

// CuentasDeHistoria counts, from the user's acts, what the liquidation of
// the case's new infraction needs, each count with the acts that make it up
// and its window:
//   - amonestaciones_previas (Decreto Ley 920 de 2023, art. 22 num. 4): firm
//     amonestaciones of the same leve infraction whose firmeza falls in the
//     3 years up to the REA (standing for the emplazamiento);
//   - tercera_vez (art. 22 num. 3): firm acts of the same infraction in the 3
//     years up to the REA; an act with allanamiento is left out, since the
//     store does not say whether it was accepted before the REA (art. 24
//     num. 1, which does not count): the official adjusts the count if it did;
//   - amonestaciones_previas in zona franca and reincidencias_previas
//     (Decreto 2147 de 2016, art. 86): the same infraction, firm act or
//     accepted allanamiento, "durante los últimos cinco (5) años" up to the
//     commission of the new infraction;
//   - antecedentes_5_7 (art. 22 num. 5.7): firm sanctions graded grave or
//     gravísima in the 3 years up to the REA.
//
// A count that needs the infraction's code or a date the case lacks is not
// known (never 0). Pure: no clock, no store. The readings (anchors, dates of
// the acts, boundaries) are explained in docs/liquidacion.md.
func CuentasDeHistoria(h HechosCaso, actos []ActoAnterior) Historia {
	codigo := normalizarInfraccion(h.Infraccion)
	iguales := make(map[string]bool, 8) // raw code → same infraction as the case's, computed once
	misma := func(a ActoAnterior) bool {
		if codigo == "" {
			return false
		}
		m, ok := iguales[a.Infraccion]
		if !ok {
			m = normalizarInfraccion(a.Infraccion) == codigo
			iguales[a.Infraccion] = m
		}
		return m
	}
	sinCodigo := "indique el código de la infracción del caso para contar los actos de la misma infracción"
	out := Historia{Cuentas: map[string]Cuenta{}}

	rea, porqueREA := anclaREA(h)
	v3 := ventanaAnios(rea, 3, porqueREA)
	sinAncla := rea.IsZero()
	const faltaAncla = "no hay fecha del requerimiento especial aduanero ni de la liquidación desde la cual contar"
	var v5 Ventana
	if !h.FechaComision.IsZero() {
		v5 = ventanaAnios(h.FechaComision, 5, "comisión de la nueva infracción ("+formato.Fecha(h.FechaComision)+"): «durante los últimos cinco (5) años»")
	}

	// Art. 22 num. 4.
	c := Cuenta{Nombre: CuentaAmonestaciones, Titulo: "Amonestaciones previas en firme por la misma infracción leve (3 años)", Regla: normas.LeveRepetida, Ventana: v3, Conocida: codigo != "" && !sinAncla}
	c.Falta = falta(codigo == "", sinCodigo, sinAncla, faltaAncla)
	for _, a := range actos {
		if !misma(a) || a.Sancion != sancion.Amonestacion {
			continue
		}
		switch {
		case a.FechaFirmeza.IsZero():
			c.Fuera = append(c.Fuera, ActoFuera{a, "no está en firme"})
		case a.Gravedad != sancion.Leve:
			c.Fuera = append(c.Fuera, ActoFuera{a, "la infracción no está catalogada como leve"})
		case !v3.contiene(a.FechaFirmeza):
			c.Fuera = append(c.Fuera, ActoFuera{a, "quedó en firme fuera de la ventana de tres años"})
		default:
			c.Actos = append(c.Actos, a)
		}
	}
	c.Valor = len(c.Actos)
	out.Cuentas[c.Nombre] = c

	// Art. 22 num. 3.
	c = Cuenta{Nombre: CuentaTerceraVez, Titulo: "Actos en firme por la misma infracción (3 años; tercera vez: porcentajes especiales de allanamiento)", Regla: normas.TresVecesMisma, Ventana: v3, Conocida: codigo != "" && !sinAncla}
	c.Falta = falta(codigo == "", sinCodigo, sinAncla, faltaAncla)
	for _, a := range actos {
		if !misma(a) {
			continue
		}
		switch {
		case a.FechaFirmeza.IsZero():
			c.Fuera = append(c.Fuera, ActoFuera{a, "no está en firme"})
		case !v3.contiene(a.FechaFirmeza):
			c.Fuera = append(c.Fuera, ActoFuera{a, "quedó en firme fuera de la ventana de tres años"})
		case a.Allanamiento:
			c.Fuera = append(c.Fuera, ActoFuera{a, "con allanamiento: no se registra si fue antes del requerimiento especial aduanero, caso que no se cuenta como antecedente; si no lo fue, ajuste la cuenta"})
		default:
			c.Actos = append(c.Actos, a)
		}
	}
	c.Valor = len(c.Actos)
	out.Cuentas[c.Nombre] = c

	// Decreto 2147 de 2016, art. 86: amonestación repeated and reincidencia.
	for _, zf := range []struct {
		nombre, titulo, regla string
		amonestacion          bool
	}{
		{CuentaAmonestacionesZF, "Zona franca: amonestaciones previas por la misma conducta (5 años)", normas.ZFAmonestacion, true},
		{CuentaReincidenciasZF, "Zona franca: comisiones previas de la misma infracción, en firme o con allanamiento (5 años)", normas.ZFReincidencia, false},
	} {
		c = Cuenta{Nombre: zf.nombre, Titulo: zf.titulo, Regla: zf.regla, Ventana: v5, Conocida: codigo != "" && !h.FechaComision.IsZero()}
		switch {
		case codigo == "":
			c.Falta = sinCodigo
		case h.FechaComision.IsZero():
			c.Falta = "el caso no registra la fecha de comisión"
		}
		for _, a := range actos {
			if !misma(a) || (zf.amonestacion != (a.Sancion == sancion.Amonestacion)) {
				continue
			}
			// The occurrence is dated by its firmeza or, for an accepted
			// allanamiento not yet firm, by the act's expedition.
			f := a.FechaFirmeza
			if f.IsZero() && a.Allanamiento {
				f = a.FechaExpedicion
			}
			switch {
			case a.FechaFirmeza.IsZero() && !a.Allanamiento:
				c.Fuera = append(c.Fuera, ActoFuera{a, "no está en firme ni tiene allanamiento aceptado"})
			case f.IsZero():
				c.Fuera = append(c.Fuera, ActoFuera{a, "allanamiento sin fecha de expedición del acto"})
			case !c.Conocida || !v5.contiene(f):
				c.Fuera = append(c.Fuera, ActoFuera{a, "fuera de los últimos cinco años"})
			default:
				c.Actos = append(c.Actos, a)
			}
		}
		c.Valor = len(c.Actos)
		out.Cuentas[c.Nombre] = c
	}

	// Art. 22 num. 5.7.
	c = Cuenta{Nombre: CuentaAntecedentes57, Titulo: "Criterio 5.7: sanciones graves o gravísimas en firme (3 años)", Regla: normas.Antecedentes57, Ventana: v3, Conocida: !sinAncla}
	c.Falta = falta(false, "", sinAncla, faltaAncla)
	for _, a := range actos {
		if a.Gravedad != sancion.Grave && a.Gravedad != sancion.Gravisima {
			continue
		}
		switch {
		case a.FechaFirmeza.IsZero():
			c.Fuera = append(c.Fuera, ActoFuera{a, "no está en firme"})
		case !v3.contiene(a.FechaFirmeza):
			c.Fuera = append(c.Fuera, ActoFuera{a, "quedó en firme fuera de la ventana de tres años"})
		default:
			c.Actos = append(c.Actos, a)
		}
	}
	c.Valor = len(c.Actos)
	out.Cuentas[c.Nombre] = c
	return out
}

// falta joins the reasons a count is not known.
func falta(a bool, ta string, b bool, tb string) string {
	var r []string
	if a {
		r = append(r, ta)
	}
	if b {
		r = append(r, tb)
	}
	return strings.Join(r, "; ")
}

// ValorTexto is the count for people: the number, or why it is not known.
func (c Cuenta) ValorTexto() string {
	if !c.Conocida {
		return "sin determinar: " + c.Falta
	}
	return fmt.Sprintf("%d", c.Valor)
}

// Ajustar replaces a count by the official's value (recorded elsewhere with
// its reason): the count becomes known with that value.
func (h Historia) Ajustar(nombre string, valor int) {
	c, ok := h.Cuentas[nombre]
	if !ok {
		return
	}
	c.Valor, c.Conocida, c.Falta = valor, true, ""
	h.Cuentas[nombre] = c
}

// Prefijados are the request fields the history fills; nil: not known.
type Prefijados struct {
	AmonestacionesPrevias *int
	ReincidenciasPrevias  *int
	TerceraVez            *bool
}

// Prefijar takes the counts the régimen uses: aduanero and ley_2025 the
// 3-year counts of Decreto Ley 920 de 2023 (art. 22 num. 4 and num. 3: two
// earlier acts make this the third time); zona_franca the 5-year counts of
// Decreto 2147 de 2016, art. 86.
func (h Historia) Prefijar(r Regimen) Prefijados {
	valor := func(nombre string) *int {
		c := h.Cuentas[nombre]
		if !c.Conocida {
			return nil
		}
		v := c.Valor
		return &v
	}
	if r == ZonaFranca {
		return Prefijados{AmonestacionesPrevias: valor(CuentaAmonestacionesZF), ReincidenciasPrevias: valor(CuentaReincidenciasZF)}
	}
	p := Prefijados{AmonestacionesPrevias: valor(CuentaAmonestaciones)}
	if n := valor(CuentaTerceraVez); n != nil {
		t := *n >= 2
		p.TerceraVez = &t
	}
	return p
}
