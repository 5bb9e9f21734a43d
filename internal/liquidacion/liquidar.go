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
	if vig == valores.PosteriorAVigencias {
		l.Alertas = append(l.Alertas, AlertaNormaSinVigencia)
	}
	if c.tipo == sancion.Multa {
		l.Total = copia(c.monto)
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
func numero(d decimal.Decimal) string {
	_, frac, _ := strings.Cut(d.String(), ".")
	return formato.Numero(d, int32(len(frac)))
}

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
	clave := normas.Base
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
			v = inf.ValorCOP.Round(0)
			if v.Equal(*inf.ValorCOP) {
				partes = append(partes, fmt.Sprintf("%s: multa de %s", nombre, formato.Pesos(v)))
			} else {
				partes = append(partes, fmt.Sprintf("%s: multa de %s, redondeada al peso: %s", nombre, formato.Pesos(*inf.ValorCOP), formato.Pesos(v)))
			}
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
		n := c.amonestacionesPrevias(i)
		if n < 1 {
			return "No se registra reincidencia en la conducta sancionada con amonestación en los últimos cinco años: se mantiene la amonestación.", normas.ZFAmonestacion, false
		}
		base := c.pesosUVT(c.p.ZFAmonestacionUVT)
		d := fmt.Sprintf("Reincidencia en una conducta sancionada con amonestación (%s en cinco años): multa de %s", cuenta(n, "amonestación previa", "amonestaciones previas"), c.uvtTexto(c.p.ZFAmonestacionUVT, base))
		m := base
		if n > 1 {
			f, topado := c.factorZF(n - 1)
			m = base.Mul(f).Round(0)
			d += fmt.Sprintf(", incrementada en %s por %s", pct(f.Sub(uno)), cuenta(n-1, "reincidencia posterior", "reincidencias posteriores"))
			if topado {
				d += " (los incrementos no superan el " + pct(c.p.ZFTopeIncrementos) + " de la base)"
			}
			d += ": " + formato.Pesos(m)
		}
		d += "."
		if c.reincidenciasPrevias(i) > 0 {
			d += " Las reincidencias_previas no se suman: la reincidencia de la amonestación ya la cuentan las amonestaciones previas."
		}
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
		d := fmt.Sprintf("La misma infracción se cometió %s antes en los últimos cinco años: la multa (%s) se incrementa en %s", cuenta(n, "vez", "veces"), formato.Pesos(c.montos[i]), pct(f.Sub(uno)))
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
			d += " Las multas (" + formato.Pesos(*c.suma) + ") no se imponen."
		}
		c.registrar(PasoConcurrencia, true, antes, clave, d)
	case misma:
		c.monto = ptr(mayor)
		c.registrar(PasoConcurrencia, true, antes, clave, prefijo+"se aplica solo la sanción más grave, la multa más alta ("+formato.Pesos(mayor)+"), sin el incremento del 20 %.")
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
		d += fmt.Sprintf("; la más alta (%s) incrementada en %s da %s", formato.Pesos(mayor), pct(c.p.ConcurrenciaIncremento), formato.Pesos(inc))
		if inc.GreaterThan(*c.suma) {
			c.monto = copia(c.suma)
			d += ", que supera la suma de todas las multas (" + formato.Pesos(*c.suma) + "): se impone la suma."
		} else {
			c.monto = ptr(inc)
			d += ", que no supera la suma de todas las multas (" + formato.Pesos(*c.suma) + ")."
		}
		c.registrar(PasoConcurrencia, true, antes, clave, d)
	default:
		// Reading chosen (reported): multas with amonestaciones. The multa is the
		// most severe sanction and prevails; the +20 % is only for the case where
		// all infractions are sanctioned with multa.
		c.monto = ptr(mayor)
		c.registrar(PasoConcurrencia, true, antes, clave, prefijo+"concurren multas y amonestaciones; prevalece la sanción más grave, la multa más alta ("+formato.Pesos(mayor)+"). No se aplica el incremento del 20 %, que la norma prevé solo cuando todas se sancionan con multa.")
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
	c.registrar(PasoIncrementoComite, true, antes, clave, fmt.Sprintf("Por cuanto, en concepto del Comité de Fiscalización, no procede la cancelación, a la sanción prevista para la infracción se suman %s UVT: %s; %s + %s = %s.", numero(c.p.IncrementoComiteUVT), c.uvtTexto(c.p.IncrementoComiteUVT, inc), formato.Pesos(*antes), formato.Pesos(inc), formato.Pesos(m)))
}

