package main

import (
	"bytes"
	"comite/internal/contrato"
	"comite/internal/fecha"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func correrCon(t testing.TB, entrada string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := correr(args, strings.NewReader(entrada), &out, &errb)
	return code, out.String(), errb.String()
}

// Every input in testdata/evaluar gives its golden output: the worked
// examples (the 0,5 % line exactly, 0,4968 %) and the version-2 cases
// (operations not loaded or declared in zero, the second route, a missing
// UVT, a commission after the validity of the rule sets).
func TestEvaluar_art25_doradosDeTestdata(t *testing.T) {
	t.Parallel()
	entradas, err := filepath.Glob("../../testdata/evaluar/*.json")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, in := range entradas {
		if strings.HasSuffix(in, ".salida.json") {
			continue
		}
		n++
		t.Run(strings.TrimSuffix(filepath.Base(in), ".json"), func(t *testing.T) {
			want, err := os.ReadFile(strings.TrimSuffix(in, ".json") + ".salida.json")
			if err != nil {
				t.Fatal(err)
			}
			code, out, errs := correrCon(t, "", "evaluar", in)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if out != string(want) {
				t.Fatalf("salida distinta del archivo dorado:\n%s", out)
			}
		})
	}
	if n < 9 {
		t.Fatalf("solo %d entradas doradas", n)
	}
}

func TestEvaluar_art25_ejemploDominioDorado(t *testing.T) {
	t.Parallel()
	want, err := os.ReadFile("../../testdata/evaluar/ejemplo_dominio.salida.json")
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := correrCon(t, "", "evaluar", "../../testdata/evaluar/ejemplo_dominio.json")
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if out != string(want) {
		t.Fatalf("salida distinta del archivo dorado:\n%s", out)
	}
	// Also from standard input.
	in, _ := os.ReadFile("../../testdata/evaluar/ejemplo_dominio.json")
	if code, out2, _ := correrCon(t, string(in), "evaluar"); code != 0 || out2 != out {
		t.Fatalf("stdin: exit %d", code)
	}
}

// base is the contract's example input, to be modified by each case.
func base(t testing.TB) map[string]any {
	in, err := os.ReadFile("../../testdata/evaluar/ejemplo_dominio.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(in, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func evaluarMapa(t *testing.T, m map[string]any) (int, map[string]any, string) {
	t.Helper()
	b, _ := json.Marshal(m)
	code, out, errs := correrCon(t, string(b), "evaluar")
	var res map[string]any
	if code == 0 {
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatalf("salida no es JSON: %v", err)
		}
	} else if out != "" {
		t.Fatalf("exit %d con salida: %s", code, out)
	}
	return code, res, errs
}

func TestEvaluar_contrato_erroresNombranElCampo(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		cambio func(m map[string]any)
		campo  string
	}{
		{"fecha_firmeza_invalida", func(m map[string]any) {
			m["sanciones"].([]any)[2].(map[string]any)["fecha_firmeza"] = "2025-13-01"
		}, `sanciones[2].fecha_firmeza: fecha inválida "2025-13-01" (use AAAA-MM-DD)`},
		{"campo_desconocido_raiz", func(m map[string]any) { m["extra"] = 1 }, "extra: campo desconocido"},
		{"campo_desconocido_anidado", func(m map[string]any) { m["usuario"].(map[string]any)["correo"] = "x" }, "usuario.correo: campo desconocido"},
		{"nit_dv_errado_nombra_el_correcto", func(m map[string]any) { m["usuario"].(map[string]any)["nit"] = "800191045-7" }, "el correcto es 1"},
		{"monto_numero_no_texto", func(m map[string]any) { m["sanciones"].([]any)[0].(map[string]any)["valor_cop"] = 40000000 }, "sanciones[0].valor_cop"},
		{"monto_negativo", func(m map[string]any) { m["nueva_infraccion"].(map[string]any)["sancion_prevista_cop"] = "-5" }, "nueva_infraccion.sancion_prevista_cop: monto negativo"},
		{"monto_con_miles", func(m map[string]any) { m["operaciones"].([]any)[0].(map[string]any)["valor_cop"] = "14.800.000.000" }, "operaciones[0].valor_cop"},
		{"gravedad_con_tilde", func(m map[string]any) { m["nueva_infraccion"].(map[string]any)["gravedad"] = "gravísima" }, "nueva_infraccion.gravedad"},
		{"numero_negativo", func(m map[string]any) { m["operaciones"].([]any)[0].(map[string]any)["numero"] = -1 }, "operaciones[0].numero"},
		{"numero_fraccionario", func(m map[string]any) { m["operaciones"].([]any)[0].(map[string]any)["numero"] = 1.5 }, "operaciones[0].numero"},
		{"falta_fecha_comision", func(m map[string]any) { delete(m["nueva_infraccion"].(map[string]any), "fecha_comision") }, "nueva_infraccion.fecha_comision: falta el campo"},
		{"anclaje_desconocido", func(m map[string]any) { m["anclaje"] = "expediente" }, "anclaje"},
		{"art25_inc1_acto_repetido", func(m map[string]any) {
			s := m["sanciones"].([]any)
			m["sanciones"] = append(s, s[1])
		}, `sanciones[5].acto: el acto "RS-2025-0002" está repetido (ya aparece en sanciones[1])`},
		{"art25_inc1_verificacion_antes_de_la_comision", func(m map[string]any) {
			m["nueva_infraccion"].(map[string]any)["fecha_verificacion"] = "2026-02-09"
		}, "nueva_infraccion.fecha_verificacion: la verificación de los hechos (09/02/2026) no puede ser anterior a la comisión"},
		{"art25_inc1_expediente_antes_de_la_comision", func(m map[string]any) {
			m["nueva_infraccion"].(map[string]any)["fecha_expediente"] = "2026-01-31"
		}, "nueva_infraccion.fecha_expediente:"},
		{"art25_inc1_rea_antes_de_la_comision", func(m map[string]any) {
			m["nueva_infraccion"].(map[string]any)["fecha_requerimiento"] = "2025-11-30"
		}, "nueva_infraccion.fecha_requerimiento: el requerimiento especial aduanero (30/11/2025) no puede ser anterior a la comisión"},
		{"art25_inc1_rea_antes_de_la_verificacion", func(m map[string]any) {
			m["nueva_infraccion"].(map[string]any)["fecha_requerimiento"] = "2026-03-01"
		}, "nueva_infraccion.fecha_requerimiento: el requerimiento especial aduanero (01/03/2026) no puede ser anterior a la verificación"},
		{"art25_inc1_gravisima_con_amonestacion", func(m map[string]any) {
			m["nueva_infraccion"].(map[string]any)["sancion"] = "amonestacion"
		}, "nueva_infraccion.sancion: una infracción gravísima no se sanciona con amonestación"},
		{"art25_inc1_grave_con_amonestacion", func(m map[string]any) {
			m["nueva_infraccion"].(map[string]any)["sancion"] = "amonestacion"
			m["nueva_infraccion"].(map[string]any)["gravedad"] = "grave"
		}, "nueva_infraccion.sancion: una infracción grave no se sanciona con amonestación"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := base(t)
			c.cambio(m)
			code, _, errs := evaluarMapa(t, m)
			if code != 2 || !strings.Contains(errs, c.campo) {
				t.Fatalf("exit %d, stderr %q; want 2 and %q", code, errs, c.campo)
			}
		})
	}
}

