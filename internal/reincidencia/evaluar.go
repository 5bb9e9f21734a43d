package reincidencia

import (
	"fmt"

	"comite/internal/calendario"
	"comite/internal/fecha"
	"comite/internal/formato"
	"comite/internal/normas"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

// ErrCampo is an input the rules cannot evaluate, naming the input field
// (for instance a UVT year outside the table).
type ErrCampo struct {
	Campo   string // contract path: "nueva_infraccion.fecha_verificacion"
	Mensaje string
}

func (e *ErrCampo) Error() string { return e.Campo + ": " + e.Mensaje }

var (
	mil  = decimal.NewFromInt(1000)
	cien = decimal.NewFromInt(100)
)

// Evaluar runs the committee test of Decreto Ley 920 de 2023, art. 25 (by
// position; dominio.md §2, points 1–10) with the parameters p, and explains
// every step with its legal basis (Resultado.Fundamentos).
func Evaluar(e Entrada, p valores.Parametros) (Resultado, error) {
	return calcular(e, p, true)
}

// Cifras is Evaluar without the explanation texts (Fundamentos is empty):
// the same computation, for screening thousands of users at once.
func Cifras(e Entrada, p valores.Parametros) (Resultado, error) {
	return calcular(e, p, false)
}

func calcular(e Entrada, p valores.Parametros, explicar bool) (Resultado, error) {
	r := Resultado{ConjuntoReglas: p.ID}
	n := e.Nueva
	fund := func(regla, formato string, args ...any) {
		r.Fundamentos = append(r.Fundamentos, Fundamento{Regla: regla, Detalle: fmt.Sprintf(formato, args...)})
	}

	for _, c := range []struct {
		campo string
		f     fecha.Fecha
	}{{"nueva_infraccion.fecha_comision", n.FechaComision}, {"nueva_infraccion.fecha_verificacion", n.FechaVerificacion}} {
		if !calendario.Cubre(c.f) {
			return Resultado{}, &ErrCampo{Campo: c.campo, Mensaje: fmt.Sprintf("la fecha %s está fuera de los años que el sistema cubre (%d a %d)", c.f.DMA(), calendario.AnioMinimo, calendario.AnioMaximo)}
		}
	}

	// §2.1 Reference year: the calendar year before the conduct
	// (art. 25 inc. 1: "del primero (1) de enero al treinta y uno (31) de
	// diciembre del año inmediatamente anterior"). The anchor is the date of
	// commission unless the case asks for the date of verification.
	anclaje := e.Anclaje
	if anclaje == "" {
		anclaje = AnclajeComision
	}
	anioComision := n.FechaComision.Anio() - 1
	anioVerificacion := n.FechaVerificacion.Anio() - 1
	anio, otro := anioComision, anioVerificacion
	if anclaje == AnclajeVerificacion {
		anio, otro = anioVerificacion, anioComision
	}
	r.Periodo = Periodo{Anio: anio, Desde: fecha.Debe(anio, 1, 1), Hasta: fecha.Debe(anio, 12, 31), Anclaje: anclaje}
	r.AnioOtroAnclaje = otro
	if otro != anio {
		r.Alertas = append(r.Alertas, AnclajeDifiere)
	}
	if explicar {
		otraLectura := "la otra lectura da el mismo año"
		if otro != anio {
			otraLectura = fmt.Sprintf("con la otra lectura sería %d", otro)
		}
		fund(normas.AnioReferencia, "Año de referencia %d (del %s al %s), anclado en la fecha de %s; %s.",
			anio, r.Periodo.Desde.DMA(), r.Periodo.Hasta.DMA(), nombreAnclaje(anclaje), otraLectura)
	}

	// §2.2 Acts that count: firm in the reference year, grave or gravísima,
	// without accepted allanamiento (art. 25 inc. 1 and inc. 2). Acts are
	// counted, not infractions. Each act left out carries one reason, checked
	// in the order dominio.md lists them.
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
		// number and adds 0 to the sum (dominio.md §2.2).
		aporte := a.Valor
		if a.Sancion == sancion.Cancelacion || a.Sancion == sancion.Suspension {
			aporte = decimal.Zero
		}
		r.Computados = append(r.Computados, Computado{Acto: a, Aporte: aporte})
		r.Suma = r.Suma.Add(aporte) // §2.3 S: all acts that count, not only three
	}
	r.NumeroActos = len(r.Computados)
	if explicar {
		fund(normas.ActosEnFirme, "%d actos cuentan y %d quedan por fuera (cada uno con su motivo).", r.NumeroActos, len(r.Excluidos))
		fund(normas.AllanamientoNoCuenta, "Actos excluidos por allanamiento aceptado: %d.", conAllanamiento)
	}

	// §2.4 Operations of the reference year (several rows of a year add up).
	r.TotalOperaciones = decimal.Zero
	for _, o := range e.Operaciones {
		if o.Anio == anio {
			r.TotalOperaciones = r.TotalOperaciones.Add(o.Valor)
			r.NumeroOperaciones += o.Numero
		}
	}
	if explicar {
		fund(normas.SumaSanciones, "S = %s.", formato.Pesos(r.Suma))
		fund(normas.OperacionesComercio, "O = %s en N = %s operaciones de %d.", formato.Pesos(r.TotalOperaciones), formato.Entero(r.NumeroOperaciones), anio)
	}

	// §2.5 Threshold, compared exactly: S × 1000 ≥ O × 5 (0,5 % or more).
	// With no operations it is met when there is any sanction.
	req := &r.Requisitos
	if r.TotalOperaciones.IsZero() {
		req.UmbralCeroCinco = r.Suma.IsPositive()
		if req.UmbralCeroCinco {
			r.Alertas = append(r.Alertas, SinOperaciones)
		}
		if explicar {
			fund(normas.UmbralCeroCinco, "Sin operaciones en %d: el umbral se cumple si hay alguna sanción (S = %s).", anio, formato.Pesos(r.Suma))
		}
	} else {
		izq := r.Suma.Mul(mil)
		der := r.TotalOperaciones.Mul(p.UmbralPorMil)
		req.UmbralCeroCinco = izq.GreaterThanOrEqual(der)
		if explicar {
			fund(normas.UmbralCeroCinco, "S × 1.000 = %s %s O × %s = %s: el umbral %s.", formato.Numero(izq, 0), siNo(req.UmbralCeroCinco, "≥", "<"), p.UmbralPorMil.String(), formato.Numero(der, 0), siNo(req.UmbralCeroCinco, "se cumple", "no se cumple"))
		}
	}

	// §2.6 Requisites.
	req.RegistroVigente = e.Usuario.RegistroVigente
	req.InfraccionGraveOGravisima = n.Gravedad.GraveOGravisima()
	req.MinimoTresActos = r.NumeroActos >= p.MinimoActos
	if explicar {
		fund(normas.RegistroVigente, "Autorización, habilitación o registro vigente: %s.", siNo(req.RegistroVigente, "sí", "no"))
		fund(normas.InfraccionGrave, "La nueva infracción es %s.", n.Gravedad.Etiqueta())
		fund(normas.MinimoTresActos, "%d actos en firme cuentan; se requieren al menos %d.", r.NumeroActos, p.MinimoActos)
	}

	// §2.10 Second route: the infraction allows cancelación in place of the
	// fine; the Comité's visto bueno is needed without the 3-act and 0,5 %
	// requisites (art. 25 inc. 3), which stay as information.
	if n.PermiteCancelacion {
		r.Ruta = RutaCancelacionEnSustitucion
		r.ProcedeComite = req.RegistroVigente && req.InfraccionGraveOGravisima
		if explicar {
			fund(normas.CancelacionEnSustitucion, "La infracción permite la cancelación en lugar de la multa: el mínimo de actos y el umbral son informativos.")
		}
	} else {
		r.Ruta = RutaReincidencia
		r.ProcedeComite = req.RegistroVigente && req.InfraccionGraveOGravisima && req.MinimoTresActos && req.UmbralCeroCinco
	}

	// §2.7 Ratios for the informe (art. 25 inc. 1, criteria of the Secretaría).
	if !r.TotalOperaciones.IsZero() {
		v := dividirRedondeado(r.Suma.Mul(cien), r.TotalOperaciones, 4)
		r.Participacion = &v
	}
	if r.NumeroOperaciones > 0 {
		v := dividirRedondeado(decimal.NewFromInt(int64(r.NumeroActos)).Mul(mil), decimal.NewFromInt(r.NumeroOperaciones), 2)
		r.InfraccionesPorMil = &v
	}
	if explicar {
		fund(normas.CriteriosSecretaria, "Participación porcentual %s; infracciones por cada 1.000 operaciones %s.", textoNulo(r.Participacion, 4, " %"), textoNulo(r.InfraccionesPorMil, 2, ""))
	}

	// §2.8 Deadline of the report: 10 business days from the day after the
	// later of verification and expediente (art. 25 inc. 1; Ley 4 de 1913 art. 62).
	r.FechaBasePlazo = n.FechaVerificacion
	if !n.FechaExpediente.IsZero() && n.FechaExpediente.Despues(r.FechaBasePlazo) {
		r.FechaBasePlazo = n.FechaExpediente
	}
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
		fund(normas.DiasHabiles, "Se excluyen sábados, domingos, festivos (Ley 51 de 1983) y %d días inhábiles declarados por la autoridad.", len(e.DiasInhabiles))
	}

	// §2.9 If the Comité does not decide cancellation: the foreseen fine plus
	// 1.000 UVT of the year of the REA (default: of the verification).
	if r.Ruta == RutaReincidencia && r.ProcedeComite && n.Sancion == sancion.Multa {
		campo, f := "nueva_infraccion.fecha_verificacion", n.FechaVerificacion
		if !n.FechaRequerimiento.IsZero() {
			campo, f = "nueva_infraccion.fecha_requerimiento", n.FechaRequerimiento
		}
		si, err := IncrementoComite(n.SancionPrevista, f.Anio(), p)
		if err != nil {
			return Resultado{}, &ErrCampo{Campo: campo, Mensaje: err.Error()}
		}
		r.SancionIncrementada = &si
		u := valores.UVT{Anio: si.UVTAnio, Valor: si.UVTValor, Resolucion: si.UVTResolucion}
		if explicar {
			fund(normas.IncrementoMilUVT, "%s + %s UVT × %s (UVT %d) = %s.", formato.Pesos(n.SancionPrevista), formato.Numero(p.IncrementoComiteUVT, 0), formato.Pesos(u.Valor), u.Anio, formato.Pesos(r.SancionIncrementada.Total))
			fund(normas.UVTAnual, "UVT %d = %s (%s).", u.Anio, formato.Pesos(u.Valor), u.Resolucion)
		}
	}
	return r, nil
}

