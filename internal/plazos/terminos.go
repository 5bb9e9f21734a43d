package plazos

import (
	"fmt"
	"sort"

	"comite/internal/calendario"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/permisos"
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

// Actual is the stage a case in estado is in and the day its internal term
// counts from: the evaluation from the report, the Comité from the
// presentation, the REA proposal from the concepto. ok is false for a
// closed case (no term runs) and desde is zero when the start is unknown.
func Actual(estado flujo.Estado, reporte, presentado, concepto fecha.Fecha) (e Etapa, desde fecha.Fecha, ok bool) {
	switch estado {
	case flujo.Reportado, flujo.EnEvaluacion:
		return EtapaEvaluacion, reporte, true
	case flujo.EnComite:
		return EtapaComite, presentado, true
	case flujo.ConceptoEmitido:
		return EtapaREA, concepto, true
	}
	return "", fecha.Fecha{}, false
}

// Cola is the states whose next step (one that moves the case on) the role
// gives, read from the workflow's table of steps: what waits for that role
// (a permisos.Rol, or its name).
func Cola[R ~string](rol R) []flujo.Estado {
	var out []flujo.Estado
	visto := map[flujo.Estado]bool{}
	for _, p := range flujo.Pasos {
		if p.Hasta == "" || len(p.Desde) == 0 || !flujo.Permitido(p.Accion, permisos.Rol(rol)) {
			continue
		}
		for _, e := range p.Desde {
			if !visto[e] {
				visto[e] = true
				out = append(out, e)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return orden(out[i]) < orden(out[j]) })
	return out
}

func orden(e flujo.Estado) int {
	for i, x := range flujo.Estados {
		if x == e {
			return i
		}
	}
	return len(flujo.Estados)
}
