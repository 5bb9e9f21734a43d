package expediente

// The operations of a case along its workflow (docs/reglas.md §3): open it,
// start its evaluation, re-evaluate it, write the Secretaría's criteria,
// present it, record the Comité's concepto inside a session, correct it and
// close it with the REA proposal. Each one is ONE write transaction
// (db.EnEscritura) that reads the facts again and checks them with the
// rules — flujo (which step, by which role, in which state), the object
// rule of the Dirección Seccional (seccionales.Accede), the validation of
// the concepto — before writing what they allow.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"comite/internal/correo"
	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/nit"
	"comite/internal/permisos"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/seccionales"
)

// puedeVer is the object-level rule for cases: a seccional account sees
// only its own Dirección Seccional's cases; the other roles see all
// (seccionales.Accede).
func puedeVer(quien dominio.ActorCaso, c dominio.Caso) bool {
	return seccionales.Accede(quien.Rol == permisos.RolSeccional, quien.Seccional, c.DireccionSeccional)
}

// casoPara reads a case inside w for a step by quien: another Dirección
// Seccional's case answers exactly like one that does not exist.
func casoPara(w *db.Escritura, id int64, quien dominio.ActorCaso) (dominio.Caso, error) {
	c, err := w.Caso(id)
	if err != nil {
		return c, err
	}
	if !puedeVer(quien, c) {
		return dominio.Caso{}, db.ErrCasoNoExiste
	}
	return c, nil
}

// paraPaso reads a case inside w for quien and checks with flujo that quien
// may take accion on it now: the case, its flujo context and its latest
// evaluation, read in the same transaction that will write.
func paraPaso(w *db.Escritura, id int64, accion flujo.Accion, quien dominio.ActorCaso) (dominio.Caso, flujo.Contexto, dominio.Evaluacion, error) {
	c, err := casoPara(w, id, quien)
	if err != nil {
		return c, flujo.Contexto{}, dominio.Evaluacion{}, err
	}
	cx, ev, err := contextoEn(w, c)
	if err != nil {
		return c, cx, ev, err
	}
	_, err = validarPaso(accion, quien, cx)
	return c, cx, ev, err
}

// validarPaso checks a step with flujo, the role once per request: when the
// caller's route table already allowed the step's permission to quien's
// role (quien.Autorizada: the web), only the case's state and facts are
// checked; any other caller (the demonstration data, a command, the tests)
// is checked here against the same table.
func validarPaso(accion flujo.Accion, quien dominio.ActorCaso, cx flujo.Contexto) (flujo.Estado, error) {
	if p, ok := flujo.DePaso(accion); ok && quien.Autorizada != "" && quien.Autorizada == p.Permiso {
		return flujo.ValidarEstado(accion, cx)
	}
	return flujo.Validar(accion, quien.Rol, cx)
}

// paso checks an action with flujo against the facts read in w and, when
// allowed, records the history row, the state change and the audit row.
func paso(w *db.Escritura, c dominio.Caso, accion flujo.Accion, quien dominio.ActorCaso, texto string, detalle map[string]any) (flujo.Estado, dominio.Evaluacion, error) {
	cx, ev, err := contextoEn(w, c)
	if err != nil {
		return "", ev, err
	}
	hasta, err := validarPaso(accion, quien, cx)
	if err != nil {
		return "", ev, err
	}
	return hasta, ev, w.RegistrarPaso(c, hasta, accion, texto, ev, quien, detalle)
}

// futura is the message for a report date after today: what to do.
func futura(que string, f, hoy fecha.Fecha) string {
	return que + " (" + f.DMA() + ") es posterior a hoy (" + hoy.DMA() + "): revise el día, el mes y el año; el reporte solo lleva hechos que ya ocurrieron."
}

