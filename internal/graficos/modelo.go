package graficos

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"sync"

	"comite/internal/formato"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/go-echarts/go-echarts/v2/types"
	"github.com/shopspring/decimal"
)

// Modelo is one chart as data, exact (decimal): its title, what it shows
// and how. It is the one description of a chart: Opcion turns it into the
// ECharts option of a page and the informe draws the same Modelo as the
// PNG of its PDF, so both have the same title, series, colours and strokes.
type Modelo struct {
	ID     string // element id on a page
	Clave  string // key of the chart in the informe (docs/reglas.md §4)
	Titulo string
	Nota   string // one sentence under the chart saying how to read it
	// Categoria names the categories («Año», «Gravedad») in the table of figures.
	Categoria  string
	Categorias []string
	Series     []Serie
	// Ejes are the titles of the value axes: [0] left, and [1] right when a
	// series uses Eje 1.
	Ejes   []string
	Unidad Unidad
}

// Serie is one series of a chart.
type Serie struct {
	Nombre string
	Barras bool   // bars; false: a continuous line (the PDF's renderer draws no dashes)
	Eje    int    // 0 left, 1 right
	Color  string // "#rrggbb"
	// Valores, one per category; nil is a year without data (operations
	// never loaded): a gap in the chart, never a zero.
	Valores []*decimal.Decimal
}

// Unidad of a chart's values.
type Unidad string

const (
	UnidadPesos Unidad = "pesos" // amounts in COP; drawn in millions of pesos
	UnidadActos Unidad = "actos" // counts
)

// Colours of the charts: sober and distinguishable in grey when printed. No
// series is green (green reads as "fine" to a person).
const (
	ColorSanciones   = "#0b4f8a" // S, and the acts that count
	ColorUmbral      = "#c0392b" // the 0,5 % line
	ColorOperaciones = "#5d6d7e" // O
	ColorNoCuentan   = "#aab7c4" // acts that do not count
)

// Keys of the charts of the informe.
const (
	ClaveUmbral      = "sanciones_umbral"      // S per year against the 0,5 % line
	ClaveOperaciones = "sanciones_operaciones" // S and O over the years, two axes
	ClaveGravedad    = "actos_gravedad"        // acts by gravedad, counted or not
)

// Titles of the charts, the same on a page and in the PDF.
const (
	TituloUmbral      = "Sanciones por año frente a la línea del 0,5 % de las operaciones"
	TituloOperaciones = "Sanciones y operaciones de comercio exterior por año"
	TituloGravedad    = "Actos sancionatorios por gravedad"
)

func aniosTexto(anios []int) []string {
	out := make([]string, len(anios))
	for i, a := range anios {
		out[i] = strconv.Itoa(a)
	}
	return out
}

func punteros(ds []decimal.Decimal) []*decimal.Decimal {
	out := make([]*decimal.Decimal, len(ds))
	for i := range ds {
		d := ds[i]
		out[i] = &d
	}
	return out
}

// ModeloUmbral is S per year against the 0,5 % line of that year's
// operations (art. 25 inc. 1). umbral[i] is the line in pesos (O × 5 /
// 1000), computed exactly by the core; nil where the operations of the year
// were never loaded: a gap in the line, never a zero.
func ModeloUmbral(anios []int, sanciones []decimal.Decimal, umbral []*decimal.Decimal) (Modelo, error) {
	if len(sanciones) != len(anios) || len(umbral) != len(anios) {
		return Modelo{}, fmt.Errorf("gráfico de sanciones y umbral: %d años, %d sumas de sanciones y %d umbrales", len(anios), len(sanciones), len(umbral))
	}
	return Modelo{
		ID: IDSancionesVsUmbral, Clave: ClaveUmbral, Titulo: TituloUmbral,
		Nota:      "Barras: S, suma de las sanciones de los actos que cuentan en cada año. Línea: 0,5 % de las operaciones del mismo año; el umbral se cumple cuando la barra llega a la línea. Un año sin operaciones cargadas queda sin línea (datos incompletos), nunca en cero.",
		Categoria: "Año", Categorias: aniosTexto(anios),
		Series: []Serie{
			{Nombre: "Sanciones (S)", Barras: true, Color: ColorSanciones, Valores: punteros(sanciones)},
			{Nombre: "Umbral: 0,5 % de O", Color: ColorUmbral, Valores: umbral},
		},
		Ejes: []string{"Millones de pesos"}, Unidad: UnidadPesos,
	}, nil
}

