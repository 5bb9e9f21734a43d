package reincidencia

import (
	"comite/internal/fallo"
	"errors"
	"fmt"
	"strings"

	"comite/internal/calendario"
	"comite/internal/fecha"
	"comite/internal/formato"
	"comite/internal/normas"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

// ErrCampo is an input the rules cannot evaluate, naming the input field
// (for instance a date outside the holiday calendar).
type ErrCampo struct {
	Campo   string // contract path: "nueva_infraccion.fecha_verificacion"
	Mensaje string
}

func (e *ErrCampo) Error() string { return e.Campo + ": " + e.Mensaje }

// As makes it a fallo.Invalido naming the field.
func (e *ErrCampo) As(target any) bool { return fallo.Como(target, fallo.Campo(e.Campo, e.Mensaje)) }

// As makes the list a fallo.Invalido with one message per field.
func (e ErrCampos) As(target any) bool {
	campos := make(map[string]string, len(e))
	for _, c := range e {
		if p, ok := campos[c.Campo]; ok {
			campos[c.Campo] = p + "; " + c.Mensaje
		} else {
			campos[c.Campo] = c.Mensaje
		}
	}
	return fallo.Como(target, &fallo.Error{Codigo: fallo.Invalido, Mensaje: e.Error(), Campos: campos})
}

// ErrCampos is a list of inputs that cannot be true, each naming its field
// (Validar). Its text is one line per problem.
type ErrCampos []*ErrCampo

func (e ErrCampos) Error() string {
	l := make([]string, len(e))
	for i, c := range e {
		l[i] = c.Error()
	}
	return strings.Join(l, "\n")
}

var (
	mil  = decimal.NewFromInt(1000)
	cien = decimal.NewFromInt(100)
)

// Evaluar runs the committee test of Decreto Ley 920 de 2023, art. 25
// (identified by position) with the rule set that the reference ref holds for
// the commission date, and explains every step with its legal basis
// (Resultado.Fundamentos). An input that cannot be true returns ErrCampos.
func Evaluar(e Entrada, ref valores.Referencia) (Resultado, error) {
	return calcular(e, ref, true)
}

// Cifras is Evaluar without the explanation texts (Fundamentos is empty):
// the same computation, for screening thousands of users at once.
func Cifras(e Entrada, ref valores.Referencia) (Resultado, error) {
	return calcular(e, ref, false)
}

// Validar lists the inputs that cannot be true, each naming its field: the
// same act number twice for one user (an act counts once, art. 25 inc. 1:
// "actos administrativos"); a verification, expediente or REA date before the
// commission (the facts are verified after they happen); an REA date before
// the verification (the requerimiento especial aduanero follows the
// verification and its year fixes the UVT of the +1.000 UVT); a grave or
// gravísima new infraction sanctioned with amonestación (the sanction of leve
// infractions).
func Validar(e Entrada) ErrCampos {
	var out ErrCampos
	add := func(campo, f string, args ...any) {
		out = append(out, &ErrCampo{Campo: campo, Mensaje: fmt.Sprintf(f, args...)})
	}
	n := e.Nueva
	if !n.FechaComision.IsZero() {
		for _, c := range []struct {
			campo, nombre string
			f             fecha.Fecha
		}{
			{"nueva_infraccion.fecha_verificacion", "la verificación de los hechos", n.FechaVerificacion},
			{"nueva_infraccion.fecha_expediente", "la conformación del expediente", n.FechaExpediente},
			{"nueva_infraccion.fecha_requerimiento", "el requerimiento especial aduanero", n.FechaRequerimiento},
		} {
			if !c.f.IsZero() && c.f.Antes(n.FechaComision) {
				add(c.campo, "%s (%s) no puede ser anterior a la comisión de la infracción (%s)", c.nombre, c.f.DMA(), n.FechaComision.DMA())
			}
		}
	}
	if !n.FechaRequerimiento.IsZero() && !n.FechaVerificacion.IsZero() && n.FechaRequerimiento.Antes(n.FechaVerificacion) &&
		(n.FechaComision.IsZero() || !n.FechaRequerimiento.Antes(n.FechaComision)) {
		add("nueva_infraccion.fecha_requerimiento", "el requerimiento especial aduanero (%s) no puede ser anterior a la verificación de los hechos (%s)", n.FechaRequerimiento.DMA(), n.FechaVerificacion.DMA())
	}
	if n.Gravedad.GraveOGravisima() && n.Sancion == sancion.Amonestacion {
		add("nueva_infraccion.sancion", "una infracción %s no se sanciona con amonestación (nueva_infraccion.gravedad): la amonestación es la sanción de las infracciones leves", n.Gravedad.Etiqueta())
	}
	if len(e.Actos) < 2 {
		return out
	}
	vistos := make(map[string]int, len(e.Actos))
	for i, a := range e.Actos {
		k := strings.ToUpper(strings.TrimSpace(a.Numero))
		if k == "" {
			continue
		}
		if j, ok := vistos[k]; ok {
			add(fmt.Sprintf("sanciones[%d].acto", i), "el acto %q está repetido (ya aparece en sanciones[%d]): cada acto se cuenta una sola vez", a.Numero, j)
			continue
		}
		vistos[k] = i
	}
	return out
}

func calcular(e Entrada, ref valores.Referencia, explicar bool) (Resultado, error) {
	if errs := Validar(e); len(errs) > 0 {
		return Resultado{}, errs
	}
	n := e.Nueva
	for _, c := range []struct {
		campo string
		f     fecha.Fecha
	}{{"nueva_infraccion.fecha_comision", n.FechaComision}, {"nueva_infraccion.fecha_verificacion", n.FechaVerificacion}} {
		if !calendario.Cubre(c.f) {
			return Resultado{}, &ErrCampo{Campo: c.campo, Mensaje: fmt.Sprintf("la fecha %s está fuera de los años que el sistema cubre (%d a %d)", c.f.DMA(), calendario.AnioMinimo, calendario.AnioMaximo)}
		}
	}

	// The rule set is chosen by the date of the facts (the commission): the
	// one in force that day; after every validity interval held, the latest
	// with an alert; before every interval, the earliest, saying so.
	p, vig := ref.ConjuntoPara(n.FechaComision)
	r := Resultado{ConjuntoReglas: p.ID, Conjunto: Conjunto{
		ID: p.ID, Nombre: p.Nombre, VigenteDesde: p.VigenteDesde, VigenteHasta: p.VigenteHasta, Vigencia: vig, Texto: p.Vigencia,
	}}
	fund := func(regla, formato string, args ...any) {
		r.Fundamentos = append(r.Fundamentos, Fundamento{Regla: regla, Detalle: fmt.Sprintf(formato, args...)})
	}
	// Before every rule set held, the rule that governs the facts is not in
	// the application: the figures are computed for information, the result
	// is not determined.
	switch vig {
	case valores.PosteriorAVigencias:
		r.Alertas = append(r.Alertas, NormaSinVigenciaConfirmada)
	case valores.AnteriorAVigencias:
		r.Alertas = append(r.Alertas, HechoAnteriorAVigencia)
	}

	// Reference year: the calendar year before the conduct (art. 25 inc. 1:
	// "del primero (1) de enero al treinta y uno (31) de diciembre del año
	// inmediatamente anterior"). The anchor is the date of commission unless
	// the case asks for the date of verification.
	anclaje := e.Anclaje
	if anclaje == "" {
		anclaje = sancion.AnclajeComision
	}
	anioComision := n.FechaComision.Anio() - 1
	anioVerificacion := n.FechaVerificacion.Anio() - 1
	anio, otro := anioComision, anioVerificacion
	if anclaje == sancion.AnclajeVerificacion {
		anio, otro = anioVerificacion, anioComision
	}
	r.Periodo = PeriodoDelAnio(anio)
	r.Periodo.Anclaje = anclaje
	r.Periodo.Comision = n.FechaComision
	r.AnioOtroAnclaje = otro
	r.FechaOtroAnclaje = n.FechaVerificacion
	if anclaje == sancion.AnclajeVerificacion {
		r.FechaOtroAnclaje = n.FechaComision
	}
	if otro != anio {
		r.Alertas = append(r.Alertas, AnclajeDifiere)
	}
	if explicar {
		fund(normas.AnioReferencia, "Año de referencia %d (del %s al %s), anclado en la fecha de %s (%s).",
			anio, r.Periodo.Desde.DMA(), r.Periodo.Hasta.DMA(), nombreAnclaje(anclaje), fechaAnclaje(n, anclaje).DMA())
		fund(normas.ConjuntoReglas, "%s", TextoConjunto(r.Conjunto))
		fund(normas.CriterioAnclaje, "Se ancla en la fecha de %s; %s.", nombreAnclaje(anclaje), TextoOtroAnclaje(n, anclaje))
	}

	// Acts that count: firm in the reference year, grave or gravísima,
	// without accepted allanamiento (art. 25 inc. 1 and inc. 2), never firm
	// after the commission. Acts are counted, not infractions. Each act left
	// out carries one reason, the first of OrdenMotivos.
	r.Suma = decimal.Zero
	conAllanamiento := 0
	for _, a := range e.Actos {
		motivo := motivoExclusion(a, r.Periodo)
		if motivo != "" {
			if motivo == ConAllanamiento {
				conAllanamiento++
			}
			r.Excluidos = append(r.Excluidos, Excluido{Acto: a, Motivo: motivo})
			continue
		}
		// An act whose sanction is cancelación or suspensión counts toward the
		// number and adds 0 to the sum: it imposes no amount.
		aporte := a.Valor
		if !AportaSuma(a.Sancion) {
			aporte = decimal.Zero
		}
		r.Computados = append(r.Computados, Computado{Acto: a, Aporte: aporte})
		r.Suma = r.Suma.Add(aporte) // S: all acts that count, not only three
	}
	r.NumeroActos = len(r.Computados)
	if explicar {
		fund(normas.ActosEnFirme, "Se %s y se %s, con indicación del motivo.",
			verboContado(r.NumeroActos, "computa", "computan", "acto", "actos"), verboContado(len(r.Excluidos), "excluye", "excluyen", "", ""))
		fund(normas.AllanamientoNoCuenta, "Actos excluidos por allanamiento aceptado: %d.", conAllanamiento)
		if posteriores := contarMotivo(r.Excluidos, PosteriorALaComision); posteriores > 0 {
			fund(normas.ActosPosteriores, "%s después de la comisión (%s): no se %s.", contar(posteriores, "acto quedó en firme", "actos quedaron en firme"), n.FechaComision.DMA(), siNo(posteriores == 1, "computa", "computan"))
		}
		fund(normas.CriterioActos, "Se cuentan actos sancionatorios, no infracciones: un acto que sanciona varias infracciones cuenta una vez, con su monto total.")
	}

	// Operations of the reference year (several rows of a year add up). The
	// year is loaded when at least one row exists, even with 0; no row is
	// missing data, never zero.
	cargadas := false
	o, nOps := decimal.Zero, int64(0)
	for _, op := range e.Operaciones {
		if op.Anio == anio {
			cargadas = true
			o = o.Add(op.Valor)
			nOps += op.Numero
		}
	}
	if cargadas {
		r.TotalOperaciones, r.NumeroOperaciones = &o, &nOps
	}
	if explicar {
		fund(normas.SumaSanciones, "S = %s.", formato.Pesos(r.Suma))
		if cargadas {
			fund(normas.OperacionesComercio, "O = %s en N = %s operaciones de %d.", formato.Pesos(o), formato.Entero(nOps), anio)
		} else {
			fund(normas.OperacionesComercio, "No se han cargado las operaciones de comercio exterior de %d: O y N son desconocidos.", anio)
		}
	}

	// Threshold, compared exactly: S × 1000 ≥ O × 5 (0,5 % or more), the
	// requisites and the route: Decidir.
	v := Decidir(Cuentas{
		NumeroActos: r.NumeroActos, Suma: r.Suma, OperacionesCargadas: cargadas, TotalOperaciones: o,
		RegistroVigente: e.Usuario.RegistroVigente, Gravedad: n.Gravedad, PermiteCancelacion: n.PermiteCancelacion,
		Vigencia: vig,
	}, p)
	r.Requisitos, r.Ruta, r.ProcedeComite = v.Requisitos, v.Ruta, v.ProcedeComite
	req := &r.Requisitos
	if v.FaltanOperaciones {
		r.Alertas = append(r.Alertas, FaltanOperaciones)
	}
	if v.SinOperaciones {
		r.Alertas = append(r.Alertas, SinOperaciones)
	}
	if explicar {
		switch {
		case !cargadas:
			fund(normas.UmbralCeroCinco, "Operaciones de %d no cargadas: %s", anio, siNo(r.Suma.IsPositive(),
				"el umbral no se puede establecer. Datos incompletos: cargue las operaciones de "+fmt.Sprint(anio)+".",
				"sin sanciones (S = $ 0) el umbral no se cumple cualquiera que sea O."))
		case o.IsZero():
			fund(normas.CriterioSinOperaciones, "Operaciones de %d cargadas en cero y S = %s: el umbral %s.", anio, formato.Pesos(r.Suma), siNo(r.Suma.IsPositive(), "se tiene por cumplido", "no se cumple"))
		default:
			fund(normas.UmbralCeroCinco, "%s", TextoComparacionUmbral(r.Suma, o, p))
		}
		fund(normas.RegistroVigente, "Autorización, habilitación o registro vigente: %s.", siNo(req.RegistroVigente, "sí", "no"))
		fund(normas.InfraccionGrave, "La nueva infracción es %s.", n.Gravedad.Etiqueta())
		fund(normas.MinimoTresActos, "%s en firme en el año de referencia; se requieren al menos %d.", contar(r.NumeroActos, "acto computado", "actos computados"), p.MinimoActos)
		if n.PermiteCancelacion {
			fund(normas.CancelacionEnSustitucion, "La infracción contempla la cancelación en sustitución de la multa: el umbral del 0,5 %% es informativo.")
			fund(normas.CriterioSegundaRuta, "En la segunda ruta se exigen el registro vigente, la gravedad y el mínimo de %d actos; solo se dispensa el límite del 0,5 %%.", p.MinimoActos)
		}
	}

	// Ratios for the informe (art. 25 inc. 1, criteria of the Secretaría):
	// unknown when the operations are unknown; none when O or N is 0.
	if cargadas && !o.IsZero() {
		v := Participacion(r.Suma, o)
		r.Participacion = &v
		r.ParticipacionTexto = TextoParticipacion(r.Suma, o, p)
	}
	if cargadas && nOps > 0 {
		v := dividirRedondeado(decimal.NewFromInt(int64(r.NumeroActos)).Mul(mil), decimal.NewFromInt(nOps), 2)
		r.InfraccionesPorMil = &v
	}
	if explicar {
		part := "no se conoce (operaciones no cargadas)"
		porMil := part
		if cargadas {
			part = "no aplica (operaciones en cero)"
			if r.Participacion != nil {
				part = r.ParticipacionTexto
			}
			porMil = "no aplica (número de operaciones en cero)"
			if r.InfraccionesPorMil != nil {
				porMil = formato.Numero(*r.InfraccionesPorMil, 2)
			}
		}
		fund(normas.CriteriosSecretaria, "Participación porcentual: %s; actos sancionatorios por cada 1.000 operaciones: %s.", part, porMil)
	}

	// Deadline of the report: 10 business days from the day after the later
	// of verification and expediente (art. 25 inc. 1; Ley 4 de 1913 art. 62).
	// A late report does not void the case (criterion of the Secretaría).
	r.FechaBasePlazo = FechaBasePlazo(n)
	cal := calendario.Nuevo(e.DiasInhabiles)
	r.PlazoReporte = cal.SumarDiasHabiles(r.FechaBasePlazo, p.DiasReporte)
	if !calendario.Cubre(r.FechaBasePlazo) || !calendario.Cubre(r.PlazoReporte) {
		campo := "nueva_infraccion.fecha_verificacion"
		if r.FechaBasePlazo != n.FechaVerificacion {
			campo = "nueva_infraccion.fecha_expediente"
		}
		return Resultado{}, &ErrCampo{Campo: campo, Mensaje: fmt.Sprintf("el plazo desde el %s sale del calendario de festivos (años %d a %d, Ley 51 de 1983)", r.FechaBasePlazo.DMA(), calendario.AnioMinimo, calendario.AnioMaximo)}
	}
	if explicar {
		fund(normas.PlazoReporte, "%d días hábiles desde el día siguiente al %s: vence el %s.", p.DiasReporte, r.FechaBasePlazo.DMA(), r.PlazoReporte.DMA())
		if d := len(e.DiasInhabiles); d > 0 {
			fund(normas.DiasHabiles, "Se excluyen los feriados (festivos de la Ley 51 de 1983 y domingos) y %s por la autoridad.", contar(d, "día inhábil declarado", "días inhábiles declarados"))
		} else {
			fund(normas.DiasHabiles, "Se excluyen los feriados (festivos de la Ley 51 de 1983 y domingos); la autoridad no declaró días inhábiles.")
		}
		fund(normas.CriterioSabados, "Los sábados no se cuentan como días hábiles porque la autoridad no atiende en ellos.")
		fund(normas.CriterioReporteTardio, "Vencido el plazo, el reporte tardío se muestra como tal y el caso sigue su curso.")
	}

	// If, in the Comité's concepto, cancellation does not proceed: the
	// foreseen fine plus 1.000 UVT of the year of the REA (before there is
	// one, of the verification). Without that year's UVT the evaluation still
	// completes and the amount is unknown.
	if explicar && n.Sancion != sancion.Multa {
		fund(normas.SinIncremento, "La sanción prevista para la nueva infracción es %s, no multa: no hay incremento de %s UVT que sumar.", n.Sancion.Etiqueta(), formato.Numero(p.IncrementoComiteUVT, 0))
	}
	if r.Ruta == RutaReincidencia && r.ProcedeComite.EsSi() && n.Sancion == sancion.Multa {
		f, provisional := FechaUVTIncremento(n)
		si, err := IncrementoComite(n.SancionPrevista, f.Anio(), p, ref)
		si.Provisional = provisional
		var sin valores.ErrSinUVT
		switch {
		case errors.As(err, &sin):
			r.Alertas = append(r.Alertas, UVTNoDisponible)
			r.AnioUVTFaltante = f.Anio()
			if explicar {
				fund(normas.IncrementoMilUVT, "%s + %s UVT del año %d: no se puede calcular, %s.", formato.Pesos(n.SancionPrevista), formato.Numero(p.IncrementoComiteUVT, 0), f.Anio(), sin.Error())
			}
		case err != nil:
			return Resultado{}, err
		default:
			r.SancionIncrementada = &si
			if explicar {
				prov := ""
				if si.Provisional {
					prov = " " + TextoProvisional
				}
				fund(normas.IncrementoMilUVT, "%s + %s UVT × %s (UVT %d) = %s.%s", formato.Pesos(n.SancionPrevista), formato.Numero(p.IncrementoComiteUVT, 0), formato.Pesos(si.UVTValor), si.UVTAnio, formato.Pesos(si.Total), prov)
				fund(normas.UVTAnual, "UVT %d = %s (%s).", si.UVTAnio, formato.Pesos(si.UVTValor), si.UVTResolucion)
			}
		}
	}
	return r, nil
}

// TextoConjunto says which rule set was used and how the commission date
// stands against its validity, for people.
func TextoConjunto(c Conjunto) string {
	base := fmt.Sprintf("Conjunto de reglas %s: %s, vigente %s.", c.ID, c.Nombre, c.Texto)
	switch c.Vigencia {
	case valores.PosteriorAVigencias:
		return base + " La comisión es posterior al último día de vigencia de las normas que la aplicación conoce: confirme la norma aplicable."
	case valores.AnteriorAVigencias:
		return base + " Hecho anterior a la vigencia de este conjunto: las cifras se calculan con él solo como información. " + TextoHechoAnterior(c)
	}
	return base
}

// FechaBasePlazo is the date the report deadline counts from (the day after
// it): the later of the verification and the expediente dates (art. 25 inc.
// 1: "verificación de los hechos y conformación del expediente").
func FechaBasePlazo(n NuevaInfraccion) fecha.Fecha {
	if !n.FechaExpediente.IsZero() && n.FechaExpediente.Despues(n.FechaVerificacion) {
		return n.FechaExpediente
	}
	return n.FechaVerificacion
}

// TextoProvisional is what every screen and document shows beside a +1.000
// UVT computed before there is an REA date.
const TextoProvisional = "Provisional: se recalcula con la UVT del año del requerimiento especial aduanero."

// FechaUVTIncremento is the date whose year gives the UVT of the +1.000 UVT:
// the REA date, else the verification date, and then the amount is
// provisional (art. 25 inc. 1: "la sanción a proponer en el requerimiento
// especial aduanero").
func FechaUVTIncremento(n NuevaInfraccion) (fecha.Fecha, bool) {
	if !n.FechaRequerimiento.IsZero() {
		return n.FechaRequerimiento, false
	}
	return n.FechaVerificacion, true
}

// TextoHechoAnterior is what screens say when the commission is before every
// rule set held: the result is not determined.
func TextoHechoAnterior(c Conjunto) string {
	return fmt.Sprintf("La norma que rige hechos anteriores al %s no está en la aplicación: el resultado no se determina.", c.VigenteDesde.DMA())
}

// TextoComparacionUmbral writes the threshold comparison with the exact
// amounts (cents included when present), so two different amounts never
// read the same: "S × 1.000 = 77.000.000.000 ≥ O × 5 = 74.000.000.000: el
// umbral se cumple." O must be positive.
func TextoComparacionUmbral(suma, operaciones decimal.Decimal, p valores.Parametros) string {
	izq, der := suma.Mul(mil), operaciones.Mul(p.UmbralPorMil)
	cumple := izq.GreaterThanOrEqual(der)
	return fmt.Sprintf("S × 1.000 = %s %s O × %s = %s: el umbral %s.", formato.Exacto(izq), siNo(cumple, "≥", "<"), formato.Exacto(p.UmbralPorMil), formato.Exacto(der), siNo(cumple, "se cumple", "no se cumple"))
}

// fechaAnclaje is the date the reference year is anchored on.
func fechaAnclaje(n NuevaInfraccion, a sancion.Anclaje) fecha.Fecha {
	if a == sancion.AnclajeVerificacion {
		return n.FechaVerificacion
	}
	return n.FechaComision
}

// TextoOtroAnclaje names the other anchor, its date and the year it gives:
// "con el anclaje en la fecha de verificación de los hechos (02/03/2026) el
// año de referencia sería también 2025".
func TextoOtroAnclaje(n NuevaInfraccion, a sancion.Anclaje) string {
	otro := sancion.AnclajeVerificacion
	if a == sancion.AnclajeVerificacion {
		otro = sancion.AnclajeComision
	}
	f := fechaAnclaje(n, otro)
	y, propio := f.Anio()-1, fechaAnclaje(n, a).Anio()-1
	if y == propio {
		return fmt.Sprintf("con el anclaje en la fecha de %s (%s) el año de referencia sería también %d", nombreAnclaje(otro), f.DMA(), y)
	}
	return fmt.Sprintf("con el anclaje en la fecha de %s (%s) el año de referencia sería %d, no %d", nombreAnclaje(otro), f.DMA(), y, propio)
}

func contarMotivo(l []Excluido, m Motivo) int {
	k := 0
	for _, x := range l {
		if x.Motivo == m {
			k++
		}
	}
	return k
}

// motivoExclusion says why an act does not count, or "" when it counts (ExclusionActo).
func motivoExclusion(a Acto, p Periodo) Motivo {
	return ExclusionActo(a.FechaFirmeza, a.Gravedad, a.Allanamiento, p)
}

// dividirRedondeado returns num/den rounded half-up to the given decimals,
// exactly (no intermediate precision loss). num ≥ 0, den > 0.
func dividirRedondeado(num, den decimal.Decimal, decimales int32) decimal.Decimal {
	q, r := num.Shift(decimales).QuoRem(den, 0)
	if r.Mul(decimal.NewFromInt(2)).GreaterThanOrEqual(den) {
		q = q.Add(decimal.NewFromInt(1))
	}
	return q.Shift(-decimales)
}

// TextoParticipacion shows S / O × 100 with 4 decimals, half-up, except that
// a share below the line never reads as the line: when the threshold is not
// met and the rounded share reaches 0,5 %, it reads "inferior a 0,5 %" with as
// many decimals as it takes to show the difference. O must be positive.
func TextoParticipacion(suma, operaciones decimal.Decimal, p valores.Parametros) string {
	linea := p.UmbralPorMil.Div(decimal.NewFromInt(10)) // 5 por mil = 0,5 %
	v := dividirRedondeado(suma.Mul(cien), operaciones, 4)
	cumple := suma.Mul(mil).GreaterThanOrEqual(operaciones.Mul(p.UmbralPorMil))
	if cumple || v.LessThan(linea) {
		return formato.Numero(v, 4) + " %"
	}
	// Truncate (never round up) with more decimals until it shows below the line.
	exacta := suma.Mul(cien)
	for d := int32(5); d <= 30; d++ {
		q, _ := exacta.Shift(d).QuoRem(operaciones, 0)
		t := q.Shift(-d)
		if t.LessThan(linea) && !t.Equal(linea) {
			return "inferior a " + formato.Numero(linea, 1) + " % (" + formato.Numero(t, d) + " %)"
		}
	}
	return "inferior a " + formato.Numero(linea, 1) + " %"
}

func nombreAnclaje(a sancion.Anclaje) string {
	if a == sancion.AnclajeVerificacion {
		return "verificación de los hechos"
	}
	return "comisión de la infracción"
}

func siNo(c bool, si, no string) string {
	if c {
		return si
	}
	return no
}

// verboContado writes "computan 3 actos", "computa 1 acto", "excluyen 0":
// the verb agrees with the number.
func verboContado(n int, singular, plural, uno, varios string) string {
	v := plural
	if n == 1 {
		v = singular
	}
	s := v + " " + formato.Entero(int64(n))
	if uno != "" {
		if n == 1 {
			s += " " + uno
		} else {
			s += " " + varios
		}
	}
	return s
}

// contar writes "1 acto", "3 actos" (agreement in number).
func contar(n int, uno, varios string) string {
	if n == 1 {
		return "1 " + uno
	}
	return formato.Entero(int64(n)) + " " + varios
}

// IncrementoComite is the fine to propose in the requerimiento especial
// aduanero when, in the Comité's concepto, cancellation does not proceed: the
// fine foreseen for the infraction plus the increment of the rule set p (1.000
// UVT) with the UVT of the given year in ref (art. 25 inc. 1), converted with
// the Estatuto Tributario art. 868 rounding. A year without UVT returns
// valores.ErrSinUVT naming it.
func IncrementoComite(prevista decimal.Decimal, anioUVT int, p valores.Parametros, ref valores.Referencia) (SancionIncrementada, error) {
	inc, u, err := ref.Pesos(p.IncrementoComiteUVT, anioUVT)
	if err != nil {
		return SancionIncrementada{}, err
	}
	return SancionIncrementada{
		UVTAnio: u.Anio, UVTValor: u.Valor, UVTResolucion: u.Resolucion,
		Incremento: inc, Total: prevista.Add(inc),
	}, nil
}
