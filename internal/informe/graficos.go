package informe

import (
	"fmt"
	"math"
	"strconv"

	"comite/internal/formato"
	"comite/internal/sancion"

	"github.com/go-analyze/charts"
	"github.com/shopspring/decimal"
)

// Keys of the three charts of the informe (docs/reglas.md §4).
const (
	GraficoUmbral      = "sanciones_umbral"      // S per year against the 0,5 % line
	GraficoOperaciones = "sanciones_operaciones" // S and O over the years, two axes
	GraficoGravedad    = "actos_gravedad"        // acts by gravedad, counted or not
)

// Unidades of a chart's values.
const (
	UnidadPesos = "pesos" // amounts in COP; drawn in millions of pesos
	UnidadActos = "actos" // counts
)

// Grafico is the data of one chart, exact (decimal), for the PDF (rendered
// here as a PNG) and for the HTML view (drawn there with ECharts).
type Grafico struct {
	Clave      string
	Titulo     string
	Nota       string // one sentence under the chart saying how to read it
	Categorias []string
	Series     []SerieGrafico
	// Ejes are the titles of the value axes: [0] left, and [1] right when a
	// series uses Eje 1.
	Ejes   []string
	Unidad string
}

// SerieGrafico is one series of a chart.
type SerieGrafico struct {
	Nombre string
	Barras bool // bars; false: a line
	Eje    int  // 0 left, 1 right
	// Valores, one per category; nil is a year without data (operations
	// never loaded): a gap in the chart, never a zero.
	Valores []*decimal.Decimal
}

// Graficos returns the charts of the informe, in order. The yearly charts
// come from d.Serie (computed by the core); the gravedad chart from the
// stored lists of acts.
func Graficos(d Datos) []Grafico {
	var out []Grafico
	if len(d.Serie) > 0 {
		var anios []string
		var s, umbral, o []*decimal.Decimal
		for _, p := range d.Serie {
			anios = append(anios, strconv.Itoa(p.Anio))
			suma := p.Suma
			s = append(s, &suma)
			umbral = append(umbral, p.Umbral)
			o = append(o, p.Operaciones)
		}
		out = append(out, Grafico{
			Clave:      GraficoUmbral,
			Titulo:     "Sanciones por año frente a la línea del 0,5 % de las operaciones",
			Nota:       "Barras: S, suma de las sanciones de los actos que cuentan en cada año. Línea: 0,5 % de las operaciones del mismo año; el umbral se cumple cuando la barra llega a la línea. Un año sin operaciones cargadas queda sin línea (datos incompletos), nunca en cero.",
			Categorias: anios,
			Series: []SerieGrafico{
				{Nombre: "Sanciones (S)", Barras: true, Valores: s},
				{Nombre: "Umbral: 0,5 % de O", Valores: umbral},
			},
			Ejes:   []string{"Millones de pesos"},
			Unidad: UnidadPesos,
		}, Grafico{
			Clave:      GraficoOperaciones,
			Titulo:     "Sanciones y operaciones de comercio exterior por año",
			Nota:       "Barras: S (eje izquierdo). Línea: O, valor de las operaciones (eje derecho, de otra escala); un año sin operaciones cargadas queda sin punto.",
			Categorias: anios,
			Series: []SerieGrafico{
				{Nombre: "Sanciones (S)", Barras: true, Valores: s},
				{Nombre: "Operaciones (O)", Eje: 1, Valores: o},
			},
			Ejes:   []string{"Sanciones, millones de pesos", "Operaciones, millones de pesos"},
			Unidad: UnidadPesos,
		})
	}
	grav := []sancion.Gravedad{sancion.Leve, sancion.Grave, sancion.Gravisima}
	cuentan := make([]int64, len(grav))
	fuera := make([]int64, len(grav))
	for _, a := range d.Evaluacion.ActosComputados {
		for i, g := range grav {
			if string(g) == a.Gravedad {
				cuentan[i]++
			}
		}
	}
	for _, a := range d.Evaluacion.ActosExcluidos {
		for i, g := range grav {
			if string(g) == a.Gravedad {
				fuera[i]++
			}
		}
	}
	cats := []string{"Leve", "Grave", "Gravísima"}
	var vc, vf []*decimal.Decimal
	for i := range grav {
		c, x := decimal.NewFromInt(cuentan[i]), decimal.NewFromInt(fuera[i])
		vc = append(vc, &c)
		vf = append(vf, &x)
	}
	out = append(out, Grafico{
		Clave:      GraficoGravedad,
		Titulo:     "Actos sancionatorios por gravedad",
		Nota:       fmt.Sprintf("Actos del periodo %d que cuentan y actos que no cuentan (fuera del periodo, con allanamiento o sin firmeza), según su gravedad.", d.Evaluacion.Periodo.Anio),
		Categorias: cats,
		Series: []SerieGrafico{
			{Nombre: "Cuentan", Barras: true, Valores: vc},
			{Nombre: "No cuentan", Barras: true, Valores: vf},
		},
		Ejes:   []string{"Número de actos"},
		Unidad: UnidadActos,
	})
	return out
}

var millon = decimal.NewFromInt(1_000_000)

