// Package flujo is the path a case follows, from the Dirección Seccional's
// report to the Comité's binding concepto (Decreto Ley 920 de 2023, art. 25 by
// position; docs/reglas.md §3): the states, which role may take each step, in
// which order, and what each step needs. Pure rules over plain values: the
// store and the web call them, and never decide a transition themselves.
package flujo

import (
	"fmt"
	"strings"

	"comite/internal/fallo"
	"comite/internal/permisos"
)

// Estado of a case.
type Estado string

const (
	Reportado       Estado = "reportado"
	EnEvaluacion    Estado = "en_evaluacion"
	EnComite        Estado = "en_comite"
	ConceptoEmitido Estado = "concepto_emitido"
	Cerrado         Estado = "cerrado"
	NoProcede       Estado = "no_procede"
)

// Estados in the order of the path; no_procede is the side exit.
var Estados = []Estado{Reportado, EnEvaluacion, EnComite, ConceptoEmitido, Cerrado, NoProcede}

// Etiqueta is the state as people read it.
func (e Estado) Etiqueta() string {
	switch e {
	case Reportado:
		return "Reportado"
	case EnEvaluacion:
		return "En evaluación"
	case EnComite:
		return "En Comité"
	case ConceptoEmitido:
		return "Concepto emitido"
	case Cerrado:
		return "Cerrado"
	case NoProcede:
		return "No procede"
	}
	return string(e)
}

// Final says whether no step leaves the state.
func (e Estado) Final() bool { return e == Cerrado || e == NoProcede }

// Accion is one step of the path.
type Accion string

const (
	Reportar          Accion = "reportar"           // → reportado
	IniciarEvaluacion Accion = "iniciar_evaluacion" // reportado → en_evaluacion
	Reevaluar         Accion = "reevaluar"          // new snapshot after a data correction
	Presentar         Accion = "presentar"          // en_evaluacion → en_comite
	EmitirConcepto    Accion = "emitir_concepto"    // en_comite → concepto_emitido
	CorregirConcepto  Accion = "corregir_concepto"  // new linked record; state unchanged
	EmitirInforme     Accion = "emitir_informe"     // new informe version; state unchanged
	Cerrar            Accion = "cerrar"             // concepto_emitido → cerrado (REA proposal)
	DeclararNoProcede Accion = "declarar_no_procede"
)

// Paso describes a step: the permission it needs (who may take it comes
// from the one table of internal/permisos), from which states, to which state.
type Paso struct {
	Accion     Accion
	Nombre     string // for people
	Permiso    permisos.Accion
	Desde      []Estado
	Hasta      Estado // "" when the state does not change
	Fundamento string // key of internal/normas
}

// Roles are the roles that may take the step (permisos.RolesDe its permission).
func (p Paso) Roles() []permisos.Rol { return permisos.RolesDe(p.Permiso) }

// Pasos is the whole path (docs/reglas.md §3).
var Pasos = []Paso{
	{Reportar, "Reportar la nueva infracción", permisos.ReportarCaso, nil, Reportado, "plazo_reporte"},
	{IniciarEvaluacion, "Iniciar la evaluación", permisos.EvaluarCaso, []Estado{Reportado}, EnEvaluacion, "criterios_secretaria"},
	{Reevaluar, "Recalcular la evaluación con los datos corregidos", permisos.EvaluarCaso, []Estado{Reportado, EnEvaluacion}, "", "criterios_secretaria"},
	{Presentar, "Presentar el informe gerencial al Comité", permisos.EvaluarCaso, []Estado{EnEvaluacion}, EnComite, "criterios_secretaria"},
	{EmitirConcepto, "Registrar el concepto del Comité", permisos.RegistrarConcepto, []Estado{EnComite}, ConceptoEmitido, "concepto_vinculante"},
	// A correction fixes a material error while the concepto is the case's
	// last word; once the REA proposal is recorded (cerrado) there is none.
	{CorregirConcepto, "Registrar una corrección del concepto", permisos.RegistrarConcepto, []Estado{ConceptoEmitido}, "", "concepto_vinculante"},
	// The informe is what the Comité receives: it is issued while the
	// Secretaría evaluates (a re-evaluation keeps the case there).
	{EmitirInforme, "Emitir una versión del informe gerencial", permisos.EmitirInforme, []Estado{EnEvaluacion}, "", "criterios_secretaria"},
	{Cerrar, "Registrar la propuesta del requerimiento especial aduanero", permisos.CerrarCaso, []Estado{ConceptoEmitido}, Cerrado, "incremento_mil_uvt"},
	{DeclararNoProcede, "Cerrar como «no procede»", permisos.EvaluarCaso, []Estado{Reportado, EnEvaluacion}, NoProcede, "minimo_tres_actos"},
}

