package expediente

// The Comité's binding concepto (Decreto Ley 920 de 2023, art. 25 por
// posición; docs/reglas.md §3 step 4), always recorded inside a session of
// the Comité, its corrections, and the closing REA proposal (§2.9, §3 step 5).

import (
	"comite/internal/dominio"
	"context"
	"fmt"

	"comite/internal/correo"
	"comite/internal/db"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/valores"
)

func detalleConcepto(c flujo.Concepto) map[string]any {
	return map[string]any{"fecha_sesion": c.FechaSesion.String(), "miembros": c.Miembros, "decision": c.Decision,
		"motivacion": c.Motivacion, "criterios_cancelacion": c.CriteriosCancelacion}
}

// ValidarConceptoCaso checks a concepto for a case as it would be recorded now
// (the confirmation step calls it before showing what will be recorded).
func (x *Expediente) ValidarConceptoCaso(ctx context.Context, casoID int64, c flujo.Concepto) (map[string]string, error) {
	pres, err := x.d.FechaPresentacion(ctx, casoID)
	if err != nil {
		return nil, err
	}
	caso, err := x.d.Caso(ctx, casoID)
	if err != nil {
		return nil, err
	}
	cx, err := x.Contexto(ctx, caso)
	if err != nil {
		return nil, err
	}
	return flujo.ValidarConcepto(flujo.NormalizarConcepto(c), x.d.Hoy(), pres, cx.SegundaRuta), nil
}

// ValidarCorreccionCaso checks a correction as it would be recorded now
// against the concepto in force (the confirmation step calls it).
func (x *Expediente) ValidarCorreccionCaso(ctx context.Context, casoID int64, c flujo.Concepto, motivo string) (map[string]string, error) {
	caso, err := x.d.Caso(ctx, casoID)
	if err != nil {
		return nil, err
	}
	cx, err := x.Contexto(ctx, caso)
	if err != nil {
		return nil, err
	}
	pres, err := x.d.FechaPresentacion(ctx, casoID)
	if err != nil {
		return nil, err
	}
	cs, err := x.d.Conceptos(ctx, casoID)
	if err != nil || len(cs) == 0 {
		return nil, err
	}
	ultimo := cs[len(cs)-1]
	var s *dominio.SesionComite
	if ultimo.SesionID != 0 {
		ses, err := x.d.SesionComite(ctx, ultimo.SesionID)
		if err != nil {
			return nil, err
		}
		s = &ses
	}
	minimo, ok, err := x.d.ParametroQuorum(ctx)
	if err != nil {
		return nil, err
	}
	c = flujo.NormalizarConcepto(c)
	return problemasCorreccion(ultimo, &c, motivo, s, minimo, ok, x.d.Hoy(), pres, cx.SegundaRuta), nil
}

// problemasCorreccion checks a correction (c, normalized) of the concepto in
// force: flujo.ValidarCorreccion and, when the concepto was recorded in the
// session s, flujo.ValidarCorreccionEnSesion (a correction without a date
// keeps the session's). A concepto recorded before sessions existed keeps at
// least the quorum in force.
func problemasCorreccion(ultimo dominio.ConceptoGuardado, c *flujo.Concepto, motivo string, s *dominio.SesionComite, minimo int, ok bool, hoy, pres fecha.Fecha, segundaRuta bool) map[string]string {
	if s != nil && c.FechaSesion.IsZero() {
		c.FechaSesion = s.Sesion.Fecha
	}
	p := flujo.ValidarCorreccion(ultimo.Concepto, *c, motivo, hoy, pres, segundaRuta)
	var extra map[string]string
	if s != nil {
		extra = flujo.ValidarCorreccionEnSesion(*c, s.Numero, s.Sesion, minimo, ok)
	} else if hay, msg := flujo.Quorum(len(c.Miembros), minimo, ok); ok && !hay {
		extra = map[string]string{"miembros": msg + " Una corrección no puede dejar el concepto sin quórum."}
	}
	for k, v := range extra {
		if _, ya := p[k]; !ya || k == "fecha_sesion" {
			p[k] = v
		}
	}
	return p
}

