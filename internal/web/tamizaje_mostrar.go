package web

import (
	"cmp"
	"context"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/formato"
	"comite/internal/permisos"
	"comite/internal/reincidencia"
	"comite/internal/tamizaje"
	"comite/internal/texto"
	"comite/internal/web/urls"
	"comite/web/templates"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"
	"github.com/shopspring/decimal"
)

// filasTamizajePorPagina is the page size of the screening table.
const filasTamizajePorPagina = 50

// tamizajeMostrar is the screening screen: every customs user
// tested for year Y (reference year Y−1) by the core, ranked by distance to
// the committee test, with the early warnings and the change against the
// previous year; filters by user type and Dirección Seccional; pages of 50;
// exports of the same rows. The ranked screening comes from memoria (computed
// once per data version); this handler only filters, pages and formats.
func (h *handler) tamizajeMostrar(c echo.Context) error {
	ctx := c.Request().Context()
	cu := cuentaDe(c)
	k := claveTamizajePagina{
		consulta: h.leerConsultaTamizaje(c), hoy: h.d.Hoy().Anio(),
		verUsuario: permisos.Puede(cu.Rol, permisos.VerUsuarios), reportar: permisos.Puede(cu.Rol, permisos.ReportarCaso), verCobertura: permisos.Puede(cu.Rol, permisos.VerCobertura),
		esSeccional: cu.Rol == permisos.RolSeccional,
	}
	if k.esSeccional {
		k.seccional = cu.DireccionSeccional
	}
	// The body of the page depends only on the data and on k: it is rendered
	// once per data version and kept (memoria); each request renders only
	// the layout around it (the account, the navigation, the CSRF token).
	x, err := h.memo.Obtener(ctx, k, func(ctx context.Context) (any, error) {
		v, err := h.vistaTamizaje(ctx, k)
		if err != nil {
			return nil, err
		}
		var b strings.Builder
		b.Grow(128 << 10) // a body of 50 rows is 70–100 KB: grown once, not by doubling
		if err := templates.TamizajeCuerpo(v).Render(ctx, &b); err != nil {
			return nil, err
		}
		return b.String(), nil
	})
	if err != nil {
		return err
	}
	cuerpo := x.(string)
	pg := h.pagina(c, "Tamizaje "+strconv.Itoa(k.consulta.anio), "tamizaje")
	return h.render(c, http.StatusOK, templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		return templates.Base(pg).Render(templ.WithChildren(ctx, templ.Raw(cuerpo)), w)
	}))
}

// claveTamizajePagina is one rendered body of the screening screen: the
// query, the current year (the year selector), and what the account's role
// changes in it (the row links; a seccional's own Dirección Seccional).
type claveTamizajePagina struct {
	consulta             consultaTamizaje
	hoy                  int
	verUsuario, reportar bool
	verCobertura         bool
	esSeccional          bool
	seccional            string
}

func (claveTamizajePagina) PorObjeto() {}

// Refrescable: the first page of each view kept is rendered again right
// after a write (memoria.Refrescar), the others when asked.
func (k claveTamizajePagina) Refrescable() bool { return k.consulta.pagina <= 1 }

