package web

import (
	"comite/internal/dominio"
	"comite/internal/importar/filas"
	"comite/internal/permisos"
	"comite/internal/tamizaje"
	"comite/internal/tamizaje/lectura"
	"comite/internal/texto"
	"comite/internal/web/memoria"
	"context"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
)

// tamizajeCalculado is the screening of one year as memoria keeps it: every
// user ranked by the core (lectura.Nacional → reincidencia.ExclusionActo,
// Decidir, ranked as tamizaje.Ordenar) in compact rows, the headline of all
// rows, and the Direcciones Seccionales present (for the filter). Every
// view works from the compact rows: the screen makes only the rows of its
// page, an export makes its rows for one request, the coverage only the
// rows it lists. The rows as tamizaje.Fila (every figure a decimal), all
// made and kept (todas), are only the reference those views are checked
// against (filasDeVista without compactas). Nobody writes to it once stored
// but todas, once.
type tamizajeCalculado struct {
	anio        int
	tamizado    *tamizaje.Tamizado
	resumen     tamizaje.Resumen
	seccionales []string

	unaVez sync.Once
	filas  []tamizaje.Fila // made by todas
}

// todas is every row in rank order, made the first time it is asked.
func (t *tamizajeCalculado) todas() []tamizaje.Fila {
	t.unaVez.Do(func() { t.filas = t.tamizado.Filas() })
	return t.filas
}

