package flujo

import (
	"sort"
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

// AspectosSegundaRuta are the aspects the Secretaría documents, for the harm
// to the State's interests, when the infraction allows cancelación in
// substitution of the fine (Decreto Ley 920 de 2023, art. 25 last paragraph
// by position): the nature of the facts, the impact on foreign trade and the
// antecedents are the criteria above; these are the other three.
var AspectosSegundaRuta = []Criterio{
	{"transgresion_procedimientos", "Transgresión de procedimientos aduaneros por acción u omisión", "Qué procedimiento aduanero se transgredió y si fue por acción o por omisión."},
	{"incidencia_penal", "Incidencia penal de la conducta", "Si la conducta puede constituir delito (contrabando, favorecimiento…) y si hay denuncia."},
	{"otros_hechos", "Cualquier otro hecho relevante acreditado", "Otros hechos probados en el expediente que pesan en la decisión; escriba «Ninguno» si no los hay."},
}

// CriteriosDe lists what the Secretaría writes before presenting a case: the
// qualitative criteria, and on the second route also its three other aspects.
func CriteriosDe(segundaRuta bool) []Criterio {
	if !segundaRuta {
		return CriteriosSecretaria
	}
	out := append([]Criterio{}, CriteriosSecretaria...)
	return append(out, AspectosSegundaRuta...)
}

// EsCriterioSecretaria says whether k is a text the Secretaría may write on a case.
func EsCriterioSecretaria(k string) bool {
	for _, c := range CriteriosDe(true) {
		if c.Clave == k {
			return true
		}
	}
	return false
}

// CriteriosCompletos says whether every criterion of the Secretaría has text
// (on the second route, also the aspects of AspectosSegundaRuta).
func CriteriosCompletos(c map[string]string, segundaRuta bool) bool {
	for _, k := range CriteriosDe(segundaRuta) {
		if strings.TrimSpace(c[k.Clave]) == "" {
			return false
		}
	}
	return true
}

// CriteriosFaltantes names, as a sentence does, the criteria of the
// Secretaría still without text (CriteriosCompletos is true when none).
func CriteriosFaltantes(c map[string]string, segundaRuta bool) []string {
	var out []string
	for _, k := range CriteriosDe(segundaRuta) {
		if strings.TrimSpace(c[k.Clave]) == "" {
			out = append(out, "«"+k.Etiqueta+"»")
		}
	}
	return out
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
	// First route (reincidencia, art. 25 inc. 1 by position).
	DecisionCancelacion       Decision = "cancelacion"
	DecisionMultaIncrementada Decision = "multa_incrementada"
	// Second route (cancelación en sustitución, art. 25 last paragraph by position).
	DecisionVistoBuenoCancelacion Decision = "visto_bueno_cancelacion"
	DecisionSinVistoBueno         Decision = "sin_visto_bueno"
)

// Etiqueta is the decision as people read it.
func (d Decision) Etiqueta() string {
	switch d {
	case DecisionCancelacion:
		return "Cancelación de la autorización, habilitación o registro"
	case DecisionMultaIncrementada:
		return "Multa prevista incrementada en 1.000 UVT"
	case DecisionVistoBuenoCancelacion:
		return "Visto bueno a la cancelación en sustitución de la multa"
	case DecisionSinVistoBueno:
		return "Sin visto bueno: multa prevista para la infracción, sin el incremento de 1.000 UVT"
	}
	return string(d)
}

// Cancela says whether the REA orders cancellation under this decision.
func (d Decision) Cancela() bool {
	return d == DecisionCancelacion || d == DecisionVistoBuenoCancelacion
}

// SegundaRuta says whether the decision belongs to the second route.
func (d Decision) SegundaRuta() bool {
	return d == DecisionVistoBuenoCancelacion || d == DecisionSinVistoBueno
}

// Incrementa says whether the REA proposes the foreseen fine plus 1.000 UVT:
// only a first-route refusal of cancellation (art. 25 by position); on the second
// route the fine is the one foreseen, without the increment (art. 25 last paragraph by position).
func (d Decision) Incrementa() bool { return d == DecisionMultaIncrementada }

// Decisiones are the decisions the Comité can record on a case of the route.
func Decisiones(segundaRuta bool) []Decision {
	if segundaRuta {
		return []Decision{DecisionVistoBuenoCancelacion, DecisionSinVistoBueno}
	}
	return []Decision{DecisionCancelacion, DecisionMultaIncrementada}
}

// Concepto is what the Comité records (docs/reglas.md §3 step 4).
type Concepto struct {
	FechaSesion          fecha.Fecha
	Miembros             []string
	Decision             Decision
	Motivacion           map[string]string // keys of CriteriosComite
	CriteriosCancelacion []string          // keys of CriteriosCancelacion
}

// Limits of what a concepto holds (a record for the expediente, not a file store).
const (
	MaxMiembros         = 30
	MaxLargoMiembro     = 200
	MaxLargoMotivacion  = 8000
	MaxLargoMotivoCorre = 2000
)

// NormalizarConcepto trims every text, drops empty and repeated members
// (compared without case, accents or repeated spaces; the first spelling
// stays) and repeated criteria 5.x (kept in the order 5.1…5.7).
func NormalizarConcepto(c Concepto) Concepto {
	var ms []string
	visto := map[string]bool{}
	for _, m := range c.Miembros {
		m = strings.Join(strings.Fields(m), " ")
		k := claveTexto(m)
		if m == "" || visto[k] {
			continue
		}
		visto[k] = true
		ms = append(ms, m)
	}
	c.Miembros = ms
	mot := map[string]string{}
	for k, v := range c.Motivacion {
		mot[k] = strings.TrimSpace(v)
	}
	c.Motivacion = mot
	crit := []string{}
	hay := map[string]bool{}
	for _, k := range c.CriteriosCancelacion {
		hay[strings.TrimSpace(k)] = true
	}
	for _, k := range CriteriosCancelacion {
		if hay[k.Clave] {
			crit = append(crit, k.Clave)
			delete(hay, k.Clave)
		}
	}
	var otros []string
	for k := range hay { // unknown keys stay, so validation names them
		if k != "" {
			otros = append(otros, k)
		}
	}
	sort.Strings(otros)
	crit = append(crit, otros...)
	c.CriteriosCancelacion = crit
	return c
}

// claveTexto compares names without case, accents or repeated spaces.
func claveTexto(s string) string {
	r := strings.NewReplacer("á", "a", "é", "e", "í", "i", "ó", "o", "ú", "u", "ü", "u", "ñ", "n")
	return r.Replace(strings.ToLower(strings.Join(strings.Fields(s), " ")))
}

// ValidarConcepto returns the problems by field ("" when none) of a concepto
// already normalized (NormalizarConcepto). hoy is the civil date of the
// recording; presentado is when the case went to the Comité; segundaRuta
// says which decisions the case admits (Decisiones).
func ValidarConcepto(c Concepto, hoy, presentado fecha.Fecha, segundaRuta bool) map[string]string {
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
		if len([]rune(m)) > MaxLargoMiembro {
			p["miembros"] = "Cada nombre admite hasta 200 caracteres."
		}
	}
	switch {
	case n == 0:
		p["miembros"] = "Indique los miembros presentes en la sesión."
	case n > MaxMiembros:
		p["miembros"] = "Indique a lo sumo 30 miembros presentes."
	}
	admitida := false
	for _, d := range Decisiones(segundaRuta) {
		admitida = admitida || d == c.Decision
	}
	switch {
	case !admitida && segundaRuta:
		p["decision"] = "Elija la decisión de la cancelación en sustitución: visto bueno a la cancelación o sin visto bueno."
	case !admitida:
		p["decision"] = "Elija la decisión: cancelación o multa incrementada."
	case c.Decision.Cancela():
		if len(c.CriteriosCancelacion) == 0 {
			p["criterios_cancelacion"] = "Una cancelación debe fundarse en al menos uno de los criterios 5.1 a 5.7 (art. 22 num. 5)."
		}
		for _, k := range c.CriteriosCancelacion {
			if !esCriterioCancelacion(k) {
				p["criterios_cancelacion"] = "Criterio desconocido: " + k + "."
			}
		}
	default:
		if len(c.CriteriosCancelacion) > 0 {
			p["criterios_cancelacion"] = "Los criterios 5.1 a 5.7 solo fundan una cancelación; quítelos o cambie la decisión."
		}
	}
	for _, k := range CriteriosComite {
		if strings.TrimSpace(c.Motivacion[k.Clave]) == "" {
			p["motivacion."+k.Clave] = "Escriba la motivación sobre «" + k.Etiqueta + "»."
		} else if len([]rune(c.Motivacion[k.Clave])) > MaxLargoMotivacion {
			p["motivacion."+k.Clave] = "La motivación admite hasta 8.000 caracteres."
		}
	}
	for k := range c.Motivacion {
		if !esCriterioComite(k) {
			p["motivacion."+k] = "Criterio desconocido."
		}
	}
	return p
}

