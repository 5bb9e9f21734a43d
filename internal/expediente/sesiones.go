package expediente

// The sessions of the Comité: convened and documented by the Comité and
// the Secretaría Técnica, the quorum set by the administrator
// (internal/permisos says who), each operation one transaction that reads
// again what it checks; the store writes the rows.

import (
	"comite/internal/dominio"
	"context"
	"fmt"
	"strings"

	"comite/internal/correo"
	"comite/internal/db"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/permisos"
)

func gestionaSesiones(quien dominio.ActorCaso) error {
	if !permisos.Puede(quien.Rol, permisos.GestionarSesiones) {
		return db.ErrSesionRol
	}
	return nil
}

func detalleSesion(s flujo.Sesion) map[string]any {
	return map[string]any{"fecha": s.Fecha.String(), "hora": s.Hora, "modalidad": s.Modalidad, "lugar": s.Lugar,
		"preside": s.Preside, "secretario": s.Secretario, "miembros": s.Miembros}
}

// sesionSinConceptos reads a session that must not have recorded any
// concepto yet (else the step is refused with mensaje).
func sesionSinConceptos(w *db.Escritura, id int64, mensaje string) (dominio.SesionComite, error) {
	s, err := w.Sesion(id)
	if err != nil {
		return s, err
	}
	n, err := w.ConceptosEnSesion(id)
	if err != nil {
		return s, err
	}
	if n > 0 {
		return s, &flujo.ErrPaso{Mensaje: mensaje}
	}
	return s, nil
}

// ConvocarSesion records a new session.
func (x *Expediente) ConvocarSesion(ctx context.Context, s flujo.Sesion, quien dominio.ActorCaso) (dominio.SesionComite, error) {
	if err := gestionaSesiones(quien); err != nil {
		return dominio.SesionComite{}, err
	}
	s = flujo.NormalizarSesion(s)
	if p := flujo.ValidarSesion(s); len(p) > 0 {
		return dominio.SesionComite{}, &db.ErrFormulario{Campos: p}
	}
	var convocada dominio.SesionComite
	err := x.d.EnEscritura(ctx, func(w *db.Escritura) error {
		id, numero, err := w.InsertarSesion(s, quien.Cuenta)
		if err != nil {
			return err
		}
		if err := w.Auditar(db.Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "sesion.convocar", Objeto: "sesion:" + numero, Detalle: detalleSesion(s)}); err != nil {
			return err
		}
		convocada, err = w.Sesion(id)
		return err
	})
	if err != nil {
		return dominio.SesionComite{}, err
	}
	return convocada, nil
}

// RegistrarAsistencia records the members present (with their cargo) and
// who presides and acts as secretary. Once the session recorded a concepto
// its attendance is final: the conceptos carry it.
func (x *Expediente) RegistrarAsistencia(ctx context.Context, id int64, preside, secretario string, ms []flujo.MiembroSesion, quien dominio.ActorCaso) error {
	if err := gestionaSesiones(quien); err != nil {
		return err
	}
	return x.d.EnEscritura(ctx, func(w *db.Escritura) error {
		s, err := sesionSinConceptos(w, id, "La sesión ya registró conceptos: su asistencia quedó fijada con ellos y no se cambia.")
		if err != nil {
			return err
		}
		nueva := s.Sesion
		nueva.Preside, nueva.Secretario, nueva.Miembros = preside, secretario, ms
		nueva = flujo.NormalizarSesion(nueva)
		if p := flujo.ValidarSesion(nueva); len(p) > 0 {
			return &db.ErrFormulario{Campos: p}
		}
		if err := w.GuardarAsistencia(id, nueva.Preside, nueva.Secretario, nueva.Miembros); err != nil {
			return err
		}
		return w.Auditar(db.Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "sesion.asistencia", Objeto: "sesion:" + s.Numero, Detalle: detalleSesion(nueva)})
	})
}

// AgregarAlOrden puts a case en_comite on the session's orden del día.
func (x *Expediente) AgregarAlOrden(ctx context.Context, sesionID, casoID int64, quien dominio.ActorCaso) error {
	if err := gestionaSesiones(quien); err != nil {
		return err
	}
	return x.d.EnEscritura(ctx, func(w *db.Escritura) error {
		s, err := w.Sesion(sesionID)
		if err != nil {
			return err
		}
		c, err := casoPara(w, casoID, quien)
		if err != nil {
			return err
		}
		if c.Estado != flujo.EnComite {
			return &flujo.ErrPaso{Mensaje: fmt.Sprintf("El caso %s no está presentado al Comité (estado %s): solo los casos en comité entran al orden del día.", c.Numero, c.Estado)}
		}
		ya, err := w.EnOrden(sesionID, casoID)
		if err != nil {
			return err
		}
		if ya {
			return &flujo.ErrPaso{Mensaje: fmt.Sprintf("El caso %s ya está en el orden del día de la sesión %s.", c.Numero, s.Numero)}
		}
		pos, err := w.AgregarAlOrden(sesionID, casoID)
		if err != nil {
			return err
		}
		if err := avisarCaso(w, correo.EnOrdenDelDia, c, fmt.Sprint(sesionID, ".", casoID), correo.Aviso{Sesion: sesionTexto(s)}); err != nil {
			return err
		}
		return w.Auditar(db.Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "sesion.orden", Objeto: "sesion:" + s.Numero,
			Detalle: map[string]any{"caso": c.Numero, "posicion": pos}})
	})
}

