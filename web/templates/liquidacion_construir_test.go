package templates

import (
	"strings"
	"testing"

	"comite/internal/fecha"
	"comite/internal/liquidacion"
	"comite/internal/normas"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

func TestResultadoLiquidacionDe(t *testing.T) {
	antes, despues := decimal.RequireFromString("1000000"), decimal.RequireFromString("1500000")
	base := liquidacion.Liquidacion{
		Regimen: liquidacion.Aduanero, FechaLiquidacion: fecha.Debe(2025, 5, 2), FechaHechos: fecha.Debe(2025, 1, 3),
		Reglas: "DL920-2023", Conjunto: valores.DL920, Sancion: sancion.Multa,
		UVT: valores.UVT{Anio: 2025, Valor: decimal.RequireFromString("49799")},
		Pasos: []liquidacion.Paso{
			{Paso: liquidacion.PasoBase, Aplica: true, Despues: &antes, Fundamento: normas.IncrementoMilUVT},
			{Paso: liquidacion.PasoReincidencia, Aplica: true, Antes: &antes, Despues: &despues, Fundamento: normas.IncrementoMilUVT},
		},
	}
	total := despues
	casos := []struct {
		nombre  string
		cambiar func(*liquidacion.Liquidacion)
		total   string
		alerta  string
	}{
		{"dl920_multa_con_total", func(l *liquidacion.Liquidacion) { l.Total = &total }, "$ 1.500.000", ""},
		{"dl920_sin_multa", func(l *liquidacion.Liquidacion) { l.Sancion = sancion.Cancelacion }, "Cancelación (sin multa)", ""},
		{"dl920_norma_sin_vigencia_confirmada", func(l *liquidacion.Liquidacion) {
			l.Total, l.Alertas = &total, []string{liquidacion.AlertaNormaSinVigencia}
		}, "$ 1.500.000", "Norma sin vigencia confirmada: los hechos (03/01/2025)"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			l := base
			c.cambiar(&l)
			r := ResultadoLiquidacionDe(l)
			if r.Total != c.total || r.UVT != "UVT 2025: $ 49.799" || r.Fecha != "02/05/2025" || r.Regimen != "Régimen aduanero (Decreto Ley 920 de 2023)" {
				t.Errorf("ResultadoLiquidacionDe = %+v; quiere total %q", r, c.total)
			}
			if c.alerta != "" && (len(r.Alertas) != 1 || !strings.HasPrefix(r.Alertas[0], c.alerta)) {
				t.Errorf("Alertas = %q; quiere %q…", r.Alertas, c.alerta)
			}
			// A step without a figure shows a dash, never a zero.
			if len(r.Pasos) != 2 || r.Pasos[0].Antes != "—" || r.Pasos[0].Despues != "$ 1.000.000" || r.Pasos[1].Paso != "Repetición y reincidencia" {
				t.Errorf("Pasos = %+v", r.Pasos)
			}
		})
	}
}

func TestActoHistoriaDe(t *testing.T) {
	casos := []struct {
		nombre           string
		a                liquidacion.ActoAnterior
		sancion, firmeza string
	}{
		{"art22_con_allanamiento_y_firmeza", liquidacion.ActoAnterior{Numero: "A-1", Gravedad: sancion.Grave, Sancion: sancion.Multa, Allanamiento: true,
			FechaExpedicion: fecha.Debe(2023, 3, 1), FechaFirmeza: fecha.Debe(2023, 5, 2)}, "multa (con allanamiento)", "02/05/2023"},
		{"art22_sin_firmeza", liquidacion.ActoAnterior{Numero: "A-2", Gravedad: sancion.Leve, Sancion: sancion.Amonestacion}, "amonestación", "—"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			v := ActoHistoriaDe(c.a, "fuera del periodo")
			if !strings.EqualFold(v.Sancion, c.sancion) || v.Firmeza != c.firmeza || v.Numero != c.a.Numero || v.Motivo != "fuera del periodo" {
				t.Errorf("ActoHistoriaDe = %+v; quiere sanción %q, firmeza %q", v, c.sancion, c.firmeza)
			}
		})
	}
}

func TestOpcionesRegimen(t *testing.T) {
	o := OpcionesRegimen(liquidacion.ZonaFranca)
	if len(o) != len(liquidacion.Regimenes) {
		t.Fatalf("%d opciones", len(o))
	}
	for _, x := range o {
		if x.Texto == "" || x.Seleccionada != (x.Valor == string(liquidacion.ZonaFranca)) {
			t.Errorf("opción %+v", x)
		}
	}
}
