package reincidencia

import (
	"errors"
	"strings"
	"testing"

	"comite/internal/fecha"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

// Art. 25 inc. 1 measures the sanctions against "el total de las
// operaciones de comercio exterior realizadas durante el mismo periodo": a
// year whose operations were never loaded is unknown, never zero; a row with
// 0 is a declared zero.
func TestArt25_inc1_operacionesNoCargadas(t *testing.T) {
	sinFila := func(e Entrada) Entrada { e.Operaciones = nil; return e }
	cases := []struct {
		name     string
		entrada  Entrada
		umbral   Tri
		procede  Tri
		alerta   Alerta // "" none of the operations alerts
		cargadas bool
	}{
		{"art25_inc1_sin_fila_del_anio_con_sanciones_desconocido", sinFila(ejemplo()), Desconocido, Desconocido, FaltanOperaciones, false},
		{"art25_inc1_fila_en_cero_con_sanciones_cumple_por_criterio", func() Entrada {
			e := ejemplo()
			e.Operaciones = []Operaciones{{Anio: 2025}}
			return e
		}(), Si, Si, SinOperaciones, true},
		{"art25_inc1_fila_de_otro_anio_no_carga_el_de_referencia", func() Entrada {
			e := ejemplo()
			e.Operaciones = []Operaciones{{Anio: 2024, Valor: dec("1"), Numero: 1}, {Anio: 2026, Valor: dec("1"), Numero: 1}}
			return e
		}(), Desconocido, Desconocido, FaltanOperaciones, false},
		{"art25_inc1_sin_fila_y_sin_registro_vigente_no_procede", func() Entrada {
			e := sinFila(ejemplo())
			e.Usuario.RegistroVigente = false
			return e
		}(), Desconocido, No, FaltanOperaciones, false},
		{"art25_inc1_sin_fila_y_dos_actos_no_procede", func() Entrada {
			e := sinFila(ejemplo())
			e.Actos = e.Actos[:2]
			return e
		}(), Desconocido, No, FaltanOperaciones, false},
		{"art25_inc1_sin_fila_y_nueva_leve_no_procede", func() Entrada {
			e := sinFila(ejemplo())
			e.Nueva.Gravedad = sancion.Leve
			return e
		}(), Desconocido, No, FaltanOperaciones, false},
		{"art25_inc1_sin_fila_y_suma_cero_no_cumple", func() Entrada {
			e := sinFila(ejemplo())
			for i := range e.Actos {
				e.Actos[i].Valor = decimal.Zero
			}
			return e
		}(), No, No, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := evaluar(t, c.entrada)
			if r.Requisitos.UmbralCeroCinco != c.umbral || r.ProcedeComite != c.procede {
				t.Fatalf("umbral %v procede %v; se esperaba %v %v", r.Requisitos.UmbralCeroCinco, r.ProcedeComite, c.umbral, c.procede)
			}
			if r.OperacionesCargadas() != c.cargadas || (r.NumeroOperaciones == nil) == c.cargadas {
				t.Fatalf("O %v N %v", r.TotalOperaciones, r.NumeroOperaciones)
			}
			if !c.cargadas && (r.Participacion != nil || r.InfraccionesPorMil != nil || r.ParticipacionTexto != "") {
				t.Fatalf("razones con operaciones desconocidas: %v %v", r.Participacion, r.InfraccionesPorMil)
			}
			for _, a := range []Alerta{FaltanOperaciones, SinOperaciones} {
				if r.TieneAlerta(a) != (a == c.alerta) {
					t.Errorf("alerta %s: %v (alertas %v)", a, r.TieneAlerta(a), r.Alertas)
				}
			}
			if c.procede != Si && r.SancionIncrementada != nil {
				t.Error("incremento sin procede conocido")
			}
		})
	}
}

// Art. 25 inc. 3 waives only "el límite de las sanciones en relación con las
// operaciones de comercio exterior": the minimum of three acts still counts.
func TestArt25_inc3_segundaRutaExigeTresActos(t *testing.T) {
	cases := []struct {
		name    string
		actos   int
		ops     []Operaciones
		procede Tri
		umbral  Tri
	}{
		{"art25_inc3_dos_actos_no_procede", 2, []Operaciones{{Anio: 2025, Valor: dec("1"), Numero: 1}}, No, Si},
		{"art25_inc3_tres_actos_procede", 3, []Operaciones{{Anio: 2025, Valor: dec("1"), Numero: 1}}, Si, Si},
		{"art25_inc3_tres_actos_umbral_incumplido_informativo_procede", 3, []Operaciones{{Anio: 2025, Valor: dec("999000000000"), Numero: 1}}, Si, No},
		{"art25_inc3_tres_actos_operaciones_no_cargadas_procede", 3, nil, Si, Desconocido},
		{"art25_inc3_dos_actos_operaciones_no_cargadas_no_procede", 2, nil, No, Desconocido},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := ejemplo()
			e.Nueva.PermiteCancelacion = true
			e.Actos = e.Actos[:c.actos]
			e.Operaciones = c.ops
			r := evaluar(t, e)
			if r.Ruta != RutaCancelacionEnSustitucion || r.ProcedeComite != c.procede || r.Requisitos.UmbralCeroCinco != c.umbral {
				t.Fatalf("ruta %s procede %v umbral %v", r.Ruta, r.ProcedeComite, r.Requisitos.UmbralCeroCinco)
			}
			if r.SancionIncrementada != nil {
				t.Fatal("el incremento de 1.000 UVT es de la primera ruta")
			}
		})
	}
}

