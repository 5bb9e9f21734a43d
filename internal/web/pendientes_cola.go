package web

import (
	"context"
	"strings"

	"comite/internal/calendario"
	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/permisos"
	"comite/internal/plazos"
	"comite/internal/web/urls"
	"comite/web/templates"
)

// pendiente is a case waiting for the account, with the due dates of its
// stage: the internal term of the current stage and the legal term of the
// report (art. 25 of the Decreto Ley 920 de 2023, by position).
type pendiente struct {
	caso          db.CasoPendiente
	etapa         plazos.Etapa
	diasTermino   int
	vence         fecha.Fecha // last day of the stage's internal term (zero: start unknown)
	semaforo      plazos.Semaforo
	diasEnEstado  int // business days since the case entered its state
	semaforoLegal plazos.Semaforo
}

// colaDe is the work waiting for an account: the open cases in the states
// whose next step the role gives (plazos.Cola, read from the workflow),
// limited to what the account may see, oldest in its state first.
func (h *handler) colaDe(ctx context.Context, cu *dominio.Cuenta) ([]pendiente, *calendario.Calendario, error) {
	if cu == nil || !permisos.Puede(cu.Rol, permisos.VerCasos) {
		return nil, nil, nil
	}
	estados := plazos.Cola(cu.Rol)
	if len(estados) == 0 {
		return nil, nil, nil
	}
	// The one point where the queue is limited by Dirección Seccional.
	casos, err := h.d.CasosPendientes(ctx, db.FiltroPendientes{Estados: estados, Seccional: FiltroSeccional(cu)})
	if err != nil {
		return nil, nil, err
	}
	cal, err := h.calendarioCasos(ctx)
	if err != nil {
		return nil, nil, err
	}
	dias, err := h.x.DiasPorEtapa(ctx)
	if err != nil {
		return nil, nil, err
	}
	cat, err := h.memo.Catalogo(ctx)
	if err != nil {
		return nil, nil, err
	}
	hoy := h.d.Hoy()
	out := make([]pendiente, 0, len(casos))
	for _, k := range casos {
		k.DireccionSeccional = db.NombreSeccional(cat, k.DireccionSeccional) // for people: the official name
		out = append(out, calcularPendiente(cal, hoy, dias, k))
	}
	return out, cal, nil
}

// calcularPendiente gives a case its stage, due dates and lights.
func calcularPendiente(cal *calendario.Calendario, hoy fecha.Fecha, dias map[plazos.Etapa]int, k db.CasoPendiente) pendiente {
	p := pendiente{caso: k}
	if e, desde, ok := plazos.Actual(k.Estado, k.FechaReporte, k.Presentado, k.Concepto); ok {
		p.etapa, p.diasTermino = e, dias[e]
		p.vence = plazos.Vence(cal, desde, p.diasTermino)
		p.semaforo = plazos.Decidir(cal, hoy, p.vence, fecha.Fecha{})
	}
	if !k.EnEstadoDesde.IsZero() {
		p.diasEnEstado = cal.DiasHabilesEntre(k.EnEstadoDesde, hoy)
	}
	p.semaforoLegal = plazos.Decidir(cal, hoy, k.PlazoReporte, k.FechaReporte)
	return p
}

// filaPendiente is a pending case as the queue's table shows it.
func filaPendiente(p pendiente) templates.PendienteFila {
	k := p.caso
	f := templates.PendienteFila{
		Numero: k.Numero, Ruta: urls.Caso(k.ID), Usuario: k.RazonSocial, NIT: k.NIT, Seccional: k.DireccionSeccional,
		Estado: k.Estado.Etiqueta(), EstadoClave: string(k.Estado), Accion: accionPendiente(k.Estado),
		EnEstadoDesde: formato.Fecha(k.EnEstadoDesde), DiasEnEstado: formato.Plural(p.diasEnEstado, "día hábil", "días hábiles"),
		Etapa: p.etapa.Etiqueta(), Termino: formato.Plural(p.diasTermino, "día hábil", "días hábiles") + " (término interno)",
		Semaforo: templates.SemaforoDe(p.semaforo), PlazoLegal: "Desconocido: el caso no tiene evaluación guardada",
		SemaforoLegal: templates.SemaforoReporte(p.semaforoLegal),
	}
	if p.vence.IsZero() {
		f.Vence = "Desconocido: falta la fecha de inicio de la etapa"
	} else {
		f.Vence = formato.Fecha(p.vence)
	}
	if !k.PlazoReporte.IsZero() {
		f.PlazoLegal = formato.Fecha(k.PlazoReporte)
	}
	return f
}

