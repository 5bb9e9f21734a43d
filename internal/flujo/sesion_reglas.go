package flujo

// What a session of the Comité may do according to its date and attendance.
// The Comité is a collegiate body (Decreto Ley 920 de 2023, art. 25 by
// position: it issues its concepto as a body): it speaks only in a session
// held with its members present. Which day is "held", the quorum and the
// acta that closes a session are rules of the Secretaría Técnica, not of the
// decree (docs/procedimiento.md says which is which).

import (
	"fmt"
	"strings"

	"comite/internal/fecha"
)

// Celebrada says whether a session dated f has been held by hoy (its date
// not after today). A session in the future can be convened, given an
// agenda and postponed, never concluded.
func Celebrada(f, hoy fecha.Fecha) bool { return !f.IsZero() && !f.Despues(hoy) }

// PuntoPendiente is one case of an agenda as the acta sees it.
type PuntoPendiente struct {
	Numero    string
	Concepto  bool // its concepto was recorded in the session
	Aplazado  bool // a reason for postponing it was recorded
	Terminado bool // it left the Comité otherwise (not en_comite any more)
}

// ProblemaActa says why the acta of a session may not be issued yet ("" when
// it may): the session must have been held (date not after hoy), with
// quorum, and every case of its agenda must have its concepto or a recorded
// reason for being postponed. textoQuorum is what Quorum said.
func ProblemaActa(f, hoy fecha.Fecha, hayQuorum bool, textoQuorum string, puntos []PuntoPendiente) string {
	if !Celebrada(f, hoy) {
		return "La sesión del " + f.DMA() + " aún no se ha celebrado: su acta se emite el día de la sesión o después. Si no se celebrará ese día, aplácela."
	}
	if !hayQuorum {
		return textoQuorum + " El acta solo se emite para una sesión celebrada con quórum: registre la asistencia."
	}
	var faltan []string
	for _, p := range puntos {
		if !p.Concepto && !p.Aplazado && !p.Terminado {
			faltan = append(faltan, p.Numero)
		}
	}
	if len(faltan) > 0 {
		return fmt.Sprintf("Aún no se puede emitir el acta: %s del orden del día no tiene(n) concepto ni motivo de aplazamiento registrado. Registre el concepto o aplace el caso con su motivo.", strings.Join(faltan, ", "))
	}
	return ""
}

// ValidarCorreccionEnSesion adds to ValidarCorreccion what a correction of a
// concepto recorded in a session must keep: it fixes a material error of that
// session's record (a name misspelled, a text) and never moves the concepto
// to another date, nor leaves it with more members than were present or
// fewer than the quorum. s is the session, minimo/configurado its quorum.
func ValidarCorreccionEnSesion(nueva Concepto, numero string, s Sesion, minimo int, configurado bool) map[string]string {
	p := map[string]string{}
	if !nueva.FechaSesion.Igual(s.Fecha) {
		p["fecha_sesion"] = "El concepto se registró en la sesión " + numero + " del " + s.Fecha.DMA() + ": una corrección no lo traslada a otra fecha ni a otra sesión."
	}
	n := len(nueva.Miembros)
	switch hay, msg := Quorum(n, minimo, configurado); {
	case n > len(s.Miembros):
		p["miembros"] = fmt.Sprintf("A la sesión %s asistieron %d miembros: la corrección puede enmendar cómo se escribió un nombre o un cargo, no agregar miembros.", numero, len(s.Miembros))
	case !hay:
		p["miembros"] = msg + " Una corrección no puede dejar el concepto sin el quórum con que se decidió."
	}
	return p
}
