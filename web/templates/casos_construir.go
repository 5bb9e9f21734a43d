package templates

// Builders of the case pages' view models from the domain's values and the
// stored snapshot. Nothing here reads the store or decides a rule: figures
// come from the stored snapshot, deadlines from internal/plazos.

import (
	"fmt"
	"strconv"
	"strings"

	"comite/internal/calendario"
	"comite/internal/contrato"
	"comite/internal/dominio"
	"comite/internal/etiquetas"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/graficos"
	"comite/internal/normas"
	"comite/internal/plazos"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/valores"
	"comite/internal/web/urls"

	"github.com/shopspring/decimal"
)

// UVTUsada is the UVT a stored evaluation used, as its stored values say.
type UVTUsada struct {
	Anio       int
	ValorCOP   string
	Resolucion string
}

// SemaforoDe is a light as the pages show it.
func SemaforoDe(s plazos.Semaforo) Semaforo {
	return Semaforo{Color: string(s.Color), Texto: s.Texto}
}

// SemaforoReporte words the light of the report's legal term for a reported case.
func SemaforoReporte(s plazos.Semaforo) Semaforo {
	v := SemaforoDe(s)
	switch {
	case s.Color == plazos.Rojo:
		v.Texto = "Reportado fuera del plazo legal"
	case s.Color == plazos.Verde:
		v.Texto = "Reportado dentro del plazo legal"
	}
	return v
}

// PlazoDeReporte is the traffic light of a case's report deadline (10 business
// days, art. 25 of the Decreto Ley 920 de 2023 by position; read from the
// stored evaluation), decided by plazos.Decidir like every
// other light: red when the report came after it (late does not void the
// case), green when it came in time; for a case not reported yet, red once
// passed, amber today or within the next 5 business days, green otherwise.
func PlazoDeReporte(cal *calendario.Calendario, hoy, reporte, vence fecha.Fecha) Semaforo {
	s := plazos.Decidir(cal, hoy, vence, reporte)
	if reporte.IsZero() || vence.IsZero() {
		return SemaforoDe(s)
	}
	if s.Color == plazos.Rojo {
		return Semaforo{Color: string(s.Color), Texto: fmt.Sprintf("Reportado fuera del plazo (%d días hábiles tarde)", cal.DiasHabilesEntre(vence, reporte))}
	}
	return Semaforo{Color: string(s.Color), Texto: "Reportado dentro del plazo"}
}

// textoAviso is the stored explanation of an alert, or its code when the
// snapshot predates the explanations.
func textoAviso(r contrato.EvaluacionJSON, a string) string {
	for _, x := range r.Avisos {
		if x.Alerta == a {
			return x.Texto
		}
	}
	return a
}

// monto shows a stored amount in pesos, or the stored text when it is not a number.
func monto(s string) string {
	d, err := decimal.NewFromString(s)
	if err != nil {
		return s
	}
	return formato.Pesos(d)
}

var nombresRequisitos = []struct{ clave, nombre string }{
	{normas.RegistroVigente, "Autorización, habilitación o registro vigente"},
	{normas.InfraccionGrave, "Nueva infracción grave o gravísima"},
	{normas.MinimoTresActos, "Al menos tres actos sancionatorios en firme en el año de referencia"},
	{normas.UmbralCeroCinco, "Sanciones iguales o superiores al 0,5 % de las operaciones"},
}

