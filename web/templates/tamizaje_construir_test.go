package templates

import (
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

func TestSeccionalCorta(t *testing.T) {
	casos := []struct{ nombre, entrada, quiere string }{
		{"aduanas", "Dirección Seccional de Aduanas de Cartagena", "Cartagena"},
		{"impuestos_y_aduanas", "Dirección Seccional de Impuestos y Aduanas de Pereira", "Pereira"},
		{"solo_seccional", "Dirección Seccional de Bogotá", "Bogotá"},
		{"otro_nombre", "Nivel Central", "Nivel Central"},
		{"vacio", "", ""},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := SeccionalCorta(c.entrada); got != c.quiere {
				t.Errorf("SeccionalCorta(%q) = %q; quiere %q", c.entrada, got, c.quiere)
			}
		})
	}
}

func TestConSigno(t *testing.T) {
	casos := []struct {
		nombre string
		d      string
		dec    int32
		quiere string
	}{
		{"sube_actos", "1", 0, "+1"},
		{"baja_participacion", "-0.12034", 4, "−0,1203"},
		{"igual", "0", 0, "0"},
		{"miles", "1234", 0, "+1.234"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if got := ConSigno(decimal.RequireFromString(c.d), c.dec); got != c.quiere {
				t.Errorf("ConSigno(%s, %d) = %q; quiere %q", c.d, c.dec, got, c.quiere)
			}
		})
	}
}

func TestOpcionesTipoTamizaje(t *testing.T) {
	casos := []struct{ nombre, sel, quiere string }{
		{"todos", "", "Todos"},
		{"declarante", "declarante", "declarante"},
		{"desconocido_ninguno", "xyz", ""},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			ops := OpcionesTipoTamizaje(c.sel)
			if ops[0].Valor != "" || ops[0].Texto != "Todos" {
				t.Fatalf("primera opción %+v", ops[0])
			}
			var elegidas []string
			for _, o := range ops {
				if o.Seleccionada {
					elegidas = append(elegidas, o.Valor)
				}
			}
			switch {
			case c.quiere == "" && len(elegidas) != 0:
				t.Errorf("elegidas %q; quiere ninguna", elegidas)
			case c.quiere == "Todos" && !slices.Equal(elegidas, []string{""}):
				t.Errorf("elegidas %q; quiere «Todos»", elegidas)
			case c.quiere != "" && c.quiere != "Todos" && !slices.Equal(elegidas, []string{c.quiere}):
				t.Errorf("elegidas %q; quiere %q", elegidas, c.quiere)
			}
		})
	}
}

// The year of the screening is the year of the assumed infraction; its
// reference year (art. 25 inc. 1: the acts firm in the previous year) is
// shown beside it.
func TestAniosTamizaje_art25_anioDeReferencia(t *testing.T) {
	casos := []struct {
		nombre       string
		hoy, anio    int
		n            int
		ultimo       string
		seleccionado string
	}{
		{"art25_anio_actual", 2026, 2026, 8, "2020 (ref. 2019)", "2026 (ref. 2025)"},
		{"art25_anio_siguiente", 2026, 2027, 8, "2020 (ref. 2019)", "2027 (ref. 2026)"},
		{"art25_anio_fuera_de_lista_al_final", 2026, 2010, 9, "2010 (ref. 2009)", "2010 (ref. 2009)"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			ops := AniosTamizaje(c.hoy, c.anio)
			if len(ops) != c.n || ops[0].Valor != "2027" || ops[len(ops)-1].Texto != c.ultimo {
				t.Fatalf("AniosTamizaje(%d, %d) = %+v", c.hoy, c.anio, ops)
			}
			var sel []string
			for _, o := range ops {
				if o.Seleccionada {
					sel = append(sel, o.Texto)
				}
			}
			if !slices.Equal(sel, []string{c.seleccionado}) {
				t.Errorf("seleccionados %q; quiere %q", sel, c.seleccionado)
			}
		})
	}
}

// The portfolio counts, per year, the users for whom the Comité would
// proceed (art. 25) by type; the users with unknown results are a row of
// their own, never counted above, and the last year's send to the coverage
// report of its reference year.
func TestCarteraDe_art25(t *testing.T) {
	anios := []int{2022, 2023, 2024, 2025, 2026}
	casos := []struct {
		nombre      string
		porTipo     map[string][]int
		incompletos []int
		total       string
		aviso       string
		cobertura   string
	}{
		{"art25_sin_usuarios", nil, []int{0, 0, 0, 0, 0}, "0 0 0 0 0", "", ""},
		{"art25_suma_por_tipo", map[string][]int{"declarante": {1, 0, 2, 0, 1500}, "oea": {0, 1, 0, 0, 2}}, []int{0, 0, 0, 0, 0}, "1 1 2 0 1.502", "", ""},
		{"art25_datos_incompletos_del_ultimo_anio", map[string][]int{"declarante": {0, 0, 0, 0, 1}}, []int{0, 3, 0, 0, 1}, "0 0 0 0 1",
			"1 usuario con datos incompletos: cargue las operaciones de 2025.", "/cobertura?anio=2025"},
		{"art25_datos_incompletos_de_otro_anio_sin_aviso", nil, []int{0, 3, 0, 0, 0}, "0 0 0 0 0", "", ""},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			v, err := CarteraDe(CarteraVista{Ver: true}, anios, c.porTipo, c.incompletos)
			if err != nil {
				t.Fatal(err)
			}
			if !v.Ver || v.Grafico == nil || strings.Join(v.Anios, " ") != "2022 2023 2024 2025 2026" {
				t.Fatalf("panel %+v", v)
			}
			if got := strings.Join(v.Total.Cifras, " "); got != c.total || v.Total.Clave != "total" {
				t.Errorf("total %q; quiere %q", got, c.total)
			}
			if len(v.Filas) != 7 || v.Filas[0].Clave != "agencia_de_aduanas" || len(v.Filas[0].Cifras) != 5 {
				t.Errorf("filas %+v", v.Filas)
			}
			if len(v.Incompletos.Cifras) != 5 || v.Incompletos.Clave != "datos-incompletos" {
				t.Errorf("incompletos %+v", v.Incompletos)
			}
			if v.AvisoIncompletos != c.aviso || v.RutaCobertura != c.cobertura {
				t.Errorf("aviso %q, cobertura %q; quiere %q, %q", v.AvisoIncompletos, v.RutaCobertura, c.aviso, c.cobertura)
			}
		})
	}
}