// vistaTamizaje builds the screen's view for k from the ranked screening.
func (h *handler) vistaTamizaje(ctx context.Context, k claveTamizajePagina) (templates.TamizajeVista, error) {
	q := k.consulta
	t, err := h.tamizajeDe(ctx, q.anio)
	if err != nil {
		return templates.TamizajeVista{}, err
	}
	var cu *dominio.Cuenta
	if k.esSeccional {
		cu = &dominio.Cuenta{Rol: permisos.RolSeccional, DireccionSeccional: k.seccional}
	}
	filas, resumen := filasDeVista(t, cu, q, true)
	n := filas.Len()

	cat, err := h.memo.Catalogo(ctx)
	if err != nil {
		return templates.TamizajeVista{}, err
	}
	p, _ := h.d.Referencia().ConjuntoPara(tamizaje.FechaComision(q.anio))
	hoy := k.hoy
	v := templates.TamizajeVista{
		Anio: strconv.Itoa(q.anio), AnioReferencia: strconv.Itoa(q.anio - 1), AnioAnterior: strconv.Itoa(q.anio - 2),
		ErrorAnio: q.errAnio, Tipos: templates.OpcionesTipoTamizaje(q.tipo), EligeSeccional: !k.esSeccional,
		MinimoActos: strconv.Itoa(p.MinimoActos),
		Filtrado:    q.tipo != "" || q.seccional != "" || q.datos != "" || q.texto != "", Texto: q.texto, QuitarFiltros: urls.Tamizaje + "?anio=" + strconv.Itoa(q.anio),
	}
	if k.esSeccional {
		v.Seccional = db.NombreSeccional(cat, k.seccional)
	}
	v.Anios = templates.AniosTamizaje(hoy, q.anio)
	if v.EligeSeccional {
		v.Seccionales = []templates.Opcion{{Valor: "", Texto: "Todas", Seleccionada: q.seccional == ""}}
		for _, s := range t.seccionales {
			v.Seccionales = append(v.Seccionales, templates.Opcion{Valor: s, Texto: db.NombreSeccional(cat, s), Seleccionada: s == q.seccional})
		}
	}
	v.Resumen = []templates.CifraTamizaje{
		{Clave: "usuarios", Texto: "usuarios aduaneros en el tamizaje", Valor: formato.Entero(int64(resumen.Usuarios))},
		{Clave: "procede", Texto: "para los que procedería el Comité (los cuatro requisitos)", Valor: formato.Entero(int64(resumen.ProcedeComite))},
		{Clave: "umbral", Texto: "con sanciones del 0,5 % o más de sus operaciones", Valor: formato.Entero(int64(resumen.CumpleUmbral))},
		{Clave: "dos-actos", Texto: "con exactamente dos actos que cuentan (alerta)", Valor: formato.Entero(int64(resumen.DosActos))},
		{Clave: "ochenta", Texto: "al 80 % o más del umbral sin alcanzarlo (alerta)", Valor: formato.Entero(int64(resumen.OchentaPorCiento))},
		{Clave: "datos-incompletos", Texto: "con datos incompletos: sin operaciones cargadas de " + strconv.Itoa(q.anio-1), Valor: formato.Entero(int64(resumen.DatosIncompletos))},
	}
	v.Datos = []templates.Opcion{
		{Valor: "", Texto: "Todos", Seleccionada: q.datos == ""},
		{Valor: datosCompletos, Texto: "Con datos completos", Seleccionada: q.datos == datosCompletos},
		{Valor: datosIncompletos, Texto: "Datos incompletos", Seleccionada: q.datos == datosIncompletos},
	}
	if resumen.DatosIncompletos > 0 {
		v.RutaCobertura = urls.Cobertura + "?anio=" + strconv.Itoa(q.anio-1)
		v.VerCobertura = k.verCobertura
	}

	v.Columnas, v.OrdenTexto = columnasTamizaje(q)
	params := q.parametros()
	v.RutaCSV = urls.TamizajeCSV + "?" + params.Encode()
	v.RutaXLSX = urls.TamizajeXLSX + "?" + params.Encode()
	v.Total = formato.Entero(int64(n))
	v.Paginas = max(1, (n+filasTamizajePorPagina-1)/filasTamizajePorPagina)
	v.Pagina = min(q.pagina, v.Paginas)
	desde := (v.Pagina - 1) * filasTamizajePorPagina
	hasta := min(desde+filasTamizajePorPagina, n)
	if n > 0 {
		v.Mostrando = "Usuarios " + formato.Entero(int64(desde+1)) + " a " + formato.Entero(int64(hasta)) + " de " + v.Total
	}
	pagina := func(n int) string {
		x := q.parametrosConOrden()
		x.Set("pagina", strconv.Itoa(n))
		return urls.Tamizaje + "?" + x.Encode()
	}
	if v.Pagina > 1 {
		v.Anterior = pagina(v.Pagina - 1)
	}
	if v.Pagina < v.Paginas {
		v.Siguiente = pagina(v.Pagina + 1)
	}
	anteriorIncompleta := desde > 0 && filas.Fila(desde-1).DatosIncompletos()
	for i := desde; i < hasta; i++ {
		f := filas.Fila(i)
		x := templates.FilaTamizajeDe(&f, db.NombreSeccional(cat, f.Usuario.DireccionSeccional), k.verUsuario, k.reportar)
		// The unknown results form their own group after the ranked ones,
		// with a heading before the first of them.
		x.InicioIncompletos = f.DatosIncompletos() && !anteriorIncompleta
		anteriorIncompleta = f.DatosIncompletos()
		v.Filas = append(v.Filas, x)
	}
	return v, nil
}