// validarNuevoCaso checks the form of a new case; every problem names its
// field. It parses the NIT — the one parse of the report: the parsed value
// goes down to the store — and writes it back in n in its canonical form.
// RevisarNuevoCaso is what AbrirCaso would say of the form before reading
// the store (the NIT written as one, dates, gravity, sanction, reference
// year…), for a form that already has errors of its own: so the person
// sees every error at once. It changes nothing.
func RevisarNuevoCaso(n dominio.NuevoCaso, hoy fecha.Fecha) map[string]string {
	_, p := validarNuevoCaso(&n, hoy)
	return p
}

func validarNuevoCaso(n *dominio.NuevoCaso, hoy fecha.Fecha) (nit.NIT, map[string]string) {
	p := map[string]string{}
	var parsed nit.NIT
	if strings.TrimSpace(n.NIT) == "" {
		p["nit"] = "Indique el NIT del usuario aduanero con su dígito de verificación (por ejemplo 800191045-1)."
	} else if x, err := nit.Parse(n.NIT); err != nil {
		p["nit"] = formato.MayusculaInicial(err.Error()) + "."
	} else {
		parsed, n.NIT = x, x.String()
	}
	switch {
	case n.FechaComision.IsZero():
		p["fecha_comision"] = "Indique la fecha de comisión de la nueva infracción."
	case n.FechaComision.Despues(hoy):
		p["fecha_comision"] = futura("La fecha de comisión", n.FechaComision, hoy)
	}
	switch {
	case n.FechaVerificacion.IsZero():
		p["fecha_verificacion"] = "Indique la fecha en que se verificaron los hechos."
	case n.FechaVerificacion.Despues(hoy):
		p["fecha_verificacion"] = futura("La fecha de verificación", n.FechaVerificacion, hoy)
	}
	if !n.FechaExpediente.IsZero() && n.FechaExpediente.Despues(hoy) {
		p["fecha_expediente"] = futura("La fecha del expediente completo", n.FechaExpediente, hoy)
	}
	if n.FechaRequerimiento.Despues(hoy) {
		p["fecha_requerimiento"] = futura("La fecha del requerimiento especial", n.FechaRequerimiento, hoy)
	}
	if _, err := sancion.ParseGravedad(string(n.Gravedad)); err != nil {
		p["gravedad"] = "Elija la gravedad: leve, grave o gravísima."
	}
	if _, err := sancion.ParseTipo(string(n.Sancion)); err != nil {
		p["sancion"] = "Elija la sanción prevista: multa, amonestación, suspensión o cancelación."
	}
	if n.SancionPrevista.IsNegative() {
		p["sancion_prevista"] = "La multa prevista no puede ser negativa."
	}
	// The inputs that cannot be true (dates out of order, a grave or
	// gravísima infraction with amonestación) are the core's, with its words.
	for _, c := range reincidencia.Validar(reincidencia.Entrada{Nueva: reincidencia.NuevaInfraccion{
		FechaComision: n.FechaComision, FechaVerificacion: n.FechaVerificacion, FechaExpediente: n.FechaExpediente,
		FechaRequerimiento: n.FechaRequerimiento, Gravedad: n.Gravedad, Sancion: n.Sancion,
	}}) {
		campo := strings.TrimPrefix(c.Campo, "nueva_infraccion.")
		if _, ya := p[campo]; !ya {
			p[campo] = formato.MayusculaInicial(c.Mensaje) + "."
		}
	}
	switch n.Anclaje {
	case "":
		n.Anclaje = sancion.AnclajeComision
	case sancion.AnclajeComision, sancion.AnclajeVerificacion:
	default:
		p["anclaje"] = "Elija el año de referencia: el de la comisión o el de la verificación."
	}
	if len(n.Descripcion) > 4000 {
		p["descripcion"] = "La descripción admite hasta 4.000 caracteres."
	}
	return parsed, p
}

func resumenEvaluacion(r reincidencia.Resultado) string {
	s := fmt.Sprintf("%d actos computados en %d", r.NumeroActos, r.Periodo.Anio)
	switch r.ProcedeComite {
	case reincidencia.Si:
		return s + "; procede el Comité"
	case reincidencia.No:
		return s + "; no procede el Comité"
	}
	t := reincidencia.TextoDatosIncompletos(r.Periodo.Anio)
	return s + "; " + strings.ToLower(t[:1]) + t[1:]
}