// EvaluacionDe shows a stored snapshot step by step; uvt is the UVT the
// evaluation used, as its stored values say (nil when they do not say).
func EvaluacionDe(ev dominio.Evaluacion, r contrato.EvaluacionJSON, ent reincidencia.Entrada, ref valores.Referencia, uvt *UVTUsada) EvaluacionVista {
	v := EvaluacionVista{
		ID: ev.ID, Version: ev.Version, Creada: formato.InstanteTexto(ev.CreadoEn), CreadaPor: ev.CreadoPor, Motivo: ev.Motivo,
		Reglas:      ev.ConjuntoReglas,
		Periodo:     fmt.Sprintf("Año %d: del %s al %s", r.Periodo.Anio, formato.FechaTexto(r.Periodo.Desde), formato.FechaTexto(r.Periodo.Hasta)),
		NumeroActos: strconv.Itoa(r.NumeroActos), S: monto(r.SumaSancionesCOP),
		CumpleUmbral: r.Requisitos.UmbralCeroCinco, Procede: r.ProcedeComite, DatosIncompletos: r.DatosIncompletos(),
		AvisoVigencia: r.AvisoVigencia(),
	}
	// Operations never loaded are unknown: the page says which year to load,
	// never a zero.
	incompleto := reincidencia.TextoDatosIncompletos(r.Periodo.Anio)
	v.O, v.N = incompleto, incompleto
	if r.TotalOperacionesCOP != nil {
		v.O = monto(*r.TotalOperacionesCOP)
	}
	if r.NumeroOperaciones != nil {
		v.N = formato.Entero(*r.NumeroOperaciones)
	}
	if uvt != nil {
		v.UVT = fmt.Sprintf("UVT %d: %s (%s)", uvt.Anio, monto(uvt.ValorCOP), uvt.Resolucion)
	}
	v.Anclaje = "lectura: " + strings.ToLower(etiquetas.LecturaAnclaje(r.Periodo.Anclaje))
	for _, a := range r.Alertas {
		switch a {
		case string(reincidencia.AnclajeDifiere):
			otro := ent.Nueva.FechaVerificacion.Anio() - 1
			if r.Periodo.Anclaje == string(sancion.AnclajeVerificacion) {
				otro = ent.Nueva.FechaComision.Anio() - 1
			}
			v.AnclajeAviso = fmt.Sprintf("Los dos anclajes dan años distintos: con la otra lectura el año de referencia sería %d. La evaluación usa %d.", otro, r.Periodo.Anio)
		case string(reincidencia.SinOperaciones):
			v.Alertas = append(v.Alertas, "Operaciones de comercio exterior del año de referencia cargadas en cero y sanciones mayores que cero: el umbral se tiene por cumplido (criterio adoptado por la Secretaría Técnica, no texto de la norma).")
		case string(reincidencia.FaltanOperaciones):
			v.Alertas = append(v.Alertas, incompleto+". Sin ellas no se conocen O, N, la participación ni el umbral del 0,5 %.")
		default:
			v.Alertas = append(v.Alertas, textoAviso(r, a))
		}
	}
	for _, a := range r.Avisos {
		if a.Alerta == contrato.AvisoReleida {
			v.Alertas = append(v.Alertas, a.Texto)
		}
	}
	for _, c := range r.ActosComputados {
		v.Computados = append(v.Computados, []string{c.Acto, formato.FechaTexto(c.FechaFirmeza), etiquetas.Gravedad(c.Gravedad), etiquetas.Sancion(c.Sancion), monto(c.ValorCOP), monto(c.AporteCOP)})
	}
	for _, x := range r.ActosExcluidos {
		f := ""
		if x.FechaFirmeza != nil {
			f = *x.FechaFirmeza
		}
		v.Excluidos = append(v.Excluidos, []string{x.Acto, formato.FechaTexto(f), etiquetas.Gravedad(x.Gravedad), monto(x.ValorCOP), etiquetas.Motivo(x.Motivo)})
	}
	switch {
	case r.ParticipacionPorcentual != nil:
		v.Participacion = r.TextoParticipacion()
	case r.TotalOperacionesCOP == nil:
		v.Participacion = "desconocida (" + strings.ToLower(incompleto[:1]) + incompleto[1:] + ")"
	default:
		v.Participacion = "no aplica (operaciones cargadas en cero)"
	}
	if r.TotalOperacionesCOP != nil {
		if o, err := decimal.NewFromString(*r.TotalOperacionesCOP); err == nil {
			if p, err := ref.Conjunto(ev.ConjuntoReglas); err == nil {
				v.LineaUmbral = "S necesaria: " + formato.Pesos(reincidencia.LineaUmbral(o, p))
			}
		}
	}
	switch {
	case r.InfraccionesPorMilOperaciones != nil:
		p, _ := decimal.NewFromString(*r.InfraccionesPorMilOperaciones)
		v.PorMil = formato.Numero(p, 2)
	case r.NumeroOperaciones == nil:
		v.PorMil = "desconocido (operaciones no cargadas)"
	default:
		v.PorMil = "no aplica (número de operaciones en cero)"
	}
	verdad := func(b bool) *bool { return &b }
	req := map[string]*bool{
		normas.RegistroVigente: verdad(r.Requisitos.RegistroVigente), normas.InfraccionGrave: verdad(r.Requisitos.InfraccionGraveOGravisima),
		normas.MinimoTresActos: verdad(r.Requisitos.MinimoTresActos), normas.UmbralCeroCinco: r.Requisitos.UmbralCeroCinco,
	}
	sustitucion := r.Ruta == string(reincidencia.RutaCancelacionEnSustitucion)
	for _, n := range nombresRequisitos {
		v.Requisitos = append(v.Requisitos, Requisito{
			Clave: n.clave, Nombre: n.nombre, Cumple: req[n.clave], Fundamento: normas.De(n.clave).Referencia(),
			// Second route: only the 0,5 % limit is waived (shown as informative).
			Informativo: sustitucion && n.clave == normas.UmbralCeroCinco,
		})
	}
	if sustitucion {
		v.Ruta = "cancelación en sustitución de la multa (" + normas.De(normas.CancelacionEnSustitucion).Referencia() +
			"): el Comité da o niega su visto bueno a la cancelación; sin visto bueno, el REA propone la multa prevista sin el incremento de 1.000 UVT"
	} else {
		v.Ruta = "reincidencia (" + normas.De(normas.UmbralCeroCinco).Referencia() + ")"
	}
	if si := r.SancionIncrementada; si != nil {
		v.Incremento = fmt.Sprintf("Si en concepto del Comité no procede la cancelación: multa prevista más 1.000 UVT de %d (%s) = %s, según %s.",
			si.UVTAnio, monto(si.IncrementoCOP), monto(si.TotalCOP), normas.De(normas.IncrementoMilUVT).Referencia())
		if p := r.Provisional(); p != "" {
			v.Incremento += " " + p
		}
	}
	for _, f := range r.Fundamentos {
		v.Fundamentos = append(v.Fundamentos, FundamentoPaso{Regla: normas.Nombre(f.Regla), Referencia: f.Referencia, Detalle: f.Detalle})
	}
	return v
}