var causaTexto = map[Reduccion]string{
	CumplimientoExtemporaneo: "cumplimiento extemporáneo",
	FinalizacionExtemporanea: "finalización extemporánea del régimen",
	SinAntecedentesINFAD:     "no tener antecedentes de la misma conducta en INFAD",
}

// reducciones: bill of 2025 (file 002), only for régimen ley_2025. Causes of
// num. 2, 3 and 4 (late compliance, late finalisation, no INFAD antecedents):
// the multa is 20 % of the initial sanction, once however many; num. 5, second
// infraction of an OEA: reduced to 30 %, applied after the 20 % when both.
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
	clave := normas.L2025Reducciones
	if oea && !veinte {
		clave = normas.L2025OEA
	}
	if len(c.s.Reducciones) == 0 {
		c.registrar(PasoReducciones, false, antes, clave, "No se pidió ninguna reducción.")
		return
	}
	if c.s.Regimen != Ley2025 {
		c.registrar(PasoReducciones, false, antes, clave, "Las reducciones pedidas solo aplican en el régimen ley_2025 (proyecto de ley de 2025, no vigente); no se aplican en el régimen "+string(c.s.Regimen)+".")
		return
	}
	if c.tipo != sancion.Multa {
		c.registrar(PasoReducciones, false, antes, clave, "La sanción es "+c.tipo.Etiqueta()+": las reducciones solo se aplican a la multa.")
		return
	}
	m := *c.monto
	var partes []string
	if veinte {
		nuevo := m.Mul(c.p.L2025ReduccionPct).Round(0)
		partes = append(partes, fmt.Sprintf("por %s, la multa es el %s de la sanción inicial: %s × %s = %s", strings.Join(causas, " y "), pct(c.p.L2025ReduccionPct), formato.Pesos(m), pct(c.p.L2025ReduccionPct), formato.Pesos(nuevo)))
		if len(causas) > 1 {
			partes[len(partes)-1] += " (varias causales reducen una sola vez)"
		}
		m = nuevo
	}
	if oea {
		nuevo := m.Mul(c.p.L2025OEAPct).Round(0)
		t := fmt.Sprintf("por ser la segunda infracción de un OEA sobre la misma conducta en dos años se reduce al %s: %s × %s = %s", pct(c.p.L2025OEAPct), formato.Pesos(m), pct(c.p.L2025OEAPct), formato.Pesos(nuevo))
		if veinte {
			t += " (" + normas.De(normas.L2025OEA).Referencia() + ", aplicada después del 20 %)"
		}
		partes = append(partes, t)
		m = nuevo
	}
	c.monto = ptr(m)
	d := strings.Join(partes, "; ")
	c.registrar(PasoReducciones, true, antes, clave, formato.MayusculaInicial(d)+".")
}