// filasDeVista are the rows the screen shows for query q and account cu (nil:
// a national account), in the screen's order, and their headline. With
// compactas (what the screen uses) the compact rows serve — filtered,
// ordered by the column asked, numbered again for a seccional account —
// and only the rows of the page are made; otherwise every row is made
// (filasVisibles, as the exports do). Both give the same rows.
func filasDeVista(t *tamizajeCalculado, cu *dominio.Cuenta, q consultaTamizaje, compactas bool) (filasTamizaje, tamizaje.Resumen) {
	if compactas {
		// As filasVisibles, on the compact rows: a seccional account sees
		// its own Dirección Seccional numbered from 1; the datos filter
		// keeps the positions.
		var tz *tamizaje.Tamizado
		if cu != nil && cu.Rol == permisos.RolSeccional {
			tz = t.tamizado.Filtrar(tamizaje.Filtro{Tipo: q.tipo, Texto: q.texto}).FiltrarDonde(func(u *tamizaje.Usuario) bool { return VeSeccional(cu, u.DireccionSeccional) }, nil, true)
		} else {
			tz = t.tamizado.Filtrar(tamizaje.Filtro{Tipo: q.tipo, Seccional: q.seccional, Texto: q.texto})
		}
		if q.datos != "" {
			incompletos := q.datos == datosIncompletos
			tz = tz.FiltrarDonde(nil, &incompletos, false)
		}
		resumen := t.resumen
		if tz.Len() != t.tamizado.Len() {
			resumen = tz.Resumen()
		}
		return ordenarCompactas(tz, q.orden, q.desc), resumen
	}
	todas := filasVisibles(cu, t, q)
	resumen := t.resumen
	if len(todas) != t.tamizado.Len() {
		resumen = tamizaje.Resumir(todas)
	}
	return listaFilas(ordenarTamizaje(todas, q.orden, q.desc)), resumen
}

// filasTamizaje are ranked rows a page is cut from: the compact rows
// (tamizaje.Tamizado, a row made when asked) or rows already made.
type filasTamizaje interface {
	Len() int
	Fila(i int) tamizaje.Fila
}

// listaFilas are rows already made.
type listaFilas []tamizaje.Fila

func (l listaFilas) Len() int                 { return len(l) }
func (l listaFilas) Fila(i int) tamizaje.Fila { return l[i] }

// claveOrdenTamizaje is what the columns of the screen order by, for one
// row: made from a Fila or from a compact row without making it.
type claveOrdenTamizaje struct {
	posicion, actos int
	razonSocial     string
	procede         reincidencia.Tri
	participacion   *decimal.Decimal
}

func claveDeFila(f *tamizaje.Fila) claveOrdenTamizaje {
	return claveOrdenTamizaje{posicion: f.Posicion, actos: f.NumeroActos, razonSocial: f.Usuario.RazonSocial, procede: f.ProcedeComite, participacion: f.Participacion}
}

func claveDeCompacta(t *tamizaje.Tamizado, i int) claveOrdenTamizaje {
	referencia, _ := t.Procede(i)
	return claveOrdenTamizaje{posicion: t.Posicion(i), actos: t.Actos(i), razonSocial: t.Usuario(i).RazonSocial, procede: referencia, participacion: t.Participacion(i)}
}

// ordenesTamizaje are the columns the screen may be ordered by, with their
// comparison in ascending order. Ties keep the rank (stable sort).
var ordenesTamizaje = map[string]func(a, b *claveOrdenTamizaje) int{
	"posicion": func(a, b *claveOrdenTamizaje) int { return cmp.Compare(a.posicion, b.posicion) },
	"usuario": func(a, b *claveOrdenTamizaje) int {
		return texto.CompararNombres(a.razonSocial, b.razonSocial)
	},
	"procede": func(a, b *claveOrdenTamizaje) int {
		return cmp.Compare(rangoTri(a.procede), rangoTri(b.procede))
	},
	"actos": func(a, b *claveOrdenTamizaje) int { return cmp.Compare(a.actos, b.actos) },
	// Participation: a user without operations (nil) goes first in ascending order.
	"participacion": func(a, b *claveOrdenTamizaje) int {
		switch {
		case a.participacion == nil && b.participacion == nil:
			return 0
		case a.participacion == nil:
			return -1
		case b.participacion == nil:
			return 1
		}
		return a.participacion.Cmp(*b.participacion)
	},
}