// Inputs that cannot be true are refused with the field named: an act
// counted twice, dates before the commission, an REA before the verification.
// The same day is allowed on each boundary.
func TestArt25_entradasImposibles(t *testing.T) {
	cases := []struct {
		name   string
		cambio func(e *Entrada)
		campos []string // nil: accepted
	}{
		{"art25_inc1_acto_repetido", func(e *Entrada) { e.Actos = append(e.Actos, e.Actos[0]) }, []string{"sanciones[5].acto"}},
		{"art25_inc1_acto_repetido_con_mayusculas_y_espacios", func(e *Entrada) {
			a := e.Actos[1]
			a.Numero = " b "
			e.Actos = append(e.Actos, a)
		}, []string{"sanciones[5].acto"}},
		{"art25_inc1_acto_tres_veces_dos_errores", func(e *Entrada) { e.Actos = append(e.Actos, e.Actos[2], e.Actos[2]) }, []string{"sanciones[5].acto", "sanciones[6].acto"}},
		{"art25_inc1_verificacion_un_dia_antes_de_la_comision", func(e *Entrada) { e.Nueva.FechaVerificacion = f("2026-02-09") }, []string{"nueva_infraccion.fecha_verificacion"}},
		{"art25_inc1_verificacion_el_dia_de_la_comision", func(e *Entrada) { e.Nueva.FechaVerificacion = f("2026-02-10") }, nil},
		{"art25_inc1_expediente_antes_de_la_comision", func(e *Entrada) { e.Nueva.FechaExpediente = f("2026-02-09") }, []string{"nueva_infraccion.fecha_expediente"}},
		{"art25_inc1_expediente_el_dia_de_la_comision", func(e *Entrada) { e.Nueva.FechaExpediente = f("2026-02-10") }, nil},
		{"art25_inc1_rea_antes_de_la_comision", func(e *Entrada) { e.Nueva.FechaRequerimiento = f("2025-11-30") }, []string{"nueva_infraccion.fecha_requerimiento"}},
		{"art25_inc1_rea_antes_de_la_verificacion", func(e *Entrada) { e.Nueva.FechaRequerimiento = f("2026-03-01") }, []string{"nueva_infraccion.fecha_requerimiento"}},
		{"art25_inc1_rea_el_dia_de_la_verificacion", func(e *Entrada) { e.Nueva.FechaRequerimiento = f("2026-03-02") }, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := ejemplo()
			c.cambio(&e)
			_, err := Evaluar(e, valores.Integrada())
			if c.campos == nil {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var ecs ErrCampos
			if !errors.As(err, &ecs) || len(ecs) != len(c.campos) {
				t.Fatalf("err = %v", err)
			}
			for i, campo := range c.campos {
				if ecs[i].Campo != campo || ecs[i].Mensaje == "" {
					t.Errorf("error %d: %q, se esperaba el campo %s", i, ecs[i].Error(), campo)
				}
			}
			if got := Validar(e); len(got) != len(c.campos) {
				t.Errorf("Validar: %v", got)
			}
		})
	}
}

// Without the UVT of the increment's year (Estatuto Tributario art. 868: the
// DIAN fixes it each year) the evaluation completes with the increment unknown.
func TestArt25_inc1_uvtNoDisponible(t *testing.T) {
	sin2026, err := valores.Integrada().ConUVT(valores.TablaUVT[:len(valores.TablaUVT)-1])
	if err != nil {
		t.Fatal(err)
	}
	r, err := Evaluar(ejemplo(), sin2026)
	if err != nil {
		t.Fatal(err)
	}
	if r.SancionIncrementada != nil || !r.TieneAlerta(UVTNoDisponible) || r.AnioUVTFaltante != 2026 || r.ProcedeComite != Si {
		t.Fatalf("art25_inc1_sin_uvt_2026: %+v alertas %v", r.SancionIncrementada, r.Alertas)
	}
	var texto string
	for _, a := range Avisos(r) {
		if a.Alerta == UVTNoDisponible {
			texto = a.Texto
		}
	}
	if !strings.Contains(texto, "2026") {
		t.Errorf("el aviso no nombra el año: %q", texto)
	}
	if r := evaluar(t, ejemplo()); r.TieneAlerta(UVTNoDisponible) || r.SancionIncrementada == nil {
		t.Error("art25_inc1_con_uvt_2026_calcula_el_incremento")
	}
}