// procedeAuditoria is the result recorded in the audit: true, false or null (unknown).
func procedeAuditoria(cx flujo.Contexto) *bool {
	if cx.DatosIncompletos {
		return nil
	}
	return &cx.ProcedeComite
}

// AbrirCaso records a new infraction reported to the Secretaría Técnica
// (docs/reglas.md §3 step 1): the case, its evaluation as snapshot version
// 1, the first history row and the audit row, in one transaction. A
// seccional account reports for its own Dirección Seccional only. An open
// case of the same user and commission date that quien may see makes it a
// *db.ErrCasoDuplicado unless n.ConfirmarDuplicado says it is another fact.
func (x *Expediente) AbrirCaso(ctx context.Context, n dominio.NuevoCaso, quien dominio.ActorCaso) (dominio.Caso, error) {
	if _, err := validarPaso(flujo.Reportar, quien, flujo.Contexto{}); err != nil {
		return dominio.Caso{}, err
	}
	var caso dominio.Caso
	err := x.d.EnEscritura(ctx, func(w *db.Escritura) error {
		var err error
		caso, err = abrirCaso(w, n, quien, "")
		return err
	})
	if err != nil {
		return dominio.Caso{}, err
	}
	return caso, nil
}

// abrirCaso is AbrirCaso inside its one write transaction: it checks the
// form, reads the user's profile once (its row, acts and operations), the
// non-business days and the reference values, evaluates, and writes the
// case, its snapshot, its history row and its audit row. sinInforme, when
// given, is why the Dirección Seccional's own informe is not attached: it
// goes into the history row and the audit row.
func abrirCaso(w *db.Escritura, n dominio.NuevoCaso, quien dominio.ActorCaso, sinInforme string) (dominio.Caso, error) {
	hoy := w.Hoy()
	nitUsuario, p := validarNuevoCaso(&n, hoy)
	if len(p) > 0 {
		return dominio.Caso{}, &db.ErrFormulario{Campos: p}
	}
	esSeccional := quien.Rol == permisos.RolSeccional
	if esSeccional && strings.TrimSpace(quien.Seccional) == "" {
		return dominio.Caso{}, &flujo.ErrPaso{Mensaje: "Su cuenta no tiene una Dirección Seccional: pida al administrador que la asigne."}
	}
	// A Dirección Seccional reports only for users of its own Seccional; for
	// a NIT of another one the answer is the same as for an unregistered NIT,
	// so the refusal does not reveal whether it exists elsewhere.
	noEsta := &db.ErrFormulario{Campos: map[string]string{"nit": "No hay un usuario aduanero registrado con el NIT " + n.NIT + ": regístrelo primero en Usuarios."}}
	if esSeccional {
		noEsta = &db.ErrFormulario{Campos: map[string]string{"nit": "No hay un usuario aduanero de su Dirección Seccional con el NIT " + n.NIT + "."}}
	}
	perfil, err := w.Perfil(nitUsuario)
	if errors.Is(err, db.ErrUsuarioNoRegistrado) {
		return dominio.Caso{}, noEsta
	} else if err != nil {
		return dominio.Caso{}, err
	}
	u := perfil.Usuario
	if !seccionales.Accede(esSeccional, quien.Seccional, u.DireccionSeccional) {
		return dominio.Caso{}, noEsta
	}
	seccional := strings.TrimSpace(n.DireccionSeccional)
	switch {
	case esSeccional:
		seccional = strings.TrimSpace(quien.Seccional) // the case's seccional is the account's
	case seccional == "":
		seccional = u.DireccionSeccional
	default:
		cod, err := w.CodigoSeccional(seccional)
		var ev *dominio.ErrValidacion
		if errors.As(err, &ev) {
			return dominio.Caso{}, &db.ErrFormulario{Campos: map[string]string{"direccion_seccional": formato.MayusculaInicial(ev.Mensaje) + "."}}
		} else if err != nil {
			return dominio.Caso{}, err
		}
		seccional = cod
	}
	if seccional == "" {
		return dominio.Caso{}, &db.ErrFormulario{Campos: map[string]string{"direccion_seccional": "Indique la Dirección Seccional que reporta el caso."}}
	}
	nueva := reincidencia.NuevaInfraccion{
		FechaComision: n.FechaComision, FechaVerificacion: n.FechaVerificacion, FechaExpediente: n.FechaExpediente,
		FechaRequerimiento: n.FechaRequerimiento, Gravedad: n.Gravedad, Sancion: n.Sancion,
		SancionPrevista: n.SancionPrevista, PermiteCancelacion: n.PermiteCancelacion,
	}
	ev, r, err := evaluar(w, perfil, nueva, n.Anclaje)
	if err != nil {
		return dominio.Caso{}, err
	}
	// Kept exactly as entered, cents and finer included, as the rules use it.
	if _, _, err := db.MontoExacto(n.SancionPrevista); err != nil {
		return dominio.Caso{}, &db.ErrFormulario{Campos: map[string]string{"sancion_prevista": formato.MayusculaInicial(err.Error()) + "."}}
	}
	// Only the cases quien may see are named (the same fact may have
	// been reported elsewhere without revealing it); a closed one counts
	// too: the same fact already went through the Comité.
	iguales, err := w.CasosIguales(u.ID, n.FechaComision)
	if err != nil {
		return dominio.Caso{}, err
	}
	var dup *db.ErrCasoDuplicado
	for _, c := range iguales {
		if puedeVer(quien, c) {
			dup = &db.ErrCasoDuplicado{ID: c.ID, Numero: c.Numero, Estado: c.Estado}
			break
		}
	}
	if dup != nil && !n.ConfirmarDuplicado {
		return dominio.Caso{}, dup
	}
	caso, err := w.InsertarCaso(db.CasoNuevo{Caso: n, UsuarioID: u.ID, Seccional: seccional, Reporte: hoy, Cuenta: quien.Cuenta})
	if err != nil {
		return dominio.Caso{}, err
	}
	ev.CasoID, ev.Version, ev.Motivo, ev.CreadoPor = caso.ID, 1, "Evaluación al reportar el caso", quien.Cuenta
	if ev, err = w.InsertarEvaluacion(ev); err != nil {
		return dominio.Caso{}, err
	}
	texto := fmt.Sprintf("Caso reportado por %s; evaluación v1: %s", w.NombreSeccional(seccional), resumenEvaluacion(r))
	hecho := ""
	if dup != nil {
		hecho = dup.Numero
		texto += fmt.Sprintf(". Quien reporta confirmó que es un hecho distinto del caso %s, abierto con la misma fecha de comisión", dup.Numero)
	}
	if sinInforme != "" {
		texto += ". Reportado sin el informe de la Dirección Seccional adjunto; motivo: " + sinInforme
	}
	if err := w.InsertarEvento(caso.ID, "", flujo.Reportado, flujo.Reportar, texto, ev.ID, quien); err != nil {
		return dominio.Caso{}, err
	}
	caso.Estado = flujo.Reportado
	if err := avisarCaso(w, correo.CasoReportado, caso, fmt.Sprint(caso.ID), correo.Aviso{}); err != nil {
		return dominio.Caso{}, err
	}
	return caso, w.Auditar(db.Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "caso.reportar", Objeto: "caso:" + caso.Numero, Detalle: conMotivoSinInforme(map[string]any{
		"nit": n.NIT, "direccion_seccional": seccional, "fecha_comision": n.FechaComision.String(), "fecha_verificacion": n.FechaVerificacion.String(),
		"gravedad": n.Gravedad, "sancion": n.Sancion, "sancion_prevista_cop": n.SancionPrevista.String(), "permite_cancelacion": n.PermiteCancelacion,
		"anclaje": n.Anclaje, "evaluacion_id": ev.ID, "evaluacion_version": 1, "procede_comite": r.ProcedeComite.Puntero(),
		"hecho_distinto_de": hecho,
	}, sinInforme)})
}

