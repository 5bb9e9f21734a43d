package web

import (
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/etiquetas"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/liquidacion"
	"comite/internal/normas"
	"comite/internal/permisos"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// datosHistoria is what the page reads from the query (or the adjustment form).
type datosHistoria struct {
	infraccion string
	regimen    liquidacion.Regimen
	fecha      string
	errores    templates.Errores
	// provisional: the date is the verification's, no REA date yet.
	provisional bool
}

// leerDatosHistoria: without a date in the query, the liquidation date is
// the one whose year gives the UVT of the sanction proposed in the REA: the
// REA date, else the verification date, and then it is provisional
// (reincidencia.FechaUVTIncremento, the rule the REA proposal follows too).
func (h *handler) leerDatosHistoria(c echo.Context, caso dominio.Caso) datosHistoria {
	d := datosHistoria{
		infraccion: strings.TrimSpace(c.FormValue("infraccion")),
		regimen:    liquidacion.Regimen(c.FormValue("regimen")),
		fecha:      strings.TrimSpace(c.FormValue("fecha")),
		errores:    templates.Errores{},
	}
	if d.regimen == "" {
		d.regimen = liquidacion.Aduanero
	}
	valido := false
	for _, r := range liquidacion.Regimenes {
		valido = valido || r == d.regimen
	}
	if !valido {
		d.errores["regimen"] = "Elija un régimen de la lista."
		d.regimen = liquidacion.Aduanero
	}
	if utf8.RuneCountInString(d.infraccion) > 60 {
		d.errores["infraccion"] = "Use como máximo 60 caracteres."
		d.infraccion = ""
	}
	if d.fecha == "" {
		f, prov := reincidencia.FechaUVTIncremento(reincidencia.NuevaInfraccion{FechaVerificacion: caso.FechaVerificacion, FechaRequerimiento: caso.FechaRequerimiento})
		d.fecha, d.provisional = formato.Fecha(f), prov
	}
	return d
}

func anteriores(actos []dominio.ActoSancion) []liquidacion.ActoAnterior {
	out := make([]liquidacion.ActoAnterior, len(actos))
	for i, a := range actos {
		out[i] = liquidacion.ActoAnterior{Numero: a.NumeroActo, Infraccion: a.Infraccion, Gravedad: a.Gravedad, Sancion: a.Sancion,
			FechaExpedicion: a.FechaExpedicion, FechaFirmeza: a.FechaFirmeza, Allanamiento: a.Allanamiento}
	}
	return out
}

// historiaCaso reads the user's acts and the recorded adjustments, and
// counts (liquidacion.CuentasDeHistoria); the adjustments in force (the
// latest of each count for this infraction) replace the counts.
func (h *handler) historiaCaso(c echo.Context, caso dominio.Caso, d datosHistoria) (liquidacion.Historia, liquidacion.HechosCaso, map[string]db.AjusteCuenta, []db.AjusteCuenta, error) {
	ctx := c.Request().Context()
	hechos := liquidacion.HechosCaso{Infraccion: d.infraccion, FechaComision: caso.FechaComision, FechaRequerimiento: caso.FechaRequerimiento}
	if f, msg := leerFechaFormulario(d.fecha); msg != "" {
		d.errores["fecha"] = msg
	} else if f.IsZero() {
		d.errores["fecha"] = "Escriba la fecha de la liquidación (DD/MM/AAAA)."
	} else {
		hechos.FechaLiquidacion = f
	}
	actos, err := h.d.ActosDeUsuario(ctx, caso.NIT)
	if err != nil {
		return liquidacion.Historia{}, hechos, nil, nil, err
	}
	hist := liquidacion.CuentasDeHistoria(hechos, anteriores(actos))
	ajustes, err := h.d.AjustesCuentaLiquidacion(ctx, caso)
	if err != nil {
		return hist, hechos, nil, nil, err
	}
	vigentes := map[string]db.AjusteCuenta{}
	for _, a := range ajustes {
		if a.Cuenta == liquidacion.CuentaAntecedentes57 || mismaInfraccion(a.Infraccion, d.infraccion) {
			vigentes[a.Cuenta] = a
			hist.Ajustar(a.Cuenta, a.Valor)
		}
	}
	return hist, hechos, vigentes, ajustes, nil
}

func mismaInfraccion(a, b string) bool {
	n := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), "")) }
	return n(a) != "" && n(a) == n(b)
}