// accionPendiente is the step that waits, in words.
func accionPendiente(e flujo.Estado) string {
	switch e {
	case flujo.Reportado:
		return "Iniciar la evaluación"
	case flujo.EnEvaluacion:
		return "Terminar la evaluación y presentar al Comité"
	case flujo.EnComite:
		return "Registrar el concepto del Comité"
	case flujo.ConceptoEmitido:
		return "Registrar la propuesta del REA"
	}
	return ""
}

// clavePendientes is the queue as shown to the accounts of one role and
// Dirección Seccional ("" = all) on one day (its lights count from today).
// It follows the general data version (DeTodo): cases, their history,
// evaluations and conceptos, the internal terms and the non-business days
// all move it, so a queue is never shown as it was before a write.
type clavePendientes struct {
	ver       bool
	rol       permisos.Rol
	seccional string
	hoy       string
}

func (clavePendientes) DeTodo() {}

// vistaPendientes is the queue of an account as the page shows it, built
// once per general data version for every account of the same role and
// Dirección Seccional (Inicio shows it on every visit), with its panel
// rendered. Nobody changes the view returned.
func (h *handler) vistaPendientes(ctx context.Context, cu *dominio.Cuenta) (templates.Pendientes, error) {
	k := clavePendientes{hoy: h.d.Hoy().String()}
	if cu != nil {
		k.ver, k.rol, k.seccional = true, cu.Rol, FiltroSeccional(cu)
	}
	x, err := h.memo.ObtenerEnTurno(ctx, k, func(ctx context.Context) (any, error) {
		v, err := h.calcularVistaPendientes(ctx, cu)
		if err != nil {
			return nil, err
		}
		// The panel is rendered here, once: a queue of hundreds of cases
		// cost more to render than everything else on Inicio.
		var b strings.Builder
		if err := templates.PendientesPanel(v).Render(ctx, &b); err != nil {
			return nil, err
		}
		v.Panel = b.String()
		return v, nil
	})
	if err != nil {
		return templates.Pendientes{}, err
	}
	return x.(templates.Pendientes), nil
}

// calcularVistaPendientes builds the queue of cu; what it reads of cu is
// its role and FiltroSeccional (clavePendientes).
func (h *handler) calcularVistaPendientes(ctx context.Context, cu *dominio.Cuenta) (templates.Pendientes, error) {
	v := templates.Pendientes{Explicacion: plazos.Explicacion, Ver: cu != nil && permisos.Puede(cu.Rol, permisos.VerCasos),
		SinCola: "Su rol no da ningún paso del caso: no tiene casos pendientes."}
	ts, err := h.x.TerminosInternos(ctx)
	if err != nil {
		return v, err
	}
	for _, t := range ts {
		v.Terminos = append(v.Terminos, terminoVista(t))
	}
	if cu == nil || len(plazos.Cola(cu.Rol)) == 0 {
		return v, nil
	}
	v.SinCola = "No tiene casos pendientes."
	cola, _, err := h.colaDe(ctx, cu)
	if err != nil {
		return v, err
	}
	for _, p := range cola {
		v.Filas = append(v.Filas, filaPendiente(p))
		switch p.semaforo.Color {
		case plazos.Rojo:
			v.Vencidos++
		case plazos.Amarillo:
			v.PorVencer++
		}
	}
	return v, nil
}

func terminoVista(t expediente.TerminoInterno) templates.TerminoVista {
	v := templates.TerminoVista{Clave: string(t.Etapa), Etapa: t.Etapa.Etiqueta(), Dias: formato.Plural(t.Dias, "día hábil", "días hábiles")}
	if t.Predeterminado {
		v.Origen = "Valor predeterminado de la aplicación (ningún administrador lo ha fijado)"
	} else {
		v.Origen = "Fijado por " + t.FijadoPor + " el " + instanteBogota(t.FijadoEn)
	}
	return v
}

// instanteBogota shows a stored instant as a civil date in Colombia.
func instanteBogota(s string) string {
	f := db.FechaBogotaDe(s)
	if f.IsZero() {
		return s
	}
	return formato.Fecha(f)
}
