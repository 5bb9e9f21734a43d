package templates

// Builders of a customs user's profile page from the user, its acts and the
// core's committee test. Every figure comes from reincidencia (Cifras and
// Serie); nothing here reads the store or computes a rule.

import (
	"net/url"
	"strconv"

	"comite/internal/dominio"
	"comite/internal/etiquetas"
	"comite/internal/fecha"
	"comite/internal/formato"
	"comite/internal/graficos"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/valores"
	"comite/internal/web/urls"
)

// ActosPorPagina is the page size of the profile's table of acts: a user
// with 1.500 acts is evaluated on all of them (the core needs them) but the
// page shows 50 at a time.
const ActosPorPagina = 50

// DatosPerfil is what the profile shows, as the handler read and computed it.
type DatosPerfil struct {
	Usuario     dominio.UsuarioAduanero // with its registros
	Seccional   string                  // the name of its Dirección Seccional
	Hoy         fecha.Fecha
	PuedeEditar bool
	Actos       []dominio.ActoSancion // every act of the user
	PaginaActos int                   // the page of acts asked for (1-based)
	Evaluacion  EvaluacionRapida
	Serie       []reincidencia.PuntoAnual // the test of the last reference years
}

// PerfilUsuarioDe builds the profile without its operations (those come
// from the store's own rows): identification, registros and their validity
// on Hoy, one page of the acts (the last one when PaginaActos is beyond
// it), the evaluation and the charts of the series and of every act by
// gravedad.
func PerfilUsuarioDe(d DatosPerfil) (PerfilUsuario, error) {
	u := d.Usuario
	ruta := urls.Usuario(u.NIT)
	v := PerfilUsuario{
		NIT: u.NIT, RazonSocial: u.RazonSocial, Tipo: etiquetas.TipoUsuario(u.Tipo), Seccional: d.Seccional,
		Actualizado: formato.InstanteTexto(u.ActualizadoEn), Ruta: ruta,
		RegistroVigente: u.RegistroVigente(d.Hoy), PuedeEditar: d.PuedeEditar, Evaluacion: d.Evaluacion,
	}
	for _, r := range u.Registros {
		hasta := "Indefinida"
		if !r.VigenteHasta.IsZero() {
			hasta = formato.Fecha(r.VigenteHasta)
		}
		v.Registros = append(v.Registros, RegistroFila{
			Clase: etiquetas.ClaseRegistro(r.Clase), Numero: r.Numero, Desde: formato.Fecha(r.VigenteDesde), Hasta: hasta,
			Vigente: r.Vigente(d.Hoy), RutaCorregir: urls.RegistroEditar(u.NIT, r.ID),
		})
	}
	actos := d.Actos
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
	v.PaginasActos = max(1, (len(actos)+ActosPorPagina-1)/ActosPorPagina)
	v.PaginaActos = min(max(d.PaginaActos, 1), v.PaginasActos)
	enlace := func(p int) string { return ruta + "?actos=" + strconv.Itoa(p) + "#panel-actos" }
	if v.PaginaActos > 1 {
		v.ActosAnterior = enlace(v.PaginaActos - 1)
	}
	if v.PaginaActos < v.PaginasActos {
		v.ActosSiguiente = enlace(v.PaginaActos + 1)
	}
	desde := (v.PaginaActos - 1) * ActosPorPagina
	for _, a := range actos[desde:min(desde+ActosPorPagina, len(actos))] {
		firmeza := "Sin firmeza"
		if !a.FechaFirmeza.IsZero() {
			firmeza = formato.Fecha(a.FechaFirmeza)
		}
		v.Actos = append(v.Actos, ActoFila{
			Numero: a.NumeroActo, Expedicion: formato.Fecha(a.FechaExpedicion), Firmeza: firmeza, Infraccion: a.Infraccion,
			Gravedad: formato.MayusculaInicial(a.Gravedad.Etiqueta()), GravedadClave: string(a.Gravedad), Sancion: formato.MayusculaInicial(a.Sancion.Etiqueta()),
			Valor: formato.Pesos(a.Valor), Allanamiento: a.Allanamiento,
			RutaCorregir: urls.ActoEditar(u.NIT) + "?" + url.Values{"numero": {a.NumeroActo}}.Encode(),
		})
	}
	if len(d.Serie) > 0 {
		gs, err := GraficosSerie(d.Serie)
		if err != nil {
			return PerfilUsuario{}, err
		}
		v.Graficos = append(v.Graficos, gs...)
	}
	g3, err := graficos.ActosPorGravedad(leve, grave, gravisima)
	if err != nil {
		return PerfilUsuario{}, err
	}
	v.Graficos = append(v.Graficos, g3)
	return v, nil
}

// EvaluacionRapidaDe shows the committee test for a grave infraction
// committed on hoy, as the core computed it (r, from reincidencia.Cifras
// with the rule set p) and the same test for the reference years of serie
// (reincidencia.Serie; nil when it could not be computed). r nil: the test
// could not be computed, and the page says so.
func EvaluacionRapidaDe(hoy fecha.Fecha, p valores.Parametros, r *reincidencia.Resultado, serie []reincidencia.PuntoAnual) EvaluacionRapida {
	ev := EvaluacionRapida{Hoy: formato.Fecha(hoy), MinimoActos: strconv.Itoa(p.MinimoActos), Reglas: p.Nombre}
	if r == nil {
		ev.Error = "No se pudo calcular la evaluación rápida con la fecha de hoy. Los datos del usuario se muestran abajo; avise al administrador si el problema sigue."
		return ev
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
	ev.CumpleMinimo, ev.CumpleUmbral, ev.EstadoUmbral = r.Requisitos.MinimoTresActos, r.Requisitos.UmbralCeroCinco.EsSi(), EstadoUmbral(r.Requisitos.UmbralCeroCinco, y)
	ev.RegistroVigente, ev.Procede = r.Requisitos.RegistroVigente, r.ProcedeComite.EsSi()
	if !r.ProcedeComite.Conocido() {
		ev.DatosIncompletos = incompleto
	}
	for _, a := range reincidencia.Avisos(*r) {
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
		ev.Serie = append(ev.Serie, PuntoSerie{
			Anio: strconv.Itoa(s.Anio), NumeroActos: strconv.Itoa(s.NumeroActos), CumpleMinimo: s.CumpleMinimo,
			Suma: formato.Pesos(s.Suma), Operaciones: ops, Umbral: umbral,
			Participacion: part, EstadoUmbral: EstadoUmbral(s.CumpleUmbral, s.Anio),
		})
		if s.Anio == y && s.Umbral != nil {
			ev.Umbral = formato.Pesos(*s.Umbral)
		}
	}
	return ev
}

// EstadoUmbral is "Se cumple", "No se cumple" or, when the operations of the
// year were never loaded, "Datos incompletos: cargue las operaciones de AAAA".
func EstadoUmbral(t reincidencia.Tri, anio int) string {
	switch t {
	case reincidencia.Si:
		return "Se cumple"
	case reincidencia.No:
		return "No se cumple"
	}
	return reincidencia.TextoDatosIncompletos(anio)
}