// FijarQuorum records a new minimum number of members present for the
// Comité to decide (the administrator; audited; earlier values stay).
func (x *Expediente) FijarQuorum(ctx context.Context, minimo int, quien dominio.ActorCaso) error {
	if !permisos.Puede(quien.Rol, permisos.ConfigurarQuorum) {
		return &flujo.ErrPaso{Mensaje: "Solo el administrador configura el quórum del Comité."}
	}
	if minimo < 1 || minimo > flujo.MaxMiembros {
		return &db.ErrFormulario{Campos: map[string]string{"quorum": fmt.Sprintf("El quórum es un número de miembros entre 1 y %d.", flujo.MaxMiembros)}}
	}
	return x.d.EnEscritura(ctx, func(w *db.Escritura) error {
		antes, ok, err := w.Quorum()
		if err != nil {
			return err
		}
		if err := w.FijarQuorum(minimo, quien.Cuenta); err != nil {
			return err
		}
		det := map[string]any{"quorum_minimo": minimo}
		if ok {
			det["antes"] = antes
		}
		return w.Auditar(db.Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "parametro.quorum", Objeto: "parametro:quorum_minimo", Detalle: det})
	})
}

// Largest reason for a postponement.
const maxLargoMotivoAplazamiento = 2000

func motivoAplazamiento(motivo string) (string, map[string]string) {
	m := strings.Join(strings.Fields(motivo), " ")
	switch {
	case m == "":
		return m, map[string]string{"motivo": "Escriba el motivo del aplazamiento: quedará en el acta y en la auditoría."}
	case len([]rune(m)) > maxLargoMotivoAplazamiento:
		return m, map[string]string{"motivo": "El motivo admite hasta 2.000 caracteres."}
	}
	return m, nil
}

// AplazarSesion moves a session that has not decided anything to a later
// date and time (not before today), keeping the earlier one and the reason.
func (x *Expediente) AplazarSesion(ctx context.Context, id int64, nueva fecha.Fecha, hora, motivo string, quien dominio.ActorCaso) error {
	if err := gestionaSesiones(quien); err != nil {
		return err
	}
	motivo, p := motivoAplazamiento(motivo)
	if p == nil {
		p = map[string]string{}
	}
	hora = strings.TrimSpace(hora)
	return x.d.EnEscritura(ctx, func(w *db.Escritura) error {
		s, err := sesionSinConceptos(w, id, "La sesión ya registró conceptos: se celebró y no se aplaza.")
		if err != nil {
			return err
		}
		cambio := flujo.Sesion{Fecha: nueva, Hora: hora, Modalidad: s.Sesion.Modalidad, Lugar: s.Sesion.Lugar, Preside: s.Sesion.Preside, Secretario: s.Sesion.Secretario}
		for k, m := range flujo.ValidarSesion(cambio) {
			if k == "fecha" || k == "hora" {
				p[k] = m
			}
		}
		hoy := w.Hoy()
		switch {
		case nueva.IsZero():
		case nueva.Antes(hoy):
			p["fecha"] = "La nueva fecha no puede ser anterior a hoy (" + hoy.DMA() + ")."
		case nueva.String()+" "+hora <= s.Sesion.Fecha.String()+" "+s.Sesion.Hora:
			p["fecha"] = "Aplazar es pasar la sesión a una fecha u hora posterior a la convocada (" + s.Sesion.Fecha.DMA() + ", " + s.Sesion.Hora + ")."
		}
		if len(p) > 0 {
			return &db.ErrFormulario{Campos: p}
		}
		if err := w.AplazarSesion(id, s.Sesion, nueva, hora, motivo, quien.Cuenta); err != nil {
			return err
		}
		return w.Auditar(db.Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "sesion.aplazar", Objeto: "sesion:" + s.Numero, Detalle: map[string]any{
			"fecha_anterior": s.Sesion.Fecha.String(), "hora_anterior": s.Sesion.Hora, "fecha": nueva.String(), "hora": hora, "motivo": motivo}})
	})
}

// AplazarCaso records why a case of the orden del día is not decided in the
// session (it stays presented to the Comité for a later one).
func (x *Expediente) AplazarCaso(ctx context.Context, sesionID, casoID int64, motivo string, quien dominio.ActorCaso) error {
	if err := gestionaSesiones(quien); err != nil {
		return err
	}
	motivo, p := motivoAplazamiento(motivo)
	if p != nil {
		return &db.ErrFormulario{Campos: p}
	}
	return x.d.EnEscritura(ctx, func(w *db.Escritura) error {
		s, err := w.Sesion(sesionID)
		if err != nil {
			return err
		}
		for _, o := range s.Orden {
			if o.CasoID != casoID {
				continue
			}
			if o.Concepto != nil {
				return &flujo.ErrPaso{Mensaje: "El caso " + o.Numero + " ya tiene su concepto en la sesión " + s.Numero + ": no se aplaza."}
			}
			if err := w.AplazarCaso(sesionID, casoID, motivo, quien.Cuenta); err != nil {
				return err
			}
			return w.Auditar(db.Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "sesion.aplazar_caso", Objeto: "sesion:" + s.Numero,
				Detalle: map[string]any{"caso": o.Numero, "motivo": motivo}})
		}
		return &flujo.ErrPaso{Mensaje: "El caso no está en el orden del día de la sesión " + s.Numero + "."}
	})
}
