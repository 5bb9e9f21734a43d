package graficos

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/a-h/templ"
	"github.com/shopspring/decimal"
)

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// opcion decodes a chart's option.
func opcion(t *testing.T, g Grafico) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(g.Opcion, &m); err != nil {
		t.Fatalf("opción no es JSON: %v", err)
	}
	return m
}

func serie(t *testing.T, m map[string]any, i int) []any {
	t.Helper()
	s := m["series"].([]any)[i].(map[string]any)
	return s["data"].([]any)
}

func valor(d any) float64 { return d.(map[string]any)["value"].(float64) }

func ptrs(ds ...decimal.Decimal) []*decimal.Decimal {
	out := make([]*decimal.Decimal, len(ds))
	for i := range ds {
		out[i] = &ds[i]
	}
	return out
}

// Art. 25 inc. 1 with operations never loaded: the years without data are
// gaps in the line ("-", ECharts' empty value), never zeros; the bars of S
// stay.
func TestSancionesVsUmbral_art25_anioSinOperacionesEsHueco(t *testing.T) {
	l := dec("74000000")
	g, err := SancionesVsUmbral([]int{2024, 2025}, []decimal.Decimal{dec("50000000"), dec("77000000")}, []*decimal.Decimal{nil, &l})
	if err != nil {
		t.Fatal(err)
	}
	m := opcion(t, g)
	linea := serie(t, m, 1)
	if v := linea[0].(map[string]any)["value"]; v != SinDato {
		t.Fatalf("año sin operaciones: %v, se esperaba %q", v, SinDato)
	}
	if valor(linea[1]) != 74 || valor(serie(t, m, 0)[0]) != 50 {
		t.Fatalf("línea %v", linea)
	}
	g2, err := SancionesYOperaciones([]int{2024, 2025}, []decimal.Decimal{dec("1"), dec("2")}, []*decimal.Decimal{nil, &l})
	if err != nil {
		t.Fatal(err)
	}
	if v := serie(t, opcion(t, g2), 1)[0].(map[string]any)["value"]; v != SinDato {
		t.Fatalf("operaciones sin cargar: %v", v)
	}
}

func TestSancionesVsUmbral_dominio_2_5_barrasContraLinea(t *testing.T) {
	// Worked example of docs/reglas.md §2: S = 77.000.000; O = 14.800.000.000 → 0,5 % = 74.000.000.
	g, err := SancionesVsUmbral([]int{2024, 2025}, []decimal.Decimal{dec("0"), dec("77000000")}, ptrs(dec("50000000"), dec("74000000")))
	if err != nil {
		t.Fatal(err)
	}
	if g.ID != IDSancionesVsUmbral || g.IDDatos() != IDSancionesVsUmbral+"-datos" {
		t.Fatalf("id = %q", g.ID)
	}
	m := opcion(t, g)
	barras, linea := serie(t, m, 0), serie(t, m, 1)
	if valor(barras[1]) != 77 || valor(linea[1]) != 74 || valor(barras[0]) != 0 {
		t.Fatalf("valores en millones: barras %v línea %v", barras, linea)
	}
	if x := m["xAxis"].([]any)[0].(map[string]any)["data"].([]any); x[0] != "2024" || x[1] != "2025" {
		t.Fatalf("años como categorías: %v", x)
	}
}

func TestSancionesYOperaciones_ultimosCincoAniosDosEjes(t *testing.T) {
	anios := []int{2019, 2020, 2021, 2022, 2023, 2024, 2025}
	s := make([]decimal.Decimal, len(anios))
	o := make([]*decimal.Decimal, len(anios))
	for i := range anios {
		s[i] = decimal.NewFromInt(int64(i) * 1_000_000)
		v := decimal.NewFromInt(int64(i) * 1_000_000_000)
		o[i] = &v
	}
	g, err := SancionesYOperaciones(anios, s, o)
	if err != nil {
		t.Fatal(err)
	}
	m := opcion(t, g)
	if n := len(m["yAxis"].([]any)); n != 2 {
		t.Fatalf("ejes y = %d, quiere 2", n)
	}
	x := m["xAxis"].([]any)[0].(map[string]any)["data"].([]any)
	if len(x) != 5 || x[0] != "2021" || x[4] != "2025" {
		t.Fatalf("años = %v, quiere 2021..2025", x)
	}
	lin := m["series"].([]any)[1].(map[string]any)
	if lin["yAxisIndex"].(float64) != 1 || valor(serie(t, m, 1)[4]) != 6000 {
		t.Fatalf("serie de operaciones = %v", lin)
	}
}