// GraficosDeCaso draws the case's charts from the stored snapshot: the yearly
// series the core computes from the stored entrada, and the stored acts by gravedad.
func GraficosDeCaso(r contrato.EvaluacionJSON, ent reincidencia.Entrada, ref valores.Referencia) ([]graficos.Grafico, error) {
	var out []graficos.Grafico
	if r.Periodo.Anio > 0 {
		serie, err := reincidencia.Serie(ent, ref, r.Periodo.Anio-4, r.Periodo.Anio)
		if err != nil {
			return nil, err
		}
		gs, err := GraficosSerie(serie)
		if err != nil {
			return nil, err
		}
		out = append(out, gs...)
	}
	// The acts that count and those that do not, by gravedad: the same
	// chart as the informe's PDF.
	cuentan, fuera := contrato.ActosPorGravedad(r.ActosComputados, r.ActosExcluidos)
	if cuentan != [3]int{} || fuera != [3]int{} {
		g3, err := graficos.Opcion(graficos.ModeloGravedad(cuentan, fuera, r.Periodo.Anio))
		if err != nil {
			return nil, err
		}
		out = append(out, g3)
	}
	return out, nil
}

// ConceptoDe shows a stored concepto of the Comité; versiones numbers the
// case's evaluations by id (nil when the page does not name the version).
func ConceptoDe(c dominio.ConceptoGuardado, versiones map[int64]int) ConceptoVista {
	v := ConceptoVista{
		ID: c.ID, FechaSesion: formato.Fecha(c.Concepto.FechaSesion), Miembros: c.Concepto.Miembros, Decision: c.Concepto.Decision.Etiqueta(),
		RegistradoPor: c.RegistradoPor, RegistradoEn: formato.InstanteTexto(c.RegistradoEn), CorrigeID: c.CorrigeID, MotivoCorreccion: c.MotivoCorreccion,
	}
	if n, ok := versiones[c.EvaluacionID]; ok {
		v.Evaluacion = "v" + strconv.Itoa(n)
	}
	for _, k := range flujo.CriteriosComite {
		if t := c.Concepto.Motivacion[k.Clave]; t != "" {
			v.Motivacion = append(v.Motivacion, Par{Etiqueta: k.Etiqueta, Valor: t})
		}
	}
	for _, k := range c.Concepto.CriteriosCancelacion {
		for _, cc := range flujo.CriteriosCancelacion {
			if cc.Clave == k {
				v.Criterios = append(v.Criterios, cc.Etiqueta)
			}
		}
	}
	return v
}

