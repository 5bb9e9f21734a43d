package informe

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"testing"

	"comite/internal/graficos"
)

// hayColor says whether a PNG has a pixel of the colour "#rrggbb" (with a
// small tolerance for antialiasing).
func hayColor(t *testing.T, img image.Image, hex string) bool {
	t.Helper()
	var r, g, b uint8
	if _, err := fmt.Sscanf(hex, "#%02x%02x%02x", &r, &g, &b); err != nil {
		t.Fatal(err)
	}
	lim := img.Bounds()
	for y := lim.Min.Y; y < lim.Max.Y; y++ {
		for x := lim.Min.X; x < lim.Max.X; x++ {
			pr, pg, pb, _ := img.At(x, y).RGBA()
			if cerca(uint8(pr>>8), r) && cerca(uint8(pg>>8), g) && cerca(uint8(pb>>8), b) {
				return true
			}
		}
	}
	return false
}

func cerca(a, b uint8) bool { return int(a)+3 >= int(b) && int(b)+3 >= int(a) }

// docs/reglas.md §4: one model feeds the page (ECharts) and the PDF (PNG):
// same title, series and colours; the 0,5 % line is the same colour and a
// continuous stroke on both; «No cuentan» is not green.
func TestGraficos_art25_mismoModeloParaLaPaginaYElPDF(t *testing.T) {
	for _, g := range Graficos(datosLargos(t)) {
		t.Run(g.Clave, func(t *testing.T) {
			op, err := graficos.Opcion(g.Modelo)
			if err != nil {
				t.Fatal(err)
			}
			if op.Titulo != g.Titulo {
				t.Errorf("título de la página %q, del PDF %q", op.Titulo, g.Titulo)
			}
			var m struct {
				Series []struct {
					Name      string         `json:"name"`
					Type      string         `json:"type"`
					ItemStyle map[string]any `json:"itemStyle"`
					LineStyle map[string]any `json:"lineStyle"`
				} `json:"series"`
			}
			if err := json.Unmarshal(op.Opcion, &m); err != nil {
				t.Fatal(err)
			}
			if len(m.Series) != len(g.Series) {
				t.Fatalf("la página tiene %d series y el PDF %d", len(m.Series), len(g.Series))
			}
			porNombre := map[string]int{}
			for i, s := range m.Series {
				porNombre[s.Name] = i
			}
			pngBytes, err := g.PNG()
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(pngBytes))
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range g.Series {
				i, ok := porNombre[s.Nombre]
				if !ok {
					t.Fatalf("la serie %q del PDF no está en la página", s.Nombre)
				}
				if c := m.Series[i].ItemStyle["color"]; c != s.Color {
					t.Errorf("serie %q: color en la página %v, en el modelo %s", s.Nombre, c, s.Color)
				}
				if !s.Barras {
					if m.Series[i].LineStyle["color"] != s.Color || m.Series[i].LineStyle["type"] != "solid" {
						t.Errorf("línea %q en la página: %v; quiere color %s y trazo continuo como en el PDF", s.Nombre, m.Series[i].LineStyle, s.Color)
					}
				}
				if !hayColor(t, img, s.Color) {
					t.Errorf("el PNG del PDF no dibuja la serie %q con su color %s", s.Nombre, s.Color)
				}
			}
			// The default second colour of the chart library is this green.
			if hayColor(t, img, "#91cc75") {
				t.Error("el PNG tiene el verde de la paleta por defecto")
			}
		})
	}
	if graficos.ColorNoCuentan == "#91cc75" {
		t.Error("«No cuentan» es verde")
	}
}
