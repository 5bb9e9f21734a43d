package expediente

// The sessions of the Comité: convened and documented by the Comité and
// the Secretaría Técnica, the quorum set by the administrator
// (internal/permisos says who; the store writes the rows).

import (
	"context"

	"comite/internal/db"
	"comite/internal/flujo"
	"comite/internal/permisos"
)

func gestionaSesiones(quien db.ActorCaso) error {
	if !permisos.Puede(quien.Rol, permisos.GestionarSesiones) {
		return db.ErrSesionRol
	}
	return nil
}

// ConvocarSesion records a new session.
func (x *Expediente) ConvocarSesion(ctx context.Context, s flujo.Sesion, quien db.ActorCaso) (db.SesionComite, error) {
	if err := gestionaSesiones(quien); err != nil {
		return db.SesionComite{}, err
	}
	return x.d.ConvocarSesion(ctx, s, quien)
}

// RegistrarAsistencia records the members present and who presides and
// acts as secretary (final once the session recorded a concepto).
func (x *Expediente) RegistrarAsistencia(ctx context.Context, id int64, preside, secretario string, ms []flujo.MiembroSesion, quien db.ActorCaso) error {
	if err := gestionaSesiones(quien); err != nil {
		return err
	}
	return x.d.RegistrarAsistencia(ctx, id, preside, secretario, ms, quien)
}

// AgregarAlOrden puts a case en_comite on the session's orden del día.
func (x *Expediente) AgregarAlOrden(ctx context.Context, sesionID, casoID int64, quien db.ActorCaso) error {
	if err := gestionaSesiones(quien); err != nil {
		return err
	}
	c, err := x.d.Caso(ctx, casoID)
	if err != nil {
		return err
	}
	if !puedeVer(quien, c) {
		return db.ErrCasoNoExiste
	}
	return x.d.AgregarAlOrden(ctx, sesionID, casoID, quien)
}

// FijarQuorum records a new quorum of the Comité (the administrator).
func (x *Expediente) FijarQuorum(ctx context.Context, minimo int, quien db.ActorCaso) error {
	if !permisos.Puede(quien.Rol, permisos.ConfigurarQuorum) {
		return &flujo.ErrPaso{Mensaje: "Solo el administrador configura el quórum del Comité."}
	}
	return x.d.FijarQuorum(ctx, minimo, quien)
}