// PropuestaDe shows the REA's proposal of a case whose sanción prevista is prevista.
func PropuestaDe(p dominio.PropuestaREA, prevista decimal.Decimal) PropuestaVista {
	v := PropuestaVista{
		FechaREA: formato.Fecha(p.FechaREA), FechaREAISO: p.FechaREA.String(), Propuesta: p.Propuesta.Etiqueta(),
		RegistradoPor: p.RegistradoPor, Fundamento: normas.De(normas.IncrementoMilUVT).Referencia(),
	}
	if p.RegistradoEn != "" {
		v.RegistradoEn = formato.InstanteTexto(p.RegistradoEn)
	}
	switch {
	case p.Propuesta == flujo.DecisionCancelacion:
		v.Fundamento = normas.De(normas.ConceptoVinculante).Referencia() + "; " + normas.De(normas.CriteriosCancelacion).Referencia()
	case p.Propuesta.SegundaRuta():
		v.Fundamento = normas.De(normas.CancelacionEnSustitucion).Referencia()
	}
	if p.Total != nil {
		v.Prevista, v.Total = formato.Pesos(prevista), formato.Pesos(*p.Total)
	}
	if p.Incremento != nil {
		v.Incremento = formato.Pesos(p.Incremento.Incremento)
		v.UVT = fmt.Sprintf("1.000 × UVT %d de %s, %s", p.Incremento.UVTAnio, formato.Pesos(p.Incremento.UVTValor), p.Incremento.UVTResolucion)
	}
	return v
}

// GraficosSerie draws a user's yearly series (sanctions against the 0,5 %
// line, sanctions and operations); a year never loaded is a gap, never a zero.
func GraficosSerie(serie []reincidencia.PuntoAnual) ([]graficos.Grafico, error) {
	anios := make([]int, len(serie))
	sumas := make([]decimal.Decimal, len(serie))
	umbrales := make([]*decimal.Decimal, len(serie)) // nil: a year never loaded, a gap
	operaciones := make([]*decimal.Decimal, len(serie))
	for i, p := range serie {
		anios[i], sumas[i], umbrales[i], operaciones[i] = p.Anio, p.Suma, p.Umbral, p.Operaciones
	}
	g1, err := graficos.SancionesVsUmbral(anios, sumas, umbrales)
	if err != nil {
		return nil, err
	}
	g2, err := graficos.SancionesYOperaciones(anios, sumas, operaciones)
	if err != nil {
		return nil, err
	}
	return []graficos.Grafico{g1, g2}, nil
}

// CasoDe is the head of the case page: the case as it was reported, the
// person who reported it named by persona (never by login).
func CasoDe(caso dominio.Caso, persona func(login string) string) CasoDetalle {
	v := CasoDetalle{
		ID: caso.ID, Numero: caso.Numero, Estado: caso.Estado.Etiqueta(), EstadoClave: string(caso.Estado),
		Usuario: caso.RazonSocial, NIT: caso.NIT, TipoUsuario: etiquetas.TipoUsuario(caso.TipoUsuario),
		Seccional: caso.NombreSeccional, Descripcion: caso.Descripcion, Errores: Errores{},
	}
	v.Datos = []Par{
		{Etiqueta: "Fecha de comisión", Valor: formato.Fecha(caso.FechaComision)},
		{Etiqueta: "Verificación de los hechos", Valor: formato.Fecha(caso.FechaVerificacion)},
		{Etiqueta: "Expediente completo", Valor: formato.Fecha(caso.FechaExpediente)},
		{Etiqueta: "Requerimiento especial aduanero", Valor: formato.Fecha(caso.FechaRequerimiento)},
		{Etiqueta: "Gravedad", Valor: etiquetas.Gravedad(string(caso.Gravedad))},
		{Etiqueta: "Sanción prevista", Valor: etiquetas.Sancion(string(caso.Sancion))},
		{Etiqueta: "Multa prevista", Valor: formato.Pesos(caso.SancionPrevista)},
		{Etiqueta: "Permite cancelación en sustitución", Valor: formato.SiNo(caso.PermiteCancelacion)},
		{Etiqueta: "Año de referencia", Valor: etiquetas.LecturaAnclaje(string(caso.Anclaje))},
		{Etiqueta: "Reportado", Valor: formato.Fecha(caso.FechaReporte) + " por " + persona(caso.CreadoPor)},
	}
	return v
}

// VersionDe is one row of the list of a case's evaluations; r is its stored
// result, nil when it could not be read.
func VersionDe(e dominio.Evaluacion, r *contrato.EvaluacionJSON, persona func(login string) string) VersionEvaluacion {
	res := "No procede"
	if r != nil {
		switch r.Procede() {
		case reincidencia.Si:
			res = "Procede"
		case reincidencia.Desconocido:
			res = r.DatosIncompletos()
		}
	}
	return VersionEvaluacion{Version: e.Version, Creada: formato.InstanteTexto(e.CreadoEn), Por: persona(e.CreadoPor), Motivo: e.Motivo, Procede: res}
}

