package web

import (
	"comite/internal/dominio"
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"

	"comite/internal/db"
	"comite/internal/etiquetas"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/formato"
	"comite/internal/graficos"
	"comite/internal/nit"
	"comite/internal/permisos"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// perfilMostrar is the profile of one customs user: identification, its
// autorizaciones with their validity today, the committee test for a
// hypothetical grave infraction committed today, the charts of the last five
// reference years, its sanction acts and its operations by year. Every figure
// of the test comes from the core (reincidencia.Cifras and Serie): this
// handler does no arithmetic of its own.
//
// The page's view is built once per data version (memoria, clavePerfil: the
// user, today's date and whether the role may edit) from one read snapshot
// (db.LeerPerfil); a data change builds it again.
func (h *handler) perfilMostrar(c echo.Context) error {
	ctx := c.Request().Context()
	n, err := nit.Parse(c.Param("nit"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	hoy := h.d.Hoy()
	pagina, _ := strconv.Atoi(c.QueryParam("actos"))
	k := clavePerfil{nit: n.String(), hoy: hoy.String(), editar: permisos.Puede(cuentaDe(c).Rol, permisos.EditarDatos), paginaActos: max(pagina, 1)}
	x, err := h.memo.Obtener(ctx, k, func(ctx context.Context) (any, error) {
		return h.perfilVista(ctx, k.nit, hoy, k.editar, k.paginaActos)
	})
	var ev *dominio.ErrValidacion
	switch {
	case errors.As(err, &ev), errors.Is(err, db.ErrUsuarioNoRegistrado):
		return echo.NewHTTPError(http.StatusNotFound)
	case err != nil:
		return err
	}
	pv := x.(*perfilCalculado)
	// A seccional account: another Dirección Seccional's user is a 404, as in usuarioDeRuta.
	if err := exigirSeccional(c, pv.seccional); err != nil {
		return err
	}
	p := h.pagina(c, pv.vista.RazonSocial, "usuarios")
	p.Graficos = true
	return h.render(c, http.StatusOK, templates.PerfilPagina(p, pv.vista))
}

// clavePerfil is the profile view of one user on one day for a role that
// may, or may not, edit data, with one page of its acts.
type clavePerfil struct {
	nit, hoy    string
	editar      bool
	paginaActos int
}

// actosPorPagina is the page size of the profile's table of acts: a user
// with 1.500 acts is evaluated on all of them (the core needs them) but the
// page shows 50 at a time.
const actosPorPagina = 50

func (clavePerfil) PorObjeto() {}

// perfilCalculado is a profile view as memoria keeps it (read only).
type perfilCalculado struct {
	vista     templates.PerfilUsuario
	seccional string
}

// perfilVista builds the profile view from one read of the store, with page
// pagina of the acts (the last one when pagina is beyond it).
func (h *handler) perfilVista(ctx context.Context, nitCanon string, hoy fecha.Fecha, puedeEditar bool, pagina int) (*perfilCalculado, error) {
	l, err := h.d.LeerPerfil(ctx, nitCanon)
	if err != nil {
		return nil, err
	}
	u, actos, ops := l.Usuario, l.Actos, l.Operaciones
	ruta := rutaUsuario(u.NIT)
	seccional := u.DireccionSeccional
	if cat, err := h.memo.Catalogo(ctx); err == nil {
		seccional = db.NombreSeccional(cat, u.DireccionSeccional)
	}
	v := templates.PerfilUsuario{
		NIT: u.NIT, RazonSocial: u.RazonSocial, Tipo: etiquetas.TipoUsuario(u.Tipo), Seccional: seccional,
		Actualizado: formato.InstanteTexto(u.ActualizadoEn), Ruta: ruta,
		RegistroVigente: u.RegistroVigente(hoy), PuedeEditar: puedeEditar,
	}
	for _, r := range u.Registros {
		hasta := "Indefinida"
		if !r.VigenteHasta.IsZero() {
			hasta = formato.Fecha(r.VigenteHasta)
		}
		v.Registros = append(v.Registros, templates.RegistroFila{
			Clase: etiquetas.ClaseRegistro(r.Clase), Numero: r.Numero, Desde: formato.Fecha(r.VigenteDesde), Hasta: hasta,
			Vigente: r.Vigente(hoy), RutaCorregir: urls.RegistroEditar(u.NIT, r.ID),
		})
	}
	var leve, grave, gravisima int
	for _, a := range actos {
		switch a.Gravedad {
		case sancion.Leve:
			leve++
		case sancion.Grave:
			grave++
		case sancion.Gravisima:
			gravisima++
		}
	}
	// One page of the acts table.
	v.TotalActos = len(actos)
	v.PaginasActos = max(1, (len(actos)+actosPorPagina-1)/actosPorPagina)
	v.PaginaActos = min(max(pagina, 1), v.PaginasActos)
	enlace := func(p int) string { return ruta + "?actos=" + strconv.Itoa(p) + "#panel-actos" }
	if v.PaginaActos > 1 {
		v.ActosAnterior = enlace(v.PaginaActos - 1)
	}
	if v.PaginaActos < v.PaginasActos {
		v.ActosSiguiente = enlace(v.PaginaActos + 1)
	}
	desde := (v.PaginaActos - 1) * actosPorPagina
	for _, a := range actos[desde:min(desde+actosPorPagina, len(actos))] {
		firmeza := "Sin firmeza"
		if !a.FechaFirmeza.IsZero() {
			firmeza = formato.Fecha(a.FechaFirmeza)
		}
		v.Actos = append(v.Actos, templates.ActoFila{
			Numero: a.NumeroActo, Expedicion: formato.Fecha(a.FechaExpedicion), Firmeza: firmeza, Infraccion: a.Infraccion,
			Gravedad: formato.MayusculaInicial(a.Gravedad.Etiqueta()), GravedadClave: string(a.Gravedad), Sancion: formato.MayusculaInicial(a.Sancion.Etiqueta()),
			Valor: formato.Pesos(a.Valor), Allanamiento: a.Allanamiento,
			RutaCorregir: urls.ActoEditar(u.NIT) + "?" + url.Values{"numero": {a.NumeroActo}}.Encode(),
		})
	}
	for _, o := range ops {
		f := templates.OperacionFila{Anio: strconv.Itoa(o.Anio), Valor: formato.Pesos(o.Valor), Numero: formato.Entero(o.Numero), Origen: "Total anual"}
		if o.Origen == "declaraciones" {
			f.Origen = "Por declaraciones"
		} else {
			f.RutaCorregir = urls.OperacionEditar(u.NIT, o.Anio)
		}
		v.Operaciones = append(v.Operaciones, f)
	}

	var serie []reincidencia.PuntoAnual
	nueva := reincidencia.NuevaInfraccion{FechaComision: hoy, FechaVerificacion: hoy, Gravedad: sancion.Grave}
	v.Evaluacion, serie = h.evaluacionRapida(ctx, expediente.Entrada(l, nueva, sancion.AnclajeComision, nil), hoy)
	if len(serie) > 0 {
		gs, err := templates.GraficosSerie(serie)
		if err != nil {
			return nil, err
		}
		v.Graficos = append(v.Graficos, gs...)
	}
	g3, err := graficos.ActosPorGravedad(leve, grave, gravisima)
	if err != nil {
		return nil, err
	}
	v.Graficos = append(v.Graficos, g3)
	return &perfilCalculado{vista: v, seccional: u.DireccionSeccional}, nil
}

// evaluacionRapida runs the committee test for a grave infraction committed
// on hoy (reference year hoy − 1) and the same test for the five reference
// years up to it, both through the core with the application's reference
// (Cifras: the page shows the figures and requisites, not the texts of the
// fundamentos).
func (h *handler) evaluacionRapida(ctx context.Context, entrada reincidencia.Entrada, hoy fecha.Fecha) (templates.EvaluacionRapida, []reincidencia.PuntoAnual) {
	ref := h.d.Referencia()
	p, _ := ref.ConjuntoPara(hoy)
	nitUsuario := entrada.Usuario.NIT
	ev := templates.EvaluacionRapida{Hoy: formato.Fecha(hoy), MinimoActos: strconv.Itoa(p.MinimoActos), Reglas: p.Nombre}
	r, err := reincidencia.Cifras(entrada, ref)
	if err != nil {
		h.log.WarnContext(ctx, "evaluación rápida", "nit", nitUsuario, "error", err.Error())
		ev.Error = "No se pudo calcular la evaluación rápida con la fecha de hoy. Los datos del usuario se muestran abajo; avise al administrador si el problema sigue."
		return ev, nil
	}
	y := r.Periodo.Anio
	ev.AnioReferencia = strconv.Itoa(y)
	ev.Desde, ev.Hasta = formato.Fecha(r.Periodo.Desde), formato.Fecha(r.Periodo.Hasta)
	incompleto := reincidencia.TextoDatosIncompletos(y)
	ev.S, ev.O, ev.N = formato.Pesos(r.Suma), incompleto, "desconocido"
	ev.Participacion = "Desconocida"
	if r.TotalOperaciones != nil {
		ev.O, ev.N = formato.Pesos(*r.TotalOperaciones), formato.Entero(*r.NumeroOperaciones)
		ev.Participacion = "Sin operaciones (cargadas en cero)"
	}
	if r.Participacion != nil {
		ev.Participacion = r.ParticipacionTexto
	}
	ev.Umbral = "desconocido"
	ev.NumeroActos = strconv.Itoa(r.NumeroActos)
	ev.CumpleMinimo, ev.CumpleUmbral, ev.EstadoUmbral = r.Requisitos.MinimoTresActos, r.Requisitos.UmbralCeroCinco.EsSi(), estadoUmbral(r.Requisitos.UmbralCeroCinco, y)
	ev.RegistroVigente, ev.Procede = r.Requisitos.RegistroVigente, r.ProcedeComite.EsSi()
	if !r.ProcedeComite.Conocido() {
		ev.DatosIncompletos = incompleto
	}
	for _, a := range reincidencia.Avisos(r) {
		switch a.Alerta {
		case reincidencia.NormaSinVigenciaConfirmada:
			ev.AvisoVigencia = "Norma sin vigencia confirmada: confirme la norma aplicable. " + a.Texto
		case reincidencia.HechoAnteriorAVigencia:
			ev.AvisoVigencia = a.Texto
			ev.DatosIncompletos = reincidencia.TextoHechoAnterior(r.Conjunto)
		}
	}
	for _, a := range r.Alertas {
		switch a {
		case reincidencia.SinOperaciones:
			ev.Alertas = append(ev.Alertas, "Operaciones de "+ev.AnioReferencia+" cargadas en cero: con cualquier sanción el umbral se tiene por cumplido (criterio adoptado por la Secretaría Técnica, no texto de la norma).")
		case reincidencia.FaltanOperaciones:
			ev.Alertas = append(ev.Alertas, incompleto+": sin ellas no se conocen O, N, la participación ni el umbral.")
		case reincidencia.AnclajeDifiere:
			ev.Alertas = append(ev.Alertas, "El año de referencia cambia según se ancle en la comisión o en la verificación.")
		}
	}
	serie, err := reincidencia.Serie(entrada, ref, y-4, y)
	if err != nil {
		h.log.WarnContext(ctx, "serie de la evaluación", "nit", nitUsuario, "error", err.Error())
		return ev, nil
	}
	for _, s := range serie {
		part, ops, umbral := "—", "sin cargar", "—"
		if s.Participacion != nil {
			part = s.ParticipacionTexto
		}
		if s.Operaciones != nil {
			ops = formato.Pesos(*s.Operaciones)
		}
		if s.Umbral != nil {
			umbral = formato.Pesos(*s.Umbral)
		}
		ev.Serie = append(ev.Serie, templates.PuntoSerie{
			Anio: strconv.Itoa(s.Anio), NumeroActos: strconv.Itoa(s.NumeroActos), CumpleMinimo: s.CumpleMinimo,
			Suma: formato.Pesos(s.Suma), Operaciones: ops, Umbral: umbral,
			Participacion: part, EstadoUmbral: estadoUmbral(s.CumpleUmbral, s.Anio),
		})
		if s.Anio == y && s.Umbral != nil {
			ev.Umbral = formato.Pesos(*s.Umbral)
		}
	}
	return ev, serie
}

// estadoUmbral is "Se cumple", "No se cumple" or, when the operations of the
// year were never loaded, "Datos incompletos: cargue las operaciones de AAAA".
func estadoUmbral(t reincidencia.Tri, anio int) string {
	switch t {
	case reincidencia.Si:
		return "Se cumple"
	case reincidencia.No:
		return "No se cumple"
	}
	return reincidencia.TextoDatosIncompletos(anio)
}
