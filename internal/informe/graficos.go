package informe

import (
	"fmt"
	"math"
	"strings"

	"comite/internal/contrato"
	"comite/internal/formato"
	"comite/internal/graficos"

	"github.com/go-analyze/charts"
	"github.com/shopspring/decimal"
)

// Keys of the three charts of the informe (docs/reglas.md §4).
const (
	GraficoUmbral      = graficos.ClaveUmbral
	GraficoOperaciones = graficos.ClaveOperaciones
	GraficoGravedad    = graficos.ClaveGravedad
)

// Grafico is one chart of the informe: the Modelo of internal/graficos, the
// same a page turns into its ECharts option, drawn here as a PNG.
type Grafico struct{ graficos.Modelo }

// Graficos returns the charts of the informe, in order. The yearly charts
// come from d.Serie (computed by the core); the gravedad chart from the
// stored lists of acts.
func Graficos(d Datos) []Grafico {
	var out []Grafico
	if len(d.Serie) > 0 {
		anios := make([]int, len(d.Serie))
		s := make([]decimal.Decimal, len(d.Serie))
		umbral := make([]*decimal.Decimal, len(d.Serie))
		o := make([]*decimal.Decimal, len(d.Serie))
		for i, p := range d.Serie {
			anios[i], s[i], umbral[i], o[i] = p.Anio, p.Suma, p.Umbral, p.Operaciones
		}
		// Same lengths by construction: the models cannot fail here.
		mu, _ := graficos.ModeloUmbral(anios, s, umbral)
		mo, _ := graficos.ModeloOperaciones(anios, s, o)
		out = append(out, Grafico{mu}, Grafico{mo})
	}
	cuentan, fuera := contrato.ActosPorGravedad(d.Evaluacion.ActosComputados, d.Evaluacion.ActosExcluidos)
	out = append(out, Grafico{graficos.ModeloGravedad(cuentan, fuera, d.Evaluacion.Periodo.Anio)})
	return out
}

// valoresFloat converts a series to float64 for the chart library, through
// the model (pesos in millions); a missing value is the library's null (no
// bar, a break in the line).
func valoresFloat(m graficos.Modelo, vs []*decimal.Decimal) []float64 {
	out := make([]float64, len(vs))
	for i, p := range vs {
		f, ok := m.Dibujable(p)
		if !ok {
			f = charts.GetNullValue()
		}
		out[i] = f
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
		OutputFormat: charts.ChartOutputPNG,
		Width:        ancho,
		Height:       altoPx,
		// The series' colours of the model, as on the page.
		Theme:          charts.GetTheme(charts.ThemeLight).WithSeriesColors(colores(g.Series)),
		Padding:        charts.NewBox(20, 16, 24, 12),
		ValueFormatter: numeroEjes,
		// The line of the page is 3 px wide too (graficos.Opcion).
		LineStrokeWidth: 3,
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
				series = append(series, valoresFloat(g.Modelo, s.Valores)...)
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
		case g.Unidad == graficos.UnidadPesos:
			// Five round intervals on every value axis, so that the two axes
			// of a chart share their grid lines and read 0, 20, 40… not 0, 7, 14….
			paso := pasoRedondo(maximo / intervalos)
			eje.Max = charts.Ptr(paso * intervalos)
			eje.LabelCount = intervalos + 1
		case g.Unidad == graficos.UnidadActos:
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
			Type: tipo, Name: s.Nombre, YAxisIndex: s.Eje, Values: valoresFloat(g.Modelo, s.Valores),
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

func colores(ss []graficos.Serie) []charts.Color {
	var out []charts.Color
	for _, s := range ss {
		out = append(out, charts.ColorFromHex(strings.TrimPrefix(s.Color, "#")))
	}
	return out
}

func nombres(ss []graficos.Serie) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.Nombre)
	}
	return out
}
