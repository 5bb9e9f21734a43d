package web

import (
	"errors"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"comite/internal/entrada"
	"comite/internal/etiquetas"
	"comite/internal/formato"
	"comite/internal/liquidacion"
	"comite/internal/sancion"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// filasLiquidacion is how many infraction rows the calculator offers.
const filasLiquidacion = 5

// liquidacionCalcular is the liquidation calculator. It is a GET with the
// data in the query string: it changes nothing, and a result can be
// bookmarked or shared. The computation is liquidacion.Liquidar with the
// application's reference values, db.(*DB).Referencia (the rule set is chosen by the
// date); this handler only reads the form and shows the steps.
func (h *handler) liquidacionCalcular(c echo.Context) error {
	q := c.QueryParams()
	enviado := q.Has("regimen")
	f := templates.FormLiquidacion{
		Fecha: strings.TrimSpace(q.Get("fecha")), MismaDeclaracion: q.Get("misma_declaracion") == "si",
		AmonPrevias: strings.TrimSpace(q.Get("amonestaciones_previas")), ReincPrevias: strings.TrimSpace(q.Get("reincidencias_previas")),
		IncrementoComite: q.Get("incremento_comite") == "si", TerceraVez: q.Get("tercera_vez") == "si", Articulo72: q.Get("articulo_72") == "si",
		Ingresos: strings.TrimSpace(q.Get("ingresos_brutos")), Errores: templates.Errores{},
	}
	regimen := liquidacion.Regimen(q.Get("regimen"))
	if !enviado {
		regimen, f.Fecha = liquidacion.Aduanero, formato.Fecha(h.d.Hoy())
	}
	f.Regimenes = templates.OpcionesRegimen(regimen)
	etapa := liquidacion.Etapa(q.Get("etapa"))
	f.Etapas = []templates.Opcion{{Valor: "", Texto: "Sin allanamiento", Seleccionada: etapa == ""}}
	for _, e := range liquidacion.Etapas {
		f.Etapas = append(f.Etapas, templates.Opcion{Valor: string(e), Texto: etiquetas.Etapa(e), Seleccionada: e == etapa})
	}
	marcadas := map[string]bool{}
	for _, r := range q["reducciones"] {
		marcadas[r] = true
	}
	for _, r := range liquidacion.Reducciones {
		f.Reducciones = append(f.Reducciones, templates.Casilla{Valor: string(r), Texto: etiquetas.Reduccion(r), Marcada: marcadas[string(r)]})
	}

	s := liquidacion.Solicitud{Regimen: regimen, MismaDeclaracion: f.MismaDeclaracion, IncrementoComite: f.IncrementoComite}
	// indices[i] is the form row (0-based) of s.Infracciones[i].
	var indices []int
	for i := 0; i < filasLiquidacion; i++ {
		n := strconv.Itoa(i + 1)
		fila := templates.FilaInfraccion{N: n, Codigo: strings.TrimSpace(q.Get("codigo_" + n)), Valor: strings.TrimSpace(q.Get("valor_" + n)),
			AmonPrevias: strings.TrimSpace(q.Get("amonestaciones_previas_" + n)), ReincPrevias: strings.TrimSpace(q.Get("reincidencias_previas_" + n))}
		tipo, unidad := q.Get("sancion_"+n), q.Get("unidad_"+n)
		if !enviado && i == 0 {
			tipo = string(sancion.Multa)
		}
		fila.Sanciones = []templates.Opcion{{Valor: "", Texto: "— sin infracción —", Seleccionada: tipo == ""}}
		for _, t := range sancion.Tipos() {
			fila.Sanciones = append(fila.Sanciones, templates.Opcion{Valor: string(t), Texto: formato.MayusculaInicial(t.Etiqueta()), Seleccionada: string(t) == tipo})
		}
		fila.Unidades = []templates.Opcion{{Valor: "cop", Texto: "Pesos", Seleccionada: unidad != "uvt"}, {Valor: "uvt", Texto: "UVT", Seleccionada: unidad == "uvt"}}
		if enviado && tipo != "" {
			inf := liquidacion.Infraccion{Codigo: fila.Codigo}
			if t, err := entrada.ParseSancion(tipo); err != nil {
				fila.ErrSancion = formato.MayusculaInicial(err.Error()) + "."
			} else {
				inf.Sancion = t
			}
			if fila.Valor != "" {
				if v, err := entrada.ParseMontoExacto(fila.Valor); err != nil {
					fila.ErrValor = formato.MayusculaInicial(err.Error()) + "."
				} else if unidad == "uvt" {
					inf.ValorUVT = &v
				} else {
					inf.ValorCOP = &v
				}
			}
			inf.AmonestacionesPrevias = conteoPropio(&fila, "amonestaciones previas", fila.AmonPrevias)
			inf.ReincidenciasPrevias = conteoPropio(&fila, "reincidencias previas", fila.ReincPrevias)
			if fila.ErrSancion == "" && fila.ErrValor == "" && fila.ErrCuentas == "" {
				s.Infracciones = append(s.Infracciones, inf)
				indices = append(indices, i)
			} else {
				f.Errores["infracciones"] = "Revise las infracciones marcadas."
			}
		} else if enviado && (fila.Valor != "" || fila.Codigo != "" || fila.AmonPrevias != "" || fila.ReincPrevias != "") {
			fila.ErrSancion = "Elija la sanción de esta infracción, o borre su código y valor."
			f.Errores["infracciones"] = "Revise las infracciones marcadas."
		}
		f.Filas = append(f.Filas, fila)
	}
	v := templates.Liquidacion{}
	if !enviado {
		if c.Path() == urls.LiquidacionPDF {
			return redirigir(c, urls.Liquidacion)
		}
		v.Form = f
		return h.render(c, http.StatusOK, templates.LiquidacionPagina(h.pagina(c, "Liquidación", "liquidacion"), v))
	}

	if f.Fecha == "" {
		f.Errores["fecha"] = "Escriba la fecha de la liquidación (DD/MM/AAAA)."
	} else if fe, msg := leerFechaFormulario(f.Fecha); msg != "" {
		f.Errores["fecha"] = msg
	} else {
		s.FechaLiquidacion = fe
	}
	s.AmonestacionesPrevias = leerConteo(f.Errores, "amonestaciones_previas", f.AmonPrevias)
	s.ReincidenciasPrevias = leerConteo(f.Errores, "reincidencias_previas", f.ReincPrevias)
	for _, r := range q["reducciones"] {
		s.Reducciones = append(s.Reducciones, liquidacion.Reduccion(r))
	}
	if etapa != "" {
		s.Allanamiento = &liquidacion.Allanamiento{Etapa: etapa, TerceraVez: f.TerceraVez, Articulo72: f.Articulo72}
	} else if f.TerceraVez || f.Articulo72 {
		f.Errores["etapa"] = "Elija la etapa del allanamiento, o desmarque «tercera vez» y «artículo 72»."
	}
	if f.Ingresos != "" {
		if v, err := entrada.ParseMonto(f.Ingresos); err != nil {
			f.Errores["ingresos_brutos"] = formato.MayusculaInicial(err.Error()) + "."
		} else {
			s.IngresosBrutos = &v
		}
	}

	if len(f.Errores) == 0 {
		l, err := liquidacion.Liquidar(s, h.d.Referencia())
		var es *liquidacion.ErrSolicitud
		switch {
		case errors.As(err, &es):
			erroresSolicitud(&f, es, indices)
		case err != nil:
			return err
		default:
			r := templates.ResultadoLiquidacionDe(l)
			if c.Path() == urls.LiquidacionPDF {
				return h.liquidacionPDF(c, l, r)
			}
			r.PDF = urls.LiquidacionPDF + "?" + c.Request().URL.RawQuery
			v.Resultado = &r
		}
	}
	v.Form = f
	estado := http.StatusOK
	if len(f.Errores) > 0 {
		estado = http.StatusUnprocessableEntity
	}
	return h.render(c, estado, templates.LiquidacionPagina(h.pagina(c, "Liquidación", "liquidacion"), v))
}

// leerConteo reads a whole number, zero or positive (empty = 0).
func leerConteo(errs templates.Errores, campo, valor string) int {
	if valor == "" {
		return 0
	}
	n, err := entrada.ParseEntero(valor)
	if err != nil {
		errs[campo] = formato.MayusculaInicial(err.Error()) + "."
		return 0
	}
	if n > 1000 {
		errs[campo] = "Escriba un número entre 0 y 1.000."
		return 0
	}
	return int(n)
}

// conteoPropio reads an infraction's own count: empty is nil (the general
// count applies); otherwise a whole number from 0 to 1.000.
func conteoPropio(fila *templates.FilaInfraccion, nombre, valor string) *int {
	if valor == "" {
		return nil
	}
	n, err := entrada.ParseEntero(valor)
	switch {
	case err != nil:
		fila.ErrCuentas = formato.MayusculaInicial(nombre) + ": " + err.Error() + "."
		return nil
	case n < 0 || n > 1000:
		fila.ErrCuentas = formato.MayusculaInicial(nombre) + ": escriba un número entre 0 y 1.000."
		return nil
	}
	v := int(n)
	return &v
}

var campoInfraccion = regexp.MustCompile(`^infracciones\[(\d+)\]\.(\w+)$`)

// referenciasContrato are the mentions of other fields inside the core's
// messages (written for the JSON contract), e.g. «reducciones[0]».
var referenciasContrato = regexp.MustCompile(`\s*\((?:reducciones|infracciones)\[\d+\] y (?:reducciones|infracciones)\[\d+\]\)`)

// paraPersonas rewrites a message of the core, which names the JSON
// contract's fields and codes, in the words of the form: a person never
// reads «valor_cop» or «antes_requerimiento».
func paraPersonas(msg string) string {
	msg = referenciasContrato.ReplaceAllString(msg, "")
	pares := []string{
		"dé valor_cop o valor_uvt", "escriba el valor en pesos o en UVT",
		"ya tiene valor_cop", "ya tiene el valor en pesos",
		"allanamiento.etapa ", "el allanamiento ",
	}
	for _, e := range liquidacion.Etapas {
		pares = append(pares, string(e), "«"+etiquetas.Etapa(e)+"»")
	}
	for _, r := range liquidacion.Reducciones {
		pares = append(pares, string(r), "«"+etiquetas.Reduccion(r)+"»")
	}
	return strings.NewReplacer(pares...).Replace(msg)
}

// erroresSolicitud puts each problem of the core's validation beside the
// form field it names (the core names fields as the JSON contract does).
func erroresSolicitud(f *templates.FormLiquidacion, es *liquidacion.ErrSolicitud, indices []int) {
	for _, p := range es.Problemas {
		campo, msg, ok := strings.Cut(p, ": ")
		if !ok {
			campo, msg = "", p
		}
		msg = formato.MayusculaInicial(paraPersonas(msg)) + "."
		if m := campoInfraccion.FindStringSubmatch(campo); m != nil {
			i, _ := strconv.Atoi(m[1])
			if i < len(indices) {
				fila := &f.Filas[indices[i]]
				switch m[2] {
				case "sancion":
					fila.ErrSancion = msg
				case "amonestaciones_previas", "reincidencias_previas":
					fila.ErrCuentas = msg
				default:
					fila.ErrValor = msg
				}
				f.Errores["infracciones"] = "Revise las infracciones marcadas."
				continue
			}
		}
		switch {
		case campo == "regimen":
			f.Errores["regimen"] = msg
		case campo == "fecha_liquidacion":
			f.Errores["fecha"] = msg
		case campo == "infracciones":
			f.Errores["infracciones"] = msg
		case campo == "amonestaciones_previas", campo == "reincidencias_previas", campo == "incremento_comite":
			f.Errores[campo] = msg
		case strings.HasPrefix(campo, "reducciones"):
			f.Errores["reducciones"] = msg
		case strings.HasPrefix(campo, "allanamiento"):
			f.Errores["etapa"] = msg
		case campo == "ingresos_brutos_cop":
			f.Errores["ingresos_brutos"] = msg
		default:
			f.Errores["general"] = formato.MayusculaInicial(paraPersonas(p)) + "."
		}
	}
}