// conMotivoSinInforme adds to an audit detail why the informe is not
// attached, when it is not.
func conMotivoSinInforme(detalle map[string]any, motivo string) map[string]any {
	if motivo != "" {
		detalle["motivo_sin_informe"] = motivo
	}
	return detalle
}

// Transicion takes a step that needs nothing but the case and a note:
// iniciar_evaluacion, presentar, declarar_no_procede. flujo decides whether
// the role may take it now.
func (x *Expediente) Transicion(ctx context.Context, id int64, accion flujo.Accion, nota string, quien dominio.ActorCaso) (dominio.Caso, error) {
	switch accion {
	case flujo.IniciarEvaluacion, flujo.Presentar, flujo.DeclararNoProcede:
	default:
		return dominio.Caso{}, &flujo.ErrPaso{Mensaje: fmt.Sprintf("«%s» no se registra con este formulario.", accion)}
	}
	nota = strings.TrimSpace(nota)
	if len(nota) > 2000 {
		return dominio.Caso{}, &db.ErrFormulario{Campos: map[string]string{"nota": "La nota admite hasta 2.000 caracteres."}}
	}
	var c dominio.Caso
	err := x.d.EnEscritura(ctx, func(w *db.Escritura) error {
		var err error
		if c, err = casoPara(w, id, quien); err != nil {
			return err
		}
		p, _ := flujo.DePaso(accion)
		texto := p.Nombre
		if nota != "" {
			texto += ": " + nota
		}
		c.Estado, _, err = paso(w, c, accion, quien, texto, map[string]any{"nota": nota})
		return err
	})
	if err != nil {
		return dominio.Caso{}, err
	}
	return c, nil
}