// DePaso returns the step of an action.
func DePaso(a Accion) (Paso, bool) {
	for _, p := range Pasos {
		if p.Accion == a {
			return p, true
		}
	}
	return Paso{}, false
}

// ErrPaso is a refused step, with a message for people.
type ErrPaso struct{ Mensaje string }

func (e *ErrPaso) Error() string { return e.Mensaje }

// As makes a refused step a fallo.Conflicto: what the case is (its state, its
// evaluation, its missing data) does not allow the step; the message says why
// and what to do.
func (e *ErrPaso) As(target any) bool {
	return fallo.Como(target, fallo.Nuevo(fallo.Conflicto, e.Mensaje))
}

// Permitido says whether a role may take an action at all (before looking at the case).
func Permitido(a Accion, rol permisos.Rol) bool {
	p, ok := DePaso(a)
	return ok && permisos.Puede(rol, p.Permiso)
}

// Contexto is what a step needs to know about the case.
type Contexto struct {
	Estado        Estado
	ProcedeComite bool // of the latest evaluation: a known yes
	// DatosIncompletos: the latest evaluation could not establish the result
	// (operations of the reference year never loaded): neither presented nor
	// closed as «no procede» until the data are loaded and it is recalculated.
	DatosIncompletos   bool
	CriteriosCompletos bool // the Secretaría's qualitative criteria are all written
	// CriteriosFaltan names the criteria still empty (CriteriosFaltantes),
	// so a refused step says which.
	CriteriosFaltan []string
	// SegundaRuta: the infraction allows cancelación in substitution of the
	// fine (art. 25 last paragraph by position): the Secretaría documents
	// the six aspects of that route and the Comité gives or refuses its visto bueno.
	SegundaRuta    bool
	InformeEmitido bool // an informe gerencial version was issued for the latest evaluation
	// NormaPendiente: the facts fall outside the validity of every rule set
	// and the Secretaría has not recorded which norm applies.
	NormaPendiente bool
}

// Validar checks that a role may take an action on a case in its state, and
// returns the state after the step. The messages say what to do instead.
func Validar(a Accion, rol permisos.Rol, c Contexto) (Estado, error) {
	p, ok := DePaso(a)
	if !ok {
		return "", &ErrPaso{fmt.Sprintf("acción desconocida %q", a)}
	}
	if !Permitido(a, rol) {
		return "", &ErrPaso{fmt.Sprintf("«%s» corresponde a: %s.", p.Nombre, nombresRoles(p.Roles()))}
	}
	return ValidarEstado(a, c)
}