// valoresFloat converts a series to float64 for the chart library. This is
// the ONLY place where amounts become floats: display of a chart, never a
// rule. Pesos are drawn in millions. A missing value is the library's null
// (no bar, a break in the line).
func valoresFloat(vs []*decimal.Decimal, unidad string) []float64 {
	out := make([]float64, len(vs))
	for i, p := range vs {
		if p == nil {
			out[i] = charts.GetNullValue()
			continue
		}
		v := *p
		if unidad == UnidadPesos {
			v = v.Div(millon)
		}
		out[i] = v.InexactFloat64()
	}
	return out
}

// Flotantes is the series for a browser chart: nil where there is no data
// (ECharts draws a gap), pesos in millions.
func (s SerieGrafico) Flotantes(unidad string) []*float64 {
	out := make([]*float64, len(s.Valores))
	for i, p := range s.Valores {
		if p == nil {
			continue
		}
		v := *p
		if unidad == UnidadPesos {
			v = v.Div(millon)
		}
		f := v.InexactFloat64()
		out[i] = &f
	}
	return out
}

// numeroEjes writes an axis value in es-CO: "14.800", "0,5".
func numeroEjes(v float64) string {
	d := decimal.NewFromFloat(v).Round(1)
	if d.Equal(d.Truncate(0)) {
		return formato.Numero(d, 0)
	}
	return formato.Numero(d, 1)
}

// Pixel size of the chart images; drawn 170 mm wide in the PDF (≈ 130 dpi).
const (
	anchoPx = 880
	altoPx  = 400
)

// PNG renders a chart as PNG bytes. The same Grafico gives the same bytes.
func (g Grafico) PNG() ([]byte, error) { return g.png(anchoPx) }

func (g Grafico) png(ancho int) ([]byte, error) {
	fuente := charts.FontStyle{FontSize: 13}
	opt := charts.ChartOption{
		OutputFormat:   charts.ChartOutputPNG,
		Width:          ancho,
		Height:         altoPx,
		Theme:          charts.GetTheme(charts.ThemeLight),
		Padding:        charts.NewBox(20, 16, 24, 12),
		ValueFormatter: numeroEjes,
		XAxis: charts.XAxisOption{
			Labels:         g.Categorias,
			LabelFontStyle: fuente,
		},
		Legend: charts.LegendOption{
			SeriesNames: nombres(g.Series),
			FontStyle:   fuente,
			Offset:      charts.OffsetCenter,
		},
	}
	ejes := 1
	for _, s := range g.Series {
		if s.Eje == 1 {
			ejes = 2
		}
	}
	for e := 0; e < ejes; e++ {
		maximo := 0.0
		var series []float64
		for _, s := range g.Series {
			if s.Eje == e {
				series = append(series, valoresFloat(s.Valores, g.Unidad)...)
			}
		}
		for _, v := range series {
			if v != charts.GetNullValue() {
				maximo = math.Max(maximo, v)
			}
		}
		eje := charts.YAxisOption{
			// Value axes start at zero, or the smallest bar would vanish.
			Min:            charts.Ptr(0.0),
			ValueFormatter: numeroEjes,
			LabelFontStyle: fuente,
			TitleFontStyle: fuente,
		}
		if e < len(g.Ejes) {
			eje.Title = g.Ejes[e]
		}
		switch {
		case maximo == 0:
			eje.Max = charts.Ptr(1.0)
		case g.Unidad == UnidadPesos:
			// Five round intervals on every value axis, so that the two axes
			// of a chart share their grid lines and read 0, 20, 40… not 0, 7, 14….
			paso := pasoRedondo(maximo / intervalos)
			eje.Max = charts.Ptr(paso * intervalos)
			eje.LabelCount = intervalos + 1
		case g.Unidad == UnidadActos:
			// Whole numbers of acts: a whole step (1, 2, 5, 10, 20…) and at most 8 intervals.
			paso := pasoEntero(maximo, 8)
			n := math.Max(2, math.Ceil(maximo/paso))
			eje.Max = charts.Ptr(n * paso)
			eje.LabelCount = int(n) + 1
		}
		if e == 1 {
			eje.Theme = opt.Theme.WithYAxisSeriesColor(1)
			if len(opt.YAxis) > 0 {
				opt.YAxis[0].Theme = opt.Theme.WithYAxisSeriesColor(0)
			}
		}
		opt.YAxis = append(opt.YAxis, eje)
	}
	for _, s := range g.Series {
		tipo := charts.ChartTypeLine
		if s.Barras {
			tipo = charts.ChartTypeBar
		}
		opt.SeriesList = append(opt.SeriesList, charts.GenericSeries{
			Type: tipo, Name: s.Nombre, YAxisIndex: s.Eje, Values: valoresFloat(s.Valores, g.Unidad),
		})
	}
	p, err := charts.Render(opt)
	if err != nil {
		return nil, fmt.Errorf("informe: gráfico %s: %w", g.Clave, err)
	}
	return p.Bytes()
}

const intervalos = 5

// pasoRedondo is the smallest 1, 2, 2,5 or 5 × 10ⁿ not below x (x > 0).
func pasoRedondo(x float64) float64 {
	base := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*base >= x {
			return m * base
		}
	}
	return 10 * base
}

// pasoEntero is the smallest of 1, 2, 5, 10, 20, 50… that splits [0, max]
// in at most n intervals.
func pasoEntero(maximo float64, n int) float64 {
	for p := 1.0; ; p *= 10 {
		for _, m := range []float64{1, 2, 5} {
			if math.Ceil(maximo/(m*p)) <= float64(n) {
				return m * p
			}
		}
	}
}

func nombres(ss []SerieGrafico) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.Nombre)
	}
	return out
}
