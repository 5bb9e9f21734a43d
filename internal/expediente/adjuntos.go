package expediente

// The files attached to a case as evidence: attach and withdraw, each in
// one write transaction with its audit row, and read them through the
// case's own access rule (puedeVer): an account that cannot reach the case
// cannot reach its files, and is answered as if neither existed.

import (
	"context"
	"errors"
	"strings"

	"comite/internal/adjunto"
	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/fallo"
	"comite/internal/fecha"
	"comite/internal/permisos"
)

// NuevoAdjunto is a file a person attaches to a case.
type NuevoAdjunto struct {
	CasoID         int64
	Tipo           string
	Descripcion    string
	FechaDocumento *fecha.Fecha
	Nombre         string
	Datos          []byte
}

// maxDescripcionAdjunto is the longest description of an attachment.
const maxDescripcionAdjunto = 300

// errNoAdjuntar is a step the case's state or the role does not allow.
func errNoAdjuntar(c dominio.Caso, rol permisos.Rol) error {
	switch rol {
	case permisos.RolSeccional:
		return fallo.Nuevo(fallo.Conflicto, "la Dirección Seccional adjunta archivos al caso "+c.Numero+" solo mientras está reportado")
	case permisos.RolSecretaria:
		return fallo.Nuevo(fallo.Conflicto, "la Secretaría Técnica adjunta o retira archivos del caso "+c.Numero+" solo hasta presentar el informe al Comité")
	}
	return fallo.Nuevo(fallo.Prohibido, "su rol no adjunta ni retira archivos de un caso")
}

// Adjuntar checks a file (kind, description, date, size of the file and of
// the case, content against its name, the container's limits) and attaches
// it to the case, with its audit row, in one transaction.
func (x *Expediente) Adjuntar(ctx context.Context, n NuevoAdjunto, quien dominio.ActorCaso) (db.Adjunto, error) {
	campos := revisarDatosAdjunto(&n)
	var out db.Adjunto
	err := x.d.EnEscritura(ctx, func(w *db.Escritura) error {
		c, err := casoPara(w, n.CasoID, quien)
		if err != nil {
			return err
		}
		if !adjunto.PuedeAdjuntar(quien.Rol, c.Estado) {
			return errNoAdjuntar(c, quien.Rol)
		}
		out, err = adjuntarEn(ctx, w, c, n, quien, campos, "")
		return err
	})
	return out, err
}

// revisarDatosAdjunto checks the kind and the description of an
// attachment (trimming it), field by field.
func revisarDatosAdjunto(n *NuevoAdjunto) map[string]string {
	campos := map[string]string{}
	if !adjunto.TipoValido(n.Tipo) {
		campos["tipo"] = "Elija el tipo de documento."
	}
	n.Descripcion = strings.TrimSpace(n.Descripcion)
	switch {
	case n.Descripcion == "":
		campos["descripcion"] = "Escriba una descripción corta del documento."
	case len([]rune(n.Descripcion)) > maxDescripcionAdjunto:
		campos["descripcion"] = "La descripción admite a lo sumo 300 caracteres."
	case strings.ContainsFunc(n.Descripcion, func(r rune) bool { return r < 0x20 || r == 0x7F }):
		campos["descripcion"] = "La descripción va en una sola línea, sin caracteres de control."
	}
	return campos
}

