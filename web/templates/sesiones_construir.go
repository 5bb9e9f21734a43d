package templates

// Builders of the Comité's sessions pages from the stored sessions. Nothing
// here reads the store: the attachments of the decided cases, the
// candidates for the orden del día, the names of who postponed a session
// and the issued actas are read by the handler.

import (
	"fmt"
	"strings"

	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/web/urls"
)

// OpcionesModalidad are the modalities of a session, sel selected.
func OpcionesModalidad(sel string) []Opcion {
	var out []Opcion
	for _, m := range flujo.Modalidades {
		out = append(out, Opcion{Valor: m.Clave, Texto: m.Etiqueta, Seleccionada: m.Clave == sel})
	}
	return out
}

// TextoQuorum is the quorum as the sessions page states it: n members, or
// not configured (ok false).
func TextoQuorum(n int, ok bool) string {
	if !ok {
		return "no configurado (ninguna sesión puede registrar conceptos hasta que el administrador lo configure)"
	}
	return fmt.Sprintf("%d miembros", n)
}

// SesionResumenDe is one session in the list; Proxima: it is held on hoy or later.
func SesionResumenDe(s dominio.SesionComite, hoy fecha.Fecha) SesionResumen {
	return SesionResumen{ID: s.ID, Numero: s.Numero, Fecha: s.Sesion.Fecha.DMA() + " " + s.Sesion.Hora,
		Modalidad: flujo.EtiquetaModalidad(s.Sesion.Modalidad), Lugar: s.Sesion.Lugar, Casos: len(s.Orden), Conceptos: s.Conceptos,
		Proxima: !s.Sesion.Fecha.Antes(hoy)}
}

// TextoMiembros is the members of a session as the form writes them: one
// "Nombre; cargo" a line.
func TextoMiembros(ms []flujo.MiembroSesion) string {
	var l []string
	for _, m := range ms {
		l = append(l, m.Nombre+"; "+m.Cargo)
	}
	return strings.Join(l, "\n")
}

// PuedeEnSesion is what the viewer's role lets it do in a session.
type PuedeEnSesion struct {
	Gestionar         bool // convene, build the agenda, postpone, issue the acta
	RegistrarConcepto bool // record the Comité's concepto
}

// SesionVistaDe is one session on hoy for a viewer who may do puede: its
// header, attendance (the form filled with formMiembros when the last
// attempt failed, the stored members otherwise), the orden del día with
// what can be done on each case (a concepto only once the session is held,
// with quorum, for a case en_comite), what keeps the acta from being
// issued, and the message and errors of the last attempt. The attachments
// of the decided cases, the candidates, the postponements and the actas
// are the handler's to add.
func SesionVistaDe(s dominio.SesionComite, hoy fecha.Fecha, puede PuedeEnSesion, msg string, errs map[string]string, formMiembros string) SesionVista {
	v := SesionVista{ID: s.ID, Numero: s.Numero, Fecha: s.Sesion.Fecha.DMA() + ", " + s.Sesion.Hora + " (hora de Colombia)",
		Modalidad: flujo.EtiquetaModalidad(s.Sesion.Modalidad), Lugar: s.Sesion.Lugar, Preside: s.Sesion.Preside, Secretario: s.Sesion.Secretario,
		Quorum: s.TextoQuoro, HayQuorum: s.HayQuorum, Gestiona: puede.Gestionar, AsistenciaFija: s.Conceptos > 0,
		MiembrosTexto: TextoMiembros(s.Sesion.Miembros), PresideForm: s.Sesion.Preside, SecretarioForm: s.Sesion.Secretario,
		Errores: Errores{}, Mensaje: msg}
	if formMiembros != "" {
		v.MiembrosTexto = formMiembros
	}
	for k, m := range errs {
		v.Errores[k] = m
	}
	for _, m := range s.Sesion.Miembros {
		v.Miembros = append(v.Miembros, Par{Etiqueta: m.Nombre, Valor: m.Cargo})
	}
	for _, p := range s.Orden {
		pv := PuntoVista{Posicion: p.Posicion, CasoID: p.CasoID, Numero: p.Numero, Usuario: p.RazonSocial + " · NIT " + p.NIT, Estado: p.Estado.Etiqueta()}
		switch {
		case p.Concepto != nil:
			pv.Decision, pv.Correccion = p.Vigente.Concepto.Decision.Etiqueta(), len(p.Correccion)
		case p.Aplazado != "":
			pv.Aplazado = p.Aplazado
		default:
			pv.Registrar = puede.RegistrarConcepto && p.Estado == flujo.EnComite && s.HayQuorum && flujo.Celebrada(s.Sesion.Fecha, hoy)
			pv.Aplazar = v.Gestiona && p.Estado == flujo.EnComite
		}
		v.Orden = append(v.Orden, pv)
	}
	v.ProblemaActa = flujo.ProblemaActa(s.Sesion.Fecha, hoy, s.HayQuorum, s.TextoQuoro, s.PuntosPendientes())
	v.Aplazable = v.Gestiona && s.Conceptos == 0
	return v
}

// ConceptoEnSesion fills the concepto form of a case recorded inside
// session s (nil: outside any session, the form is left as it is).
func ConceptoEnSesion(f *FormConcepto, s *dominio.SesionComite) {
	if s == nil {
		return
	}
	f.EnSesion = "Sesión " + s.Numero + " del " + s.Sesion.Fecha.DMA() + ", " + s.Sesion.Hora
	f.MiembrosSesion = nil
	for _, m := range s.Sesion.Miembros {
		f.MiembrosSesion = append(f.MiembrosSesion, m.Texto())
	}
	f.Accion = urls.Concepto(s.ID, f.CasoID)
	f.Volver = urls.Sesion(s.ID)
}

// AplazamientoTexto is one postponement of a session as the page lists it;
// por is the name of who recorded it.
func AplazamientoTexto(a dominio.Aplazamiento, por string) string {
	return "Del " + a.FechaAnterior.DMA() + ", " + a.HoraAnterior + " al " + a.Fecha.DMA() + ", " + a.Hora + ": " + a.Motivo + " (registró " + por + ")"
}
