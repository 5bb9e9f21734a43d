package flujo

// A session of the Comité de Fiscalización: the Comité acts as a collegiate
// body, so a concepto is recorded inside a session that has its quorum. The
// quorum is not fixed by the Decreto Ley 920 de 2023: it is a number of
// members the administrator configures (an internal parameter, not law).

import (
	"fmt"
	"strings"

	"comite/internal/fecha"
)

// Modalidades of a session.
var Modalidades = []struct{ Clave, Etiqueta string }{
	{"presencial", "Presencial"},
	{"virtual", "Virtual"},
	{"mixta", "Mixta (presencial y virtual)"},
}

// EtiquetaModalidad gives the label of a modality ("" when unknown).
func EtiquetaModalidad(clave string) string {
	for _, m := range Modalidades {
		if m.Clave == clave {
			return m.Etiqueta
		}
	}
	return ""
}

// MiembroSesion is a member present, with the cargo they hold.
type MiembroSesion struct {
	Nombre string
	Cargo  string
}

// Texto is "Nombre (cargo)", as a concepto records its members.
func (m MiembroSesion) Texto() string { return m.Nombre + " (" + m.Cargo + ")" }

// Sesion is what convening a session records.
type Sesion struct {
	Fecha      fecha.Fecha
	Hora       string // HH:MM, hora de Colombia
	Modalidad  string // Modalidades
	Lugar      string // place, or the meeting link/room for a virtual session
	Preside    string
	Secretario string
	Miembros   []MiembroSesion
}

// Limits of a session record.
const (
	MaxLargoLugar  = 300
	MaxLargoNombre = 200
	MaxLargoCargo  = 200
)

// NormalizarSesion trims every text and drops empty or repeated members
// (compared without case, accents or repeated spaces).
func NormalizarSesion(s Sesion) Sesion {
	limpio := func(t string) string { return strings.Join(strings.Fields(t), " ") }
	s.Hora, s.Modalidad, s.Lugar = strings.TrimSpace(s.Hora), strings.TrimSpace(s.Modalidad), limpio(s.Lugar)
	s.Preside, s.Secretario = limpio(s.Preside), limpio(s.Secretario)
	var ms []MiembroSesion
	visto := map[string]bool{}
	for _, m := range s.Miembros {
		m.Nombre, m.Cargo = limpio(m.Nombre), limpio(m.Cargo)
		if m.Nombre == "" && m.Cargo == "" {
			continue
		}
		k := claveTexto(m.Nombre)
		if m.Nombre != "" && visto[k] {
			continue
		}
		visto[k] = true
		ms = append(ms, m)
	}
	s.Miembros = ms
	return s
}

// ValidarSesion returns the problems by field of a session already
// normalized (NormalizarSesion). Members may be empty when convening: the
// attendance is recorded at the session (ValidarAsistencia).
func ValidarSesion(s Sesion) map[string]string {
	p := map[string]string{}
	if s.Fecha.IsZero() {
		p["fecha"] = "Indique la fecha de la sesión."
	}
	if !horaValida(s.Hora) {
		p["hora"] = "Indique la hora de la sesión como HH:MM (por ejemplo 09:30)."
	}
	if EtiquetaModalidad(s.Modalidad) == "" {
		p["modalidad"] = "Elija la modalidad: presencial, virtual o mixta."
	}
	switch {
	case s.Lugar == "":
		p["lugar"] = "Indique el lugar de la sesión (o la sala virtual)."
	case len([]rune(s.Lugar)) > MaxLargoLugar:
		p["lugar"] = fmt.Sprintf("El lugar admite hasta %d caracteres.", MaxLargoLugar)
	}
	for campo, v := range map[string]string{"preside": s.Preside, "secretario": s.Secretario} {
		switch {
		case v == "" && campo == "preside":
			p[campo] = "Indique quién preside la sesión."
		case v == "":
			p[campo] = "Indique quién actúa como secretario de la sesión."
		case len([]rune(v)) > MaxLargoNombre:
			p[campo] = fmt.Sprintf("El nombre admite hasta %d caracteres.", MaxLargoNombre)
		}
	}
	for campo, msg := range ValidarAsistencia(s.Miembros) {
		p[campo] = msg
	}
	return p
}

// ValidarAsistencia checks the members present: each with name and cargo.
func ValidarAsistencia(ms []MiembroSesion) map[string]string {
	p := map[string]string{}
	if len(ms) > MaxMiembros {
		p["miembros"] = fmt.Sprintf("Indique a lo sumo %d miembros presentes.", MaxMiembros)
	}
	for i, m := range ms {
		switch {
		case m.Nombre == "":
			p["miembros"] = fmt.Sprintf("Miembro %d: falta el nombre.", i+1)
		case m.Cargo == "":
			p["miembros"] = fmt.Sprintf("Miembro %d (%s): falta el cargo.", i+1, m.Nombre)
		case len([]rune(m.Nombre)) > MaxLargoNombre || len([]rune(m.Cargo)) > MaxLargoCargo:
			p["miembros"] = fmt.Sprintf("Miembro %d: el nombre y el cargo admiten hasta 200 caracteres.", i+1)
		}
	}
	return p
}

func horaValida(h string) bool {
	if len(h) != 5 || h[2] != ':' {
		return false
	}
	for _, i := range []int{0, 1, 3, 4} {
		if h[i] < '0' || h[i] > '9' {
			return false
		}
	}
	return (h[0]-'0')*10+(h[1]-'0') < 24 && h[3] < '6'
}

// Quorum says whether a session with presentes members may decide, given the
// minimum the administrator configured (configurado false: never set). An
// unset quorum is not zero: the session cannot decide until it is set.
func Quorum(presentes, minimo int, configurado bool) (bool, string) {
	switch {
	case !configurado:
		return false, "El administrador aún no ha configurado el quórum del Comité: la sesión no puede registrar conceptos."
	case presentes < minimo:
		return false, fmt.Sprintf("La sesión no tiene quórum: %d miembros presentes de %d requeridos.", presentes, minimo)
	}
	return true, fmt.Sprintf("Hay quórum: %d miembros presentes (mínimo %d).", presentes, minimo)
}
