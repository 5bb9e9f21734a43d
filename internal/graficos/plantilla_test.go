package graficos

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"github.com/shopspring/decimal"
)

// opcionReferencia builds the whole chart with go-echarts on every call, as
// its documentation shows: the option Opcion must give byte for byte.
func opcionReferencia(m Modelo) ([]byte, error) {
	eje := opts.YAxis{Type: "value", Position: "left"}
	if len(m.Ejes) > 0 {
		eje.Name = m.Ejes[0]
	}
	if m.Unidad == UnidadActos {
		eje.MinInterval = 1
	}
	bar := charts.NewBar()
	bar.SetGlobalOptions(append(comunes(m.ID),
		charts.WithYAxisOpts(eje),
		charts.WithXAxisOpts(opts.XAxis{Type: "category"}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(len(m.Series) > 1), Bottom: "0"}),
	)...)
	for _, s := range m.Series {
		if s.Eje == 1 {
			bar.ExtendYAxis(opts.YAxis{Name: m.Ejes[1], Type: "value", Position: "right"})
			break
		}
	}
	bar.SetXAxis(m.Categorias)
	for _, s := range m.Series {
		if s.Barras {
			datos := make([]opts.BarData, len(s.Valores))
			for i, v := range s.Valores {
				datos[i] = opts.BarData{Value: m.valorEcharts(v)}
			}
			o := []charts.SeriesOpts{charts.WithItemStyleOpts(opts.ItemStyle{Color: s.Color})}
			if m.Unidad == UnidadActos {
				o = append(o, charts.WithLabelOpts(opts.Label{Show: opts.Bool(true), Position: "top"}))
			}
			bar.AddSeries(s.Nombre, datos, o...)
			continue
		}
		datos := make([]opts.LineData, len(s.Valores))
		for i, v := range s.Valores {
			datos[i] = opts.LineData{Value: m.valorEcharts(v), YAxisIndex: s.Eje}
		}
		l := charts.NewLine()
		l.SetXAxis(m.Categorias).AddSeries(s.Nombre, datos,
			charts.WithLineChartOpts(opts.LineChart{YAxisIndex: s.Eje}),
			charts.WithLineStyleOpts(opts.LineStyle{Color: s.Color, Width: 3, Type: "solid"}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: s.Color}))
		bar.Overlap(l)
	}
	return aJSON(bar)
}

func modeloAlAzar(r *rand.Rand) Modelo {
	valor := func() *decimal.Decimal {
		if r.IntN(6) == 0 {
			return nil // a year without data
		}
		d := decimal.New(r.Int64N(1_000_000_000_000), -int32(r.IntN(3)))
		return &d
	}
	m := Modelo{ID: []string{IDSancionesVsUmbral, IDSancionesYOperaciones, IDActosPorGravedad, "otro"}[r.IntN(4)],
		Titulo: "Título", Ejes: []string{"Millones de pesos", "Operaciones, millones de pesos"}[:1+r.IntN(2)],
		Unidad: []Unidad{UnidadPesos, UnidadActos}[r.IntN(2)]}
	for i := range r.IntN(7) {
		m.Categorias = append(m.Categorias, fmt.Sprint(2020+i))
	}
	for k := range 1 + r.IntN(3) {
		s := Serie{Nombre: fmt.Sprintf("Serie «%d» <&>", k), Barras: r.IntN(2) == 0, Color: []string{ColorSanciones, "#123456"}[r.IntN(2)]}
		if len(m.Ejes) > 1 && r.IntN(2) == 0 {
			s.Eje = 1
		}
		for range m.Categorias {
			s.Valores = append(s.Valores, valor())
		}
		m.Series = append(m.Series, s)
	}
	return m
}

// The option built from the kept global options of a form is the one
// go-echarts builds whole, on random models of every form, also when many
// pages ask at once.
func TestOpcion_igualAlGraficoEntero(t *testing.T) {
	r := rand.New(rand.NewPCG(2026, 12))
	modelos := make([]Modelo, 1500)
	for i := range modelos {
		modelos[i] = modeloAlAzar(r)
	}
	var wg sync.WaitGroup
	errores := make(chan string, len(modelos))
	for k := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := k; i < len(modelos); i += 4 {
				m := modelos[i]
				got, err := Opcion(m)
				want, errR := opcionReferencia(m)
				if err != nil || errR != nil || !bytes.Equal(got.Opcion, want) {
					errores <- fmt.Sprintf("modelo %d (%+v):\n%s\nquería:\n%s\n%v %v", i, formaDe(m), got.Opcion, want, err, errR)
				}
			}
		}()
	}
	wg.Wait()
	close(errores)
	for e := range errores {
		t.Fatal(e)
	}
}

// BenchmarkOpcion: the options of the three charts of a case page, with
// five years each (go test -bench Opcion -benchmem ./internal/graficos).
func BenchmarkOpcion(b *testing.B) {
	anios := []int{2021, 2022, 2023, 2024, 2025}
	var s []decimal.Decimal
	var u []*decimal.Decimal
	for i := range anios {
		v := decimal.New(int64(123456789+i*1000), 0)
		s, u = append(s, v), append(u, &v)
	}
	u[2] = nil
	for b.Loop() {
		if _, err := SancionesVsUmbral(anios, s, u); err != nil {
			b.Fatal(err)
		}
		if _, err := SancionesYOperaciones(anios, s, u); err != nil {
			b.Fatal(err)
		}
		if _, err := Opcion(ModeloGravedad([3]int{1, 2, 3}, [3]int{0, 1, 0}, 2025)); err != nil {
			b.Fatal(err)
		}
	}
}