// ModeloOperaciones is S (bars, left axis) and O (line, right axis) over
// the last years, up to five; a nil O is a year never loaded: a gap.
func ModeloOperaciones(anios []int, sanciones []decimal.Decimal, operaciones []*decimal.Decimal) (Modelo, error) {
	if len(sanciones) != len(anios) || len(operaciones) != len(anios) {
		return Modelo{}, fmt.Errorf("gráfico de sanciones y operaciones: %d años, %d sumas de sanciones y %d totales de operaciones", len(anios), len(sanciones), len(operaciones))
	}
	if len(anios) > 5 {
		anios, sanciones, operaciones = anios[len(anios)-5:], sanciones[len(sanciones)-5:], operaciones[len(operaciones)-5:]
	}
	return Modelo{
		ID: IDSancionesYOperaciones, Clave: ClaveOperaciones, Titulo: TituloOperaciones,
		Nota:      "Barras: S (eje izquierdo). Línea: O, valor de las operaciones (eje derecho, de otra escala); un año sin operaciones cargadas queda sin punto.",
		Categoria: "Año", Categorias: aniosTexto(anios),
		Series: []Serie{
			{Nombre: "Sanciones (S)", Barras: true, Color: ColorSanciones, Valores: punteros(sanciones)},
			{Nombre: "Operaciones (O)", Eje: 1, Color: ColorOperaciones, Valores: operaciones},
		},
		Ejes: []string{"Sanciones, millones de pesos", "Operaciones, millones de pesos"}, Unidad: UnidadPesos,
	}, nil
}

var categoriasGravedad = []string{"Leve", "Grave", "Gravísima"}

func cuentas(ns [3]int) []*decimal.Decimal {
	out := make([]*decimal.Decimal, 3)
	for i, n := range ns {
		d := decimal.NewFromInt(int64(n))
		out[i] = &d
	}
	return out
}

// ModeloGravedad is the acts of a case's reference period by gravedad (leve,
// grave, gravísima): those that count and those that do not (outside the
// period, with allanamiento or without firmeza).
func ModeloGravedad(cuentan, noCuentan [3]int, anioReferencia int) Modelo {
	return Modelo{
		ID: IDActosPorGravedad, Clave: ClaveGravedad, Titulo: TituloGravedad,
		Nota:      fmt.Sprintf("Actos del periodo %d que cuentan y actos que no cuentan (fuera del periodo, con allanamiento o sin firmeza), según su gravedad.", anioReferencia),
		Categoria: "Gravedad", Categorias: categoriasGravedad,
		Series: []Serie{
			{Nombre: "Cuentan", Barras: true, Color: ColorSanciones, Valores: cuentas(cuentan)},
			{Nombre: "No cuentan", Barras: true, Color: ColorNoCuentan, Valores: cuentas(noCuentan)},
		},
		Ejes: []string{"Número de actos"}, Unidad: UnidadActos,
	}
}

// ModeloActos is all the acts of a user or of the data by gravedad, with no
// reference period (profile and Inicio).
func ModeloActos(leve, grave, gravisima int) Modelo {
	return Modelo{
		ID: IDActosPorGravedad, Clave: ClaveGravedad, Titulo: TituloGravedad,
		Categoria: "Gravedad", Categorias: categoriasGravedad,
		Series: []Serie{{Nombre: "Actos sancionatorios", Barras: true, Color: ColorSanciones, Valores: cuentas([3]int{leve, grave, gravisima})}},
		Ejes:   []string{"Número de actos"}, Unidad: UnidadActos,
	}
}

// Dibujable is a value as the chart libraries draw it: pesos in millions
// (rounded to hundredths), counts as they are; ok is false for a value not
// known (a gap). This is the ONLY place where amounts become floats: the
// display of a chart, never a rule.
func (m Modelo) Dibujable(v *decimal.Decimal) (f float64, ok bool) {
	if v == nil {
		return 0, false
	}
	if m.Unidad == UnidadPesos {
		return millones(*v), true
	}
	return v.InexactFloat64(), true
}

