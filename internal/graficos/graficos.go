// Package graficos builds the charts of comite with go-echarts and returns
// only their ECharts option as JSON. A page emits that JSON with
// templ.JSONScript (which escapes "<", ">" and "&", so a label taken from data
// can never close the script element and run as code) and the one static file
// web/static/app.js draws it: there is no inline script, so the strict
// Content-Security-Policy holds. No option holds a JS function; app.js adds
// the es-CO number formatting on the browser side.
//
// Amounts arrive as decimal.Decimal and are converted to float64 ONLY here, at
// the display boundary, to draw them: no rule ever reads these floats.
package graficos

import (
	"encoding/json"
	"fmt"

	"comite/internal/formato"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/shopspring/decimal"
)

// Fixed ids of the charts, so pages and tests are stable.
const (
	IDSancionesVsUmbral     = "grafico-sanciones-umbral"
	IDSancionesYOperaciones = "grafico-sanciones-operaciones"
	IDActosPorGravedad      = "grafico-actos-gravedad"
)

// Grafico is one chart ready for a page: its element id, a title for people
// (the page shows it and uses it as the accessible name) and the ECharts
// option as JSON.
type Grafico struct {
	ID     string
	Titulo string
	Opcion json.RawMessage
	// Cifras is the text alternative of the chart: the same figures as a
	// table (exact, formatted as people in Colombia read them), shown under
	// the chart for those who cannot see it.
	Cifras Cifras
}

// Cifras is the table of the figures a chart draws.
type Cifras struct {
	Columnas []string
	Filas    [][]string
}

// IDDatos is the id of the <script type="application/json"> that holds the option.
func (g Grafico) IDDatos() string { return g.ID + "-datos" }

// millones converts pesos to millions of pesos for drawing (display only).
func millones(v decimal.Decimal) float64 {
	return v.Div(decimal.NewFromInt(1_000_000)).Round(2).InexactFloat64()
}

// SinDato is ECharts' mark for a missing value: the series shows a gap.
const SinDato = "-"

func comunes(id string) []charts.GlobalOpts {
	return []charts.GlobalOpts{
		charts.WithInitializationOpts(opts.Initialization{ChartID: id}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Bottom: "0"}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis"}),
		charts.WithGridOpts(opts.Grid{Left: "2%", Right: "3%", Top: "12%", Bottom: "14%", ContainLabel: opts.Bool(true)}),
	}
}

func aJSON(c interface {
	Validate()
	JSON() map[string]interface{}
}) (json.RawMessage, error) {
	c.Validate()
	b, err := json.Marshal(c.JSON())
	if err != nil {
		return nil, fmt.Errorf("gráfico: %w", err)
	}
	return b, nil
}

// SancionesVsUmbral draws, per year, the sum of the sanctions that count
// against the 0,5 % line of that year's operations (art. 25 inc. 1): the
// chart ModeloUmbral describes, the same the informe's PDF draws.
func SancionesVsUmbral(anios []int, sanciones []decimal.Decimal, umbral []*decimal.Decimal) (Grafico, error) {
	m, err := ModeloUmbral(anios, sanciones, umbral)
	if err != nil {
		return Grafico{}, err
	}
	return Opcion(m)
}

// SancionesYOperaciones draws the last five years of sanctions and
// operations (ModeloOperaciones).
func SancionesYOperaciones(anios []int, sanciones []decimal.Decimal, operaciones []*decimal.Decimal) (Grafico, error) {
	m, err := ModeloOperaciones(anios, sanciones, operaciones)
	if err != nil {
		return Grafico{}, err
	}
	return Opcion(m)
}

// ActosPorGravedad draws the number of sanction acts by gravedad (ModeloActos).
func ActosPorGravedad(leve, grave, gravisima int) (Grafico, error) {
	return Opcion(ModeloActos(leve, grave, gravisima))
}

// Barras is a generic bar chart with category labels taken from data (used
// where labels come from the database, e.g. names); it exists so the escaping
// of data labels is tested in one place.
func Barras(id, titulo, serie string, etiquetas []string, valores []decimal.Decimal) (Grafico, error) {
	if len(etiquetas) != len(valores) {
		return Grafico{}, fmt.Errorf("gráfico %s: %d etiquetas y %d valores", id, len(etiquetas), len(valores))
	}
	bar := charts.NewBar()
	bar.SetGlobalOptions(comunes(id)...)
	datos := make([]opts.BarData, len(valores))
	for i, v := range valores {
		datos[i] = opts.BarData{Value: v.InexactFloat64()} // display boundary
	}
	bar.SetXAxis(etiquetas).AddSeries(serie, datos, charts.WithItemStyleOpts(opts.ItemStyle{Color: ColorSanciones}))
	j, err := aJSON(bar)
	cf := Cifras{Columnas: []string{"", serie}}
	for i, e := range etiquetas {
		cf.Filas = append(cf.Filas, []string{e, formato.Numero(valores[i], 2)})
	}
	return Grafico{ID: id, Titulo: titulo, Opcion: j, Cifras: cf}, err
}

// pesosONulo shows an amount, or says the year was never loaded (unknown is
// not zero).
func pesosONulo(d *decimal.Decimal) string {
	if d == nil {
		return "Sin datos cargados"
	}
	return formato.Pesos(*d)
}