// ValidarEstado is Validar once the role is known to be allowed the step's
// permission (the route table of the web checked it for this request): the
// case's state and facts only.
func ValidarEstado(a Accion, c Contexto) (Estado, error) {
	p, ok := DePaso(a)
	if !ok {
		return "", &ErrPaso{fmt.Sprintf("acción desconocida %q", a)}
	}
	if p.Desde != nil && !contiene(p.Desde, c.Estado) {
		return "", &ErrPaso{fmt.Sprintf("«%s» no se puede hacer con el caso en estado «%s»; se hace en: %s.", p.Nombre, c.Estado.Etiqueta(), nombresEstados(p.Desde))}
	}
	if c.DatosIncompletos && (a == Presentar || a == DeclararNoProcede) {
		return "", &ErrPaso{"La evaluación vigente tiene datos incompletos (faltan las operaciones de comercio exterior del año de referencia): cárguelas y recalcule la evaluación antes de presentar el caso o cerrarlo como «no procede»."}
	}
	switch a {
	case Presentar:
		if !c.ProcedeComite {
			return "", &ErrPaso{"La evaluación no cumple los requisitos del art. 25: el caso no se presenta al Comité. Ciérrelo como «no procede»."}
		}
		if !c.CriteriosCompletos && len(c.CriteriosFaltan) > 0 {
			return "", &ErrPaso{"Antes de presentar, complete los criterios cualitativos que faltan: " + strings.Join(c.CriteriosFaltan, ", ") + "."}
		}
		if !c.CriteriosCompletos {
			if c.SegundaRuta {
				return "", &ErrPaso{"Antes de presentar, complete los criterios cualitativos y los aspectos de la cancelación en sustitución: " + nombresCriterios(CriteriosDe(true)) + "."}
			}
			return "", &ErrPaso{"Antes de presentar, complete los criterios cualitativos: " + nombresCriterios(CriteriosDe(false)) + "."}
		}
		if c.NormaPendiente {
			return "", &ErrPaso{"Antes de presentar, registre la norma aplicable: los hechos quedan fuera de la vigencia de todos los conjuntos de reglas y la Secretaría Técnica debe decir qué norma aplica y por qué."}
		}
		if !c.InformeEmitido {
			return "", &ErrPaso{"Antes de presentar, emita el informe gerencial de la evaluación vigente."}
		}
	case EmitirInforme:
		// The informe carries the criteria: it is issued once they are all written.
		if !c.CriteriosCompletos {
			falta := nombresCriterios(CriteriosDe(c.SegundaRuta))
			if len(c.CriteriosFaltan) > 0 {
				falta = strings.Join(c.CriteriosFaltan, ", ")
			}
			return "", &ErrPaso{"Antes de emitir el informe gerencial, complete los criterios cualitativos que faltan: " + falta + "."}
		}
	case DeclararNoProcede:
		if c.ProcedeComite {
			return "", &ErrPaso{"La evaluación vigente cumple los requisitos: el caso no se puede cerrar como «no procede». Preséntelo al Comité."}
		}
	}
	if p.Hasta == "" {
		return c.Estado, nil
	}
	return p.Hasta, nil
}

// Siguientes lists the actions a role can take now on a case (for the screens).
func Siguientes(rol permisos.Rol, c Contexto) []Paso {
	var out []Paso
	for _, p := range Pasos {
		if p.Accion == Reportar {
			continue
		}
		if _, err := Validar(p.Accion, rol, c); err == nil {
			out = append(out, p)
		}
	}
	return out
}

func contiene(l []Estado, e Estado) bool {
	for _, x := range l {
		if x == e {
			return true
		}
	}
	return false
}

func nombresCriterios(l []Criterio) string {
	var s []string
	for _, c := range l {
		s = append(s, strings.ToLower(c.Etiqueta[:1])+c.Etiqueta[1:])
	}
	return strings.Join(s, ", ")
}

func nombresEstados(l []Estado) string {
	var s []string
	for _, e := range l {
		s = append(s, "«"+e.Etiqueta()+"»")
	}
	return strings.Join(s, ", ")
}

// NombreRol is the role as a sentence names it.
func NombreRol(r permisos.Rol) string { return r.EnFrase() }

func nombresRoles(l []permisos.Rol) string {
	var s []string
	for _, r := range l {
		s = append(s, NombreRol(r))
	}
	return strings.Join(s, " o ")
}