// Cifras is the table of the figures the chart draws, exact and in es-CO:
// its text alternative on a page.
func (m Modelo) Cifras() Cifras {
	cf := Cifras{Columnas: []string{m.Categoria}}
	for _, s := range m.Series {
		cf.Columnas = append(cf.Columnas, s.Nombre)
	}
	for i, c := range m.Categorias {
		fila := []string{c}
		for _, s := range m.Series {
			fila = append(fila, m.texto(s.Valores[i]))
		}
		cf.Filas = append(cf.Filas, fila)
	}
	return cf
}

func (m Modelo) texto(v *decimal.Decimal) string {
	if m.Unidad == UnidadPesos {
		return pesosONulo(v)
	}
	if v == nil {
		return "Sin datos cargados"
	}
	return formato.Numero(*v, 0)
}

// Validar checks that every series has one value per category.
func (m Modelo) Validar() error {
	for _, s := range m.Series {
		if len(s.Valores) != len(m.Categorias) {
			return fmt.Errorf("gráfico %s: %d categorías y %d valores en «%s»", m.Titulo, len(m.Categorias), len(s.Valores), s.Nombre)
		}
		if s.Eje == 1 && len(m.Ejes) < 2 {
			return fmt.Errorf("gráfico %s: la serie «%s» usa el eje derecho, que no tiene título", m.Titulo, s.Nombre)
		}
	}
	return nil
}

// Opcion is the ECharts option of a Modelo, for a page.
//
// go-echarts builds a chart by filling, by reflection, the defaults of its
// whole configuration, and that was most of the cost of a page with charts.
// What it builds besides the data depends only on the chart's form (forma):
// the global options are built with go-echarts once per form and kept, and
// each call adds the categories and the series, built with go-echarts'
// series types. The option is the same, byte for byte, as building the whole
// chart each time (a test compares both on random models).
func Opcion(m Modelo) (Grafico, error) {
	if err := m.Validar(); err != nil {
		return Grafico{}, err
	}
	p := plantillaDe(formaDe(m))
	ejesX := slices.Clone(p.ejesX)
	ejesX[0].Data = m.Categorias
	series := make(charts.MultiSeries, 0, len(m.Series))
	for _, s := range m.Series {
		series = append(series, m.serie(s, p.base))
	}
	j, err := p.escribir(ejesX, series)
	if err != nil {
		return Grafico{}, fmt.Errorf("gráfico: %w", err)
	}
	return Grafico{ID: m.ID, Titulo: m.Titulo, Opcion: j, Cifras: m.Cifras()}, nil
}

// forma is what of a Modelo the global options of its chart depend on.
type forma struct {
	id, ejeIzquierdo, ejeDerecho string
	actos, leyenda, derecho      bool
}

func formaDe(m Modelo) forma {
	f := forma{id: m.ID, actos: m.Unidad == UnidadActos, leyenda: len(m.Series) > 1}
	if len(m.Ejes) > 0 {
		f.ejeIzquierdo = m.Ejes[0]
	}
	for _, s := range m.Series {
		if s.Eje == 1 {
			f.derecho, f.ejeDerecho = true, m.Ejes[1]
			break
		}
	}
	return f
}

// plantilla is a chart of one form without categories nor series, as
// go-echarts builds it, kept encoded: the option's keys in the order
// json.Marshal writes a map's (sorted), and each key's value already in
// JSON, but the x axes and the series, which each chart fills. Never
// modified once kept.
type plantilla struct {
	claves []string
	fijos  map[string]json.RawMessage
	ejesX  []opts.XAxis
	base   *charts.BaseConfiguration
}

// plantillas holds one plantilla per form: a handful (the charts of comite
// have fixed ids and axes), never dropped. They are built one at a time
// (construyendo): each form once, and the first encoding of go-echarts'
// option types, which fills encoding/json's caches, never in two requests
// at the same time (the race detector saw two first encodings collide).
var (
	plantillas   sync.Map
	construyendo sync.Mutex
)