// ValidarCorreccion checks a correction of a material error against the
// concepto in force: the same checks as the original (dates not before the
// presentation), a reason, and never another decision (the concepto is final).
func ValidarCorreccion(vigente, nueva Concepto, motivo string, hoy, presentado fecha.Fecha, segundaRuta bool) map[string]string {
	p := ValidarConcepto(nueva, hoy, presentado, segundaRuta)
	if nueva.Decision != vigente.Decision {
		p["decision"] = "Una corrección no cambia la decisión del Comité (" + vigente.Decision.Etiqueta() + "): solo corrige un error material (una fecha, un nombre, un texto)."
	}
	switch m := strings.TrimSpace(motivo); {
	case m == "":
		p["motivo_correccion"] = "Diga cuál es el error material y por qué se corrige."
	case len([]rune(m)) > MaxLargoMotivoCorre:
		p["motivo_correccion"] = "El motivo admite hasta 2.000 caracteres."
	}
	if len(p) == 0 && igualConcepto(vigente, nueva) {
		p["motivo_correccion"] = "La corrección no cambia nada del concepto vigente."
	}
	return p
}

func igualConcepto(a, b Concepto) bool {
	if !a.FechaSesion.Igual(b.FechaSesion) || a.Decision != b.Decision || strings.Join(a.Miembros, "\x00") != strings.Join(b.Miembros, "\x00") ||
		strings.Join(a.CriteriosCancelacion, ",") != strings.Join(b.CriteriosCancelacion, ",") || len(a.Motivacion) != len(b.Motivacion) {
		return false
	}
	for k, v := range a.Motivacion {
		if b.Motivacion[k] != v {
			return false
		}
	}
	return true
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