// RegistrarConceptoEnSesion records the concepto of a case of the orden del
// día inside the session (en_comite → concepto_emitido): the date is the
// session's, the members those present ("Nombre (cargo)"); whatever c says
// about them is ignored. A session without quorum, or whose quorum was never
// configured, records nothing. It is final: nothing in the application
// changes or deletes it afterwards (a correction is a new linked row).
func (x *Expediente) RegistrarConceptoEnSesion(ctx context.Context, sesionID, casoID int64, c flujo.Concepto, quien dominio.ActorCaso) (dominio.ConceptoGuardado, error) {
	var guardado dominio.ConceptoGuardado
	err := x.d.EnEscritura(ctx, func(w *db.Escritura) error {
		s, err := w.Sesion(sesionID)
		if err != nil {
			return err
		}
		enOrden, err := w.EnOrden(sesionID, casoID)
		if err != nil {
			return err
		}
		if !enOrden {
			return &flujo.ErrPaso{Mensaje: "El caso no está en el orden del día de la sesión " + s.Numero + "."}
		}
		for _, o := range s.Orden {
			if o.CasoID == casoID && o.Aplazado != "" {
				return &flujo.ErrPaso{Mensaje: "El caso " + o.Numero + " se aplazó en la sesión " + s.Numero + " (" + o.Aplazado + "): su concepto se registra en una sesión posterior."}
			}
		}
		minimo, ok, err := w.Quorum()
		if err != nil {
			return err
		}
		if hay, msg := flujo.Quorum(len(s.Sesion.Miembros), minimo, ok); !hay {
			return &flujo.ErrPaso{Mensaje: msg}
		}
		c.FechaSesion = s.Sesion.Fecha
		c.Miembros = nil
		for _, m := range s.Sesion.Miembros {
			c.Miembros = append(c.Miembros, m.Texto())
		}
		c = flujo.NormalizarConcepto(c)
		caso, cx, _, err := paraPaso(w, casoID, flujo.EmitirConcepto, quien)
		if err != nil {
			return err
		}
		pres, err := w.FechaPresentacion(casoID)
		if err != nil {
			return err
		}
		if p := flujo.ValidarConcepto(c, w.Hoy(), pres, cx.SegundaRuta); len(p) > 0 {
			return &db.ErrConcepto{Campos: p}
		}
		texto := "Concepto del Comité: " + c.Decision.Etiqueta() + " (sesión " + s.Numero + " del " + c.FechaSesion.DMA() + ")"
		det := detalleConcepto(c)
		det["sesion"] = s.Numero
		_, ev, err := paso(w, caso, flujo.EmitirConcepto, quien, texto, det)
		if err != nil {
			return err
		}
		id, err := w.InsertarConcepto(casoID, c, ev.ID, 0, sesionID, "", quien.Cuenta)
		if err != nil {
			return err
		}
		caso.Estado = flujo.ConceptoEmitido
		if err := avisarCaso(w, correo.ConceptoRegistrado, caso, fmt.Sprint(id), correo.Aviso{Sesion: sesionTexto(s), Decision: c.Decision.Etiqueta()}); err != nil {
			return err
		}
		guardado, err = w.Concepto(id)
		return err
	})
	if err != nil {
		return dominio.ConceptoGuardado{}, err
	}
	return guardado, nil
}

// CorregirConcepto records a correction of a material error: a new concepto
// row linked to the latest one, with its reason. The original is not touched
// (the database would refuse it) and stays visible. Only while the case is
// concepto_emitido (flujo), never with another decision, never with a session
// date before the presentation (flujo.ValidarCorreccion).
func (x *Expediente) CorregirConcepto(ctx context.Context, casoID int64, c flujo.Concepto, motivo string, quien dominio.ActorCaso) (dominio.ConceptoGuardado, error) {
	c = flujo.NormalizarConcepto(c)
	var guardado dominio.ConceptoGuardado
	err := x.d.EnEscritura(ctx, func(w *db.Escritura) error {
		caso, cx, ev, err := paraPaso(w, casoID, flujo.CorregirConcepto, quien)
		if err != nil {
			return err
		}
		cs, err := w.Conceptos(casoID)
		if err != nil {
			return err
		}
		if len(cs) == 0 {
			return &flujo.ErrPaso{Mensaje: "El caso no tiene concepto registrado: no hay nada que corregir."}
		}
		ultimo := cs[len(cs)-1]
		pres, err := w.FechaPresentacion(casoID)
		if err != nil {
			return err
		}
		var s *dominio.SesionComite
		if ultimo.SesionID != 0 {
			ses, err := w.Sesion(ultimo.SesionID)
			if err != nil {
				return err
			}
			s = &ses
		}
		minimo, ok, err := w.Quorum()
		if err != nil {
			return err
		}
		if p := problemasCorreccion(ultimo, &c, motivo, s, minimo, ok, w.Hoy(), pres, cx.SegundaRuta); len(p) > 0 {
			return &db.ErrConcepto{Campos: p}
		}
		id, err := w.InsertarConcepto(casoID, c, ultimo.EvaluacionID, ultimo.ID, ultimo.SesionID, motivo, quien.Cuenta)
		if err != nil {
			return err
		}
		texto := "Corrección del concepto: " + motivo
		if err := w.InsertarEvento(casoID, caso.Estado, caso.Estado, flujo.CorregirConcepto, texto, ev.ID, quien); err != nil {
			return err
		}
		det := detalleConcepto(c)
		det["corrige_id"], det["motivo_correccion"], det["concepto_id"] = ultimo.ID, motivo, id
		if err := w.Auditar(db.Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "caso.corregir_concepto", Objeto: "caso:" + caso.Numero, Detalle: det}); err != nil {
			return err
		}
		guardado, err = w.Concepto(id)
		return err
	})
	if err != nil {
		return dominio.ConceptoGuardado{}, err
	}
	return guardado, nil
}

