// Package correo is what the e-mail notices say and who receives them: the
// kinds of notice, the recipients of an event (the roles that act on the
// case's next step, within what each account may see), the subject, plain
// text and HTML of a message in Spanish, its MIME form and the wait before
// the next attempt of a message that failed. It is pure: no network, no
// database, no clock; the sender and the store are elsewhere.
package correo

import (
	"fmt"
	"net/mail"
	"strings"
	"time"

	"comite/internal/flujo"
	"comite/internal/permisos"
	"comite/internal/plazos"
	"comite/internal/seccionales"
)

// Clase is a kind of notice; each person chooses which kinds they receive.
type Clase string

const (
	// CasoReportado: a Dirección Seccional reported a case to the Secretaría.
	CasoReportado Clase = "caso_reportado"
	// EnOrdenDelDia: a case was put on the orden del día of a session.
	EnOrdenDelDia Clase = "orden_del_dia"
	// ConceptoRegistrado: the Comité's concepto on a case was registered.
	ConceptoRegistrado Clase = "concepto"
	// ActaExpedida: the acta of a session was issued.
	ActaExpedida Clase = "acta"
	// PlazoPorVencer: a stage's internal term ends within a few business days.
	PlazoPorVencer Clase = "plazo_por_vencer"
	// PlazoVencido: a stage's internal term passed with the step pending.
	PlazoVencido Clase = "plazo_vencido"
)

// Clases in the order the preferences page lists them.
var Clases = []Clase{CasoReportado, EnOrdenDelDia, ConceptoRegistrado, ActaExpedida, PlazoPorVencer, PlazoVencido}

// Valida says whether c is a known kind.
func (c Clase) Valida() bool {
	for _, x := range Clases {
		if x == c {
			return true
		}
	}
	return false
}

// Etiqueta is the kind as people read it.
func (c Clase) Etiqueta() string {
	switch c {
	case CasoReportado:
		return "Caso reportado a la Secretaría Técnica"
	case EnOrdenDelDia:
		return "Caso puesto en el orden del día de una sesión"
	case ConceptoRegistrado:
		return "Concepto del Comité registrado"
	case ActaExpedida:
		return "Acta de sesión expedida"
	case PlazoPorVencer:
		return "Término interno de una etapa próximo a vencer"
	case PlazoVencido:
		return "Término interno de una etapa vencido"
	}
	return string(c)
}

// DiasAvisoPredeterminado is how many business days before the end of a
// stage's term the «próximo a vencer» notice goes, unless configured.
const DiasAvisoPredeterminado = plazos.DiasAviso

// Cuenta is an account as the recipients rule reads it.
type Cuenta struct {
	ID        int64
	Usuario   string
	Nombre    string
	Correo    string
	Rol       permisos.Rol
	Seccional string
	Activa    bool
	// Apagadas are the kinds the person turned off.
	Apagadas map[Clase]bool
}

// Evento is what happened, as the recipients rule needs it: the kind, the
// state the case is in after the step (its next step says who acts) and
// the case's Dirección Seccional. An acta has no case: Estado and
// Seccional are empty.
type Evento struct {
	Clase     Clase
	Estado    flujo.Estado
	Seccional string
}

// actuan says whether rol acts on the event: for a case, the roles whose
// queue holds the case's state (plazos.Cola, read from the workflow); for
// an acta, the roles that prepare and hold the sessions.
func actuan(e Evento, rol permisos.Rol) bool {
	if e.Clase == ActaExpedida {
		return permisos.Puede(rol, permisos.GestionarSesiones)
	}
	for _, s := range plazos.Cola(rol) {
		if s == e.Estado {
			return true
		}
	}
	return false
}

// Recibe says whether a role ever receives the kind: the step it follows
// is one the role acts on (for the deadlines, any open state).
func Recibe(c Clase, rol permisos.Rol) bool {
	if c == ActaExpedida {
		return rol != permisos.RolSeccional && actuan(Evento{Clase: c}, rol) && permisos.Puede(rol, permisos.VerSesiones)
	}
	if !permisos.Puede(rol, permisos.VerCasos) {
		return false
	}
	var estados []flujo.Estado
	switch c {
	case CasoReportado:
		estados = []flujo.Estado{flujo.Reportado}
	case EnOrdenDelDia:
		estados = []flujo.Estado{flujo.EnComite}
	case ConceptoRegistrado:
		estados = []flujo.Estado{flujo.ConceptoEmitido}
	case PlazoPorVencer, PlazoVencido:
		estados = []flujo.Estado{flujo.Reportado, flujo.EnEvaluacion, flujo.EnComite, flujo.ConceptoEmitido}
	}
	for _, e := range estados {
		if actuan(Evento{Clase: c, Estado: e}, rol) {
			return true
		}
	}
	return false
}

// Destinatarios are the accounts that receive the notice of e: active,
// with an address, with the kind on, of a role that acts on the next step
// and that may see the object — a seccional account only its own
// Dirección Seccional's cases (seccionales.Accede, the rule of the case),
// and never an acta, which names cases of every Seccional.
func Destinatarios(e Evento, cuentas []Cuenta) []Cuenta {
	var out []Cuenta
	for _, c := range cuentas {
		if !c.Activa || strings.TrimSpace(c.Correo) == "" || c.Apagadas[e.Clase] || !actuan(e, c.Rol) {
			continue
		}
		if e.Clase == ActaExpedida {
			if c.Rol == permisos.RolSeccional || !permisos.Puede(c.Rol, permisos.VerSesiones) {
				continue
			}
		} else if !permisos.Puede(c.Rol, permisos.VerCasos) || !seccionales.Accede(c.Rol == permisos.RolSeccional, c.Seccional, e.Seccional) {
			continue
		}
		out = append(out, c)
	}
	return out
}

// Clave is the key that makes a notice unique per (event, recipient): a
// second attempt to queue it is ignored.
func Clave(partes ...any) string {
	s := make([]string, len(partes))
	for i, p := range partes {
		s[i] = fmt.Sprint(p)
	}
	return strings.Join(s, ":")
}

// ValidarDireccion checks an e-mail address as a person writes it: one
// plain address (no display name), at most 254 characters. "" is allowed:
// no address, no mail.
func ValidarDireccion(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	if len(s) > 254 {
		return "", fmt.Errorf("la dirección de correo admite hasta 254 caracteres")
	}
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" || !strings.Contains(s[strings.LastIndex(s, "@")+1:], ".") {
		return "", fmt.Errorf("«%s» no es una dirección de correo (escríbala como nombre@entidad.gov.co)", s)
	}
	return s, nil
}

// MaxIntentos is how many attempts a message gets before it stays
// «fallido» for the administrator to retry.
const MaxIntentos = 8

// Espera is the wait after the n-th failed attempt (n ≥ 1): one minute,
// doubling each time, at most six hours.
func Espera(n int) time.Duration {
	d := time.Minute
	for i := 1; i < n && d < 6*time.Hour; i++ {
		d *= 2
	}
	return min(d, 6*time.Hour)
}