// Reevaluar computes the evaluation again with the data as stored now (after
// a correction) and stores it as a new snapshot version with its reason; the
// earlier versions stay. Never a silent change.
func (x *Expediente) Reevaluar(ctx context.Context, id int64, motivo string, quien dominio.ActorCaso) (dominio.Evaluacion, error) {
	motivo = strings.TrimSpace(motivo)
	if motivo == "" {
		return dominio.Evaluacion{}, &db.ErrFormulario{Campos: map[string]string{"motivo": "Diga por qué se recalcula la evaluación (por ejemplo, qué dato se corrigió)."}}
	}
	var ev dominio.Evaluacion
	err := x.d.EnEscritura(ctx, func(w *db.Escritura) error {
		var err error
		ev, err = reevaluar(w, id, motivo, quien)
		return err
	})
	if err != nil {
		return dominio.Evaluacion{}, err
	}
	return ev, nil
}

// reevaluar is Reevaluar inside its one write transaction: the case, its
// facts and the user's profile read, the step checked, the test computed
// and the snapshot, history row and audit row written.
func reevaluar(w *db.Escritura, id int64, motivo string, quien dominio.ActorCaso) (dominio.Evaluacion, error) {
	c, cx, ant, err := paraPaso(w, id, flujo.Reevaluar, quien)
	if err != nil {
		return dominio.Evaluacion{}, err
	}
	perfil, err := w.PerfilDeCaso(c)
	if err != nil {
		return dominio.Evaluacion{}, err
	}
	nueva := reincidencia.NuevaInfraccion{
		FechaComision: c.FechaComision, FechaVerificacion: c.FechaVerificacion, FechaExpediente: c.FechaExpediente,
		FechaRequerimiento: c.FechaRequerimiento, Gravedad: c.Gravedad, Sancion: c.Sancion,
		SancionPrevista: c.SancionPrevista, PermiteCancelacion: c.PermiteCancelacion,
	}
	ev, r, err := evaluar(w, perfil, nueva, c.Anclaje)
	if err != nil {
		return dominio.Evaluacion{}, err
	}
	version := ant.Version + 1
	ev.CasoID, ev.Version, ev.Motivo, ev.CreadoPor = c.ID, version, motivo, quien.Cuenta
	if ev, err = w.InsertarEvaluacion(ev); err != nil {
		return dominio.Evaluacion{}, err
	}
	igual := ant.ResultadoJSON == ev.ResultadoJSON && ant.EntradaJSON == ev.EntradaJSON
	texto := fmt.Sprintf("Evaluación recalculada (v%d → v%d): %s. Motivo: %s", ant.Version, version, resumenEvaluacion(r), motivo)
	if igual {
		texto += " (los datos no cambiaron)"
	}
	if err := w.InsertarEvento(c.ID, c.Estado, c.Estado, flujo.Reevaluar, texto, ev.ID, quien); err != nil {
		return dominio.Evaluacion{}, err
	}
	return ev, w.Auditar(db.Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "caso.reevaluar", Objeto: "caso:" + c.Numero, Detalle: map[string]any{
		"motivo": motivo, "evaluacion_anterior": ant.ID, "version_anterior": ant.Version, "evaluacion_id": ev.ID, "version": version,
		"procede_antes": procedeAuditoria(cx), "procede_ahora": r.ProcedeComite.Puntero(), "sin_cambios": igual,
	}})
}

