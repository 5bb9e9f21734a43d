package demo

// The demo's only door into the application. Every case, session, concepto,
// informe and acta of the demo is written by the same operations a person
// takes from the screens (internal/expediente), each one its own transaction
// that validates the step with internal/flujo, writes the case's history
// and the audit row: so a demo case is always a state the application can
// produce. The story sets the clock of each step (aplicacion.en), so the
// dates are those of the story and the load is deterministic.

import (
	"comite/internal/dominio"
	"context"
	"time"

	"comite/internal/db"
	"comite/internal/expediente"
	"comite/internal/fecha"
	wf "comite/internal/flujo"
	"comite/internal/plazos"
)

// aplicacion calls the application's operations with the story's clock.
type aplicacion struct {
	ctx   context.Context
	d     *db.DB
	x     *expediente.Expediente
	ahora time.Time
	// firmaActas signs the actas (nil: issued unsigned). The demo's informes
	// are issued unsigned, as the README's walkthrough shows them, so the same
	// seed gives the same informe files.
	firmaActas expediente.Firmador
}

// nuevaAplicacion points d's clock at the story's; its documents are issued
// unsigned but for the actas (emitirActa). restaurar gives the clock back.
func nuevaAplicacion(ctx context.Context, d *db.DB, inicio time.Time) (*aplicacion, func()) {
	a := &aplicacion{ctx: ctx, d: d, x: expediente.Nuevo(d), ahora: inicio}
	antes := d.Now
	d.Now = func() time.Time { return a.ahora }
	return a, func() { d.Now = antes }
}

// en moves the story's clock to t.
func (a *aplicacion) en(t time.Time) { a.ahora = t }

func (a *aplicacion) fijarQuorum(minimo int, quien dominio.ActorCaso) error {
	return a.x.FijarQuorum(a.ctx, minimo, quien)
}

// terminos sets the internal term (business days) of each stage.
func (a *aplicacion) terminos(dias map[plazos.Etapa]int, quien dominio.ActorCaso) error {
	return a.x.FijarTerminosInternos(a.ctx, dias, quien.Actor)
}

// reportar reports a case with the Dirección Seccional's informe (or why
// it is missing), as the form does.
func (a *aplicacion) reportar(n dominio.NuevoCaso, inf expediente.InformeAlReportar, quien dominio.ActorCaso) (dominio.Caso, error) {
	return a.x.Reportar(a.ctx, n, inf, quien)
}

// transicion: iniciar_evaluacion, presentar or declarar_no_procede.
func (a *aplicacion) transicion(caso int64, accion wf.Accion, nota string, quien dominio.ActorCaso) error {
	_, err := a.x.Transicion(a.ctx, caso, accion, nota, quien)
	return err
}

// normaSiHaceFalta records, before presenting, the Secretaría's decision on
// the applicable norm of a case whose facts fall outside every validity.
func (a *aplicacion) normaSiHaceFalta(caso int64, quien dominio.ActorCaso) error {
	c, err := a.d.Caso(a.ctx, caso)
	if err != nil {
		return err
	}
	cx, err := a.x.Contexto(a.ctx, c)
	if err != nil || !cx.NormaPendiente {
		return err
	}
	return a.x.RegistrarNormaAplicable(a.ctx, caso, "Se aplica el conjunto de reglas DL920-2023, el último que la aplicación conoce, mientras no se expida la norma que lo sustituya: los hechos son posteriores a su vigencia diferida.", quien)
}

func (a *aplicacion) criterios(caso int64, c map[string]string, quien dominio.ActorCaso) error {
	return a.x.GuardarCriterios(a.ctx, caso, c, quien)
}

func (a *aplicacion) emitirInforme(caso int64, quien dominio.ActorCaso) error {
	_, err := a.x.EmitirInforme(a.ctx, caso, quien)
	return err
}

func (a *aplicacion) convocar(s wf.Sesion, quien dominio.ActorCaso) (int64, error) {
	sc, err := a.x.ConvocarSesion(a.ctx, s, quien)
	return sc.ID, err
}

func (a *aplicacion) asistencia(sesion int64, preside, secretario string, ms []wf.MiembroSesion, quien dominio.ActorCaso) error {
	return a.x.RegistrarAsistencia(a.ctx, sesion, preside, secretario, ms, quien)
}

func (a *aplicacion) agregarAlOrden(sesion, caso int64, quien dominio.ActorCaso) error {
	return a.x.AgregarAlOrden(a.ctx, sesion, caso, quien)
}

// concepto records the Comité's concepto inside the session (its date and
// members come from the session).
func (a *aplicacion) concepto(sesion, caso int64, c wf.Concepto, quien dominio.ActorCaso) error {
	_, err := a.x.RegistrarConceptoEnSesion(a.ctx, sesion, caso, c, quien)
	return err
}

// vigente is the concepto in force of a case (the last record).
func (a *aplicacion) vigente(caso int64) (dominio.ConceptoGuardado, error) {
	cs, err := a.d.Conceptos(a.ctx, caso)
	if err != nil || len(cs) == 0 {
		return dominio.ConceptoGuardado{}, err
	}
	return cs[len(cs)-1], nil
}

func (a *aplicacion) corregir(caso int64, c wf.Concepto, motivo string, quien dominio.ActorCaso) error {
	_, err := a.x.CorregirConcepto(a.ctx, caso, c, motivo, quien)
	return err
}

// cerrar records the REA proposal that follows the concepto.
func (a *aplicacion) cerrar(caso int64, rea fecha.Fecha, quien dominio.ActorCaso) error {
	_, err := a.x.CerrarCaso(a.ctx, caso, rea, quien)
	return err
}

// emitirActa issues the acta of a session, signed when firmaActas is set.
func (a *aplicacion) emitirActa(sesion int64, quien dominio.ActorCaso) error {
	defer func() { a.x.Firma = nil }()
	a.x.Firma = a.firmaActas
	_, err := a.x.EmitirActa(a.ctx, sesion, quien)
	return err
}