func plantillaDe(f forma) plantilla {
	if p, ok := plantillas.Load(f); ok {
		return p.(plantilla)
	}
	construyendo.Lock()
	defer construyendo.Unlock()
	if p, ok := plantillas.Load(f); ok {
		return p.(plantilla)
	}
	bar := barraDe(f)
	bar.Validate()
	opcion := bar.JSON()
	p := plantilla{fijos: map[string]json.RawMessage{}, ejesX: opcion["xAxis"].([]opts.XAxis), base: &bar.BaseConfiguration}
	for k, v := range opcion {
		if k == "xAxis" || k == "series" {
			continue
		}
		j, err := json.Marshal(v)
		if err != nil {
			panic(fmt.Sprintf("gráfico %s: la opción %s no se codifica: %v", f.id, k, err))
		}
		p.fijos[k] = j
	}
	p.claves = slices.Sorted(maps.Keys(p.fijos))
	p.claves = append(p.claves, "series", "xAxis")
	slices.Sort(p.claves)
	// The x axes and the series are encoded by every request (escribir):
	// their first encoding happens here too, under the lock.
	if _, err := json.Marshal(p.ejesX); err != nil {
		panic(fmt.Sprintf("gráfico %s: los ejes no se codifican: %v", f.id, err))
	}
	if _, err := json.Marshal(charts.MultiSeries{}); err != nil {
		panic(fmt.Sprintf("gráfico %s: las series no se codifican: %v", f.id, err))
	}
	plantillas.Store(f, p)
	return p
}

// escribir is json.Marshal of the whole option as a map, byte for byte:
// the kept values as they were encoded, the x axes and the series encoded
// now.
func (p plantilla) escribir(ejesX []opts.XAxis, series charts.MultiSeries) ([]byte, error) {
	var b bytes.Buffer
	b.Grow(1024)
	b.WriteByte('{')
	for i, k := range p.claves {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(k))
		b.WriteByte(':')
		var v any
		switch k {
		case "xAxis":
			v = ejesX
		case "series":
			v = series
		default:
			b.Write(p.fijos[k])
			continue
		}
		j, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		b.Write(j)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// barraDe is the bar chart of a form with its global options and axes.
func barraDe(f forma) *charts.Bar {
	eje := opts.YAxis{Type: "value", Position: "left", Name: f.ejeIzquierdo}
	if f.actos {
		eje.MinInterval = 1
	}
	bar := charts.NewBar()
	bar.SetGlobalOptions(append(comunes(f.id),
		charts.WithYAxisOpts(eje),
		charts.WithXAxisOpts(opts.XAxis{Type: "category"}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(f.leyenda), Bottom: "0"}),
	)...)
	if f.derecho {
		bar.ExtendYAxis(opts.YAxis{Name: f.ejeDerecho, Type: "value", Position: "right"})
	}
	return bar
}

// serie is one series of the chart: bars, or a line (what charts.NewLine
// and Overlap would add to the bar chart).
func (m Modelo) serie(s Serie, base *charts.BaseConfiguration) charts.SingleSeries {
	if s.Barras {
		datos := make([]opts.BarData, len(s.Valores))
		for i, v := range s.Valores {
			datos[i] = opts.BarData{Value: m.valorEcharts(v)}
		}
		o := []charts.SeriesOpts{charts.WithItemStyleOpts(opts.ItemStyle{Color: s.Color})}
		if m.Unidad == UnidadActos {
			o = append(o, charts.WithLabelOpts(opts.Label{Show: opts.Bool(true), Position: "top"}))
		}
		barra := charts.SingleSeries{Name: s.Nombre, Type: types.ChartBar, Data: datos}
		barra.ConfigureSeriesOpts(o...)
		return barra
	}
	datos := make([]opts.LineData, len(s.Valores))
	for i, v := range s.Valores {
		datos[i] = opts.LineData{Value: m.valorEcharts(v), YAxisIndex: s.Eje}
	}
	linea := charts.SingleSeries{Name: s.Nombre, Type: types.ChartLine, Data: datos}
	linea.InitSeriesDefaultOpts(*base)
	linea.ConfigureSeriesOpts(
		charts.WithLineChartOpts(opts.LineChart{YAxisIndex: s.Eje}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: s.Color, Width: 3, Type: "solid"}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: s.Color}))
	return linea
}

func (m Modelo) valorEcharts(v *decimal.Decimal) any {
	f, ok := m.Dibujable(v)
	if !ok {
		return SinDato
	}
	if m.Unidad == UnidadActos {
		return int64(f)
	}
	return f
}