func TestEvaluar_contrato_variosErroresUnaLineaCadaUno(t *testing.T) {
	t.Parallel()
	m := base(t)
	m["sanciones"].([]any)[0].(map[string]any)["gravedad"] = "media"
	m["sanciones"].([]any)[1].(map[string]any)["valor_cop"] = "abc"
	m["extra"] = true
	code, _, errs := evaluarMapa(t, m)
	if lineas := strings.Split(strings.TrimSpace(errs), "\n"); code != 2 || len(lineas) != 3 {
		t.Fatalf("exit %d, %d líneas: %q", code, len(lineas), errs)
	}
}

func TestEvaluar_contrato_opcionales(t *testing.T) {
	t.Parallel()
	m := base(t)
	ni := m["nueva_infraccion"].(map[string]any)
	delete(ni, "fecha_expediente")
	delete(ni, "fecha_requerimiento")
	delete(ni, "permite_cancelacion")
	delete(m, "anclaje")
	delete(m["usuario"].(map[string]any), "razon_social")
	delete(m["usuario"].(map[string]any), "tipo")
	m["sanciones"].([]any)[0].(map[string]any)["fecha_firmeza"] = nil
	code, res, errs := evaluarMapa(t, m)
	if code != 0 {
		t.Fatal(errs)
	}
	if res["plazo_reporte"] != "2026-03-16" { // 10 business days after 2026-03-02
		t.Errorf("plazo = %v", res["plazo_reporte"])
	}
	if res["numero_actos"].(float64) != 2 || res["procede_comite"] != false || res["sancion_incrementada"] != nil {
		t.Errorf("actos %v procede %v", res["numero_actos"], res["procede_comite"])
	}
	ex := res["actos_excluidos"].([]any)[0].(map[string]any)
	if ex["motivo"] != "sin_firmeza" || ex["fecha_firmeza"] != nil {
		t.Errorf("excluido = %v", ex)
	}
	if res["periodo"].(map[string]any)["anclaje"] != "comision" {
		t.Errorf("anclaje por defecto")
	}
}

