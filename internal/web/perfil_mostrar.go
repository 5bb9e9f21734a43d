package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"

	"comite/internal/fecha"
	"comite/internal/formato"
	"comite/internal/graficos"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/valores"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
	"github.com/shopspring/decimal"
)

// perfilMostrar is the profile of one customs user: identification, its
// autorizaciones with their validity today, the committee test for a
// hypothetical grave infraction committed today, the charts of the last five
// reference years, its sanction acts and its operations by year. Every figure
// of the test comes from the core (reincidencia.Evaluar and Serie through the
// store): this handler does no arithmetic of its own.
func (h *handler) perfilMostrar(c echo.Context) error {
	ctx := c.Request().Context()
	u, err := h.usuarioDeRuta(c)
	if err != nil {
		return err
	}
	actos, err := h.d.ActosDeUsuario(ctx, u.NIT)
	if err != nil {
		return err
	}
	ops, err := h.d.OperacionesDeUsuario(ctx, u.NIT)
	if err != nil {
		return err
	}
	hoy := h.hoy()
	ruta := rutaUsuario(u.NIT)
	v := templates.PerfilUsuario{
		NIT: u.NIT, RazonSocial: u.RazonSocial, Tipo: etiquetaTipo(u.Tipo), Seccional: u.DireccionSeccional,
		Actualizado: formato.InstanteTexto(u.ActualizadoEn), Ruta: ruta,
		RegistroVigente: u.RegistroVigente(hoy), PuedeEditar: Puede(cuentaDe(c).Rol, EditarDatos),
	}
	for _, r := range u.Registros {
		hasta := "Indefinida"
		if !r.VigenteHasta.IsZero() {
			hasta = formato.Fecha(r.VigenteHasta)
		}
		v.Registros = append(v.Registros, templates.RegistroFila{
			Clase: etiquetaClase(r.Clase), Numero: r.Numero, Desde: formato.Fecha(r.VigenteDesde), Hasta: hasta,
			Vigente: r.Vigente(hoy), RutaCorregir: ruta + "/registros/" + strconv.FormatInt(r.ID, 10) + "/editar",
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
		firmeza := "Sin firmeza"
		if !a.FechaFirmeza.IsZero() {
			firmeza = formato.Fecha(a.FechaFirmeza)
		}
		v.Actos = append(v.Actos, templates.ActoFila{
			Numero: a.NumeroActo, Expedicion: formato.Fecha(a.FechaExpedicion), Firmeza: firmeza, Infraccion: a.Infraccion,
			Gravedad: mayuscula(a.Gravedad.Etiqueta()), GravedadClave: string(a.Gravedad), Sancion: mayuscula(a.Sancion.Etiqueta()),
			Valor: formato.Pesos(a.Valor), Allanamiento: siNoTexto(a.Allanamiento),
			RutaCorregir: ruta + "/actos/editar?" + url.Values{"numero": {a.NumeroActo}}.Encode(),
		})
	}
	for _, o := range ops {
		f := templates.OperacionFila{Anio: strconv.Itoa(o.Anio), Valor: formato.Pesos(o.Valor), Numero: formato.Entero(o.Numero), Origen: "Total anual"}
		if o.Origen == "declaraciones" {
			f.Origen = "Por declaraciones"
		} else {
			f.RutaCorregir = ruta + "/operaciones/" + strconv.Itoa(o.Anio) + "/editar"
		}
		v.Operaciones = append(v.Operaciones, f)
	}

	var serie []reincidencia.PuntoAnual
	v.Evaluacion, serie = h.evaluacionRapida(ctx, u.NIT, hoy)
	if len(serie) > 0 {
		anios := make([]int, len(serie))
		sumas := make([]decimal.Decimal, len(serie))
		umbrales := make([]decimal.Decimal, len(serie))
		operaciones := make([]decimal.Decimal, len(serie))
		for i, p := range serie {
			anios[i], sumas[i], umbrales[i], operaciones[i] = p.Anio, p.Suma, p.Umbral, p.Operaciones
		}
		g1, err := graficos.SancionesVsUmbral(anios, sumas, umbrales)
		if err != nil {
			return err
		}
		g2, err := graficos.SancionesYOperaciones(anios, sumas, operaciones)
		if err != nil {
			return err
		}
		v.Graficos = append(v.Graficos, g1, g2)
	}
	g3, err := graficos.ActosPorGravedad(leve, grave, gravisima)
	if err != nil {
		return err
	}
	v.Graficos = append(v.Graficos, g3)

	p := h.pagina(c, u.RazonSocial, "usuarios")
	p.Graficos = true
	return h.render(c, http.StatusOK, templates.PerfilPagina(p, v))
}

// evaluacionRapida runs the committee test for a grave infraction committed
// on hoy (reference year hoy − 1) and the same test for the five reference
// years up to it, both through the core with the rule set valores.DL920.
func (h *handler) evaluacionRapida(ctx context.Context, nitUsuario string, hoy fecha.Fecha) (templates.EvaluacionRapida, []reincidencia.PuntoAnual) {
	p := valores.DL920
	ev := templates.EvaluacionRapida{Hoy: formato.Fecha(hoy), MinimoActos: strconv.Itoa(p.MinimoActos), Reglas: p.Nombre}
	nueva := reincidencia.NuevaInfraccion{FechaComision: hoy, FechaVerificacion: hoy, Gravedad: sancion.Grave}
	entrada, r, err := h.d.EvaluarUsuario(ctx, nitUsuario, nueva, reincidencia.AnclajeComision)
	if err != nil {
		h.log.WarnContext(ctx, "evaluación rápida", "nit", nitUsuario, "error", err.Error())
		ev.Error = "No se pudo calcular la evaluación rápida con la fecha de hoy. Los datos del usuario se muestran abajo; avise al administrador si el problema sigue."
		return ev, nil
	}
	y := r.Periodo.Anio
	ev.AnioReferencia = strconv.Itoa(y)
	ev.Desde, ev.Hasta = formato.Fecha(r.Periodo.Desde), formato.Fecha(r.Periodo.Hasta)
	ev.S, ev.O, ev.N = formato.Pesos(r.Suma), formato.Pesos(r.TotalOperaciones), formato.Entero(r.NumeroOperaciones)
	ev.Participacion = "Sin operaciones"
	if r.Participacion != nil {
		ev.Participacion = formato.Porcentaje(*r.Participacion, 4)
	}
	ev.NumeroActos = strconv.Itoa(r.NumeroActos)
	ev.CumpleMinimo, ev.CumpleUmbral = r.Requisitos.MinimoTresActos, r.Requisitos.UmbralCeroCinco
	ev.RegistroVigente, ev.Procede = r.Requisitos.RegistroVigente, r.ProcedeComite
	for _, a := range r.Alertas {
		switch a {
		case reincidencia.SinOperaciones:
			ev.Alertas = append(ev.Alertas, "Sin operaciones en "+ev.AnioReferencia+": con cualquier sanción el umbral se tiene por cumplido.")
		case reincidencia.AnclajeDifiere:
			ev.Alertas = append(ev.Alertas, "El año de referencia cambia según se ancle en la comisión o en la verificación.")
		}
	}
	serie, err := reincidencia.Serie(entrada, p, y-4, y)
	if err != nil {
		h.log.WarnContext(ctx, "serie de la evaluación", "nit", nitUsuario, "error", err.Error())
		return ev, nil
	}
	for _, s := range serie {
		part := "—"
		if s.Participacion != nil {
			part = formato.Porcentaje(*s.Participacion, 4)
		}
		ev.Serie = append(ev.Serie, templates.PuntoSerie{
			Anio: strconv.Itoa(s.Anio), NumeroActos: strconv.Itoa(s.NumeroActos), CumpleMinimo: s.CumpleMinimo,
			Suma: formato.Pesos(s.Suma), Operaciones: formato.Pesos(s.Operaciones), Umbral: formato.Pesos(s.Umbral),
			Participacion: part, CumpleUmbral: s.CumpleUmbral,
		})
		if s.Anio == y {
			ev.Umbral = formato.Pesos(s.Umbral)
		}
	}
	return ev, serie
}

func siNoTexto(b bool) string {
	if b {
		return "Sí"
	}
	return "No"
}