// tamizajeDe is the ranked screening of year anio for the current data,
// from memory or computed once.
func (h *handler) tamizajeDe(ctx context.Context, anio int) (*tamizajeCalculado, error) {
	v, err := h.memo.ObtenerDesde(ctx, memoria.Tamizaje{Anio: anio}, func(ctx context.Context, anterior any, version int64) (any, error) {
		tz, err := h.tamizadoDesde(ctx, anio, anterior, version)
		if err != nil {
			return nil, err
		}
		t := &tamizajeCalculado{anio: anio, tamizado: tz, resumen: tz.Resumen()}
		vistas := map[string]bool{}
		for i := range tz.Len() {
			s := tz.Usuario(i).DireccionSeccional
			if s != "" && !vistas[s] {
				vistas[s] = true
				t.seccionales = append(t.seccionales, s)
			}
		}
		slices.SortFunc(t.seccionales, texto.CompararNombres)
		return t, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*tamizajeCalculado), nil
}

// maxCambiosIncremental is how many changed users a screening kept from an
// earlier data version is brought up to date with (lectura.Incremental);
// with more, it is computed whole. Re-evaluating a user through the indexes
// costs about what a few dozen cost in the full scan, so 2.000 users stay well
// under the full screening of 50.000.
const maxCambiosIncremental = 2000

// tamizadoDesde is the national screening of year anio for the current data:
// from anterior (the screening of that year at data version version, when
// there is one) re-evaluating only the users changed since, when the log of
// changes names them and they are few; otherwise computed whole. Both give
// the same screening (tamizaje.Actualizar).
func (h *handler) tamizadoDesde(ctx context.Context, anio int, anterior any, version int64) (*tamizaje.Tamizado, error) {
	if a, ok := anterior.(*tamizajeCalculado); ok && a.anio == anio {
		ids, completo, err := h.d.CambiosUsuariosDesde(ctx, version, maxCambiosIncremental)
		if err != nil {
			return nil, err
		}
		if completo {
			return lectura.Incremental(ctx, h.d, a.tamizado, ids)
		}
	}
	return lectura.Nacional(ctx, h.d, anio)
}

// consultaTamizaje is what the screen and the exports were asked for.
type consultaTamizaje struct {
	anio      int
	tipo      string // canonical tipo, "" = all
	seccional string // "" = all (ignored for a seccional account)
	texto     string // a NIT or part of the razón social; "" = all
	// datos: "" all; "incompletos" only the users whose result is unknown
	// (operations of the reference year never loaded); "completos" the rest.
	datos   string
	pagina  int
	errAnio string
	orden   string // a key of ordenesTamizaje; "" = the rank (closeness to the test)
	desc    bool   // descending
}

// leerConsultaTamizaje reads ?anio=&tipo=&seccional=&pagina=. A bad year
// falls back to the current one with a message beside the field; an unknown
// type is ignored (the select only offers known ones).
func (h *handler) leerConsultaTamizaje(c echo.Context) consultaTamizaje {
	q := consultaTamizaje{anio: h.d.Hoy().Anio(), pagina: 1}
	if s := strings.TrimSpace(c.QueryParam("anio")); s != "" {
		a, err := strconv.Atoi(s)
		switch {
		case err != nil:
			q.errAnio = "«" + s + "» no es un año: elija uno de la lista. Se muestra " + strconv.Itoa(q.anio) + "."
		case a < tamizaje.AnioMinimo || a > tamizaje.AnioMaximo:
			q.errAnio = "El año debe estar entre " + strconv.Itoa(tamizaje.AnioMinimo) + " y " + strconv.Itoa(tamizaje.AnioMaximo) + ". Se muestra " + strconv.Itoa(q.anio) + "."
		default:
			q.anio = a
		}
	}
	if t := c.QueryParam("tipo"); t != "" {
		if canon, err := filas.ParseTipoUsuario(t); err == nil {
			q.tipo = canon
		}
	}
	if cu := cuentaDe(c); cu == nil || cu.Rol != permisos.RolSeccional {
		q.seccional = strings.TrimSpace(c.QueryParam("seccional"))
		// The rows store catalogue codes: «bogota», «Bogotá» or the official
		// name filter the same code.
		if cat, err := h.memo.Catalogo(c.Request().Context()); err == nil && q.seccional != "" {
			if cod, ok := cat.Resolver(q.seccional); ok {
				q.seccional = cod
			}
		}
	}
	if t := strings.TrimSpace(c.QueryParam("q")); utf8.RuneCountInString(t) <= maxTextoBusqueda && !strings.ContainsFunc(t, unicode.IsControl) {
		q.texto = t
	}
	switch d := c.QueryParam("datos"); d {
	case datosIncompletos, datosCompletos:
		q.datos = d
	}
	if p, err := strconv.Atoi(c.QueryParam("pagina")); err == nil && p > 1 {
		q.pagina = p
	}
	if o := c.QueryParam("orden"); o != "posicion" {
		if _, ok := ordenesTamizaje[o]; ok {
			q.orden = o
		}
	}
	q.desc = c.QueryParam("dir") == "desc"
	return q
}

// parametros is the query string of the same view (without the page).
func (q consultaTamizaje) parametros() url.Values {
	v := url.Values{"anio": {strconv.Itoa(q.anio)}}
	if q.tipo != "" {
		v.Set("tipo", q.tipo)
	}
	if q.seccional != "" {
		v.Set("seccional", q.seccional)
	}
	if q.datos != "" {
		v.Set("datos", q.datos)
	}
	if q.texto != "" {
		v.Set("q", q.texto)
	}
	return v
}

// Values of the datos filter.
const (
	datosIncompletos = "incompletos"
	datosCompletos   = "completos"
)

// filtrarDatos keeps the rows with unknown results ("incompletos") or the
// others ("completos"); "" keeps all. Order and positions stay.
func filtrarDatos(filas []tamizaje.Fila, datos string) []tamizaje.Fila {
	if datos == "" {
		return filas
	}
	out := make([]tamizaje.Fila, 0, len(filas))
	for _, f := range filas {
		if f.DatosIncompletos() == (datos == datosIncompletos) {
			out = append(out, f)
		}
	}
	return out
}

// parametrosConOrden adds the order of the screen to parametros (the
// exports keep the rank order).
func (q consultaTamizaje) parametrosConOrden() url.Values {
	v := q.parametros()
	if q.orden != "" {
		v.Set("orden", q.orden)
	}
	if q.desc {
		v.Set("dir", "desc")
	}
	return v
}

// filasVisibles are the rows this account may see that pass the filter, in
// rank order. A seccional account sees only the users of its own Dirección
// Seccional (VeSeccional, the rule of every other screen), numbered within
// it: the national rank would tell how many users of other Seccionales are
// ahead. The stored rows are never modified (positions are set on copies).
func filasVisibles(cu *dominio.Cuenta, t *tamizajeCalculado, q consultaTamizaje) []tamizaje.Fila {
	if cu != nil && cu.Rol == permisos.RolSeccional {
		var out []tamizaje.Fila
		todas := tamizaje.Filtrar(t.todas(), tamizaje.Filtro{Tipo: q.tipo, Texto: q.texto})
		for i := range todas {
			f := &todas[i]
			if !VeSeccional(cu, f.Usuario.DireccionSeccional) {
				continue
			}
			x := *f
			x.Posicion = len(out) + 1
			out = append(out, x)
		}
		return filtrarDatos(out, q.datos)
	}
	return filtrarDatos(tamizaje.Filtrar(t.todas(), tamizaje.Filtro{Tipo: q.tipo, Seccional: q.seccional, Texto: q.texto}), q.datos)
}

// nombreExportacion is the file name of an export: tamizaje-2026[-tipo].ext.
func nombreExportacion(q consultaTamizaje, ext string) string {
	n := "tamizaje-" + strconv.Itoa(q.anio)
	if q.tipo != "" {
		n += "-" + q.tipo
	}
	return n + "." + ext
}
