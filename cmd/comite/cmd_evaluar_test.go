package main

import (
	"bytes"
	"comite/internal/contrato"
	"comite/internal/fecha"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func correrCon(t testing.TB, entrada string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := correr(args, strings.NewReader(entrada), &out, &errb)
	return code, out.String(), errb.String()
}

func TestEvaluar_art25_ejemploDominioDorado(t *testing.T) {
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
		{"uvt_fuera_de_tabla", func(m map[string]any) {
			m["nueva_infraccion"].(map[string]any)["fecha_requerimiento"] = "2031-01-05"
		}, "nueva_infraccion.fecha_requerimiento: no hay UVT para el año 2031"},
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

func TestEvaluar_contrato_sinOperacionesParticipacionNula(t *testing.T) {
	m := base(t)
	m["operaciones"] = []any{}
	code, res, errs := evaluarMapa(t, m)
	if code != 0 {
		t.Fatal(errs)
	}
	if res["participacion_porcentual"] != nil || res["infracciones_por_mil_operaciones"] != nil {
		t.Errorf("ratios = %v %v", res["participacion_porcentual"], res["infracciones_por_mil_operaciones"])
	}
	al := res["alertas"].([]any)
	if len(al) != 1 || al[0] != "sin_operaciones" || res["umbral_cero_cinco"] != nil && false {
		t.Errorf("alertas = %v", al)
	}
	if res["total_operaciones_cop"] != "0" || res["procede_comite"] != true {
		t.Errorf("O = %v procede = %v", res["total_operaciones_cop"], res["procede_comite"])
	}
}

func TestEvaluar_contrato_entradasNoObjeto(t *testing.T) {
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
	m := base(t)
	m["operaciones"].([]any)[0].(map[string]any)["numero"] = "1600"
	if code, _, errs := evaluarMapa(t, m); code != 2 || !strings.Contains(errs, "operaciones[0].numero") {
		t.Fatalf("exit %d: %s", code, errs)
	}
}

func TestEvaluar_contrato_fechasFueraDelCalendario(t *testing.T) {
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