// casoLiquidacion shows the liquidation of a case prefilled from its
// history. It changes nothing (GET).
func (h *handler) casoLiquidacion(c echo.Context) error {
	caso, err := h.cargarCaso(c)
	if err != nil {
		return err
	}
	d := h.leerDatosHistoria(c, caso)
	v, err := h.vistaLiquidacionCaso(c, caso, d)
	if err != nil {
		return err
	}
	if c.QueryParam("ajustado") == "1" {
		v.Aviso = avisos["ajuste_registrado"]
	}
	estado := http.StatusOK
	if len(v.Errores) > 0 {
		estado = http.StatusUnprocessableEntity
	}
	return h.render(c, estado, templates.LiquidacionCasoPagina(h.pagina(c, "Liquidación del caso "+caso.Numero, "casos"), v))
}

var titulosCuenta = map[string]string{
	liquidacion.CuentaAmonestaciones:   "Amonestaciones previas (DL 920, art. 22 num. 4)",
	liquidacion.CuentaTerceraVez:       "Misma infracción, tercera vez (DL 920, art. 22 num. 3)",
	liquidacion.CuentaAmonestacionesZF: "Zona franca: amonestaciones previas",
	liquidacion.CuentaReincidenciasZF:  "Zona franca: reincidencias previas",
	liquidacion.CuentaAntecedentes57:   "Criterio 5.7: antecedentes graves o gravísimos",
}

