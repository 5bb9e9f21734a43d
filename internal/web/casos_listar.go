package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"comite/internal/db"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/permisos"
	"comite/internal/plazos"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/labstack/echo/v4"
)

// casosListar is the list of cases as a working tool: search by NIT, razón
// social or case number (without accents or case), filters, sortable
// columns and pages (never a silent cut), with the same query exported as
// CSV or XLSX. A seccional account sees only its own Dirección Seccional's.
func (h *handler) casosListar(c echo.Context) error {
	ctx := c.Request().Context()
	cu := cuentaDe(c)
	q, v := consultaLista(c)
	l, err := h.listaCasos(ctx, q)
	if err != nil {
		return err
	}
	res := l.res
	if err := h.opcionesLista(c, &v, q); err != nil {
		return err
	}
	if cu.Rol == permisos.RolSeccional {
		v.Seccional = h.nombreSeccional(ctx, cu.DireccionSeccional)
	}
	v.PuedeReportar = permisos.Puede(cu.Rol, permisos.ReportarCaso)
	v.PuedeExportar = permisos.Puede(cu.Rol, permisos.ExportarCasos)
	v.Filas = l.filas
	paginar(&v, res, c.QueryParams())
	return h.render(c, http.StatusOK, templates.ListaCasosPagina(h.pagina(c, "Casos", "casos"), v))
}

// listaCalculada is one page of the list as the store found it and in words.
type listaCalculada struct {
	res   db.ResultadoCasos
	filas []templates.ListaCasoFila
}

// claveListaCasos is one page of the list, for one search (db.ConsultaCasos,
// the account's limit by Dirección Seccional included) on one day (the
// lights count from today). It follows the general data version (DeTodo):
// a case reported, moved or evaluated, a non-business day or an internal
// term moves it, so a page is never shown as it was before a write. Pages
// are per object: at most a few hundred are kept, the least used leaving.
type claveListaCasos struct {
	texto, seccional, elegida, estado, ruta, resultado string
	desde, hasta, orden, hoy                           string
	ascendente, exportar                               bool
	pagina, porPagina                                  int
}

func (claveListaCasos) DeTodo()    {}
func (claveListaCasos) PorObjeto() {}

// listaCasos is the page of the list for q (db.BuscarCasos, with the lights
// and words of filasLista), built once per general data version: the list
// is asked on every visit and a case's row reads several tables.
func (h *handler) listaCasos(ctx context.Context, q db.ConsultaCasos) (listaCalculada, error) {
	k := claveListaCasos{texto: q.Texto, seccional: q.Seccional, elegida: q.Elegida, estado: string(q.Estado), ruta: q.Ruta, resultado: q.Resultado,
		desde: q.Desde.String(), hasta: q.Hasta.String(), orden: q.Orden, hoy: h.d.Hoy().String(),
		ascendente: q.Ascendente, exportar: q.Exportar, pagina: q.Pagina, porPagina: q.PorPagina}
	x, err := h.memo.ObtenerEnTurno(ctx, k, func(ctx context.Context) (any, error) {
		res, err := h.d.BuscarCasos(ctx, q)
		if err != nil {
			return nil, err
		}
		filas, err := h.filasLista(ctx, res.Filas)
		if err != nil {
			return nil, err
		}
		return listaCalculada{res: res, filas: filas}, nil
	})
	if err != nil {
		return listaCalculada{}, err
	}
	return x.(listaCalculada), nil
}

// rutasCaso and resultadosCaso are the options of two filters.
var (
	rutasCaso = []templates.Opcion{
		{Valor: "", Texto: "Todas"},
		{Valor: string(flujo.DecisionCancelacion), Texto: flujo.DecisionCancelacion.Etiqueta()},
		{Valor: string(flujo.DecisionMultaIncrementada), Texto: flujo.DecisionMultaIncrementada.Etiqueta()},
		{Valor: string(flujo.DecisionVistoBuenoCancelacion), Texto: flujo.DecisionVistoBuenoCancelacion.Etiqueta()},
		{Valor: string(flujo.DecisionSinVistoBueno), Texto: flujo.DecisionSinVistoBueno.Etiqueta()},
		{Valor: "sin_concepto", Texto: "Sin concepto del Comité"},
	}
	resultadosCaso = []templates.Opcion{
		{Valor: "", Texto: "Todos"},
		{Valor: "procede", Texto: "Procede el Comité (art. 25)"},
		{Valor: "no_procede", Texto: "No procede"},
		{Valor: "incompletos", Texto: "Datos incompletos"},
	}
	columnasLista = []struct{ clave, texto string }{
		{"numero", "Caso"}, {"usuario", "Usuario aduanero"}, {"seccional", "Dirección Seccional"}, {"estado", "Estado"},
		{"reporte", "Reportado"}, {"vence", "Plazo legal del reporte"},
	}
)

const maxTextoBusqueda = 100

