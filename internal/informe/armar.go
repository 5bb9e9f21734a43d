package informe

// Assembling Datos and Acta from stored values. The application reads the
// rows (the evaluation snapshot, the history, the conceptos and the REA
// proposal) and hands them here as plain values; what an issue shows is
// decided here, once: the history and the conceptos up to the instant of the
// issue, the corrections linked to the original, the proposal recorded by
// then. Nothing here reads a database or the clock.

import (
	"fmt"
	"strings"
	"time"

	"comite/internal/contrato"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/normas"
	"comite/internal/reincidencia"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

// Fuente is what an informe is built from: the case as stored, its
// evaluation snapshot, its history, its conceptos and its REA proposal.
type Fuente struct {
	Caso               string
	DireccionSeccional string
	FechaReporte       fecha.Fecha
	Criterios          map[string]string // the Secretaría's criteria as they stood at the issue

	Entrada     reincidencia.Entrada    // the stored input of the snapshot
	Evaluacion  contrato.EvaluacionJSON // the stored result of the snapshot
	Referencia  valores.Referencia      // UVT and rule sets (for the yearly series)
	Instantanea Instantanea

	Historia  []PasoGuardado
	Conceptos []ConceptoGuardado // oldest first: the original, then its corrections
	Propuesta *Propuesta         // nil: not recorded

	EvaluacionJSON []byte    // the stored result of the snapshot, as stored
	NormaAplicable string    // the recorded decision on the applicable norm ("": none)
	NormaInstante  time.Time // when it was recorded

	Adjuntos []AdjuntoGuardado // the files attached to the case, in their order
}

// AdjuntoGuardado is a file attached to the case as the informe lists it.
type AdjuntoGuardado struct {
	Numero         int
	Tipo           string // the code of adjunto.Tipo
	Descripcion    string
	Fecha          *fecha.Fecha // of the document, when known
	SHA256         string
	Instante       time.Time // when it was attached
	Retiro         string    // why it was withdrawn ("": in force)
	RetiroInstante time.Time
}

// PasoGuardado is one stored row of the case's history.
type PasoGuardado struct {
	Instante          time.Time
	Cuenta            string
	Desde, Hacia      string
	Texto             string
	EvaluacionVersion int // 0: the step names no evaluation
}

// ConceptoGuardado is one stored concepto (the original or a correction).
type ConceptoGuardado struct {
	Concepto         flujo.Concepto
	RegistradoPor    string
	RegistradoEn     time.Time
	MotivoCorreccion string
}

// despues says whether t is after the instant (a zero instant: a
// preview that shows everything).
func despues(t, emision time.Time) bool { return !emision.IsZero() && t.After(emision) }

// Armar builds the informe's Datos for the issue em: the history, the
// concepto and its corrections, and the REA proposal recorded up to em's
// instant; the yearly series of the last five years from the stored input.
func Armar(f Fuente, em Emision) (Datos, error) {
	d := Datos{
		Caso: f.Caso, DireccionSeccional: f.DireccionSeccional,
		Usuario: f.Entrada.Usuario, Nueva: f.Entrada.Nueva, Evaluacion: f.Evaluacion,
		FechaReporte: f.FechaReporte,
		Criterios: Criterios{
			TipoUsuario: f.Criterios["tipo_usuario"], PerjuicioEstado: f.Criterios["perjuicio_estado"],
			NaturalezaHechos: f.Criterios["naturaleza_hechos"], ImpactoComercio: f.Criterios["impacto_comercio"],
			Antecedentes:               f.Criterios["antecedentes"],
			TransgresionProcedimientos: f.Criterios["transgresion_procedimientos"],
			IncidenciaPenal:            f.Criterios["incidencia_penal"],
			OtrosHechos:                f.Criterios["otros_hechos"],
		},
		Instantanea:    f.Instantanea,
		Emision:        em,
		EvaluacionJSON: f.EvaluacionJSON,
	}
	if f.NormaAplicable != "" && !despues(f.NormaInstante, em.Instante) {
		d.NormaAplicable = f.NormaAplicable // recorded by the issue
	}
	if a := f.Evaluacion.Periodo.Anio; a > 0 {
		var err error
		if d.Serie, err = reincidencia.Serie(f.Entrada, f.Referencia, a-4, a); err != nil {
			return d, fmt.Errorf("serie anual del informe: %w", err)
		}
	}
	d.Adjuntos = adjuntosAl(f.Adjuntos, em.Instante)
	for _, h := range f.Historia {
		if despues(h.Instante, em.Instante) {
			break // the informe shows the history up to its issue
		}
		texto := h.Texto
		if h.EvaluacionVersion > 0 {
			texto += fmt.Sprintf(" [evaluación v%d]", h.EvaluacionVersion)
		}
		d.Historia = append(d.Historia, Paso{Instante: h.Instante, Cuenta: h.Cuenta, Desde: h.Desde, Hacia: h.Hacia, Detalle: texto})
	}
	d.Concepto = ConceptoHasta(f.Conceptos, em.Instante)
	// The REA proposal, once recorded before this issue: page 1 then shows
	// its REA date, the same the history names.
	if p := f.Propuesta; p != nil && !despues(p.RegistradoEn, em.Instante) {
		d.Propuesta = p
	}
	return d, nil
}

// ConceptoHasta is the concepto as it stood at instante: the original with
// the corrections recorded by then (nil when none was recorded by then).
func ConceptoHasta(cs []ConceptoGuardado, instante time.Time) *Concepto {
	if len(cs) == 0 || despues(cs[0].RegistradoEn, instante) {
		return nil
	}
	o := cs[0]
	ic := &Concepto{
		FechaSesion: o.Concepto.FechaSesion, Miembros: o.Concepto.Miembros, Decision: o.Concepto.Decision,
		Motivacion: Motivaciones(o.Concepto), CriteriosCancelacion: o.Concepto.CriteriosCancelacion,
		RegistradoPor: o.RegistradoPor, RegistradoEn: o.RegistradoEn,
	}
	for _, x := range cs[1:] {
		if despues(x.RegistradoEn, instante) {
			break
		}
		ic.Correcciones = append(ic.Correcciones, Correccion{Instante: x.RegistradoEn, Cuenta: x.RegistradoPor, Motivo: x.MotivoCorreccion, Texto: ResumenConcepto(x.Concepto)})
	}
	return ic
}

// Motivaciones are the Comité's motivations of a concepto, in the order of
// the criteria, each with its criterion's label.
func Motivaciones(c flujo.Concepto) []Motivacion {
	var out []Motivacion
	for _, k := range flujo.CriteriosComite {
		if t := c.Motivacion[k.Clave]; t != "" {
			out = append(out, Motivacion{Criterio: k.Etiqueta, Texto: t})
		}
	}
	return out
}

// ResumenConcepto writes what a (corrected) concepto says, in one paragraph.
func ResumenConcepto(c flujo.Concepto) string {
	s := []string{"Decisión: " + c.Decision.Etiqueta() + ".", "Sesión del " + c.FechaSesion.DMA() + "; miembros: " + strings.Join(c.Miembros, "; ") + "."}
	if len(c.CriteriosCancelacion) > 0 {
		s = append(s, "Criterios: "+strings.Join(c.CriteriosCancelacion, ", ")+".")
	}
	for _, m := range Motivaciones(c) {
		s = append(s, m.Criterio+": "+m.Texto)
	}
	return strings.Join(s, " ")
}

// FuenteActa is what an acta is built from: the stored session, its
// attendance and quorum, and each case of its orden del día with the
// conceptos recorded in the session.
type FuenteActa struct {
	Numero            string
	Sesion            flujo.Sesion
	QuorumConfigurado bool
	QuorumMinimo      int
	TextoQuorum       string
	Puntos            []PuntoFuente
}

// PuntoFuente is one case of the orden del día as stored.
type PuntoFuente struct {
	Posicion    int
	Caso        string
	RazonSocial string
	NIT         string
	Estado      flujo.Estado
	Conceptos   []ConceptoGuardado // the original recorded in this session, then its corrections (empty: none yet)
	Aplazado    string             // the reason it was postponed in the session ("" when it was not)
	// SancionPrevista and Incremento: what a decision results in (the fine
	// foreseen and, on the first route, the evaluation's 1.000 UVT increment).
	SancionPrevista decimal.Decimal
	Incremento      *contrato.IncrementadaJSON
	Adjuntos        []AdjuntoGuardado // the files attached to the case, in their order
}

// ArmarActa builds the acta of version version issued by por at instante
// (a zero instante: everything recorded so far).
func ArmarActa(f FuenteActa, version int, por string, instante time.Time) Acta {
	a := Acta{Numero: f.Numero, Fecha: f.Sesion.Fecha, Hora: f.Sesion.Hora, Modalidad: flujo.EtiquetaModalidad(f.Sesion.Modalidad),
		Lugar: f.Sesion.Lugar, Preside: f.Sesion.Preside, Secretario: f.Sesion.Secretario, Miembros: f.Sesion.Miembros,
		QuorumConfigurado: f.QuorumConfigurado, QuorumMinimo: f.QuorumMinimo, TextoQuorum: f.TextoQuorum,
		Version: version, EmitidoPor: por, Instante: instante}
	for _, p := range f.Puntos {
		pa := PuntoActa{Posicion: p.Posicion, Caso: p.Caso, RazonSocial: p.RazonSocial, NIT: p.NIT,
			Estado: p.Estado.Etiqueta(), Concepto: ConceptoHasta(p.Conceptos, instante), Aplazado: p.Aplazado}
		if pa.Concepto != nil {
			pa.Resultado, pa.Fundamento = ResultadoDecision(pa.Concepto.Decision, p.SancionPrevista, p.Incremento)
			pa.Adjuntos = adjuntosAl(p.Adjuntos, instante)
		}
		a.Puntos = append(a.Puntos, pa)
	}
	return a
}

// ResultadoDecision is what a decision of the Comité results in, with the
// article it rests on: the cancellation; the fine foreseen plus 1.000 UVT of
// the year the evaluation took (first route); or, without the visto bueno on
// the second route, the fine foreseen without the increment.
func ResultadoDecision(dec flujo.Decision, prevista decimal.Decimal, inc *contrato.IncrementadaJSON) (resultado, fundamento string) {
	switch {
	case dec == flujo.DecisionCancelacion:
		return "Cancelación de la autorización, habilitación o registro, en lugar de la multa prevista (" + formato.Pesos(prevista) + ")", ref(normas.ConceptoVinculante)
	case dec.Cancela():
		return "Cancelación en sustitución de la multa prevista (" + formato.Pesos(prevista) + "), con el visto bueno del Comité", ref(normas.CancelacionEnSustitucion)
	case dec.Incrementa() && inc != nil:
		return fmt.Sprintf("Multa prevista %s + 1.000 UVT de %d (UVT %s) = %s", formato.Pesos(prevista), inc.UVTAnio, montoTexto(inc.UVTValorCOP), montoTexto(inc.TotalCOP)),
			ref(normas.IncrementoMilUVT) + "; " + ref(normas.UVTAnual)
	case dec.Incrementa():
		return "Multa prevista " + formato.Pesos(prevista) + " incrementada en 1.000 UVT (sin UVT registrada para calcular el monto)", ref(normas.IncrementoMilUVT)
	}
	return "Multa prevista para la infracción, " + formato.Pesos(prevista) + ", sin el incremento de 1.000 UVT (sin visto bueno a la cancelación)", ref(normas.CancelacionEnSustitucion)
}

// montoTexto writes an amount of the contract («52374») as pesos.
func montoTexto(s string) string {
	d, err := decimal.NewFromString(s)
	if err != nil {
		return s
	}
	return formato.Pesos(d)
}

// adjuntosAl are the attachments as they stood at instante (a zero
// instante: as they stand): those attached later left out, a withdrawal
// made later not yet in.
func adjuntosAl(todos []AdjuntoGuardado, instante time.Time) []AdjuntoGuardado {
	var out []AdjuntoGuardado
	for _, a := range todos {
		if despues(a.Instante, instante) {
			continue
		}
		if a.Retiro != "" && despues(a.RetiroInstante, instante) {
			a.Retiro = ""
		}
		out = append(out, a)
	}
	return out
}