// Art. 25 inc. 1: no row for the reference year is unknown (nulls and the
// alert faltan_operaciones); a row with 0 is a declared zero (the threshold is
// met by the Secretaría's criterion, alert sin_operaciones); with S = 0 and no
// row the threshold is false.
func TestEvaluar_contrato_operacionesNoCargadasYEnCero(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name                  string
		ops                   []any
		sinSanciones          bool
		o, n, umbral, procede any
		alerta                string
	}{
		{"art25_inc1_sin_filas_nulos_y_faltan_operaciones", []any{}, false, nil, nil, nil, nil, "faltan_operaciones"},
		{"art25_inc1_fila_de_otro_anio_no_cuenta", []any{map[string]any{"anio": 2024, "valor_cop": "5", "numero": 1}}, false, nil, nil, nil, nil, "faltan_operaciones"},
		{"art25_inc1_fila_en_cero_declarada", []any{map[string]any{"anio": 2025, "valor_cop": "0", "numero": 0}}, false, "0", float64(0), true, true, "sin_operaciones"},
		{"art25_inc1_sin_filas_y_sin_sanciones_umbral_falso", []any{}, true, nil, nil, false, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := base(t)
			m["operaciones"] = c.ops
			if c.sinSanciones {
				m["sanciones"] = []any{}
			}
			code, res, errs := evaluarMapa(t, m)
			if code != 0 {
				t.Fatal(errs)
			}
			req := res["requisitos"].(map[string]any)
			if res["total_operaciones_cop"] != c.o || res["numero_operaciones"] != c.n || req["umbral_cero_cinco"] != c.umbral || res["procede_comite"] != c.procede {
				t.Fatalf("O %v N %v umbral %v procede %v", res["total_operaciones_cop"], res["numero_operaciones"], req["umbral_cero_cinco"], res["procede_comite"])
			}
			for _, k := range []string{"participacion_porcentual", "infracciones_por_mil_operaciones", "sancion_incrementada"} {
				if k == "sancion_incrementada" && c.procede == true {
					continue
				}
				if v, ok := res[k]; !ok || v != nil {
					t.Errorf("%s = %v, presente %v", k, v, ok)
				}
			}
			al := res["alertas"].([]any)
			if (c.alerta == "" && len(al) != 0) || (c.alerta != "" && (len(al) != 1 || al[0] != c.alerta)) {
				t.Errorf("alertas = %v", al)
			}
		})
	}
}

// Art. 25 inc. 3: the second route waives only the 0,5 % limit; with two
// acts it does not proceed.
func TestEvaluar_contrato_segundaRutaExigeTresActos(t *testing.T) {
	t.Parallel()
	m := base(t)
	m["nueva_infraccion"].(map[string]any)["permite_cancelacion"] = true
	m["sanciones"] = m["sanciones"].([]any)[:2]
	code, res, errs := evaluarMapa(t, m)
	if code != 0 || res["ruta"] != "cancelacion_en_sustitucion" || res["procede_comite"] != false || res["requisitos"].(map[string]any)["minimo_tres_actos"] != false {
		t.Fatalf("exit %d %s: %v %v", code, errs, res["ruta"], res["procede_comite"])
	}
}

