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

// Colours of the charts (sober, distinguishable in grey when printed).
const (
	colorSanciones   = "#0b4f8a"
	colorUmbral      = "#c0392b"
	colorOperaciones = "#7f8c8d"
	colorLeve        = "#8fb3d9"
	colorGrave       = "#e0a030"
	colorGravisima   = "#a3161b"
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

// millonesONulo is millones, or SinDato for a value that is not known.
func millonesONulo(v *decimal.Decimal) any {
	if v == nil {
		return SinDato
	}
	return millones(*v)
}

func etiquetasAnios(anios []int) []string {
	out := make([]string, len(anios))
	for i, a := range anios {
		out[i] = fmt.Sprint(a)
	}
	return out
}

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
// against the 0,5 % line of that year's operations (art. 25 inc. 1).
// umbral[i] is that line in pesos (O × 5 / 1000), computed exactly by the
// caller; nil where the operations of the year were never loaded: a gap in
// the line, never a zero.
func SancionesVsUmbral(anios []int, sanciones []decimal.Decimal, umbral []*decimal.Decimal) (Grafico, error) {
	if len(sanciones) != len(anios) || len(umbral) != len(anios) {
		return Grafico{}, fmt.Errorf("gráfico de sanciones y umbral: %d años, %d sumas de sanciones y %d umbrales", len(anios), len(sanciones), len(umbral))
	}
	bar := charts.NewBar()
	bar.SetGlobalOptions(append(comunes(IDSancionesVsUmbral),
		charts.WithYAxisOpts(opts.YAxis{Name: "Millones de pesos", Type: "value"}),
		charts.WithXAxisOpts(opts.XAxis{Type: "category"}),
	)...)
	barras := make([]opts.BarData, len(anios))
	linea := make([]opts.LineData, len(anios))
	for i := range anios {
		barras[i] = opts.BarData{Value: millones(sanciones[i])}
		linea[i] = opts.LineData{Value: millonesONulo(umbral[i])}
	}
	bar.SetXAxis(etiquetasAnios(anios)).
		AddSeries("Sanciones en firme (grave y gravísima)", barras, charts.WithItemStyleOpts(opts.ItemStyle{Color: colorSanciones}))
	l := charts.NewLine()
	l.SetXAxis(etiquetasAnios(anios)).
		AddSeries("0,5 % de las operaciones del año", linea,
			charts.WithLineStyleOpts(opts.LineStyle{Color: colorUmbral, Width: 3, Type: "dashed"}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: colorUmbral}))
	bar.Overlap(l)
	j, err := aJSON(bar)
	cf := Cifras{Columnas: []string{"Año", "Sanciones en firme (grave y gravísima)", "0,5 % de las operaciones del año"}}
	for i, a := range anios {
		cf.Filas = append(cf.Filas, []string{fmt.Sprint(a), formato.Pesos(sanciones[i]), pesosONulo(umbral[i])})
	}
	return Grafico{ID: IDSancionesVsUmbral, Titulo: "Sanciones por año frente al 0,5 % de las operaciones", Opcion: j, Cifras: cf}, err
}

// SancionesYOperaciones draws the last years (the caller passes up to five):
// sanctions as bars on the left axis and operations as a line on the right
// axis, both in millions of pesos. A nil operations value is a year never
// loaded: a gap in the line, never a zero.
func SancionesYOperaciones(anios []int, sanciones []decimal.Decimal, operaciones []*decimal.Decimal) (Grafico, error) {
	if len(sanciones) != len(anios) || len(operaciones) != len(anios) {
		return Grafico{}, fmt.Errorf("gráfico de sanciones y operaciones: %d años, %d sumas de sanciones y %d totales de operaciones", len(anios), len(sanciones), len(operaciones))
	}
	if len(anios) > 5 {
		anios, sanciones, operaciones = anios[len(anios)-5:], sanciones[len(sanciones)-5:], operaciones[len(operaciones)-5:]
	}
	bar := charts.NewBar()
	bar.SetGlobalOptions(append(comunes(IDSancionesYOperaciones),
		charts.WithYAxisOpts(opts.YAxis{Name: "Sanciones (millones)", Type: "value", Position: "left"}),
		charts.WithXAxisOpts(opts.XAxis{Type: "category"}),
	)...)
	bar.ExtendYAxis(opts.YAxis{Name: "Operaciones (millones)", Type: "value", Position: "right"})
	barras := make([]opts.BarData, len(anios))
	linea := make([]opts.LineData, len(anios))
	for i := range anios {
		barras[i] = opts.BarData{Value: millones(sanciones[i])}
		linea[i] = opts.LineData{Value: millonesONulo(operaciones[i]), YAxisIndex: 1}
	}
	bar.SetXAxis(etiquetasAnios(anios)).
		AddSeries("Sanciones", barras, charts.WithItemStyleOpts(opts.ItemStyle{Color: colorSanciones}))
	l := charts.NewLine()
	l.SetXAxis(etiquetasAnios(anios)).
		AddSeries("Operaciones de comercio exterior", linea,
			charts.WithLineChartOpts(opts.LineChart{YAxisIndex: 1}),
			charts.WithLineStyleOpts(opts.LineStyle{Color: colorOperaciones, Width: 3}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: colorOperaciones}))
	bar.Overlap(l)
	j, err := aJSON(bar)
	cf := Cifras{Columnas: []string{"Año", "Sanciones", "Operaciones de comercio exterior"}}
	for i, a := range anios {
		cf.Filas = append(cf.Filas, []string{fmt.Sprint(a), formato.Pesos(sanciones[i]), pesosONulo(operaciones[i])})
	}
	return Grafico{ID: IDSancionesYOperaciones, Titulo: "Sanciones y operaciones de los últimos cinco años", Opcion: j, Cifras: cf}, err
}

// ActosPorGravedad draws the number of sanction acts by gravedad.
func ActosPorGravedad(leve, grave, gravisima int) (Grafico, error) {
	bar := charts.NewBar()
	bar.SetGlobalOptions(append(comunes(IDActosPorGravedad),
		charts.WithYAxisOpts(opts.YAxis{Name: "Actos", Type: "value", MinInterval: 1}),
		charts.WithXAxisOpts(opts.XAxis{Type: "category"}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(false)}),
	)...)
	datos := []opts.BarData{
		{Value: leve, ItemStyle: &opts.ItemStyle{Color: colorLeve}},
		{Value: grave, ItemStyle: &opts.ItemStyle{Color: colorGrave}},
		{Value: gravisima, ItemStyle: &opts.ItemStyle{Color: colorGravisima}},
	}
	bar.SetXAxis([]string{"Leve", "Grave", "Gravísima"}).
		AddSeries("Actos sancionatorios", datos, charts.WithLabelOpts(opts.Label{Show: opts.Bool(true), Position: "top"}))
	j, err := aJSON(bar)
	cf := Cifras{Columnas: []string{"Gravedad", "Actos sancionatorios"}, Filas: [][]string{
		{"Leve", formato.Entero(int64(leve))}, {"Grave", formato.Entero(int64(grave))}, {"Gravísima", formato.Entero(int64(gravisima))},
	}}
	return Grafico{ID: IDActosPorGravedad, Titulo: "Actos sancionatorios por gravedad", Opcion: j, Cifras: cf}, err
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
	bar.SetXAxis(etiquetas).AddSeries(serie, datos, charts.WithItemStyleOpts(opts.ItemStyle{Color: colorSanciones}))
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
