// Package liquidacion turns the infractions of one fact into the sanction to
// propose, step by step, each step with its legal basis and the value before
// and after (Decreto Ley 920 de 2023, arts. 22 and 24; Decreto 2147 de 2016;
// the bill of 2025; the `comite liquidar` command). Pure functions over plain
// values: no I/O, no clock, no global table. Every percentage and count comes
// from the valores.Parametros chosen in the valores.Referencia received;
// every basis is a key of internal/normas.
package liquidacion

import (
	"comite/internal/fallo"
	"fmt"
	"strings"

	"comite/internal/fecha"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

// Regimen is the rule set a liquidation follows.
type Regimen string

const (
	Aduanero   Regimen = "aduanero"    // Decreto Ley 920 de 2023, arts. 22 and 24
	ZonaFranca Regimen = "zona_franca" // Decreto 2147 de 2016, art. 86 (by position)
	Ley2025    Regimen = "ley_2025"    // bill of 2025 (file 002) over the aduanero steps
)

// Regimenes lists the valid words, in the contract's order.
var Regimenes = []Regimen{Aduanero, ZonaFranca, Ley2025}

// Etapa of the allanamiento (Decreto Ley 920 de 2023, art. 24; Decreto 2147 de 2016, art. 86).
type Etapa string

const (
	AntesRequerimiento   Etapa = "antes_requerimiento"   // num. 1: before the REA is notified / received
	DespuesRequerimiento Etapa = "despues_requerimiento" // num. 2: after it, before the decision
	TerminoRecurso       Etapa = "termino_recurso"       // num. 3: within the term of the recurso
)

// Etapas lists the valid words, in the order of the law.
var Etapas = []Etapa{AntesRequerimiento, DespuesRequerimiento, TerminoRecurso}

func (e Etapa) indice() int {
	for i, x := range Etapas {
		if x == e {
			return i
		}
	}
	return -1
}

// Reduccion is a cause of reduction of the bill of 2025 (file 002).
type Reduccion string

const (
	CumplimientoExtemporaneo Reduccion = "cumplimiento_extemporaneo" // num. 2
	FinalizacionExtemporanea Reduccion = "finalizacion_extemporanea" // num. 3
	SinAntecedentesINFAD     Reduccion = "sin_antecedentes_infad"    // num. 4
	OEASegundaInfraccion     Reduccion = "oea_segunda_infraccion"    // num. 5
)

// Reducciones lists the valid words.
var Reducciones = []Reduccion{CumplimientoExtemporaneo, FinalizacionExtemporanea, SinAntecedentesINFAD, OEASegundaInfraccion}

// Infraccion is one infraction of the fact. A multa carries exactly one of
// ValorCOP or ValorUVT; any other sanction carries neither. The repetition
// counts belong to the infraction; nil takes the request's count.
type Infraccion struct {
	Codigo                string
	Sancion               sancion.Tipo
	ValorCOP              *decimal.Decimal
	ValorUVT              *decimal.Decimal
	AmonestacionesPrevias *int // nil: Solicitud.AmonestacionesPrevias
	ReincidenciasPrevias  *int // nil: Solicitud.ReincidenciasPrevias
}

// Allanamiento is the user's written acceptance of the infraction.
type Allanamiento struct {
	Etapa      Etapa
	TerceraVez bool // Decreto Ley 920 de 2023, art. 22 num. 3 (with art. 24 inc. 4)
	Articulo72 bool // Decreto Ley 920 de 2023, art. 24 last paragraph
}

// Solicitud is one liquidation request (the input of `comite liquidar`).
type Solicitud struct {
	Regimen               Regimen
	FechaLiquidacion      fecha.Fecha // its year gives the UVT
	FechaHechos           fecha.Fecha // chooses the rule set; zero: FechaLiquidacion
	Conjunto              string      // ID of the rule set stored with the case; "": chosen by FechaHechos
	Infracciones          []Infraccion
	MismaDeclaracion      bool // art. 22 num. 2: one declaration and its documents are one fact
	AmonestacionesPrevias int  // earlier firm amonestaciones for the same leve infraction (every infraction without its own)
	ReincidenciasPrevias  int  // zona franca: earlier occurrences of the same infraction in 5 years (idem)
	IncrementoComite      bool // concepto of the Comité: +1.000 UVT
	Reducciones           []Reduccion
	Allanamiento          *Allanamiento    // nil: none
	IngresosBrutos        *decimal.Decimal // ley_2025: gross income of the prior year; nil: no cap
}

// Names of the steps, in the contract's order.
const (
	PasoBase             = "base"
	PasoReincidencia     = "reincidencia"
	PasoConcurrencia     = "concurrencia"
	PasoIncrementoComite = "incremento_comite"
	PasoReducciones      = "reducciones"
	PasoAllanamiento     = "allanamiento"
	PasoTopeIngresos     = "tope_ingresos"
	PasoMinimo           = "minimo"
)

// OrdenPasos is the order of the steps: the repetitions change the sanction
// of their own infraction before the concurrence compares the infractions.
var OrdenPasos = []string{PasoBase, PasoReincidencia, PasoConcurrencia, PasoIncrementoComite, PasoReducciones, PasoAllanamiento, PasoTopeIngresos, PasoMinimo}

// Paso is one step of the liquidation. Antes/Despues are nil when the
// sanction at that point is not a multa; a step that does not apply has
// Antes equal to Despues.
type Paso struct {
	Paso       string
	Aplica     bool
	Antes      *decimal.Decimal
	Despues    *decimal.Decimal
	Fundamento string // key of internal/normas
	Detalle    string // in Spanish: what was done, or why it did not apply
}

// Alerts of a liquidation (the same codes as the committee test).
const (
	// AlertaNormaSinVigencia: the date of the facts is after the last validity
	// day of every rule set held; the latest one was used.
	AlertaNormaSinVigencia = "norma_sin_vigencia_confirmada"
	// AlertaHechoAnterior: the date of the facts is before the first validity
	// day of every rule set held; the earliest one was used.
	AlertaHechoAnterior = "hecho_anterior_a_vigencia"
)

// Liquidacion is the result.
type Liquidacion struct {
	Regimen          Regimen
	FechaLiquidacion fecha.Fecha
	FechaHechos      fecha.Fecha        // the date that chose the rule set
	Reglas           string             // ID of the valores.Parametros used
	Conjunto         valores.Parametros // the rule set used
	Vigencia         valores.Vigencia   // how FechaHechos stands against the rule sets held
	NotaVigencia     string             // in Spanish: the rule set, its validity and, outside it, "confirme la norma aplicable"
	Alertas          []string           // codes; empty when none
	Sancion          sancion.Tipo       // the sanction that results
	UVT              valores.UVT        // of the year of FechaLiquidacion
	Pasos            []Paso             // always the 8 steps of OrdenPasos
	Total            *decimal.Decimal
}

// ErrSolicitud is an invalid request: one line per problem, naming the field
// as the contract does ("infracciones[1].valor_uvt: ...").
type ErrSolicitud struct {
	Problemas []string
	campos    map[string]string // field → message, for the problems added by field
}

func (e *ErrSolicitud) Error() string { return strings.Join(e.Problemas, "\n") }

// As makes an invalid request a fallo.Invalido with its field messages.
func (e *ErrSolicitud) As(target any) bool {
	return fallo.Como(target, &fallo.Error{Codigo: fallo.Invalido, Mensaje: e.Error(), Campos: e.campos})
}

func (e *ErrSolicitud) add(campo, formato string, args ...any) {
	m := fmt.Sprintf(formato, args...)
	e.Problemas = append(e.Problemas, campo+": "+m)
	if e.campos == nil {
		e.campos = map[string]string{}
	}
	if p, ok := e.campos[campo]; ok {
		m = p + "; " + m
	}
	e.campos[campo] = m
}

// Validar checks what Liquidar needs. The contract reader makes the same
// checks with JSON in view; this guards callers that build a Solicitud in Go.
func Validar(s Solicitud) error {
	e := &ErrSolicitud{}
	switch s.Regimen {
	case Aduanero, ZonaFranca, Ley2025:
	default:
		e.add("regimen", "valor %q no permitido (use aduanero, zona_franca o ley_2025)", string(s.Regimen))
	}
	if s.FechaLiquidacion.IsZero() {
		e.add("fecha_liquidacion", "falta la fecha de la liquidación")
	}
	if len(s.Infracciones) == 0 {
		e.add("infracciones", "debe haber al menos una infracción")
	}
	for i, inf := range s.Infracciones {
		campo := fmt.Sprintf("infracciones[%d]", i)
		if _, err := sancion.ParseTipo(string(inf.Sancion)); err != nil {
			e.add(campo+".sancion", "%v", err)
			continue
		}
		for _, v := range []struct {
			nombre string
			d      *decimal.Decimal
		}{{"valor_cop", inf.ValorCOP}, {"valor_uvt", inf.ValorUVT}} {
			if v.d != nil && v.d.IsNegative() {
				e.add(campo+"."+v.nombre, "el valor debe ser cero o positivo")
			}
		}
		for _, v := range []struct {
			nombre string
			n      *int
		}{{"amonestaciones_previas", inf.AmonestacionesPrevias}, {"reincidencias_previas", inf.ReincidenciasPrevias}} {
			if v.n != nil && *v.n < 0 {
				e.add(campo+"."+v.nombre, "debe ser cero o positivo")
			}
		}
		if inf.Sancion == sancion.Multa {
			switch {
			case inf.ValorCOP != nil && inf.ValorUVT != nil:
				e.add(campo+".valor_uvt", "la multa ya tiene valor_cop: dé solo uno de los dos")
			case inf.ValorCOP == nil && inf.ValorUVT == nil:
				e.add(campo+".valor_cop", "falta el valor de la multa: dé valor_cop o valor_uvt")
			}
		} else {
			if inf.ValorCOP != nil {
				e.add(campo+".valor_cop", "una sanción de %s no lleva valor: quite el campo", inf.Sancion.Etiqueta())
			}
			if inf.ValorUVT != nil {
				e.add(campo+".valor_uvt", "una sanción de %s no lleva valor: quite el campo", inf.Sancion.Etiqueta())
			}
		}
	}
	if s.AmonestacionesPrevias < 0 {
		e.add("amonestaciones_previas", "debe ser cero o positivo")
	}
	if s.ReincidenciasPrevias < 0 {
		e.add("reincidencias_previas", "debe ser cero o positivo")
	}
	vistas := map[Reduccion]bool{}
	for i, r := range s.Reducciones {
		campo := fmt.Sprintf("reducciones[%d]", i)
		if !reduccionValida(r) {
			e.add(campo, "valor %q no permitido (use %s)", string(r), listaReducciones())
			continue
		}
		if vistas[r] {
			e.add(campo, "%q está repetida", string(r))
		}
		vistas[r] = true
	}
	if s.Allanamiento != nil && s.Allanamiento.Etapa.indice() < 0 {
		e.add("allanamiento.etapa", "valor %q no permitido (use antes_requerimiento, despues_requerimiento o termino_recurso)", string(s.Allanamiento.Etapa))
	}
	if s.IngresosBrutos != nil && !s.IngresosBrutos.IsPositive() {
		// File 002: with no gross income in the prior year's return, the last
		// return that declared gross income is used.
		e.add("ingresos_brutos_cop", "debe ser mayor que cero: si la declaración de renta del año anterior no registra ingresos brutos, use la última declaración que sí los registre")
	}
	imposibles(s, e)
	if len(e.Problemas) > 0 {
		return e
	}
	return nil
}

// imposibles refuses the combinations that cannot happen, naming both fields.
func imposibles(s Solicitud, e *ErrSolicitud) {
	// An allanamiento accepted before the REA ends the process; the income
	// cap is asked for within the term of the recurso (bill of 2025).
	// An allanamiento accepted before the decision de fondo ends the process
	// (art. 24: "terminación del proceso y archivo del expediente"): there is
	// no act whose recurso could ask for the income cap.
	if a := s.Allanamiento; a != nil && (a.Etapa == AntesRequerimiento || a.Etapa == DespuesRequerimiento) && s.IngresosBrutos != nil {
		e.add("ingresos_brutos_cop", "no se puede pedir el tope de ingresos (que se solicita en el término del recurso contra la decisión de fondo) junto con allanamiento.etapa %s (el allanamiento aceptado antes de la decisión de fondo termina el proceso y archiva el expediente): quite uno de los dos", a.Etapa)
	}
	// A second infraction on the same conduct is itself an antecedent.
	sinINFAD, oea := -1, -1
	for i, r := range s.Reducciones {
		switch r {
		case SinAntecedentesINFAD:
			sinINFAD = i
		case OEASegundaInfraccion:
			oea = i
		}
	}
	if sinINFAD >= 0 && oea >= 0 {
		e.add(fmt.Sprintf("reducciones[%d]", max(sinINFAD, oea)), "sin_antecedentes_infad y oea_segunda_infraccion no pueden ir juntas (reducciones[%d] y reducciones[%d]): una segunda infracción sobre la misma conducta es un antecedente", min(sinINFAD, oea), max(sinINFAD, oea))
	}
	// The Comité acts only on grave or gravísima infractions; an amonestación
	// is the sanction of a leve one.
	if s.IncrementoComite && len(s.Infracciones) > 0 {
		todas := true
		for _, inf := range s.Infracciones {
			if inf.Sancion != sancion.Amonestacion {
				todas = false
			}
		}
		if todas {
			e.add("incremento_comite", "no procede cuando todas las infracciones (infracciones[*].sancion) se sancionan con amonestación: el Comité de Fiscalización solo interviene en infracciones graves o gravísimas")
		}
	}
}

func reduccionValida(r Reduccion) bool {
	for _, x := range Reducciones {
		if x == r {
			return true
		}
	}
	return false
}

func listaReducciones() string {
	s := make([]string, len(Reducciones))
	for i, r := range Reducciones {
		s[i] = string(r)
	}
	return strings.Join(s, ", ")
}
