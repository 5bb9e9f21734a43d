package plazos

import (
	"fmt"

	"comite/internal/calendario"
	"comite/internal/fecha"
)

// Etapa is a stage of a case that has an internal term: a term the
// administrator sets, not one the law fixes. Each screen labels it as an
// internal term.
type Etapa string

const (
	// EtapaEvaluacion: the Secretaría evaluates the reported case and
	// presents it to the Comité (or closes it as no procede); counted from
	// the day of the report.
	EtapaEvaluacion Etapa = "evaluacion"
	// EtapaComite: the Comité gives its concepto on a case presented to it;
	// counted from the day of the presentation.
	EtapaComite Etapa = "comite"
	// EtapaREA: the REA proposal is recorded after the concepto; counted
	// from the day the concepto was registered.
	EtapaREA Etapa = "rea"
)

// Etapas in the order of the workflow.
var Etapas = []Etapa{EtapaEvaluacion, EtapaComite, EtapaREA}

// Etiqueta is the stage's name on the screens.
func (e Etapa) Etiqueta() string {
	switch e {
	case EtapaEvaluacion:
		return "Evaluación por la Secretaría Técnica (del reporte a la presentación al Comité)"
	case EtapaComite:
		return "Concepto del Comité (de la presentación al concepto)"
	case EtapaREA:
		return "Propuesta del REA (del concepto al cierre)"
	}
	return string(e)
}

// Predeterminados are the internal terms, in business days, until the
// administrator sets others. They are our reading of a reasonable working
// pace, not law: the evaluation fits in three weeks, a case presented is
// decided at one of the next two sessions, and the REA proposal follows the
// concepto within two weeks.
var Predeterminados = map[Etapa]int{
	EtapaEvaluacion: 15,
	EtapaComite:     10,
	EtapaREA:        10,
}

// MaxDias is the largest internal term accepted (a year of business days).
const MaxDias = 250

// Validar checks an internal term set by the administrator.
func Validar(e Etapa, dias int) error {
	if _, ok := Predeterminados[e]; !ok {
		return fmt.Errorf("etapa desconocida %q", string(e))
	}
	if dias < 1 || dias > MaxDias {
		return fmt.Errorf("el término de «%s» debe estar entre 1 y %d días hábiles", e.Etiqueta(), MaxDias)
	}
	return nil
}

// Vence is the last day of an internal term of dias business days that
// starts the day after desde. A zero desde (start unknown) gives zero.
func Vence(cal *calendario.Calendario, desde fecha.Fecha, dias int) fecha.Fecha {
	if desde.IsZero() || dias <= 0 {
		return fecha.Fecha{}
	}
	return cal.SumarDiasHabiles(desde, dias)
}