// consultaLista reads the query string into a search: a value outside its
// options is ignored and said, never an error page; the account's limit
// by Dirección Seccional always applies.
func consultaLista(c echo.Context) (db.ConsultaCasos, templates.ListaCasos) {
	cu := cuentaDe(c)
	q := db.ConsultaCasos{Seccional: FiltroSeccional(cu)}
	var v templates.ListaCasos
	texto := strings.TrimSpace(c.QueryParam("q"))
	if utf8.RuneCountInString(texto) > maxTextoBusqueda || strings.ContainsFunc(texto, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		v.Avisos = append(v.Avisos, "La búsqueda admite hasta 100 caracteres, sin caracteres de control; se ignoró.")
		texto = ""
	}
	q.Texto, v.Texto = texto, texto
	if cu.Rol != permisos.RolSeccional {
		q.Elegida = strings.TrimSpace(c.QueryParam("seccional"))
	}
	if e := flujo.Estado(c.QueryParam("estado")); e != "" {
		for _, x := range flujo.Estados {
			if x == e {
				q.Estado = e
			}
		}
	}
	for _, o := range rutasCaso {
		if o.Valor == c.QueryParam("ruta") {
			q.Ruta = o.Valor
		}
	}
	for _, o := range resultadosCaso {
		if o.Valor == c.QueryParam("resultado") {
			q.Resultado = o.Valor
		}
	}
	leerFecha := func(campo, nombre string) (fecha.Fecha, string) {
		s := strings.TrimSpace(c.QueryParam(campo))
		if s == "" {
			return fecha.Fecha{}, ""
		}
		f, msg := leerFechaFormulario(s)
		if msg != "" {
			v.Avisos = append(v.Avisos, "Filtro «"+nombre+"»: "+msg+" Se ignoró.")
			return fecha.Fecha{}, s
		}
		return f, f.DMA() // shown as typed in Colombia, whatever the link carried
	}
	q.Desde, v.Desde = leerFecha("desde", "reportado desde")
	q.Hasta, v.Hasta = leerFecha("hasta", "reportado hasta")
	if !q.Desde.IsZero() && !q.Hasta.IsZero() && q.Desde.Despues(q.Hasta) {
		v.RangoInvertido = "La fecha inicial (" + formato.Fecha(q.Desde) + ") es posterior a la final (" + formato.Fecha(q.Hasta) + "): ningún caso cabe en ese rango. Invierta las fechas."
	}
	q.Orden = "reporte"
	for _, col := range db.OrdenesCasos {
		if col == c.QueryParam("orden") {
			q.Orden = col
		}
	}
	q.Ascendente = c.QueryParam("dir") == "asc"
	q.Pagina, _ = strconv.Atoi(c.QueryParam("pagina"))
	if q.Pagina < 1 || q.Pagina > 1_000_000 {
		q.Pagina = 1
	}
	v.Orden, v.Ascendente = q.Orden, q.Ascendente
	return q, v
}

// opcionesLista fills the options of the filters with the chosen ones marked.
func (h *handler) opcionesLista(c echo.Context, v *templates.ListaCasos, q db.ConsultaCasos) error {
	v.Estados = []templates.Opcion{{Valor: "", Texto: "Todos", Seleccionada: q.Estado == ""}}
	for _, e := range flujo.Estados {
		v.Estados = append(v.Estados, templates.Opcion{Valor: string(e), Texto: e.Etiqueta(), Seleccionada: e == q.Estado})
	}
	marcar := func(os []templates.Opcion, valor string) []templates.Opcion {
		out := make([]templates.Opcion, len(os))
		for i, o := range os {
			o.Seleccionada = o.Valor == valor
			out[i] = o
		}
		return out
	}
	v.Rutas, v.Resultados = marcar(rutasCaso, q.Ruta), marcar(resultadosCaso, q.Resultado)
	if v.Seccional == "" {
		secs, err := h.d.SeccionalesDeCasos(c.Request().Context())
		if err != nil {
			return err
		}
		cat, err := h.memo.Catalogo(c.Request().Context())
		if err != nil {
			return err
		}
		v.Seccionales = []templates.Opcion{{Valor: "", Texto: "Todas", Seleccionada: q.Elegida == ""}}
		for _, s := range secs {
			v.Seccionales = append(v.Seccionales, templates.Opcion{Valor: s, Texto: db.NombreSeccional(cat, s), Seleccionada: s == q.Elegida})
		}
	}
	base := c.QueryParams()
	for _, col := range columnasLista {
		asc := true
		orden := ""
		if q.Orden == col.clave {
			asc = !q.Ascendente
			orden = "descending"
			if q.Ascendente {
				orden = "ascending"
			}
		}
		p := copiarValores(base)
		p.Set("orden", col.clave)
		p.Set("dir", map[bool]string{true: "asc", false: "desc"}[asc])
		p.Del("pagina")
		v.Columnas = append(v.Columnas, templates.ColumnaOrdenable{Clave: col.clave, Texto: col.texto, Ruta: urls.Casos + "?" + p.Encode(), AriaSort: orden})
	}
	exp := copiarValores(base)
	exp.Del("pagina")
	v.ExportarCSV = urls.CasosCSV + "?" + exp.Encode()
	v.ExportarXLSX = urls.CasosXLSX + "?" + exp.Encode()
	return nil
}