// Corte Constitucional C-072 de 2025: DL 920 de 2023 rules from 06/06/2023
// to 20/06/2026; the rule set is chosen by the commission date and named.
func TestC072de2025_conjuntoPorFechaDeComision(t *testing.T) {
	cases := []struct {
		name     string
		comision string
		vigencia valores.Vigencia
		alerta   bool
		aviso    bool
	}{
		{"c072_ultimo_dia_de_vigencia", "2026-06-20", valores.EnVigencia, false, false},
		{"c072_dia_siguiente_al_ultimo_alerta", "2026-06-21", valores.PosteriorAVigencias, true, false},
		{"dl920_primer_dia_de_vigencia", "2023-06-06", valores.EnVigencia, false, false},
		{"dl920_dia_anterior_a_la_vigencia_lo_dice", "2023-06-05", valores.AnteriorAVigencias, false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := ejemplo()
			e.Nueva.FechaComision = f(c.comision)
			e.Nueva.FechaVerificacion = f(c.comision)
			e.Nueva.FechaExpediente = fecha.Fecha{}
			r := evaluar(t, e)
			if r.ConjuntoReglas != "DL920-2023" || r.Conjunto.Vigencia != c.vigencia || r.Conjunto.VigenteHasta != f("2026-06-20") {
				t.Fatalf("conjunto %q vigencia %v hasta %s", r.ConjuntoReglas, r.Conjunto.Vigencia, r.Conjunto.VigenteHasta)
			}
			if r.TieneAlerta(NormaSinVigenciaConfirmada) != c.alerta {
				t.Errorf("alerta norma_sin_vigencia_confirmada = %v", r.TieneAlerta(NormaSinVigenciaConfirmada))
			}
			hay := false
			for _, a := range Avisos(r) {
				if a.Alerta == HechoAnteriorAVigencia {
					hay = strings.Contains(a.Texto, "La norma que rige hechos anteriores al 06/06/2023 no está en la aplicación: el resultado no se determina.")
				}
			}
			if hay != r.TieneAlerta(HechoAnteriorAVigencia) {
				t.Errorf("alerta hecho_anterior_a_vigencia = %v, aviso %v", r.TieneAlerta(HechoAnteriorAVigencia), hay)
			}
			if hay != c.aviso {
				t.Errorf("aviso de hecho anterior = %v", hay)
			}
			if r.Fundamentos[1].Regla != "conjunto_reglas_vigencia" || !strings.Contains(r.Fundamentos[1].Detalle, "DL920-2023") {
				t.Errorf("fundamento del conjunto: %+v", r.Fundamentos[1])
			}
		})
	}
}

// Art. 25 inc. 1 sets "0,5 % o más": a share below it that rounds to 0,5000
// reads "inferior a 0,5 %", never as the line.
func TestArt25_inc1_participacionNoSeLeeComoLaLinea(t *testing.T) {
	p := valores.DL920
	cases := []struct{ name, s, o, want string }{
		{"art25_inc1_justo_en_la_linea", "77000000", "15400000000", "0,5000 %"},
		{"art25_inc1_un_peso_debajo_redondea_a_la_linea", "76999999", "15400000000", "inferior a 0,5 % (0,49999 %)"},
		{"art25_inc1_claramente_debajo", "77000000", "15500000000", "0,4968 %"},
		{"art25_inc1_encima", "77000000", "14800000000", "0,5203 %"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := TextoParticipacion(dec(c.s), dec(c.o), p); got != c.want {
				t.Fatalf("%q, se esperaba %q", got, c.want)
			}
		})
	}
}

// The texts shown to the Comité are formal and agree in number.
func TestArt25_redaccionDeLosFundamentos(t *testing.T) {
	r := evaluar(t, ejemplo())
	detalle := map[string]string{}
	for _, x := range r.Fundamentos {
		detalle[x.Regla] = x.Detalle
	}
	if got := detalle["actos_en_firme"]; got != "Se computan 3 actos y se excluyen 2, con indicación del motivo." {
		t.Errorf("actos_en_firme: %q", got)
	}
	e := ejemplo()
	e.Actos = e.Actos[:1]
	r = evaluar(t, e)
	for _, x := range r.Fundamentos {
		if x.Regla == "minimo_tres_actos" && !strings.HasPrefix(x.Detalle, "1 acto computado en firme") {
			t.Errorf("minimo_tres_actos: %q", x.Detalle)
		}
		if x.Regla == "actos_en_firme" && x.Detalle != "Se computa 1 acto y se excluyen 0, con indicación del motivo." {
			t.Errorf("actos_en_firme: %q", x.Detalle)
		}
	}
}