// allanamiento: the multa is reduced TO a percentage of its value.
// aduanero: Decreto Ley 920 de 2023, art. 24 — 20 / 40 / 60 %; with art. 22
// num. 3 (third time): 40 / 60 / 80 %; art. 72: 80 % at any stage.
// ley_2025: the bill's allanamiento article (its art. 19) is not available;
// the step cites and applies Decreto Ley 920 de 2023, art. 24.
// zona_franca: Decreto 2147 de 2016, art. 86 — 20 / 40 / 60 %; it has no
// third-time or art. 72 rule (those marks are not applied, with why).
func (c *calculo) allanamiento() {
	antes := copia(c.monto)
	a := c.s.Allanamiento
	clave := normas.Allanamiento
	if c.s.Regimen == ZonaFranca {
		clave = normas.ZFAllanamiento
	}
	nota := ""
	if c.s.Regimen == Ley2025 {
		nota = "El art. 19 del proyecto, que regula el allanamiento, no está disponible; se aplica el " + normas.De(normas.Allanamiento).Referencia() + ". "
	}
	if a == nil {
		c.registrar(PasoAllanamiento, false, antes, clave, nota+"No hubo allanamiento.")
		return
	}
	if c.tipo != sancion.Multa {
		c.registrar(PasoAllanamiento, false, antes, clave, nota+"La sanción es "+c.tipo.Etiqueta()+": el allanamiento solo reduce multas.")
		return
	}
	i := a.Etapa.indice()
	etapas := [3]string{
		"antes de que se notifique el requerimiento especial aduanero",
		"después de notificado el requerimiento especial aduanero y hasta antes de notificarse la decisión de fondo",
		"dentro del término del recurso contra la decisión de fondo",
	}
	var porc decimal.Decimal
	var d string
	switch {
	case c.s.Regimen == ZonaFranca:
		etapas = [3]string{"antes del recibo del requerimiento", "después del recibo del requerimiento", "dentro del término del recurso contra la decisión de fondo"}
		porc = c.p.ZFAllanamientoPct[i]
		d = "Allanamiento " + etapas[i]
		if a.TerceraVez || a.Articulo72 {
			d = "El Decreto 2147 de 2016 no prevé los porcentajes especiales de tercera vez ni del art. 72 del Decreto Ley 920 de 2023: no se aplican. " + d
		}
	case a.Articulo72:
		// Reading chosen: art. 72 is the specific event and prevails over the third-time scale.
		porc = c.p.AllanamientoArt72Pct
		clave = normas.AllanamientoArt72
		d = "Allanamiento en el evento del art. 72 (" + normas.De(normas.AllanamientoArt72).Referencia() + "), en cualquier momento antes de la firmeza"
		if a.TerceraVez {
			d += "; prevalece sobre la escala de tercera vez"
		}
	case a.TerceraVez:
		porc = c.p.AllanamientoTerceraPct[i]
		clave = normas.AllanamientoTercera
		d = "Allanamiento " + etapas[i] + ", con la misma infracción cometida tres veces en tres años (" + normas.De(normas.TresVecesMisma).Referencia() + "; el allanamiento antes del requerimiento no cuenta como una de ellas)"
	default:
		porc = c.p.AllanamientoPct[i]
		d = "Allanamiento " + etapas[i]
	}
	m := c.monto.Mul(porc).Round(0)
	d = nota + d + fmt.Sprintf(": la multa se reduce al %s de su valor: %s × %s = %s.", pct(porc), formato.Pesos(*c.monto), pct(porc), formato.Pesos(m))
	if c.s.Regimen != ZonaFranca {
		d += " La reducción no alcanza los intereses de mora ni el valor del rescate."
	}
	c.monto = ptr(m)
	c.registrar(PasoAllanamiento, true, antes, clave, d)
}

// tope is the 40 % of the gross income (bill of 2025), nil when it does not
// apply: régimen ley_2025 with the income given.
func (c *calculo) tope() *decimal.Decimal {
	if c.s.Regimen != Ley2025 || c.s.IngresosBrutos == nil {
		return nil
	}
	return ptr(c.s.IngresosBrutos.Mul(c.p.L2025TopeIngresos).Round(0))
}