// rangoTri orders a three-valued result: no, unknown (datos incompletos), yes.
func rangoTri(t reincidencia.Tri) int {
	switch t {
	case reincidencia.No:
		return 0
	case reincidencia.Si:
		return 2
	}
	return 1
}

// ordenarTamizaje orders a copy of the rows (the stored ones are never
// modified); the rank order ("") returns them as they are.
func ordenarTamizaje(filas []tamizaje.Fila, orden string, desc bool) []tamizaje.Fila {
	idx, ok := ordenIndices(len(filas), func(i int) claveOrdenTamizaje { return claveDeFila(&filas[i]) }, orden, desc)
	if !ok {
		return filas
	}
	out := make([]tamizaje.Fila, len(idx))
	for k, i := range idx {
		out[k] = filas[i]
	}
	return out
}

// ordenarCompactas is ordenarTamizaje on compact rows: only the keys of the
// column and the compact rows are made.
func ordenarCompactas(t *tamizaje.Tamizado, orden string, desc bool) *tamizaje.Tamizado {
	idx, ok := ordenIndices(t.Len(), func(i int) claveOrdenTamizaje { return claveDeCompacta(t, i) }, orden, desc)
	if !ok {
		return t
	}
	return t.Permutado(idx)
}

// ordenIndices is the order of n rows by the column orden (stable: ties
// keep the rank); ok = false for the rank order itself.
func ordenIndices(n int, clave func(i int) claveOrdenTamizaje, orden string, desc bool) (idx []int, ok bool) {
	f, ok := ordenesTamizaje[orden]
	if !ok || (orden == "posicion" && !desc) {
		return nil, false
	}
	claves := make([]claveOrdenTamizaje, n)
	idx = make([]int, n)
	for i := range n {
		claves[i], idx[i] = clave(i), i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if desc {
			return f(&claves[b], &claves[a])
		}
		return f(&claves[a], &claves[b])
	})
	return idx, true
}

// columnasTamizaje are the sortable headers of the screen: each links to the
// list ordered by it (the first page), the opposite direction when it is the
// current order. The sentence says the current order, for everyone.
func columnasTamizaje(q consultaTamizaje) ([]templates.ColumnaOrden, string) {
	cols := []struct {
		clave, texto string
		numero       bool
		desc         bool // the first click orders descending (the most first)
		nombre       string
	}{
		{"posicion", "Pos.", true, false, "posición (cercanía al test)"},
		{"usuario", "Usuario aduanero", false, false, "razón social"},
		{"procede", "Procede el Comité", false, true, "si procede el Comité"},
		{"actos", "Actos " + strconv.Itoa(q.anio-1), true, true, "número de actos"},
		{"participacion", "Participación", true, true, "participación de las sanciones en las operaciones"},
	}
	actual := q.orden
	if actual == "" {
		actual = "posicion"
	}
	var out []templates.ColumnaOrden
	texto := ""
	for _, c := range cols {
		x := q
		x.pagina = 1
		x.orden, x.desc = c.clave, c.desc
		col := templates.ColumnaOrden{Clave: c.clave, Texto: c.texto, Numero: c.numero}
		if c.clave == actual {
			x.desc = !q.desc
			col.AriaSort, col.Indicador = "ascending", " ▲"
			dir := "de menor a mayor"
			if q.desc {
				col.AriaSort, col.Indicador = "descending", " ▼"
				dir = "de mayor a menor"
			}
			texto = "Ordenado por " + c.nombre + ", " + dir + "."
		}
		if x.orden == "posicion" && !x.desc {
			x.orden = ""
		}
		col.Ruta = urls.Tamizaje + "?" + x.parametrosConOrden().Encode()
		out = append(out, col)
	}
	return out, texto
}
