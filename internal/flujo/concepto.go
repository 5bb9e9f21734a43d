package flujo

import (
	"strings"

	"comite/internal/fecha"
)

// Criterio is a qualitative criterion with its key and label.
type Criterio struct {
	Clave    string
	Etiqueta string
	Ayuda    string
}

// CriteriosSecretaria are what the Secretaría Técnica evaluates and writes
// before presenting (art. 25 inc. 1: "el tipo de usuario, el perjuicio causado
// a los intereses del Estado"; and the Comité's criteria it will weigh).
var CriteriosSecretaria = []Criterio{
	{"tipo_usuario", "Tipo de usuario", "Qué clase de usuario aduanero es y qué operaciones realiza."},
	{"perjuicio_estado", "Perjuicio causado a los intereses del Estado", "Tributos dejados de pagar, riesgo para el control aduanero u otro daño acreditado."},
	{"naturaleza_hechos", "Naturaleza de los hechos", "Qué ocurrió en la nueva infracción y en las sancionadas."},
	{"impacto_comercio", "Impacto de la medida sobre el comercio exterior", "Efecto de una cancelación sobre la cadena logística y terceros."},
	{"antecedentes", "Antecedentes del infractor", "Sanciones graves o gravísimas anteriores y su evolución."},
}

// CriteriosCompletos says whether every criterion of the Secretaría has text.
func CriteriosCompletos(c map[string]string) bool {
	for _, k := range CriteriosSecretaria {
		if strings.TrimSpace(c[k.Clave]) == "" {
			return false
		}
	}
	return true
}

// CriteriosComite are the criteria the Comité motivates its concepto on
// (art. 25 inc. 1: "la naturaleza de los hechos, el impacto de la medida sobre
// el comercio exterior y los antecedentes del infractor").
var CriteriosComite = []Criterio{
	{"naturaleza_hechos", "Naturaleza de los hechos", ""},
	{"impacto_comercio", "Impacto de la medida sobre el comercio exterior", ""},
	{"antecedentes", "Antecedentes del infractor", ""},
}

// CriteriosCancelacion are the criteria 5.1–5.7 of Decreto Ley 920 de 2023,
// art. 22 num. 5, one or more of which must ground a cancellation.
var CriteriosCancelacion = []Criterio{
	{"5.1", "5.1 Afectación a la seguridad nacional", ""},
	{"5.2", "5.2 Afectación a la salud o salubridad pública", ""},
	{"5.3", "5.3 Vulneración de los intereses económicos del Estado", ""},
	{"5.4", "5.4 Incumplimiento de la Convención sobre el Comercio Internacional de Especies Amenazadas de Fauna y Flora Silvestres (CITES)", ""},
	{"5.5", "5.5 Afectación al patrimonio cultural", ""},
	{"5.6", "5.6 Impacto de la medida sobre el comercio exterior", ""},
	{"5.7", "5.7 Antecedentes en sanciones graves o gravísimas en los últimos tres años", ""},
}

// Decision of the Comité.
type Decision string

const (
	DecisionCancelacion       Decision = "cancelacion"
	DecisionMultaIncrementada Decision = "multa_incrementada"
)

// Etiqueta is the decision as people read it.
func (d Decision) Etiqueta() string {
	switch d {
	case DecisionCancelacion:
		return "Cancelación de la autorización, habilitación o registro"
	case DecisionMultaIncrementada:
		return "Multa prevista incrementada en 1.000 UVT"
	}
	return string(d)
}

// Concepto is what the Comité records (dominio.md §3 step 4).
type Concepto struct {
	FechaSesion          fecha.Fecha
	Miembros             []string
	Decision             Decision
	Motivacion           map[string]string // keys of CriteriosComite
	CriteriosCancelacion []string          // keys of CriteriosCancelacion
}

// ValidarConcepto returns the problems by field ("" when none). hoy is the
// civil date of the recording; presentado is when the case went to the Comité.
func ValidarConcepto(c Concepto, hoy, presentado fecha.Fecha) map[string]string {
	p := map[string]string{}
	switch {
	case c.FechaSesion.IsZero():
		p["fecha_sesion"] = "Indique la fecha de la sesión del Comité."
	case c.FechaSesion.Despues(hoy):
		p["fecha_sesion"] = "La sesión no puede ser posterior a hoy."
	case !presentado.IsZero() && c.FechaSesion.Antes(presentado):
		p["fecha_sesion"] = "La sesión no puede ser anterior a la presentación del caso al Comité (" + presentado.DMA() + ")."
	}
	n := 0
	for _, m := range c.Miembros {
		if strings.TrimSpace(m) != "" {
			n++
		}
	}
	if n == 0 {
		p["miembros"] = "Indique los miembros presentes en la sesión."
	}
	switch c.Decision {
	case DecisionCancelacion:
		if len(c.CriteriosCancelacion) == 0 {
			p["criterios_cancelacion"] = "Una cancelación debe fundarse en al menos uno de los criterios 5.1 a 5.7 (art. 22 num. 5)."
		}
		for _, k := range c.CriteriosCancelacion {
			if !esCriterioCancelacion(k) {
				p["criterios_cancelacion"] = "Criterio desconocido: " + k + "."
			}
		}
	case DecisionMultaIncrementada:
		if len(c.CriteriosCancelacion) > 0 {
			p["criterios_cancelacion"] = "Los criterios 5.1 a 5.7 solo fundan una cancelación; quítelos o cambie la decisión."
		}
	default:
		p["decision"] = "Elija la decisión: cancelación o multa incrementada."
	}
	for _, k := range CriteriosComite {
		if strings.TrimSpace(c.Motivacion[k.Clave]) == "" {
			p["motivacion."+k.Clave] = "Escriba la motivación sobre «" + k.Etiqueta + "»."
		}
	}
	for k := range c.Motivacion {
		if !esCriterioComite(k) {
			p["motivacion."+k] = "Criterio desconocido."
		}
	}
	return p
}

func esCriterioCancelacion(k string) bool {
	for _, c := range CriteriosCancelacion {
		if c.Clave == k {
			return true
		}
	}
	return false
}

func esCriterioComite(k string) bool {
	for _, c := range CriteriosComite {
		if c.Clave == k {
			return true
		}
	}
	return false
}

// NombreCriterioCancelacion is the name of criterion 5.x without its number
// ("Vulneración de los intereses económicos del Estado"), or "" if unknown.
func NombreCriterioCancelacion(clave string) string {
	for _, c := range CriteriosCancelacion {
		if c.Clave == clave {
			return strings.TrimPrefix(c.Etiqueta, c.Clave+" ")
		}
	}
	return ""
}