// vistaLiquidacionCaso builds the page: the counts, the adjustments, and the
// liquidation of the case's sanction with the counts the régimen uses, the
// Comité's increment when the concepto in force ordered it, and the rule set
// stored with the evaluation.
func (h *handler) vistaLiquidacionCaso(c echo.Context, caso dominio.Caso, d datosHistoria) (templates.LiquidacionCaso, error) {
	ctx := c.Request().Context()
	v := templates.LiquidacionCaso{CasoID: caso.ID, Numero: caso.Numero, NIT: caso.NIT, RazonSocial: caso.RazonSocial,
		Infraccion: d.infraccion, Fecha: d.fecha, Errores: d.errores}
	v.Regimenes = templates.OpcionesRegimen(d.regimen)
	hist, hechos, vigentes, ajustes, err := h.historiaCaso(c, caso, d)
	if err != nil {
		return v, err
	}
	for _, nombre := range liquidacion.Cuentas {
		cu := hist.Cuentas[nombre]
		cv := templates.CuentaHistoria{Nombre: nombre, Titulo: cu.Titulo, Fundamento: normas.De(cu.Regla).Referencia(), Valor: cu.ValorTexto(), Ancla: cu.Ventana.Ancla}
		if !cu.Ventana.Desde.IsZero() {
			cv.Ventana = cu.Ventana.Texto()
		} else {
			cv.Ventana = "sin determinar"
		}
		if a, ok := vigentes[nombre]; ok {
			cv.Ajuste = "Ajustada a " + strconv.Itoa(a.Valor) + " por " + a.Por + " el " + formato.InstanteTexto(a.En) + ". Razón: " + a.Razon
		}
		for _, a := range cu.Actos {
			cv.Actos = append(cv.Actos, templates.ActoHistoriaDe(a, ""))
		}
		for _, a := range cu.Fuera {
			cv.Fuera = append(cv.Fuera, templates.ActoHistoriaDe(a.Acto, a.Motivo))
		}
		v.Cuentas = append(v.Cuentas, cv)
	}
	for i := len(ajustes) - 1; i >= 0; i-- { // newest first
		a := ajustes[i]
		calc := "sin determinar"
		if a.Calculada != nil {
			calc = strconv.Itoa(*a.Calculada)
		}
		inf := a.Infraccion
		if inf == "" {
			inf = "—"
		}
		v.Ajustes = append(v.Ajustes, templates.AjusteVista{Cuenta: titulosCuenta[a.Cuenta], Infraccion: inf, Calculada: calc, Valor: strconv.Itoa(a.Valor), Razon: a.Razon, Por: a.Por, En: formato.InstanteTexto(a.En)})
	}
	cu := cuentaDe(c)
	v.PuedeAjustar = cu != nil && permisos.Puede(cu.Rol, permisos.AjustarCuentaCaso) && !caso.Estado.Final()
	for _, n := range liquidacion.Cuentas {
		v.OpcionesCuenta = append(v.OpcionesCuenta, templates.Opcion{Valor: n, Texto: titulosCuenta[n]})
	}

	// The liquidation of the case's own sanction.
	s := liquidacion.Solicitud{Regimen: d.regimen, FechaLiquidacion: hechos.FechaLiquidacion, FechaHechos: caso.FechaComision,
		Infracciones: []liquidacion.Infraccion{{Codigo: d.infraccion, Sancion: caso.Sancion}}}
	if caso.Sancion == sancion.Multa {
		valor := caso.SancionPrevista
		s.Infracciones[0].ValorCOP = &valor
	}
	nota := []string{"Sanción prevista del caso: " + caso.Sancion.Etiqueta()}
	if caso.Sancion == sancion.Multa {
		nota[0] += " de " + formato.Pesos(caso.SancionPrevista)
	}
	if ev, err := h.d.UltimaEvaluacion(ctx, caso.ID); err == nil && ev.ConjuntoReglas != "" {
		s.Conjunto = ev.ConjuntoReglas
		nota = append(nota, "conjunto de reglas de la evaluación guardada: "+ev.ConjuntoReglas)
	}
	if cs, err := h.d.Conceptos(ctx, caso.ID); err != nil {
		return v, err
	} else if len(cs) > 0 {
		dec := cs[len(cs)-1].Concepto.Decision
		s.IncrementoComite = dec == flujo.DecisionMultaIncrementada && !caso.PermiteCancelacion && d.regimen != liquidacion.ZonaFranca
		nota = append(nota, "concepto del Comité en vigor: «"+etiquetas.Decision(string(dec))+"»")
	}
	if d.provisional {
		nota = append(nota, "fecha de la liquidación: la de la verificación de los hechos, sin requerimiento especial aduanero todavía ("+strings.TrimSuffix(strings.ToLower(reincidencia.TextoProvisional[:1])+reincidencia.TextoProvisional[1:], ".")+")")
	}
	v.Nota = strings.Join(nota, "; ") + "."
	pre := hist.Prefijar(d.regimen)
	var faltan []string
	if pre.AmonestacionesPrevias == nil {
		faltan = append(faltan, "amonestaciones previas")
	} else {
		s.AmonestacionesPrevias = *pre.AmonestacionesPrevias
	}
	if d.regimen == liquidacion.ZonaFranca {
		if pre.ReincidenciasPrevias == nil {
			faltan = append(faltan, "reincidencias previas")
		} else {
			s.ReincidenciasPrevias = *pre.ReincidenciasPrevias
		}
	}
	if len(faltan) > 0 {
		v.Pendiente = "No se liquida todavía: falta determinar " + strings.Join(faltan, " y ") + " (indique el código de la infracción del caso o ajuste la cuenta). Una cuenta desconocida no se toma como cero."
	}
	if v.Pendiente == "" && len(v.Errores) == 0 {
		l, err := liquidacion.Liquidar(s, h.d.Referencia())
		var es *liquidacion.ErrSolicitud
		switch {
		case errors.As(err, &es):
			v.Errores["general"] = formato.MayusculaInicial(strings.Join(es.Problemas, "; ")) + "."
		case err != nil:
			return v, err
		default:
			r := templates.ResultadoLiquidacionDe(l)
			v.Resultado = &r
		}
	}
	q := url.Values{"regimen": {string(d.regimen)}, "fecha": {d.fecha}, "codigo_1": {d.infraccion}, "sancion_1": {string(caso.Sancion)}}
	if caso.Sancion == sancion.Multa {
		q.Set("valor_1", formato.Exacto(caso.SancionPrevista))
		q.Set("unidad_1", "cop")
	}
	if pre.AmonestacionesPrevias != nil {
		q.Set("amonestaciones_previas", strconv.Itoa(*pre.AmonestacionesPrevias))
	}
	if pre.ReincidenciasPrevias != nil {
		q.Set("reincidencias_previas", strconv.Itoa(*pre.ReincidenciasPrevias))
	}
	if s.IncrementoComite {
		q.Set("incremento_comite", "si")
	}
	v.Calculadora = urls.Liquidacion + "?" + q.Encode()
	if v.Resultado != nil {
		// The same inputs in the calculator give the same liquidation: its
		// PDF is this result's, with its steps and citations.
		v.Resultado.PDF = urls.LiquidacionPDF + "?" + q.Encode()
	}
	return v, nil
}