// Estatuto Tributario art. 868 (UVT fixed yearly): without the UVT of the
// REA's year the evaluation completes, the increment is null and the alert
// names it; the text names the year.
func TestEvaluar_contrato_uvtNoDisponibleNoFallaLaEvaluacion(t *testing.T) {
	t.Parallel()
	m := base(t)
	m["nueva_infraccion"].(map[string]any)["fecha_requerimiento"] = "2031-01-05"
	code, res, errs := evaluarMapa(t, m)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if res["sancion_incrementada"] != nil || res["procede_comite"] != true || len(res["alertas"].([]any)) != 1 || res["alertas"].([]any)[0] != "uvt_no_disponible" {
		t.Fatalf("incrementada %v alertas %v", res["sancion_incrementada"], res["alertas"])
	}
	if av := res["avisos"].([]any); len(av) != 1 || !strings.Contains(av[0].(map[string]any)["texto"].(string), "2031") {
		t.Fatalf("avisos %v", av)
	}
}

// Corte Constitucional C-072 de 2025: a commission after 20/06/2026 is
// computed with DL920-2023 and the alert norma_sin_vigencia_confirmada; the
// output names the rule set and its validity.
func TestEvaluar_contrato_conjuntoDeReglasPorFecha(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		comision, estado string
		alerta           bool
	}{{"2026-06-20", "en_vigencia", false}, {"2026-06-21", "posterior_a_vigencias", true}, {"2023-06-05", "anterior_a_vigencias", false}} {
		m := base(t)
		ni := m["nueva_infraccion"].(map[string]any)
		ni["fecha_comision"], ni["fecha_verificacion"] = c.comision, c.comision
		delete(ni, "fecha_expediente")
		code, res, errs := evaluarMapa(t, m)
		if code != 0 {
			t.Fatalf("%s: %s", c.comision, errs)
		}
		cv := res["conjunto_reglas_vigencia"].(map[string]any)
		if res["conjunto_reglas"] != "DL920-2023" || cv["estado"] != c.estado || cv["vigente_hasta"] != "2026-06-20" || cv["vigente_desde"] != "2023-06-06" {
			t.Errorf("%s: %v", c.comision, cv)
		}
		tiene := false
		for _, a := range res["alertas"].([]any) {
			tiene = tiene || a == "norma_sin_vigencia_confirmada"
		}
		if tiene != c.alerta {
			t.Errorf("%s: alertas %v", c.comision, res["alertas"])
		}
	}
}

// No citation names a document of this project, and articles known only by
// position say so.
func TestEvaluar_contrato_fundamentosCitanSoloTextosLegales(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"ejemplo_dominio", "operaciones_declaradas_en_cero", "faltan_operaciones", "segunda_ruta_umbral_informativo"} {
		code, out, errs := correrCon(t, "", "evaluar", "../../testdata/evaluar/"+in+".json")
		if code != 0 {
			t.Fatal(errs)
		}
		for _, prohibido := range []string{".md", "§", "shared/", "dominio"} {
			if strings.Contains(out, prohibido) {
				t.Errorf("%s cita %q", in, prohibido)
			}
		}
		var res map[string]any
		json.Unmarshal([]byte(out), &res)
		for _, f := range res["fundamentos"].([]any) {
			x := f.(map[string]any)
			if x["norma"] == "Decreto Ley 920 de 2023" && strings.HasPrefix(x["articulo"].(string), "25") && x["articulo"] != "25 (por posición)" {
				t.Errorf("%s: art. 25 sin marca: %v", in, x)
			}
		}
	}
}

// A key repeated inside any object is refused, naming it: a decoder would
// silently keep the last value (a second "registro_vigente": true).
func TestEvaluar_contrato_claveRepetidaEsError(t *testing.T) {
	t.Parallel()
	in, err := os.ReadFile("../../testdata/evaluar/ejemplo_dominio.json")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ name, viejo, nuevo, campo string }{
		{"usuario_registro_vigente", `"registro_vigente": true`, `"registro_vigente": false, "registro_vigente": true`, "usuario.registro_vigente: el campo está repetido"},
		{"raiz_anclaje", `"anclaje": "comision"`, `"anclaje": "verificacion", "anclaje": "comision"`, "anclaje: el campo está repetido"},
		{"sancion_valor", `"valor_cop": "40000000"`, `"valor_cop": "1", "valor_cop": "40000000"`, "sanciones[0].valor_cop: el campo está repetido"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := strings.Replace(string(in), c.viejo, c.nuevo, 1)
			if s == string(in) {
				t.Fatalf("no se encontró %q en el ejemplo", c.viejo)
			}
			code, out, errs := correrCon(t, s, "evaluar")
			if code != 2 || out != "" || !strings.Contains(errs, c.campo) {
				t.Fatalf("exit %d, stderr %q; se esperaba 2 y %q", code, errs, c.campo)
			}
		})
	}
}

