package liquidacion

import (
	"fmt"
	"strings"

	"comite/internal/fecha"
	"comite/internal/formato"
	"comite/internal/normas"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

var uno = decimal.NewFromInt(1)

// Liquidar computes the sanction of one fact with the reference values ref:
// the rule set is the one stored with the case (Solicitud.Conjunto) or the
// one in force on the date of the facts (FechaHechos, else FechaLiquidacion);
// after the validity of every rule set held, the latest one with the alert
// norma_sin_vigencia_confirmada. Steps in order: base → repetitions of each
// infraction → concurrencia → incremento del Comité → reducciones →
// allanamiento → tope de ingresos → mínimo. Every peso amount is rounded to
// the peso, half-up; UVT amounts use the UVT of the year of FechaLiquidacion
// and the Estatuto Tributario art. 868 rounding. A year without UVT is an
// error naming the year and the field.
func Liquidar(s Solicitud, ref valores.Referencia) (Liquidacion, error) {
	if err := Validar(s); err != nil {
		return Liquidacion{}, err
	}
	if len(ref.Conjuntos) == 0 {
		return Liquidacion{}, fmt.Errorf("la referencia no trae ningún conjunto de reglas")
	}
	hechos := s.FechaHechos
	if hechos.IsZero() {
		hechos = s.FechaLiquidacion
	}
	p, vig := ref.ConjuntoPara(hechos)
	if s.Conjunto != "" {
		var err error
		if p, err = ref.Conjunto(s.Conjunto); err != nil {
			return Liquidacion{}, &ErrSolicitud{Problemas: []string{"conjunto: " + err.Error()}}
		}
		vig = vigenciaDe(p, hechos)
	}
	anio := s.FechaLiquidacion.Anio()
	u, err := ref.UVTDe(anio)
	if err != nil {
		e := &ErrSolicitud{}
		e.add("fecha_liquidacion", "%v: se necesita para convertir a pesos los valores en UVT", err)
		return Liquidacion{}, e
	}
	c := &calculo{s: s, p: p, ref: ref, uvt: u}
	c.base()
	c.reincidencia()
	c.concurrencia()
	c.incrementoComite()
	c.reducciones()
	c.allanamiento()
	c.topeIngresos()
	c.minimo()

	l := Liquidacion{
		Regimen:          s.Regimen,
		FechaLiquidacion: s.FechaLiquidacion,
		FechaHechos:      hechos,
		Reglas:           p.ID,
		Conjunto:         p,
		Vigencia:         vig,
		NotaVigencia:     notaVigencia(p, vig, hechos),
		Alertas:          []string{},
		Sancion:          c.tipo,
		UVT:              u,
		Pasos:            c.pasos,
	}
	switch vig {
	case valores.PosteriorAVigencias:
		l.Alertas = append(l.Alertas, AlertaNormaSinVigencia)
	case valores.AnteriorAVigencias:
		l.Alertas = append(l.Alertas, AlertaHechoAnterior)
	}
	if c.tipo == sancion.Multa {
		// The input amounts are used exactly; the total is whole pesos.
		l.Total = ptr(c.monto.Round(0))
	}
	return l, nil
}

// vigenciaDe says how the date stands against a rule set given by its ID.
func vigenciaDe(p valores.Parametros, f fecha.Fecha) valores.Vigencia {
	switch {
	case p.Rige(f):
		return valores.EnVigencia
	case p.VigenteDesde.Despues(f):
		return valores.AnteriorAVigencias
	}
	return valores.PosteriorAVigencias
}

// notaVigencia names the rule set and its validity and, outside it, says
// "confirme la norma aplicable".
func notaVigencia(p valores.Parametros, v valores.Vigencia, f fecha.Fecha) string {
	n := "Conjunto de reglas " + p.ID + ": " + p.Nombre + ", vigente " + p.Vigencia + "."
	switch v {
	case valores.PosteriorAVigencias:
		n += " Los hechos (" + formato.Fecha(f) + ") son posteriores al último día de vigencia de todos los conjuntos de reglas disponibles; se liquida con el más reciente: confirme la norma aplicable."
	case valores.AnteriorAVigencias:
		n += " Hecho (" + formato.Fecha(f) + ") anterior a la vigencia del " + p.Nombre + "; se liquida con el conjunto más antiguo disponible: confirme la norma aplicable."
	}
	return n
}

// calculo carries the sanction between the steps.
type calculo struct {
	s     Solicitud
	p     valores.Parametros
	ref   valores.Referencia
	uvt   valores.UVT
	pasos []Paso

	tipos  []sancion.Tipo    // sanction of each infraction (index of Infracciones), after its repetitions
	montos []decimal.Decimal // peso value of each infraction that is a multa
	suma   *decimal.Decimal  // sum of the multas before concurrence, nil when none
	tipo   sancion.Tipo      // sanction at this point
	monto  *decimal.Decimal  // its amount when it is a multa (before concurrence: the sum)

	oeaSola  bool // the OEA reduction alone was the lower alternative: no allanamiento
	allanado bool // the allanamiento reduced the multa
}

func copia(d *decimal.Decimal) *decimal.Decimal {
	if d == nil {
		return nil
	}
	v := *d
	return &v
}

func ptr(d decimal.Decimal) *decimal.Decimal { return &d }

// noVigente opens every step of the bill of 2025: it is not law.
const noVigente = "Proyecto de ley — no vigente. "

// registrar appends a step. When aplica is false the value does not change.
func (c *calculo) registrar(paso string, aplica bool, antes *decimal.Decimal, clave, detalle string) {
	normas.De(clave) // an unknown key is a programming error: fail loudly in tests
	if c.s.Regimen == Ley2025 {
		detalle = noVigente + detalle
	}
	c.pasos = append(c.pasos, Paso{
		Paso:       paso,
		Aplica:     aplica,
		Antes:      copia(antes),
		Despues:    copia(c.monto),
		Fundamento: clave,
		Detalle:    detalle,
	})
}

// pesosUVT converts UVT to pesos with the liquidation year's UVT and the
// Estatuto Tributario art. 868 rounding. The year was checked in Liquidar.
func (c *calculo) pesosUVT(enUVT decimal.Decimal) decimal.Decimal {
	v, _, err := c.ref.Pesos(enUVT, c.uvt.Anio)
	if err != nil {
		panic(err) // unreachable: UVTDe succeeded for this year
	}
	return v
}

// uvtTexto explains a conversion: "150 UVT × $ 52.374 (UVT 2026) = $ 7.856.100,
// aproximado a $ 7.856.000 según Estatuto Tributario, art. 868"; v is the rounded value.
func (c *calculo) uvtTexto(enUVT, v decimal.Decimal) string {
	exacto := enUVT.Mul(c.uvt.Valor)
	t := fmt.Sprintf("%s UVT × %s (UVT %d) = %s", numero(enUVT), formato.Pesos(c.uvt.Valor), c.uvt.Anio, formato.Pesos(exacto))
	if !exacto.Equal(v) {
		t += ", aproximado a " + formato.Pesos(v) + " según " + normas.De(normas.AproximacionUVT).Referencia()
	}
	return t
}

// numero shows d in es-CO with the decimals it has and no trailing zeros:
// 150 → "150", 1000 → "1.000", 20.50 → "20,5".
func numero(d decimal.Decimal) string { return formato.Exacto(d) }

// pct shows a ratio as a percentage: 0.20 → "20 %".
func pct(d decimal.Decimal) string { return numero(d.Mul(decimal.NewFromInt(100))) + " %" }

// cuenta writes a count with its noun in agreement: "1 vez", "2 veces".
func cuenta(n int, singular, plural string) string {
	if n == 1 {
		return "1 " + singular
	}
	return fmt.Sprintf("%d %s", n, plural)
}

func nombreInfraccion(i int, inf Infraccion) string {
	if strings.TrimSpace(inf.Codigo) != "" {
		return inf.Codigo
	}
	return fmt.Sprintf("infracción %d", i+1)
}

// amonestacionesPrevias and reincidenciasPrevias: the infraction's own count,
// else the request's.
func (c *calculo) amonestacionesPrevias(i int) int {
	if n := c.s.Infracciones[i].AmonestacionesPrevias; n != nil {
		return *n
	}
	return c.s.AmonestacionesPrevias
}

func (c *calculo) reincidenciasPrevias(i int) int {
	if n := c.s.Infracciones[i].ReincidenciasPrevias; n != nil {
		return *n
	}
	return c.s.ReincidenciasPrevias
}

// sumaMultas is the sum of the infractions that are multas at this point, nil when none.
func (c *calculo) sumaMultas() *decimal.Decimal {
	var suma decimal.Decimal
	hay := false
	for i, t := range c.tipos {
		if t == sancion.Multa {
			suma = suma.Add(c.montos[i])
			hay = true
		}
	}
	if !hay {
		return nil
	}
	return ptr(suma)
}

// base: the sanction foreseen for each infraction, multas in pesos (UVT
// converted with the UVT of the liquidation year, Estatuto Tributario art.
// 868), and their sum. Zona franca: Decreto 2147 de 2016, arts. 84 and 85.
func (c *calculo) base() {
	var deCodigo []string
	for _, inf := range c.s.Infracciones {
		deCodigo = append(deCodigo, normas.NormaDeCodigo(inf.Codigo))
	}
	clave := normas.ClaveBase(deCodigo)
	if c.s.Regimen == ZonaFranca {
		clave = normas.ZFBase
	}
	n := len(c.s.Infracciones)
	c.tipos = make([]sancion.Tipo, n)
	c.montos = make([]decimal.Decimal, n)
	var partes []string
	for i, inf := range c.s.Infracciones {
		c.tipos[i] = inf.Sancion
		nombre := nombreInfraccion(i, inf)
		if inf.Sancion != sancion.Multa {
			partes = append(partes, fmt.Sprintf("%s: %s, sin monto", nombre, inf.Sancion.Etiqueta()))
			continue
		}
		var v decimal.Decimal
		if inf.ValorUVT != nil {
			v = c.pesosUVT(*inf.ValorUVT)
			partes = append(partes, fmt.Sprintf("%s: multa de %s", nombre, c.uvtTexto(*inf.ValorUVT, v)))
		} else {
			// The amount of the act is used exactly, cents included.
			v = *inf.ValorCOP
			partes = append(partes, fmt.Sprintf("%s: multa de %s", nombre, pesosExactos(v)))
		}
		c.montos[i] = v
	}
	if n == 1 {
		c.tipo = c.tipos[0]
	}
	c.monto = c.sumaMultas()
	if c.monto == nil {
		c.registrar(PasoBase, false, nil, clave, "Ninguna infracción se sanciona con multa: no hay monto base ("+strings.Join(partes, "; ")+").")
		return
	}
	cual := "cada infracción"
	if n == 1 {
		cual = "la infracción"
	}
	detalle := "Sanción prevista para " + cual + " — " + strings.Join(partes, "; ") + "."
	if n > 1 {
		detalle += " Suma de las multas: " + formato.Pesos(*c.monto) + "."
	}
	c.registrar(PasoBase, true, nil, clave, detalle)
}

// reincidencia: the repetitions of each infraction change ITS sanction,
// before the concurrence compares them.
// aduanero and ley_2025: Decreto Ley 920 de 2023, art. 22 num. 4 — the third
// and later leve infraction sanctioned with firm amonestación within 3 years
// (two or more earlier) is a multa of 150 UVT.
// zona_franca: Decreto 2147 de 2016, art. 86 — +20 % per earlier occurrence in
// 5 years, increments never above 100 % of the base; a repeated amonestación is
// a multa of 200 UVT, +20 % per later repetition, never above 100 % of that base.
func (c *calculo) reincidencia() {
	antes := copia(c.monto)
	var partes []string
	aplica := false
	clave := normas.LeveRepetida
	if c.s.Regimen == ZonaFranca {
		clave = normas.ZFReincidencia
	}
	varias := len(c.s.Infracciones) > 1
	for i, inf := range c.s.Infracciones {
		var t, k string
		var cambia bool
		if c.s.Regimen == ZonaFranca {
			t, k, cambia = c.repeticionZF(i)
		} else {
			t, k, cambia = c.repeticionLeve(i)
		}
		if varias {
			t = nombreInfraccion(i, inf) + ": " + minuscula(t)
		}
		partes = append(partes, t)
		// The step cites the rule of the first infraction it changed, else of the first one.
		if (cambia && !aplica) || i == 0 {
			clave = k
		}
		aplica = aplica || cambia
	}
	c.monto = c.sumaMultas()
	if len(c.s.Infracciones) == 1 {
		c.tipo = c.tipos[0]
	}
	d := strings.Join(partes, " ")
	if aplica && varias && c.monto != nil {
		d += " Suma de las multas tras las repeticiones: " + formato.Pesos(*c.monto) + "."
	}
	c.registrar(PasoReincidencia, aplica, antes, clave, d)
}

func minuscula(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// repeticionLeve: Decreto Ley 920 de 2023, art. 22 num. 4, for infraction i.
func (c *calculo) repeticionLeve(i int) (string, string, bool) {
	nota := ""
	if r := c.reincidenciasPrevias(i); r > 0 {
		nota = fmt.Sprintf(" El campo reincidencias_previas (%d) se usa solo en zona franca.", r)
	}
	if c.tipos[i] != sancion.Amonestacion {
		return "La sanción es " + c.tipos[i].Etiqueta() + ": la multa de " + numero(c.p.LeveRepetidaUVT) + " UVT solo reemplaza una amonestación repetida." + nota, normas.LeveRepetida, false
	}
	n := c.amonestacionesPrevias(i)
	previas := cuenta(n, "amonestación previa en firme", "amonestaciones previas en firme")
	if n < c.p.LeveRepetidaPrevias {
		return fmt.Sprintf("Se registra%s %s por la misma infracción leve en tres años; la multa de %s UVT procede desde la tercera vez (al menos %d previas): se mantiene la amonestación.%s", plural(n, "", "n"), previas, numero(c.p.LeveRepetidaUVT), c.p.LeveRepetidaPrevias, nota), normas.LeveRepetida, false
	}
	m := c.pesosUVT(c.p.LeveRepetidaUVT)
	c.tipos[i] = sancion.Multa
	c.montos[i] = m
	return fmt.Sprintf("Se registra%s %s por la misma infracción leve en tres años (contados desde la fecha de expedición del emplazamiento): esta vez y las siguientes se sancionan con multa de %s, en lugar de la amonestación.%s", plural(n, "", "n"), previas, c.uvtTexto(c.p.LeveRepetidaUVT, m), nota), normas.LeveRepetida, true
}

func plural(n int, singular, plural string) string {
	if n == 1 {
		return singular
	}
	return plural
}

// factorZF is 1 + min(20 % × n, 100 %): the factor of n earlier occurrences
// (Decreto 2147 de 2016, art. 86); topado says the 100 % cap was reached.
func (c *calculo) factorZF(n int) (decimal.Decimal, bool) {
	inc := c.p.ZFIncrementoReincidencia.Mul(decimal.NewFromInt(int64(n)))
	topado := false
	if inc.GreaterThan(c.p.ZFTopeIncrementos) {
		inc = c.p.ZFTopeIncrementos
		topado = true
	}
	return uno.Add(inc), topado
}

// repeticionZF: Decreto 2147 de 2016, art. 86, for infraction i.
func (c *calculo) repeticionZF(i int) (string, string, bool) {
	switch c.tipos[i] {
	case sancion.Amonestacion:
		// Every earlier occurrence counts once, whatever its sanction: the
		// earlier amonestaciones and the earlier 200 UVT multas (or their
		// increments).
		am, re := c.amonestacionesPrevias(i), c.reincidenciasPrevias(i)
		n := am + re
		if n < 1 {
			return "No se registra reincidencia en la conducta sancionada con amonestación en los últimos cinco años: se mantiene la amonestación.", normas.ZFAmonestacion, false
		}
		var conteos []string
		if am > 0 {
			conteos = append(conteos, cuenta(am, "amonestación previa", "amonestaciones previas"))
		}
		if re > 0 {
			conteos = append(conteos, cuenta(re, "multa previa por la misma conducta", "multas previas por la misma conducta"))
		}
		previas := strings.Join(conteos, " y ")
		if len(conteos) > 1 {
			previas += ": " + cuenta(n, "ocurrencia anterior", "ocurrencias anteriores")
		}
		enUVT := c.p.ZFAmonestacionUVT
		d := fmt.Sprintf("Reincidencia en una conducta sancionada con amonestación (%s, en cinco años): multa de %s UVT", previas, numero(enUVT))
		if n > 1 {
			f, topado := c.factorZF(n - 1)
			enUVT = c.p.ZFAmonestacionUVT.Mul(f)
			d += fmt.Sprintf(", incrementada en %s por %s: %s UVT", pct(f.Sub(uno)), cuenta(n-1, "ocurrencia posterior a la primera", "ocurrencias posteriores a la primera"), numero(enUVT))
			if topado {
				d += " (los incrementos no superan el " + pct(c.p.ZFTopeIncrementos) + " de la base: como máximo " + numero(c.p.ZFAmonestacionUVT.Mul(uno.Add(c.p.ZFTopeIncrementos))) + " UVT)"
			}
		}
		m := c.pesosUVT(enUVT)
		d += "; " + c.uvtTexto(enUVT, m) + "."
		c.tipos[i] = sancion.Multa
		c.montos[i] = m
		return d, normas.ZFAmonestacion, true
	case sancion.Multa:
		n := c.reincidenciasPrevias(i)
		if n < 1 {
			return "No se registra la comisión de la misma infracción (acto en firme o allanamiento aceptado) en los últimos cinco años: no hay incremento.", normas.ZFReincidencia, false
		}
		f, topado := c.factorZF(n)
		m := c.montos[i].Mul(f).Round(0)
		d := fmt.Sprintf("La misma infracción se cometió %s antes en los últimos cinco años: la multa (%s) se incrementa en %s", cuenta(n, "vez", "veces"), pesosExactos(c.montos[i]), pct(f.Sub(uno)))
		if topado {
			d += " (20 % por vez, sin superar el " + pct(c.p.ZFTopeIncrementos) + " de la sanción base)"
		}
		d += ": " + formato.Pesos(m) + "."
		c.montos[i] = m
		return d, normas.ZFReincidencia, true
	}
	return "La sanción es " + c.tipos[i].Etiqueta() + ": los incrementos por reincidencia se aplican a multas.", normas.ZFReincidencia, false
}

// concurrencia: several infractions by one fact, compared after the
// repetitions of each one.
// Decreto Ley 920 de 2023, art. 22 num. 1 (most severe sanction; all multas:
// the highest +20 %, never above their sum, also when equal) and num. 2 (one
// declaration is one fact: the most severe, no +20 %); zona franca: Decreto
// 2147 de 2016, art. 86 (the same rule as num. 1).
func (c *calculo) concurrencia() {
	clave := normas.Concurrencia
	if c.s.Regimen == ZonaFranca {
		clave = normas.ZFConcurrencia
	}
	antes := copia(c.monto)
	n := len(c.tipos)
	if n == 1 {
		c.registrar(PasoConcurrencia, false, antes, clave, fmt.Sprintf("Hay una sola infracción: no hay concurrencia; la sanción es la prevista para ella (%s).", c.tipo.Etiqueta()))
		return
	}
	c.suma = copia(c.monto)

	// The most severe sanction prevails: cancelación > suspensión > multa > amonestación.
	tipo := c.tipos[0]
	todasMulta := true
	var mayor decimal.Decimal
	multas := 0
	for i, t := range c.tipos {
		if t.Severidad() > tipo.Severidad() {
			tipo = t
		}
		if t != sancion.Multa {
			todasMulta = false
			continue
		}
		if multas == 0 || c.montos[i].GreaterThan(mayor) {
			mayor = c.montos[i]
		}
		multas++
	}
	c.tipo = tipo
	prefijo := fmt.Sprintf("%d infracciones por un mismo hecho: ", n)
	misma := c.s.MismaDeclaracion
	if misma && c.s.Regimen == ZonaFranca {
		// Art. 22 num. 2 belongs to Decreto Ley 920 de 2023; Decreto 2147 de 2016
		// art. 86 has only the concurrence rule.
		prefijo = "La regla de una misma declaración (" + normas.De(normas.MismaDeclaracion).Referencia() + ") no rige en zona franca; se aplica la concurrencia. " + prefijo
		misma = false
	}
	if misma {
		clave = normas.MismaDeclaracion
		prefijo = fmt.Sprintf("%d infracciones en una misma declaración aduanera y sus documentos soporte, que se toman como un solo hecho: ", n)
	}

	switch {
	case tipo != sancion.Multa:
		c.monto = nil
		d := prefijo + "prevalece la sanción más grave, " + tipo.Etiqueta() + "."
		if multas > 0 {
			d += " Las multas (" + pesosExactos(*c.suma) + ") no se imponen."
			if tipo == sancion.Suspension {
				// That suspensión is more severe than a multa is a reading.
				clave = normas.CriterioSuspension
				d += " Que la suspensión prevalezca sobre la multa es " + criterio + "."
			}
		}
		c.registrar(PasoConcurrencia, true, antes, clave, d)
	case misma:
		c.monto = ptr(mayor)
		c.registrar(PasoConcurrencia, true, antes, clave, prefijo+"se aplica solo la sanción más grave, la multa más alta ("+pesosExactos(mayor)+"), sin el incremento del 20 %.")
	case todasMulta:
		inc := mayor.Mul(uno.Add(c.p.ConcurrenciaIncremento)).Round(0)
		d := prefijo + "todas se sancionan con multa"
		iguales := true
		for _, m := range c.montos {
			if !m.Equal(mayor) {
				iguales = false
			}
		}
		if iguales {
			d += " de igual valor (el incremento también procede en ese caso)"
		}
		d += fmt.Sprintf("; la más alta (%s) incrementada en %s da %s", pesosExactos(mayor), pct(c.p.ConcurrenciaIncremento), redondeo(mayor.Mul(uno.Add(c.p.ConcurrenciaIncremento)), inc))
		if inc.GreaterThan(*c.suma) {
			c.monto = copia(c.suma)
			d += ", que supera la suma de todas las multas (" + pesosExactos(*c.suma) + "): se impone la suma."
		} else {
			c.monto = ptr(inc)
			d += ", que no supera la suma de todas las multas (" + pesosExactos(*c.suma) + ")."
		}
		c.registrar(PasoConcurrencia, true, antes, clave, d)
	default:
		// Reading chosen (reported): multas with amonestaciones. The multa is the
		// most severe sanction and prevails; the +20 % is only for the case where
		// all infractions are sanctioned with multa.
		c.monto = ptr(mayor)
		c.registrar(PasoConcurrencia, true, antes, clave, prefijo+"concurren multas y amonestaciones; prevalece la sanción más grave, la multa más alta ("+pesosExactos(mayor)+"). No se aplica el incremento del 20 %, que la norma prevé solo cuando todas se sancionan con multa.")
	}
}

// incrementoComite: +1.000 UVT when, in the concepto of the Comité de
// Fiscalización, cancellation does not proceed (Decreto Ley 920 de 2023, the
// article on the Comité's intervention), with the UVT of the liquidation
// year; never on a cancelación. Zona franca: the sanctions are MinCIT's under
// Ley 1437 de 2011 (Decreto 2147 de 2016, art. 86), not the DIAN's
// requerimiento especial aduanero, so the increment never applies.
func (c *calculo) incrementoComite() {
	antes := copia(c.monto)
	clave := normas.IncrementoMilUVT
	if c.s.Regimen == ZonaFranca {
		d := "No aplica en zona franca: las sanciones las impone el Ministerio de Comercio, Industria y Turismo con el procedimiento de la Ley 1437 de 2011 (" + normas.De(normas.ProcedimientoMinCIT).Referencia() + "), no la DIAN con el requerimiento especial aduanero en el que se propone el incremento de " + numero(c.p.IncrementoComiteUVT) + " UVT."
		if c.s.IncrementoComite {
			d = "Se indicó el incremento del Comité, pero no" + d[len("No"):]
		}
		c.registrar(PasoIncrementoComite, false, antes, normas.ProcedimientoMinCIT, d)
		return
	}
	if !c.s.IncrementoComite {
		c.registrar(PasoIncrementoComite, false, antes, clave, "El concepto del Comité de Fiscalización no ordenó el incremento.")
		return
	}
	if c.tipo != sancion.Multa {
		c.registrar(PasoIncrementoComite, false, antes, clave, "La sanción es "+c.tipo.Etiqueta()+": el incremento de "+numero(c.p.IncrementoComiteUVT)+" UVT solo se suma a una multa.")
		return
	}
	inc := c.pesosUVT(c.p.IncrementoComiteUVT)
	m := c.monto.Add(inc)
	c.monto = ptr(m)
	c.registrar(PasoIncrementoComite, true, antes, clave, fmt.Sprintf("Por cuanto, en concepto del Comité de Fiscalización, no procede la cancelación, a la sanción prevista para la infracción se suman %s UVT: %s; %s + %s = %s.", numero(c.p.IncrementoComiteUVT), c.uvtTexto(c.p.IncrementoComiteUVT, inc), pesosExactos(*antes), formato.Pesos(inc), pesosExactos(m)))
}

var causaTexto = map[Reduccion]string{
	CumplimientoExtemporaneo: "cumplimiento extemporáneo",
	FinalizacionExtemporanea: "finalización extemporánea del régimen",
	SinAntecedentesINFAD:     "no tener antecedentes de la misma conducta en INFAD",
}

// criterio is how a step says that a reading is the Secretaría's.
const criterio = "criterio adoptado por la Secretaría Técnica"

// pesosExactos shows an amount with every decimal it has ("$ 1.234.567,89";
// "$ 1.481.481,468" for a product before its rounding).
func pesosExactos(v decimal.Decimal) string {
	if v.Round(2).Equal(v) {
		return formato.Pesos(v)
	}
	return "$ " + formato.Exacto(v)
}

// redondeo shows a computed amount and, when it had cents, its rounding to
// the peso: "$ 1.481.481,468, redondeado al peso: $ 1.481.481".
func redondeo(exacto, v decimal.Decimal) string {
	if exacto.Equal(v) {
		return formato.Pesos(v)
	}
	return pesosExactos(exacto) + ", redondeado al peso: " + formato.Pesos(v)
}

// reducir is m × porc rounded to the peso, half-up, and its words
// ("$ 1.481.481 × 40 % = $ 592.592,4, redondeado al peso: $ 592.592").
func reducir(m, porc decimal.Decimal) (decimal.Decimal, string) {
	exacto := m.Mul(porc)
	v := exacto.Round(0)
	return v, pesosExactos(m) + " × " + pct(porc) + " = " + redondeo(exacto, v)
}

// nombreRegimen is the rule set in words, for the steps it does not have.
func (c *calculo) nombreRegimen() string {
	if c.s.Regimen == ZonaFranca {
		return "el régimen de zonas francas (Decreto 2147 de 2016)"
	}
	return "el régimen sancionatorio aduanero (Decreto Ley 920 de 2023)"
}

// claveSinReducciones cites the rule set itself for the reductions and the
// income cap it does not have.
func (c *calculo) claveSinReducciones() string {
	if c.s.Regimen == ZonaFranca {
		return normas.ZFSinReducciones
	}
	return normas.SinReducciones
}

// reducciones: bill of 2025 (file 002), only for régimen ley_2025. Causes of
// num. 2, 3 and 4 (late compliance, late finalisation, no INFAD antecedents):
// the multa is 20 % of the initial sanction, once however many, accumulable
// with the allanamiento. Num. 5, second infraction of an OEA: reduced to 30 %;
// it does not accumulate (only num. 2 to 4 are "susceptibles de acumularse con
// la reducción por allanamiento"): with another reduction or an allanamiento,
// two alternatives are computed — (a) the 30 % alone, (b) the 20 % where it
// applies and then the allanamiento — and the lower for the user applies
// (favorabilidad, a criterion of the Secretaría; on a tie, (b), the rule the
// bill states).
func (c *calculo) reducciones() {
	antes := copia(c.monto)
	veinte, oea := false, false
	var causas []string
	for _, r := range c.s.Reducciones {
		if r == OEASegundaInfraccion {
			oea = true
		} else {
			veinte = true
			causas = append(causas, causaTexto[r])
		}
	}
	if c.s.Regimen != Ley2025 {
		d := "No se pidió ninguna reducción; " + c.nombreRegimen() + " no prevé reducciones distintas del allanamiento."
		if len(c.s.Reducciones) > 0 {
			d = "Se pidieron reducciones que " + c.nombreRegimen() + " no prevé: no se aplican."
		}
		c.registrar(PasoReducciones, false, antes, c.claveSinReducciones(), d)
		return
	}
	clave := normas.L2025Reducciones
	if oea && !veinte {
		clave = normas.L2025OEA
	}
	if len(c.s.Reducciones) == 0 {
		c.registrar(PasoReducciones, false, antes, clave, "No se pidió ninguna reducción.")
		return
	}
	if c.tipo != sancion.Multa {
		c.registrar(PasoReducciones, false, antes, clave, "La sanción es "+c.tipo.Etiqueta()+": las reducciones solo se aplican a la multa.")
		return
	}
	m := *c.monto
	m20, t20 := m, ""
	if veinte {
		m20, t20 = reducir(m, c.p.L2025ReduccionPct)
		t20 = fmt.Sprintf("por %s, la multa es el %s de la sanción inicial: %s", strings.Join(causas, " y "), pct(c.p.L2025ReduccionPct), t20)
		if len(causas) > 1 {
			t20 += " (varias causales reducen una sola vez)"
		}
	}
	if !oea {
		c.monto = ptr(m20)
		c.registrar(PasoReducciones, true, antes, clave, formato.MayusculaInicial(t20)+".")
		return
	}
	m30, t30 := reducir(m, c.p.L2025OEAPct)
	t30 = fmt.Sprintf("por ser la segunda infracción de un OEA sobre la misma conducta en dos años, la multa se reduce al %s: %s", pct(c.p.L2025OEAPct), t30)
	porc, _, tAl, hayAl := c.porcentajeAllanamiento()
	if !veinte && !hayAl {
		c.monto = ptr(m30)
		c.registrar(PasoReducciones, true, antes, clave, formato.MayusculaInicial(t30)+".")
		return
	}
	// Two alternatives: the OEA reduction does not accumulate.
	b, tb := m20, ""
	var pasosB []string
	if veinte {
		pasosB = append(pasosB, t20)
	}
	if hayAl {
		var tr string
		b, tr = reducir(m20, porc)
		pasosB = append(pasosB, minuscula(tAl)+", al "+pct(porc)+": "+tr)
	}
	tb = strings.Join(pasosB, "; luego, ")
	elegida := "(b)"
	if m30.LessThan(b) {
		elegida = "(a)"
	}
	d := fmt.Sprintf("La reducción del OEA no se acumula con las demás (%s: favorabilidad). Alternativa (a): %s. Alternativa (b): %s, total %s. Se aplica la alternativa %s, la menor para el usuario",
		criterio, t30, tb, formato.Pesos(b), elegida)
	if elegida == "(a)" {
		c.oeaSola = true
		c.monto = ptr(m30)
		c.registrar(PasoReducciones, true, antes, normas.CriterioOEA, d+": "+formato.Pesos(m30)+".")
		return
	}
	if m30.Equal(b) {
		d += " (las dos dan lo mismo: se aplica la regla acumulable del proyecto)"
	}
	c.monto = ptr(m20)
	if hayAl {
		d += "; el allanamiento se aplica en su paso"
	}
	c.registrar(PasoReducciones, veinte, antes, normas.CriterioOEA, d+".")
}

// porcentajeAllanamiento is the percentage the allanamiento reduces the
// multa to, the key of its rule and its words; ok is false without one.
// aduanero: Decreto Ley 920 de 2023, art. 24 — 20 / 40 / 60 %; with art. 22
// num. 3 (third time): 40 / 60 / 80 %; art. 72: 80 % at any stage.
// ley_2025: the bill's allanamiento article (its art. 19) is not available;
// Decreto Ley 920 de 2023, art. 24 stands in for it.
// zona_franca: Decreto 2147 de 2016, art. 86 — 20 / 40 / 60 %; it has no
// third-time or art. 72 rule (those marks are not applied, with why).
func (c *calculo) porcentajeAllanamiento() (decimal.Decimal, string, string, bool) {
	a := c.s.Allanamiento
	clave := normas.Allanamiento
	if c.s.Regimen == ZonaFranca {
		clave = normas.ZFAllanamiento
	}
	if a == nil {
		return decimal.Decimal{}, clave, "", false
	}
	i := a.Etapa.indice()
	etapas := [3]string{
		"antes de que se notifique el requerimiento especial aduanero",
		"después de notificado el requerimiento especial aduanero y hasta antes de notificarse la decisión de fondo",
		"dentro del término del recurso contra la decisión de fondo",
	}
	switch {
	case c.s.Regimen == ZonaFranca:
		etapas = [3]string{"antes del recibo del requerimiento", "después del recibo del requerimiento", "dentro del término del recurso contra la decisión de fondo"}
		d := "Allanamiento " + etapas[i]
		if a.TerceraVez || a.Articulo72 {
			d = "El Decreto 2147 de 2016 no prevé los porcentajes especiales de tercera vez ni del art. 72 del Decreto Ley 920 de 2023: no se aplican. " + d
		}
		return c.p.ZFAllanamientoPct[i], clave, d, true
	case a.Articulo72:
		// Reading chosen: art. 72 is the specific event and prevails over the third-time scale.
		d := "Allanamiento en el evento del art. 72 (" + normas.De(normas.AllanamientoArt72).Referencia() + "), en cualquier momento antes de la firmeza"
		if a.TerceraVez {
			d += "; prevalece sobre la escala de tercera vez"
		}
		return c.p.AllanamientoArt72Pct, normas.AllanamientoArt72, d, true
	case a.TerceraVez:
		return c.p.AllanamientoTerceraPct[i], normas.AllanamientoTercera, "Allanamiento " + etapas[i] + ", con la misma infracción cometida tres veces en tres años (" + normas.De(normas.TresVecesMisma).Referencia() + "; el allanamiento antes del requerimiento no cuenta como una de ellas)", true
	}
	return c.p.AllanamientoPct[i], clave, "Allanamiento " + etapas[i], true
}

// allanamiento: the multa is reduced TO a percentage of its value
// (porcentajeAllanamiento); never together with the OEA reduction when that
// alternative was the lower one.
func (c *calculo) allanamiento() {
	antes := copia(c.monto)
	porc, clave, d, hay := c.porcentajeAllanamiento()
	nota := ""
	if c.s.Regimen == Ley2025 {
		nota = "El art. 19 del proyecto, que regula el allanamiento, no está disponible; se aplica el " + normas.De(normas.Allanamiento).Referencia() + ". "
	}
	if !hay {
		c.registrar(PasoAllanamiento, false, antes, clave, nota+"No hubo allanamiento.")
		return
	}
	if c.tipo != sancion.Multa {
		c.registrar(PasoAllanamiento, false, antes, clave, nota+"La sanción es "+c.tipo.Etiqueta()+": el allanamiento solo reduce multas.")
		return
	}
	if c.oeaSola {
		c.registrar(PasoAllanamiento, false, antes, normas.CriterioOEA, nota+d+": no se aplica, porque la reducción del OEA no se acumula con el allanamiento y la alternativa de la reducción del OEA sola es la menor para el usuario ("+criterio+").")
		return
	}
	m, t := reducir(*c.monto, porc)
	d = nota + d + ": la multa se reduce al " + pct(porc) + " de su valor: " + t + "."
	if c.s.Regimen != ZonaFranca {
		d += " La reducción no alcanza los intereses de mora ni el valor del rescate."
	}
	c.monto = ptr(m)
	c.allanado = true
	c.registrar(PasoAllanamiento, true, antes, clave, d)
}

// tope is the 40 % of the gross income (bill of 2025), nil when it does not
// apply: régimen ley_2025 with the income given (the cap was requested).
func (c *calculo) tope() *decimal.Decimal {
	if c.s.Regimen != Ley2025 || c.s.IngresosBrutos == nil {
		return nil
	}
	return ptr(c.s.IngresosBrutos.Mul(c.p.L2025TopeIngresos).Round(0))
}

// textoTope names the requested cap the same way in the tope_ingresos and
// minimo steps: "el tope pedido, el 40 % de los ingresos brutos ($ 1.000.000),
// es $ 400.000".
func (c *calculo) textoTope() string {
	return fmt.Sprintf("el tope pedido, el %s de los ingresos brutos (%s), es %s", pct(c.p.L2025TopeIngresos), pesosExactos(*c.s.IngresosBrutos), formato.Pesos(*c.tope()))
}

// topeIngresos: bill of 2025 (file 002) — on request within the recurso term,
// the sanction is capped at 40 % of the gross income of the prior year's
// income tax return. Applies (changes the amount) only when the multa exceeds
// it; after the allanamiento (a criterion of the Secretaría).
func (c *calculo) topeIngresos() {
	antes := copia(c.monto)
	clave := normas.L2025TopeIngresos
	if c.s.Regimen != Ley2025 {
		d := c.nombreRegimen() + " no prevé un tope por ingresos brutos: no se aplica."
		if c.s.IngresosBrutos != nil {
			d = "Se dieron ingresos brutos, pero " + d
		}
		c.registrar(PasoTopeIngresos, false, antes, c.claveSinReducciones(), formato.MayusculaInicial(d))
		return
	}
	if c.s.IngresosBrutos == nil {
		c.registrar(PasoTopeIngresos, false, antes, clave, "No se dieron ingresos brutos: no se pidió el tope.")
		return
	}
	if c.tipo != sancion.Multa {
		c.registrar(PasoTopeIngresos, false, antes, clave, "La sanción es "+c.tipo.Etiqueta()+": el tope solo limita multas.")
		return
	}
	tope := *c.tope()
	if !c.monto.GreaterThan(tope) {
		c.registrar(PasoTopeIngresos, false, antes, clave, fmt.Sprintf("La multa (%s) no supera el tope: %s.", pesosExactos(*c.monto), c.textoTope()))
		return
	}
	c.monto = ptr(tope)
	d := fmt.Sprintf("La multa (%s) supera el tope: %s; se limita a ese valor.", pesosExactos(*antes), c.textoTope())
	if c.allanado {
		clave = normas.CriterioTopeAllanamiento
		d += " El tope se aplica después de la reducción por allanamiento (" + criterio + ")."
	}
	c.registrar(PasoTopeIngresos, true, antes, clave, d)
}

// minimo: no multa below 10 UVT (a parameter of the rule set whose article is
// not among the texts held: "sanción mínima — artículo por confirmar"), on
// the final amount, with the art. 868 rounding (524.000 in 2026). aduanero
// and ley_2025 only. In ley_2025, when the income cap was requested, the total
// never exceeds it, also when the minimum would raise it above: the minimum
// then exceeds the requested cap and the total stays at the cap. The step
// also says when the total, whole pesos, rounds an amount with cents.
func (c *calculo) minimo() {
	antes := copia(c.monto)
	clave := normas.MinimoDiezUVT
	if c.s.Regimen == ZonaFranca {
		c.registrar(PasoMinimo, false, antes, normas.ProcedimientoMinCIT, "No aplica en zona franca: el mínimo de "+numero(c.p.MinimoUVT)+" UVT es del régimen sancionatorio aduanero de la DIAN; las sanciones de zona franca las impone el Ministerio de Comercio, Industria y Turismo con el procedimiento de la Ley 1437 de 2011 ("+normas.De(normas.ProcedimientoMinCIT).Referencia()+")."+c.notaTotal())
		return
	}
	if c.tipo != sancion.Multa {
		c.registrar(PasoMinimo, false, antes, clave, "La sanción es "+c.tipo.Etiqueta()+": el mínimo solo aplica a multas.")
		return
	}
	minimo := c.pesosUVT(c.p.MinimoUVT)
	desc := fmt.Sprintf("al mínimo de %s UVT: %s", numero(c.p.MinimoUVT), c.uvtTexto(c.p.MinimoUVT, minimo))
	if !c.monto.LessThan(minimo) {
		c.registrar(PasoMinimo, false, antes, clave, fmt.Sprintf("La multa (%s) no es inferior %s.%s", pesosExactos(*c.monto), desc, c.notaTotal()))
		return
	}
	if t := c.tope(); t != nil && t.LessThan(minimo) {
		d := fmt.Sprintf("La multa (%s) es inferior %s; pero el mínimo supera el tope pedido (%s)", pesosExactos(*c.monto), desc, c.textoTope())
		if !c.monto.LessThan(*t) {
			c.registrar(PasoMinimo, false, antes, clave, d+": el total queda en el tope."+c.notaTotal())
			return
		}
		c.monto = ptr(*t)
		c.registrar(PasoMinimo, true, antes, clave, d+": la multa se eleva solo hasta el tope, donde queda el total.")
		return
	}
	c.monto = ptr(minimo)
	c.registrar(PasoMinimo, true, antes, clave, fmt.Sprintf("La multa (%s) es inferior %s. Se eleva al mínimo.", pesosExactos(*antes), desc))
}

// notaTotal says, when the amount has cents, that the total is it rounded to the peso.
func (c *calculo) notaTotal() string {
	if c.monto == nil || c.monto.Round(0).Equal(*c.monto) {
		return ""
	}
	return " El total, en pesos enteros, es " + redondeo(*c.monto, c.monto.Round(0)) + "."
}