// GuardarCriterios writes the Secretaría's qualitative criteria
// (flujo.CriteriosSecretaria) while the case is under evaluation; the audit
// row keeps the text before and after.
func (x *Expediente) GuardarCriterios(ctx context.Context, id int64, criterios map[string]string, quien dominio.ActorCaso) error {
	limpio := map[string]string{}
	p := map[string]string{}
	for k, v := range criterios {
		if !flujo.EsCriterioSecretaria(k) {
			p[k] = "Criterio desconocido."
			continue
		}
		v = strings.TrimSpace(v)
		if len([]rune(v)) > 8000 {
			p[k] = "El texto admite hasta 8.000 caracteres."
		}
		if v != "" {
			limpio[k] = v
		}
	}
	if len(p) > 0 {
		return &db.ErrFormulario{Campos: p}
	}
	return x.d.EnEscritura(ctx, func(w *db.Escritura) error {
		c, err := casoPara(w, id, quien)
		if err != nil {
			return err
		}
		// The criteria are part of the evaluation (docs/reglas.md §3 step 2): who
		// may recalculate it, and when, may write them (flujo decides).
		cx, ev, err := contextoEn(w, c)
		if err != nil {
			return err
		}
		if _, err := validarPaso(flujo.Reevaluar, quien, cx); err != nil {
			return &flujo.ErrPaso{Mensaje: "Los criterios cualitativos los escribe la Secretaría Técnica mientras el caso está reportado o en evaluación."}
		}
		if !cx.SegundaRuta {
			for _, a := range flujo.AspectosSegundaRuta {
				if limpio[a.Clave] != "" {
					return &db.ErrFormulario{Campos: map[string]string{a.Clave: "Este aspecto solo se documenta cuando la infracción permite la cancelación en sustitución de la multa."}}
				}
			}
		}
		nuevo, _ := json.Marshal(limpio)
		antes, _ := json.Marshal(c.Criterios)
		if string(nuevo) == string(antes) {
			return nil
		}
		if err := w.GuardarCriterios(c.ID, limpio); err != nil {
			return err
		}
		texto := fmt.Sprintf("Criterios cualitativos actualizados (%d de %d escritos)", len(limpio), len(flujo.CriteriosDe(cx.SegundaRuta)))
		if err := w.InsertarEvento(c.ID, c.Estado, c.Estado, "criterios", texto, ev.ID, quien); err != nil {
			return err
		}
		return w.Auditar(db.Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "caso.criterios", Objeto: "caso:" + c.Numero,
			Detalle: map[string]any{"antes": c.Criterios, "despues": limpio}})
	})
}