func TestEvaluar_contrato_entradasNoObjeto(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"", "null", "[]", "{", `{"a":1} {"b":2}`, "42", `"x"`} {
		code, out, errs := correrCon(t, in, "evaluar")
		if code != 2 || out != "" || errs == "" {
			t.Errorf("%q: exit %d out %q err %q", in, code, out, errs)
		}
	}
}

func FuzzEvaluar(f *testing.F) {
	in, _ := os.ReadFile("../../testdata/evaluar/ejemplo_dominio.json")
	f.Add(string(in))
	f.Add(`{"usuario":{}}`)
	f.Add(`{"sanciones":[null]}`)
	for _, n := range []string{"faltan_operaciones", "segunda_ruta_dos_actos_no_procede", "uvt_no_disponible", "norma_sin_vigencia_confirmada", "operaciones_declaradas_en_cero"} {
		v2, _ := os.ReadFile("../../testdata/evaluar/" + n + ".json")
		f.Add(string(v2))
	}
	dup := strings.Replace(string(in), `"operaciones"`, `"dias_inhabiles": ["2026-03-17"], "operaciones"`, 1)
	f.Add(strings.Replace(dup, "RS-2025-0003", "RS-2025-0001", 1))
	f.Add(strings.Replace(string(in), `"registro_vigente": true`, `"registro_vigente": false, "registro_vigente": true`, 1))
	f.Fuzz(func(t *testing.T, s string) {
		code, out, errs := correrCon(t, s, "evaluar")
		switch code {
		case 0:
			if !json.Valid([]byte(out)) || errs != "" {
				t.Fatalf("exit 0 with invalid output %q / %q", out, errs)
			}
		case 2:
			if out != "" || errs == "" {
				t.Fatalf("exit 2 must print nothing on stdout and a reason on stderr: %q / %q", out, errs)
			}
		default:
			t.Fatalf("exit %d: %s", code, errs)
		}
	})
}

// The stored snapshot of an evaluation is the contract's input: writing an
// Entrada and evaluating it again gives the same result.
func TestEvaluar_instantaneaIdaYVuelta(t *testing.T) {
	t.Parallel()
	in, _ := os.ReadFile("../../testdata/evaluar/ejemplo_dominio.json")
	ent, err := contrato.LeerEvaluacion(in)
	if err != nil {
		t.Fatal(err)
	}
	ent.DiasInhabiles = append(ent.DiasInhabiles, mustFecha(t, "2026-03-17"))
	escrito, err := contrato.EscribirEntrada(ent)
	if err != nil {
		t.Fatal(err)
	}
	out1, err := contrato.Evaluar(escrito)
	if err != nil {
		t.Fatal(err)
	}
	res, err := contrato.LeerResultado(out1)
	if err != nil {
		t.Fatal(err)
	}
	if res.PlazoReporte != "2026-03-31" || res.SumaSancionesCOP != "77000000" || len(res.ActosExcluidos) != 2 {
		t.Fatalf("plazo %s S %s", res.PlazoReporte, res.SumaSancionesCOP)
	}
}

func mustFecha(t *testing.T, s string) fecha.Fecha {
	d, err := fecha.ParseISO(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestEvaluar_contrato_numeroEntreComillasEsError(t *testing.T) {
	t.Parallel()
	m := base(t)
	m["operaciones"].([]any)[0].(map[string]any)["numero"] = "1600"
	if code, _, errs := evaluarMapa(t, m); code != 2 || !strings.Contains(errs, "operaciones[0].numero") {
		t.Fatalf("exit %d: %s", code, errs)
	}
}

func TestEvaluar_contrato_fechasFueraDelCalendario(t *testing.T) {
	t.Parallel()
	for _, f := range []string{"1000-01-01", "2101-01-01", "1983-12-31"} {
		m := base(t)
		m["nueva_infraccion"].(map[string]any)["fecha_comision"] = f
		m["nueva_infraccion"].(map[string]any)["fecha_verificacion"] = f
		delete(m["nueva_infraccion"].(map[string]any), "fecha_expediente")
		if code, _, errs := evaluarMapa(t, m); code != 2 || !strings.Contains(errs, "nueva_infraccion.fecha_comision") {
			t.Errorf("%s: exit %d %s", f, code, errs)
		}
	}
}