func TestActosPorGravedad_tresBarras(t *testing.T) {
	g, err := ActosPorGravedad(4, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	d := serie(t, opcion(t, g), 0)
	if len(d) != 3 || valor(d[0]) != 4 || valor(d[1]) != 0 || valor(d[2]) != 2 {
		t.Fatalf("datos = %v", d)
	}
}

func TestLongitudesDistintasSonError(t *testing.T) {
	casos := map[string]func() (Grafico, error){
		"umbral_corto":      func() (Grafico, error) { return SancionesVsUmbral([]int{2025}, []decimal.Decimal{dec("1")}, nil) },
		"operaciones_corto": func() (Grafico, error) { return SancionesYOperaciones([]int{2025}, nil, ptrs(dec("1"))) },
		"etiquetas_de_mas":  func() (Grafico, error) { return Barras("g", "t", "s", []string{"a", "b"}, []decimal.Decimal{dec("1")}) },
	}
	for nombre, f := range casos {
		t.Run(nombre, func(t *testing.T) {
			if _, err := f(); err == nil {
				t.Fatal("quiere error")
			}
		})
	}
}

func TestSinFuncionesJSNiCDN(t *testing.T) {
	for _, g := range todos(t) {
		s := string(g.Opcion)
		for _, prohibido := range []string{"function", "=>", "http://", "https://"} {
			if strings.Contains(s, prohibido) {
				t.Fatalf("%s contiene %q: %s", g.ID, prohibido, s)
			}
		}
	}
}

func todos(t *testing.T) []Grafico {
	a, _ := SancionesVsUmbral([]int{2025}, []decimal.Decimal{dec("1")}, ptrs(dec("2")))
	b, _ := SancionesYOperaciones([]int{2025}, []decimal.Decimal{dec("1")}, ptrs(dec("2")))
	c, _ := ActosPorGravedad(1, 2, 3)
	return []Grafico{a, b, c}
}

// A label taken from data that tries to close the script element must stay
// inert text once the option is emitted with templ.JSONScript.
func TestEtiquetaConScriptQuedaInerte(t *testing.T) {
	ataque := `</script><script>alert(1)</script>`
	g, err := Barras("grafico-prueba", "Prueba", "Serie <b>", []string{ataque, "normal"}, []decimal.Decimal{dec("1"), dec("2")})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := templ.JSONScript(g.IDDatos(), g.Opcion).Render(context.Background(), &buf); err != nil {
		t.Fatal(err)
	}
	html := buf.String()
	if strings.Count(html, "</script>") != 1 || strings.Count(strings.ToLower(html), "<script") != 1 {
		t.Fatalf("el rótulo cerró o abrió un script: %s", html)
	}
	cuerpo := html[strings.Index(html, ">")+1 : strings.LastIndex(html, "</script>")]
	if strings.ContainsAny(cuerpo, "<>") {
		t.Fatalf("el JSON contiene < o > sin escapar: %s", cuerpo)
	}
	// The browser gets the label back unchanged, as data.
	var m map[string]any
	if err := json.Unmarshal([]byte(cuerpo), &m); err != nil {
		t.Fatal(err)
	}
	if got := m["xAxis"].([]any)[0].(map[string]any)["data"].([]any)[0]; got != ataque {
		t.Fatalf("rótulo = %q", got)
	}
}

// The text alternative of a chart states its figures exactly, in es-CO.
func TestCifras_alternativaTextualConLasCifras(t *testing.T) {
	g, err := SancionesVsUmbral([]int{2024, 2025}, []decimal.Decimal{decimal.RequireFromString("62849000"), decimal.RequireFromString("1234.5")}, []*decimal.Decimal{ptrDec("74000000"), nil})
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"2024", "$ 62.849.000", "$ 74.000.000"}, {"2025", "$ 1.234,50", "Sin datos cargados"}}
	if fmt.Sprint(g.Cifras.Filas) != fmt.Sprint(want) {
		t.Fatalf("cifras = %v, quiere %v", g.Cifras.Filas, want)
	}
	a, err := ActosPorGravedad(1, 2, 1234)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(a.Cifras.Filas); got != "[[Leve 1] [Grave 2] [Gravísima 1.234]]" {
		t.Fatalf("cifras por gravedad = %s", got)
	}
}

func ptrDec(s string) *decimal.Decimal {
	d := decimal.RequireFromString(s)
	return &d
}