// proponer is the proposal the case closes with for an REA date, always
// from the last concepto (the one in force): cancelación when it cancels
// (also the second route's visto bueno); on the first route the foreseen
// fine plus 1.000 UVT of the REA's year (reincidencia.IncrementoComite; art.
// 25 by position) with the rule set stored with the evaluation, no increment
// when the infraction's own sanction is not a multa; on the second route
// without visto bueno, the foreseen fine without the increment (art. 25 last
// paragraph by position).
func proponer(caso dominio.Caso, cs []dominio.ConceptoGuardado, ev dominio.Evaluacion, ref valores.Referencia, fechaREA fecha.Fecha) (dominio.PropuestaREA, error) {
	p := dominio.PropuestaREA{CasoID: caso.ID, FechaREA: fechaREA}
	if len(cs) == 0 {
		return p, &flujo.ErrPaso{Mensaje: "El caso no tiene concepto del Comité: la propuesta del REA se registra después del concepto."}
	}
	vig := cs[len(cs)-1]
	p.ConceptoID, p.Propuesta = vig.ID, vig.Concepto.Decision
	if fechaREA.IsZero() {
		return p, &db.ErrFormulario{Campos: map[string]string{"fecha_rea": "Indique la fecha del requerimiento especial aduanero."}}
	}
	if fechaREA.Antes(vig.Concepto.FechaSesion) {
		return p, &db.ErrFormulario{Campos: map[string]string{"fecha_rea": "El requerimiento no puede ser anterior a la sesión del Comité (" + vig.Concepto.FechaSesion.DMA() + ")."}}
	}
	if p.Propuesta.Cancela() {
		return p, nil
	}
	total := caso.SancionPrevista
	if p.Propuesta.Incrementa() && caso.Sancion == sancion.Multa {
		// The rule set stored with the evaluation, never one chosen again.
		conj, err := ref.Conjunto(ev.ConjuntoReglas)
		if err != nil {
			return p, fmt.Errorf("la evaluación guardada del caso: %w", err)
		}
		inc, err := reincidencia.IncrementoComite(caso.SancionPrevista, fechaREA.Anio(), conj, ref)
		if err != nil {
			return p, &db.ErrFormulario{Campos: map[string]string{"fecha_rea": formato.MayusculaInicial(err.Error()) + "."}}
		}
		p.Incremento = &dominio.IncrementoREA{UVTAnio: inc.UVTAnio, UVTValor: inc.UVTValor, UVTResolucion: inc.UVTResolucion, Incremento: inc.Incremento}
		total = inc.Total
	}
	p.Total = &total
	return p, nil
}

// ProponerREA computes, without recording, the proposal the case would
// close with for an REA date (proponer).
func (x *Expediente) ProponerREA(ctx context.Context, casoID int64, fechaREA fecha.Fecha) (dominio.PropuestaREA, error) {
	caso, err := x.d.Caso(ctx, casoID)
	if err != nil {
		return dominio.PropuestaREA{CasoID: casoID, FechaREA: fechaREA}, err
	}
	cs, err := x.d.Conceptos(ctx, casoID)
	if err != nil {
		return dominio.PropuestaREA{CasoID: casoID, FechaREA: fechaREA}, err
	}
	ev, err := x.d.UltimaEvaluacion(ctx, casoID)
	if err != nil {
		return dominio.PropuestaREA{CasoID: casoID, FechaREA: fechaREA}, err
	}
	return proponer(caso, cs, ev, x.d.Referencia(), fechaREA)
}

// CerrarCaso records the REA proposal (concepto_emitido → cerrado).
func (x *Expediente) CerrarCaso(ctx context.Context, casoID int64, fechaREA fecha.Fecha, quien dominio.ActorCaso) (dominio.PropuestaREA, error) {
	var escrita *dominio.PropuestaREA
	err := x.d.EnEscritura(ctx, func(w *db.Escritura) error {
		caso, _, ev, err := paraPaso(w, casoID, flujo.Cerrar, quien)
		if err != nil {
			return err
		}
		cs, err := w.Conceptos(casoID)
		if err != nil {
			return err
		}
		ref, err := w.Referencia()
		if err != nil {
			return err
		}
		p, err := proponer(caso, cs, ev, ref, fechaREA)
		if err != nil {
			return err
		}
		det := map[string]any{"propuesta": p.Propuesta, "fecha_rea": fechaREA.String(), "concepto_id": p.ConceptoID}
		texto := "Propuesta del REA del " + fechaREA.DMA() + ": " + p.Propuesta.Etiqueta()
		if p.Incremento != nil {
			det["uvt_anio"], det["uvt_valor_cop"], det["incremento_cop"] = p.Incremento.UVTAnio, p.Incremento.UVTValor.String(), p.Incremento.Incremento.String()
		}
		if p.Total != nil {
			det["total_cop"] = p.Total.String()
			texto += " por " + formato.Pesos(*p.Total)
		}
		if _, _, err := paso(w, caso, flujo.Cerrar, quien, texto, det); err != nil {
			return err
		}
		if err := w.InsertarPropuesta(p, quien.Cuenta); err != nil {
			return err
		}
		escrita, err = w.Propuesta(casoID)
		return err
	})
	if err != nil || escrita == nil {
		return dominio.PropuestaREA{}, err
	}
	return *escrita, nil
}