// motivoExclusion says why an act does not count, or "" when it counts.
// Reasons are checked in the order dominio.md §2.2 lists them.
func motivoExclusion(a Acto, p Periodo) Motivo {
	switch {
	case !a.FechaFirmeza.IsZero() && (a.FechaFirmeza.Antes(p.Desde) || a.FechaFirmeza.Despues(p.Hasta)):
		return FueraDePeriodo // art. 25 inc. 1: firm from 1 January to 31 December of the year before
	case !a.Gravedad.GraveOGravisima():
		return GravedadLeve // art. 25 inc. 1: "infracciones graves o gravísimas"
	case a.Allanamiento:
		return ConAllanamiento // art. 25 inc. 2
	case a.FechaFirmeza.IsZero():
		return SinFirmeza // art. 25 inc. 1: "quedan en firme"; CPACA art. 87
	}
	return ""
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

func nombreAnclaje(a Anclaje) string {
	if a == AnclajeVerificacion {
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

func textoNulo(d *decimal.Decimal, dec int32, sufijo string) string {
	if d == nil {
		return "no aplica (sin operaciones)"
	}
	return formato.Numero(*d, dec) + sufijo
}

// IncrementoComite is the fine to propose in the requerimiento especial
// aduanero when the Comité does not decide cancellation: the fine foreseen
// for the infraction plus 1.000 UVT of the given year (art. 25 inc. 1;
// dominio.md §2.9), converted with the art. 868 rounding.
func IncrementoComite(prevista decimal.Decimal, anioUVT int, p valores.Parametros) (SancionIncrementada, error) {
	inc, u, err := valores.Pesos(p.IncrementoComiteUVT, anioUVT)
	if err != nil {
		return SancionIncrementada{}, err
	}
	return SancionIncrementada{
		UVTAnio: u.Anio, UVTValor: u.Valor, UVTResolucion: u.Resolucion,
		Incremento: inc, Total: prevista.Add(inc),
	}, nil
}
