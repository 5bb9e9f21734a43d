package graficos

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
)

// IDCartera is the fixed id of the portfolio chart on Inicio.
const IDCartera = "grafico-cartera"

// SerieCartera is one layer of the portfolio: the name of a user type and
// how many users of that type, one figure per year.
type SerieCartera struct {
	Nombre string
	Cifras []int
}

// coloresCartera tell the user types apart (also in grey when printed).
var coloresCartera = []string{"#0b4f8a", "#e0a030", "#2e8b57", "#a3161b", "#7f8c8d", "#6a4c93", "#8fb3d9"}

// Cartera draws the portfolio as stacked bars, one stack per year and one
// colour per user type. Labels are the years and the fixed names of the user
// types.
func Cartera(anios []int, series []SerieCartera) (Grafico, error) {
	bar := charts.NewBar()
	bar.SetGlobalOptions(
		charts.WithInitializationOpts(opts.Initialization{ChartID: IDCartera}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Bottom: "0"}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"}),
		charts.WithGridOpts(opts.Grid{Left: "2%", Right: "3%", Top: "12%", Bottom: "22%", ContainLabel: opts.Bool(true)}),
		charts.WithYAxisOpts(opts.YAxis{Name: "Usuarios", Type: "value", MinInterval: 1}),
		charts.WithXAxisOpts(opts.XAxis{Type: "category"}),
	)
	x := make([]string, len(anios))
	for i, a := range anios {
		x[i] = strconv.Itoa(a)
	}
	bar.SetXAxis(x)
	for i, s := range series {
		if len(s.Cifras) != len(anios) {
			return Grafico{}, fmt.Errorf("gráfico de la cartera: %d años y %d cifras en %q", len(anios), len(s.Cifras), s.Nombre)
		}
		datos := make([]opts.BarData, len(anios))
		for j := range anios {
			datos[j] = opts.BarData{Value: s.Cifras[j]}
		}
		bar.AddSeries(s.Nombre, datos,
			charts.WithBarChartOpts(opts.BarChart{Stack: "cartera"}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: coloresCartera[i%len(coloresCartera)]}))
	}
	bar.Validate()
	b, err := json.Marshal(bar.JSON())
	if err != nil {
		return Grafico{}, fmt.Errorf("gráfico de la cartera: %w", err)
	}
	return Grafico{ID: IDCartera, Titulo: "Usuarios para los que procedería el Comité, por año y tipo de usuario", Opcion: b}, nil
}