// adjuntarEn checks the file and its date against the case c, already read
// in w and allowed to quien, and stores it with its audit row. campos holds
// the errors found before, keyed by field; prefijo is put before each key
// of the file's own fields (a report names them apart from the case's).
func adjuntarEn(ctx context.Context, w *db.Escritura, c dominio.Caso, n NuevoAdjunto, quien dominio.ActorCaso, campos map[string]string, prefijo string) (db.Adjunto, error) {
	if n.FechaDocumento != nil && w.Hoy().Antes(*n.FechaDocumento) {
		campos[prefijo+"fecha_documento"] = "La fecha del documento (" + n.FechaDocumento.DMA() + ") es posterior a hoy."
	}
	previos, err := w.Adjuntos(c.ID)
	if err != nil {
		return db.Adjunto{}, err
	}
	var enCaso int64
	for _, a := range previos {
		enCaso += a.Tamano
	}
	r, err := adjunto.Revisar(ctx, n.Nombre, n.Datos, enCaso)
	if err != nil {
		if !errors.Is(err, adjunto.ErrRechazado) {
			return db.Adjunto{}, err
		}
		campos[prefijo+"archivo"] = strings.TrimPrefix(err.Error(), adjunto.ErrRechazado.Error()+": ")
	}
	if len(campos) > 0 {
		return db.Adjunto{}, fallo.DeCampos(campos)
	}
	marcas := make([]string, len(r.Marcas))
	for i, m := range r.Marcas {
		marcas[i] = string(m)
	}
	out, err := w.InsertarAdjunto(db.AdjuntoNuevo{CasoID: c.ID, Tipo: n.Tipo, Descripcion: n.Descripcion, FechaDocumento: n.FechaDocumento,
		Nombre: n.Nombre, Formato: string(r.Formato), SHA256: r.SHA256, Contenido: n.Datos, Marcas: marcas, Cuenta: quien.Cuenta})
	if err != nil {
		return db.Adjunto{}, err
	}
	return out, w.Auditar(db.Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "caso.adjuntar", Objeto: "caso:" + c.Numero, Detalle: map[string]any{
		"numero": out.Numero, "tipo": out.Tipo, "descripcion": out.Descripcion, "nombre": out.Nombre, "formato": out.Formato,
		"tamano": out.Tamano, "sha256": out.SHA256, "marcas": marcas,
	}})
}

// RetirarAdjunto withdraws attachment numero of a case with the reason
// given; the file stays in the expediente.
func (x *Expediente) RetirarAdjunto(ctx context.Context, casoID int64, numero int, motivo string, quien dominio.ActorCaso) error {
	motivo = strings.TrimSpace(motivo)
	if motivo == "" {
		return fallo.Campo("motivo", "Escriba por qué se retira el archivo.")
	}
	if len([]rune(motivo)) > maxDescripcionAdjunto {
		return fallo.Campo("motivo", "El motivo admite a lo sumo 300 caracteres.")
	}
	return x.d.EnEscritura(ctx, func(w *db.Escritura) error {
		c, err := casoPara(w, casoID, quien)
		if err != nil {
			return err
		}
		lista, err := w.Adjuntos(c.ID)
		if err != nil {
			return err
		}
		var a *db.Adjunto
		for i := range lista {
			if lista[i].Numero == numero {
				a = &lista[i]
			}
		}
		if a == nil {
			return db.ErrAdjuntoNoExiste
		}
		if !adjunto.PuedeAdjuntar(quien.Rol, c.Estado) {
			return errNoAdjuntar(c, quien.Rol)
		}
		if a.Retiro != nil {
			return fallo.Nuevo(fallo.Conflicto, "el adjunto ya fue retirado")
		}
		if err := w.RetirarAdjunto(a.ID, motivo, quien.Cuenta); err != nil {
			return err
		}
		return w.Auditar(db.Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "caso.retirar_adjunto", Objeto: "caso:" + c.Numero, Detalle: map[string]any{
			"numero": a.Numero, "nombre": a.Nombre, "sha256": a.SHA256, "motivo": motivo,
		}})
	})
}

// Adjuntos lists a case's attachments for quien: another Dirección
// Seccional's case answers as one that does not exist.
func (x *Expediente) Adjuntos(ctx context.Context, casoID int64, quien dominio.ActorCaso) ([]db.Adjunto, error) {
	c, err := x.d.Caso(ctx, casoID)
	if err != nil {
		return nil, err
	}
	if !puedeVer(quien, c) {
		return nil, db.ErrCasoNoExiste
	}
	return x.d.Adjuntos(ctx, c.ID)
}

// Adjunto reads attachment numero of a case with its file for quien,
// under the same rule: a case quien cannot reach answers as a missing
// attachment.
func (x *Expediente) Adjunto(ctx context.Context, casoID int64, numero int, quien dominio.ActorCaso) (db.Adjunto, []byte, error) {
	c, err := x.d.Caso(ctx, casoID)
	if errors.Is(err, db.ErrCasoNoExiste) || err == nil && !puedeVer(quien, c) {
		return db.Adjunto{}, nil, db.ErrAdjuntoNoExiste
	}
	if err != nil {
		return db.Adjunto{}, nil, err
	}
	return x.d.ContenidoAdjunto(ctx, c.ID, numero)
}
