package templates

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"comite/internal/etiquetas"
	"comite/internal/reincidencia"
	"comite/internal/tamizaje"

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

// FilaTamizajeDe formats one ranked row of the screening (Decreto Ley 920 de
// 2023, art. 25): S, O, N, the 0,5 % line, the participation against it, the
// acts against the minimum of three, the early warnings and the change
// against the previous year. Operations never loaded are «Sin cargar» and
// the result unknown, never zero.
func TestFilaTamizajeDe_art25(t *testing.T) {
	dec := func(s string) *decimal.Decimal { d := decimal.RequireFromString(s); return &d }
	n := func(v int64) *int64 { return &v }
	seccional := "Dirección Seccional de Aduanas de Cartagena"
	base := func() tamizaje.Fila {
		return tamizaje.Fila{
			Posicion: 1, Anio: 2026,
			Usuario: tamizaje.Usuario{ID: 7, NIT: "800197268-4", RazonSocial: "Agencia Ejemplo S.A.S.", Tipo: "agencia_de_aduanas", DireccionSeccional: "CARTAGENA"},
			Punto: tamizaje.Punto{
				AnioReferencia: 2025, RegistroVigente: true, NumeroActos: 3, Suma: decimal.RequireFromString("5203000"),
				TotalOperaciones: dec("1000000000"), NumeroOperaciones: n(1234), Participacion: dec("0.5203"), ParticipacionTexto: "0,5203 %",
				CumpleUmbral: reincidencia.Si, MinimoTresActos: true, ProcedeComite: reincidencia.Si,
			},
			Linea: dec("5000000"), PorcentajeUmbral: dec("104.06"), Distancia4: decimal.Zero,
			Anterior:       tamizaje.Punto{AnioReferencia: 2024, NumeroActos: 1},
			VariacionActos: 2, VariacionParticipacion: dec("0.1203"),
		}
	}
	// procede is the row of base as the screen shows it, with both links.
	procede := FilaTamizaje{
		Posicion: "1", NIT: "800197268-4", RazonSocial: "Agencia Ejemplo S.A.S.", Tipo: "Agencia de aduanas",
		Seccional: seccional, SeccionalCorta: "Cartagena",
		RutaPerfil: "/usuarios/800197268-4", RutaCaso: "/casos/nuevo?nit=800197268-4",
		RegistroVigente: true, Actos: "3", CumpleMinimo: true,
		S: "$ 5.203.000", O: "$ 1.000.000.000", N: "1.234", Linea: "$ 5.000.000",
		Participacion: "0,5203 %", PorcentajeUmbral: "104,06 %", CumpleUmbral: true, Procede: true,
		CambioActos: "+2 (1 → 3)", CambioPart: "Participación +0,1203 p. p.", Distancia: "0,0000",
	}
	etiqueta := func(a string) EtiquetaTamizaje {
		e := etiquetas.AlertaDe(a)
		return EtiquetaTamizaje{Clave: a, Texto: e.Texto, Ayuda: e.Ayuda}
	}
	casos := []struct {
		nombre              string
		cambiar             func(*tamizaje.Fila)
		verUsuario, reporta bool
		quiere              func(*FilaTamizaje)
	}{
		{"art25_procede_con_participacion_y_umbral", nil, true, true, nil},
		{"art25_datos_incompletos_sin_operaciones_cargadas", func(f *tamizaje.Fila) {
			f.Posicion = 4
			f.TotalOperaciones, f.NumeroOperaciones, f.Participacion, f.ParticipacionTexto = nil, nil, nil, ""
			f.Linea, f.PorcentajeUmbral, f.VariacionParticipacion = nil, nil, nil
			f.CumpleUmbral, f.ProcedeComite = reincidencia.Desconocido, reincidencia.Desconocido
			f.Alertas = []reincidencia.Alerta{reincidencia.FaltanOperaciones}
			f.Distancia4 = decimal.RequireFromString("2")
		}, true, true, func(x *FilaTamizaje) {
			x.Posicion, x.O, x.N, x.Linea = "—", "Sin cargar", "—", "—"
			x.Participacion, x.PorcentajeUmbral, x.CumpleUmbral, x.Procede = "Desconocida", "", false, false
			x.DatosIncompletos = "Datos incompletos: cargue las operaciones de 2025"
			x.Distancia, x.CambioPart = "—", "Participación —"
			x.Alertas = []EtiquetaTamizaje{etiqueta("faltan_operaciones")}
		}},
		{"art25_operaciones_cargadas_en_cero", func(f *tamizaje.Fila) {
			f.TotalOperaciones, f.NumeroOperaciones, f.Participacion, f.ParticipacionTexto = dec("0"), n(0), nil, ""
			f.Linea, f.PorcentajeUmbral, f.VariacionParticipacion = dec("0"), nil, nil
			f.Alertas = []reincidencia.Alerta{reincidencia.SinOperaciones}
		}, true, true, func(x *FilaTamizaje) {
			x.O, x.N, x.Linea, x.Participacion, x.PorcentajeUmbral = "$ 0", "0", "$ 0", "Sin operaciones", ""
			x.CambioPart = "Participación —"
			x.Alertas = []EtiquetaTamizaje{etiqueta("sin_operaciones")}
		}},
		{"art25_alertas_tempranas_y_del_nucleo", func(f *tamizaje.Fila) {
			f.Posicion, f.NumeroActos, f.MinimoTresActos, f.ProcedeComite = 2, 2, false, reincidencia.No
			f.VariacionActos, f.Anterior.NumeroActos, f.VariacionParticipacion = -1, 3, dec("-0.05")
			f.Distancia4 = decimal.RequireFromString("0.3333")
			f.Tempranas = []tamizaje.Alerta{tamizaje.DosActos, tamizaje.OchentaPorCiento}
			// The screening shows only the operations' alerts of the core.
			f.Alertas = []reincidencia.Alerta{reincidencia.AnclajeDifiere, reincidencia.SinOperaciones, reincidencia.UVTNoDisponible}
		}, true, true, func(x *FilaTamizaje) {
			x.Posicion, x.Actos, x.CumpleMinimo, x.Procede = "2", "2", false, false
			x.CambioActos, x.CambioPart, x.Distancia = "−1 (3 → 2)", "Participación −0,0500 p. p.", "0,3333"
			x.Alertas = []EtiquetaTamizaje{etiqueta("dos_actos"), etiqueta("ochenta_por_ciento"), etiqueta("sin_operaciones")}
		}},
		{"sin_enlaces_de_perfil_ni_caso", nil, false, false, func(x *FilaTamizaje) {
			x.RutaPerfil, x.RutaCaso = "", ""
		}},
		{"solo_perfil", nil, true, false, func(x *FilaTamizaje) { x.RutaCaso = "" }},
		{"art25_registro_no_vigente", func(f *tamizaje.Fila) {
			f.RegistroVigente, f.ProcedeComite = false, reincidencia.No
		}, true, true, func(x *FilaTamizaje) {
			x.RegistroVigente, x.Procede = false, false
		}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			f := base()
			if c.cambiar != nil {
				c.cambiar(&f)
			}
			quiere := procede
			quiere.Alertas = nil
			if c.quiere != nil {
				c.quiere(&quiere)
			}
			got := FilaTamizajeDe(&f, seccional, c.verUsuario, c.reporta)
			if !reflect.DeepEqual(got, quiere) {
				t.Errorf("FilaTamizajeDe:\n got  %+v\n quiere %+v", got, quiere)
			}
			if f.TotalOperaciones == nil && (got.O == "$ 0" || got.N == "0") {
				t.Errorf("operaciones sin cargar mostradas como cero: O %q, N %q", got.O, got.N)
			}
		})
	}
	// The labels come from the catalogue: a code never shows as itself.
	for _, a := range []string{"dos_actos", "ochenta_por_ciento", "sin_operaciones", "faltan_operaciones"} {
		if e := etiqueta(a); e.Texto == "" || e.Texto == a || e.Ayuda == "" {
			t.Errorf("alerta %s sin etiqueta: %+v", a, e)
		}
	}
	if e := etiqueta("dos_actos"); e.Texto != "Dos actos" {
		t.Errorf("dos_actos = %q", e.Texto)
	}
}