// topeIngresos: bill of 2025 (file 002) — on request within the recurso term,
// the sanction is capped at 40 % of the gross income of the prior year's
// income tax return. Applies (changes the amount) only when the multa exceeds it.
func (c *calculo) topeIngresos() {
	antes := copia(c.monto)
	clave := normas.L2025TopeIngresos
	if c.s.IngresosBrutos == nil {
		c.registrar(PasoTopeIngresos, false, antes, clave, "No se dieron ingresos brutos: no se pidió el tope.")
		return
	}
	if c.s.Regimen != Ley2025 {
		c.registrar(PasoTopeIngresos, false, antes, clave, "El tope del 40 % de los ingresos brutos solo aplica en el régimen ley_2025 (proyecto de ley de 2025, no vigente); no se aplica en el régimen "+string(c.s.Regimen)+".")
		return
	}
	if c.tipo != sancion.Multa {
		c.registrar(PasoTopeIngresos, false, antes, clave, "La sanción es "+c.tipo.Etiqueta()+": el tope solo limita multas.")
		return
	}
	tope := *c.tope()
	desc := fmt.Sprintf("el %s de los ingresos brutos (%s) es %s", pct(c.p.L2025TopeIngresos), formato.Pesos(*c.s.IngresosBrutos), formato.Pesos(tope))
	if !c.monto.GreaterThan(tope) {
		c.registrar(PasoTopeIngresos, false, antes, clave, fmt.Sprintf("La multa (%s) no supera el tope: %s.", formato.Pesos(*c.monto), desc))
		return
	}
	c.monto = ptr(tope)
	c.registrar(PasoTopeIngresos, true, antes, clave, fmt.Sprintf("La multa (%s) supera el tope: %s; se limita a ese valor.", formato.Pesos(*antes), desc))
}

// minimo: no multa below 10 UVT (a parameter of the rule set whose article is
// not among the texts held: "sanción mínima — artículo por confirmar"), on
// the final amount, with the art. 868 rounding (524.000 in 2026). aduanero
// and ley_2025 only; in ley_2025 it never lifts the multa above the 40 %
// income cap asked for.
func (c *calculo) minimo() {
	antes := copia(c.monto)
	clave := normas.MinimoDiezUVT
	if c.s.Regimen == ZonaFranca {
		c.registrar(PasoMinimo, false, antes, normas.ProcedimientoMinCIT, "No aplica en zona franca: el mínimo de "+numero(c.p.MinimoUVT)+" UVT es del régimen sancionatorio aduanero de la DIAN; las sanciones de zona franca las impone el Ministerio de Comercio, Industria y Turismo con el procedimiento de la Ley 1437 de 2011 ("+normas.De(normas.ProcedimientoMinCIT).Referencia()+").")
		return
	}
	if c.tipo != sancion.Multa {
		c.registrar(PasoMinimo, false, antes, clave, "La sanción es "+c.tipo.Etiqueta()+": el mínimo solo aplica a multas.")
		return
	}
	minimo := c.pesosUVT(c.p.MinimoUVT)
	desc := fmt.Sprintf("al mínimo de %s UVT: %s", numero(c.p.MinimoUVT), c.uvtTexto(c.p.MinimoUVT, minimo))
	if !c.monto.LessThan(minimo) {
		c.registrar(PasoMinimo, false, antes, clave, fmt.Sprintf("La multa (%s) no es inferior %s.", formato.Pesos(*c.monto), desc))
		return
	}
	if t := c.tope(); t != nil && t.LessThan(minimo) {
		// The cap of the bill limits the sanction: the minimum lifts the multa
		// only up to the cap.
		tope := fmt.Sprintf("tope del %s de los ingresos brutos (%s)", pct(c.p.L2025TopeIngresos), formato.Pesos(*t))
		if !c.monto.LessThan(*t) {
			c.registrar(PasoMinimo, false, antes, clave, fmt.Sprintf("La multa (%s) es inferior %s, pero el mínimo no la eleva por encima del %s.", formato.Pesos(*c.monto), desc, tope))
			return
		}
		c.monto = ptr(*t)
		c.registrar(PasoMinimo, true, antes, clave, fmt.Sprintf("La multa (%s) es inferior %s. Se eleva solo hasta el %s, que el mínimo no supera.", formato.Pesos(*antes), desc, tope))
		return
	}
	c.monto = ptr(minimo)
	c.registrar(PasoMinimo, true, antes, clave, fmt.Sprintf("La multa (%s) es inferior %s. Se eleva al mínimo.", formato.Pesos(*antes), desc))
}