// PlazoDe is the report's term of a case (art. 25 of the Decreto Ley 920 de
// 2023): the date it runs from, the stored due date vence and its light on hoy.
func PlazoDe(cal *calendario.Calendario, hoy fecha.Fecha, caso dominio.Caso, vence fecha.Fecha) PlazoVista {
	base := reincidencia.FechaBasePlazo(reincidencia.NuevaInfraccion{FechaVerificacion: caso.FechaVerificacion, FechaExpediente: caso.FechaExpediente})
	v := PlazoVista{
		Base: formato.Fecha(base), Vence: formato.Fecha(vence), FechaReporte: formato.Fecha(caso.FechaReporte),
		Semaforo:   PlazoDeReporte(cal, hoy, caso.FechaReporte, vence),
		Fundamento: normas.De(normas.PlazoReporte).Referencia() + "; " + normas.De(normas.DiasHabiles).Referencia() + " (días hábiles, con los días inhábiles declarados por la entidad)",
	}
	v.EnPlazo = !caso.FechaReporte.Despues(vence)
	if v.EnPlazo {
		v.Texto = "El reporte se hizo dentro del plazo."
	} else {
		v.Texto = "El reporte se hizo después del plazo. El retraso no anula el caso: se registra como tardío."
	}
	return v
}

// HistoriaDe is a case's history newest first, each account named by persona.
func HistoriaDe(hist []dominio.EventoCaso, persona func(login string) string) []EventoVista {
	var out []EventoVista
	for i := len(hist) - 1; i >= 0; i-- {
		x := hist[i]
		ev := ""
		if x.EvaluacionVersion > 0 {
			ev = "v" + strconv.Itoa(x.EvaluacionVersion)
		}
		de := "—"
		if x.DeEstado != "" {
			de = x.DeEstado.Etiqueta()
		}
		out = append(out, EventoVista{En: formato.InstanteTexto(x.En), Cuenta: persona(x.Cuenta), IP: x.IP, De: de, A: x.AEstado.Etiqueta(), Detalle: x.Texto, Evaluacion: ev})
	}
	return out
}

// AccionesCaso are the buttons of the steps flujo offers on a case. sesiones
// are the sessions whose orden del día has the case, newest first: every
// concepto is born in a session, so that step leads to the newest one, or,
// with none, to the sessions with pendiente saying to add the case first.
func AccionesCaso(casoID int64, pasos []flujo.Paso, sesiones []dominio.SesionDeCaso) (acciones []AccionCaso, pendiente string) {
	for _, p := range pasos {
		a := AccionCaso{Clave: string(p.Accion), Nombre: p.Nombre, Metodo: "post"}
		switch p.Accion {
		case flujo.IniciarEvaluacion:
			a.Ruta, a.ConNota = urls.CasoPaso(casoID, "iniciar"), true
		case flujo.Presentar:
			a.Ruta, a.ConNota = urls.CasoPaso(casoID, "presentar"), true
		case flujo.DeclararNoProcede:
			a.Ruta, a.ConNota, a.Confirmar = urls.CasoPaso(casoID, "no-procede"), true, "El caso quedará cerrado como «no procede». ¿Continuar?"
		case flujo.Reevaluar:
			a.Ruta, a.ConMotivo = urls.CasoPaso(casoID, "reevaluar"), true
		case flujo.EmitirConcepto:
			if len(sesiones) == 0 {
				a.Nombre, a.Ruta, a.Metodo = "Ir a las sesiones del Comité", urls.Sesiones, "get"
				pendiente = "El concepto se registra dentro de una sesión del Comité: el caso aún no está en el orden del día de ninguna sesión. Agréguelo al orden del día de una sesión (Sesiones) y registre allí el concepto."
				break
			}
			s := sesiones[0]
			a.Nombre = "Registrar el concepto en la sesión " + s.Numero + " del " + s.Fecha.DMA()
			a.Ruta, a.Metodo = urls.Concepto(s.ID, casoID), "get"
		case flujo.CorregirConcepto, flujo.EmitirInforme:
			continue // offered beside the concepto (read-only) and the informes
		case flujo.Cerrar:
			a.Ruta, a.Metodo = urls.CasoCierre(casoID), "get"
		}
		acciones = append(acciones, a)
	}
	return acciones, pendiente
}

// CriteriosCasoDe are the Secretaría's qualitative criteria of a case's
// route, with the texts written so far.
func CriteriosCasoDe(segundaRuta bool, textos map[string]string) []CriterioVista {
	var out []CriterioVista
	for _, k := range flujo.CriteriosDe(segundaRuta) {
		out = append(out, CriterioVista{Clave: k.Clave, Etiqueta: k.Etiqueta, Ayuda: k.Ayuda, Texto: textos[k.Clave]})
	}
	return out
}