// filaLista is what one case of the list shows and exports, in words.
type filaLista struct {
	caso                         db.FilaCaso
	reporte, plazo, vence, etapa string
	semaforoLegal, semaforoEtapa templates.Semaforo
	resultado, ruta, estado      string
}

func (h *handler) filasLista(ctx context.Context, fs []db.FilaCaso) ([]templates.ListaCasoFila, error) {
	ls, err := h.lineasLista(ctx, fs)
	if err != nil {
		return nil, err
	}
	out := make([]templates.ListaCasoFila, len(ls))
	for i, l := range ls {
		k := l.caso
		out[i] = templates.ListaCasoFila{
			Numero: k.Numero, Ruta: urls.Caso(k.ID), Usuario: k.RazonSocial, NIT: k.NIT, Seccional: k.DireccionSeccional,
			Estado: l.estado, EstadoClave: string(k.Estado), FechaReporte: l.reporte, Plazo: l.plazo, SemaforoLegal: l.semaforoLegal,
			Vence: l.vence, Etapa: l.etapa, Semaforo: l.semaforoEtapa, Resultado: l.resultado, Decision: l.ruta,
		}
	}
	return out, nil
}

// lineasLista computes, for each case, the lights of its legal report term
// and of its current stage's internal term (plazos.Decidir for both).
func (h *handler) lineasLista(ctx context.Context, fs []db.FilaCaso) ([]filaLista, error) {
	cal, err := h.calendarioCasos(ctx)
	if err != nil {
		return nil, err
	}
	dias, err := h.x.DiasPorEtapa(ctx)
	if err != nil {
		return nil, err
	}
	cat, err := h.memo.Catalogo(ctx)
	if err != nil {
		return nil, err
	}
	hoy := h.d.Hoy()
	out := make([]filaLista, len(fs))
	for i, k := range fs {
		k.DireccionSeccional = db.NombreSeccional(cat, k.DireccionSeccional)
		l := filaLista{caso: k, estado: k.Estado.Etiqueta(), reporte: formato.Fecha(k.FechaReporte), plazo: "Desconocido"}
		if !k.PlazoReporte.IsZero() {
			l.plazo = formato.Fecha(k.PlazoReporte)
		}
		l.semaforoLegal = templates.PlazoDeReporte(cal, hoy, k.FechaReporte, k.PlazoReporte)
		if e, desde, ok := plazos.Actual(k.Estado, k.FechaReporte, k.Presentado, k.Concepto); ok {
			l.etapa = e.Etiqueta() + " (término interno)"
			if vence := plazos.Vence(cal, desde, dias[e]); !vence.IsZero() {
				l.vence = formato.Fecha(vence)
				l.semaforoEtapa = templates.SemaforoDe(plazos.Decidir(cal, hoy, vence, fecha.Fecha{}))
			} else {
				l.vence = "Desconocido"
			}
		}
		switch {
		case !k.Evaluado:
			l.resultado = "Sin evaluación"
		case k.Procede == nil:
			l.resultado = "Datos incompletos: faltan las operaciones del año de referencia"
		case *k.Procede:
			l.resultado = "Procede el Comité"
		default:
			l.resultado = "No procede"
		}
		l.ruta = "Sin concepto"
		if k.Decision != "" {
			l.ruta = k.Decision.Etiqueta()
		}
		out[i] = l
	}
	return out, nil
}

// paginar fills the page links; the links keep every filter and the order.
func paginar(v *templates.ListaCasos, res db.ResultadoCasos, base url.Values) {
	v.Total = res.Total
	v.Pagina = res.Pagina
	v.Paginas = (res.Total + res.PorPagina - 1) / res.PorPagina
	if v.Paginas == 0 {
		v.Paginas = 1
	}
	enlace := func(n int) string {
		p := copiarValores(base)
		p.Set("pagina", strconv.Itoa(n))
		return urls.Casos + "?" + p.Encode()
	}
	if res.Pagina > 1 {
		v.Anterior = enlace(res.Pagina - 1)
	}
	if res.Pagina < v.Paginas {
		v.Siguiente = enlace(res.Pagina + 1)
	}
	desde := (res.Pagina-1)*res.PorPagina + 1
	hasta := desde + len(v.Filas) - 1
	if len(v.Filas) == 0 {
		v.Rango = "0 de " + formato.Entero(int64(res.Total))
	} else {
		v.Rango = formato.Entero(int64(desde)) + "–" + formato.Entero(int64(hasta)) + " de " + formato.Entero(int64(res.Total))
	}
}

func copiarValores(v url.Values) url.Values {
	out := url.Values{}
	for k, xs := range v {
		out[k] = append([]string(nil), xs...)
	}
	return out
}
