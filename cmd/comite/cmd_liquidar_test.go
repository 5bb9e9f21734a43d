package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"comite/internal/contrato"
	"comite/internal/liquidacion"
)

var actualizarLiquidar = flag.Bool("actualizar-liquidar", false, "reescribe testdata/liquidar/*.salida.json con la salida actual")

const dirLiquidar = "../../testdata/liquidar"

func liqCorrer(t testing.TB, entrada string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := correr(append([]string{"liquidar"}, args...), strings.NewReader(entrada), &out, &errb)
	return code, out.String(), errb.String()
}

// liqSalida is the part of the output the tests look at.
type liqSalida struct {
	Sancion string `json:"sancion"`
	Pasos   []struct {
		Paso       string  `json:"paso"`
		Aplica     bool    `json:"aplica"`
		AntesCOP   *string `json:"antes_cop"`
		DespuesCOP *string `json:"despues_cop"`
		Fundamento string  `json:"fundamento"`
	} `json:"pasos"`
	TotalCOP *string `json:"total_cop"`
}

// TestLiquidar_dorados runs every testdata/liquidar/*.entrada.json, from the
// file argument and from standard input, and compares with its .salida.json.
// Regenerate with: go test ./cmd/comite -run Liquidar_dorados -actualizar-liquidar
func TestLiquidar_dorados(t *testing.T) {
	t.Parallel()
	entradas, err := filepath.Glob(filepath.Join(dirLiquidar, "*.entrada.json"))
	if err != nil || len(entradas) == 0 {
		t.Fatalf("no hay ejemplos en %s: %v", dirLiquidar, err)
	}
	for _, ent := range entradas {
		nombre := strings.TrimSuffix(filepath.Base(ent), ".entrada.json")
		t.Run(nombre, func(t *testing.T) {
			code, out, errs := liqCorrer(t, "", ent)
			if code != 0 || errs != "" {
				t.Fatalf("exit %d: %s", code, errs)
			}
			in, _ := os.ReadFile(ent)
			if code2, out2, _ := liqCorrer(t, string(in)); code2 != 0 || out2 != out {
				t.Fatalf("por la entrada estándar: exit %d, salida distinta", code2)
			}
			salida := strings.TrimSuffix(ent, ".entrada.json") + ".salida.json"
			if *actualizarLiquidar {
				if err := os.WriteFile(salida, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(salida)
			if err != nil {
				t.Fatal(err)
			}
			if out != string(want) {
				t.Fatalf("salida distinta de %s:\n%s", salida, out)
			}
		})
	}
}

// The totals of the examples, computed by hand (so the golden files are not
// only checked against themselves).
func TestLiquidar_doradosTotales(t *testing.T) {
	t.Parallel()
	totales := map[string]string{
		"01_contrato_ejemplo":                     "4800000",  // worked example of the contract: 24.000.000 × 20 %
		"02_cancelacion_prevalece":                "",         // art. 22 num. 1: cancelación, no amount
		"03_comite_incremento_mil_uvt":            "62849000", // worked example of the committee test: 10.475.000 + 52.374.000
		"04_leve_repetida_150_uvt":                "6284800",  // art. 22 num. 4: 7.856.000; art. 24 inc. 4: 80 %
		"05_zona_franca_amonestacion_reincidente": "5577600",  // 200 UVT 2025 = 9.960.000; +40 % = 13.944.000; 40 %
		"06_zona_franca_reincidencia_tope":        "62848800", // 26.187.000 × 1,2 = 31.424.400; +100 % (tope)
		"07_ley_2025_reducciones_tope":            "6000000",  // 300.000.000: (a) OEA 30 % = 90.000.000; (b) 20 % = 60.000.000, allanamiento 60 % = 36.000.000 → (b); tope 6.000.000
		"08_minimo_diez_uvt":                      "524000",   // 1.500.000 × 20 % = 300.000 → 10 UVT
		// Version 2.
		"09_leve_repetida_concurre_con_multa":                       "9427200",  // art. 22 num. 4: 150 UVT = 7.856.000 before concurrence; × 1,2
		"10_zona_franca_repeticiones_propias_sin_incremento_comite": "7542000",  // 9.600.000 and 10.475.000; 12.570.000; no +1.000 UVT; 60 %
		"11_zona_franca_sin_minimo":                                 "200000",   // 1.000.000 × 20 %, no 10 UVT minimum (Ley 1437)
		"12_ley_2025_minimo_no_supera_tope":                         "400000",   // 60.000.000 → tope 40 % of 1.000.000; the minimum stops at the cap
		"13_norma_sin_vigencia_confirmada":                          "72374000", // 20.000.000 + 52.374.000, with the alert
		"14_hecho_anterior_a_la_vigencia":                           "5701000",  // 150 × 38.004 = 5.700.600 → art. 868
	}
	for nombre, total := range totales {
		t.Run(nombre, func(t *testing.T) {
			code, out, errs := liqCorrer(t, "", filepath.Join(dirLiquidar, nombre+".entrada.json"))
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			var s liqSalida
			if err := json.Unmarshal([]byte(out), &s); err != nil {
				t.Fatal(err)
			}
			got := ""
			if s.TotalCOP != nil {
				got = *s.TotalCOP
			}
			if got != total {
				t.Errorf("total_cop %q, se esperaba %q", got, total)
			}
		})
	}
}

func TestLiquidar_contrato_ejemploYForma(t *testing.T) {
	t.Parallel()
	in, err := os.ReadFile(filepath.Join(dirLiquidar, "01_contrato_ejemplo.entrada.json"))
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := liqCorrer(t, string(in))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.HasSuffix(out, "}\n") || !strings.HasPrefix(out, "{\n  \"regimen\"") {
		t.Errorf("la salida debe ser JSON indentado con salto de línea final")
	}
	var s liqSalida
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Pasos) != len(liquidacion.OrdenPasos) {
		t.Fatalf("%d pasos", len(s.Pasos))
	}
	for i, p := range s.Pasos {
		if p.Paso != liquidacion.OrdenPasos[i] {
			t.Errorf("paso %d es %q, se esperaba %q", i, p.Paso, liquidacion.OrdenPasos[i])
		}
	}
	if s.Pasos[0].AntesCOP != nil || *s.Pasos[0].DespuesCOP != "27856000" {
		t.Errorf("base: %v → %v", s.Pasos[0].AntesCOP, *s.Pasos[0].DespuesCOP)
	}
	if s.Pasos[1].Aplica || *s.Pasos[1].DespuesCOP != "27856000" {
		t.Errorf("reincidencia: %v %s", s.Pasos[1].Aplica, *s.Pasos[1].DespuesCOP)
	}
	if s.Pasos[2].Fundamento != "Decreto Ley 920 de 2023, art. 22 num. 1" || *s.Pasos[2].DespuesCOP != "24000000" {
		t.Errorf("concurrencia: %q %s", s.Pasos[2].Fundamento, *s.Pasos[2].DespuesCOP)
	}
	if s.Sancion != "multa" || s.TotalCOP == nil || *s.TotalCOP != "4800000" {
		t.Errorf("sanción %q total %v", s.Sancion, s.TotalCOP)
	}
}

func TestLiquidar_contrato_entradaInvalidaSale2(t *testing.T) {
	t.Parallel()
	valida := `{"regimen":"aduanero","fecha_liquidacion":"2026-05-04","infracciones":[{"codigo":"a","sancion":"multa","valor_cop":"1000000"}]}`
	casos := []struct {
		nombre  string
		entrada string
		lineas  []string // prefixes of the stderr lines, in order
	}{
		{"vacia", "", []string{"el documento no es JSON válido"}},
		{"no_objeto", "[]", []string{"debe ser un objeto JSON"}},
		{"campo_desconocido", strings.Replace(valida, `"regimen"`, `"moneda":"COP","regimen"`, 1), []string{"moneda: campo desconocido"}},
		{"uvt_fuera_de_tabla_nombra_el_anio", strings.Replace(valida, "2026-05-04", "2031-01-15", 1), []string{"fecha_liquidacion: no hay UVT para el año 2031"}},
		{"uvt_anio_anterior_a_la_tabla", strings.Replace(valida, "2026-05-04", "2014-01-15", 1), []string{"fecha_liquidacion: no hay UVT para el año 2014"}},
		{"v2_allanamiento_antes_requerimiento_con_tope",
			`{"regimen":"ley_2025","fecha_liquidacion":"2026-05-04","infracciones":[{"codigo":"a","sancion":"multa","valor_cop":"1000000"}],"allanamiento":{"etapa":"antes_requerimiento"},"ingresos_brutos_cop":"5000000"}`,
			[]string{"ingresos_brutos_cop: no se puede pedir el tope de ingresos (que se solicita en el término del recurso contra la decisión de fondo) junto con allanamiento.etapa antes_requerimiento"}},
		{"v3_art24_allanamiento_despues_requerimiento_con_tope_termina_el_proceso",
			`{"regimen":"ley_2025","fecha_liquidacion":"2026-05-04","infracciones":[{"codigo":"a","sancion":"multa","valor_cop":"1000000"}],"allanamiento":{"etapa":"despues_requerimiento"},"ingresos_brutos_cop":"5000000"}`,
			[]string{"ingresos_brutos_cop: no se puede pedir el tope de ingresos (que se solicita en el término del recurso contra la decisión de fondo) junto con allanamiento.etapa despues_requerimiento"}},
		{"v3_clave_repetida_en_la_raiz",
			`{"regimen":"ley_2025","regimen":"aduanero","fecha_liquidacion":"2026-05-04","infracciones":[{"codigo":"a","sancion":"multa","valor_cop":"1000000"}]}`,
			[]string{"regimen: el campo está repetido en el mismo objeto"}},
		{"v3_clave_repetida_en_una_infraccion",
			`{"regimen":"aduanero","fecha_liquidacion":"2026-05-04","infracciones":[{"codigo":"a","sancion":"multa","valor_cop":"1000000","valor_cop":"1"}]}`,
			[]string{"infracciones[0].valor_cop: el campo está repetido en el mismo objeto"}},
		{"v2_sin_antecedentes_infad_con_oea",
			`{"regimen":"ley_2025","fecha_liquidacion":"2026-05-04","infracciones":[{"codigo":"a","sancion":"multa","valor_cop":"1000000"}],"reducciones":["sin_antecedentes_infad","oea_segunda_infraccion"]}`,
			[]string{"reducciones[1]: sin_antecedentes_infad y oea_segunda_infraccion no pueden ir juntas"}},
		{"v2_incremento_comite_solo_amonestaciones",
			`{"regimen":"aduanero","fecha_liquidacion":"2026-05-04","infracciones":[{"codigo":"a","sancion":"amonestacion","amonestaciones_previas":2}],"incremento_comite":true}`,
			[]string{"incremento_comite: no procede cuando todas las infracciones"}},
		{"v2_cuentas_propias_invalidas",
			`{"regimen":"aduanero","fecha_liquidacion":"2026-05-04","infracciones":[{"codigo":"a","sancion":"amonestacion","amonestaciones_previas":-1,"reincidencias_previas":"2"}]}`,
			[]string{"infracciones[0].amonestaciones_previas: ", "infracciones[0].reincidencias_previas: "}},
		{"varios_problemas_una_linea_cada_uno",
			`{"regimen":"Aduanero","fecha_liquidacion":"04/05/2026","infracciones":[{"codigo":"a","sancion":"multa"},{"codigo":"b","sancion":"amonestacion","valor_uvt":"3"}],"amonestaciones_previas":-1}`,
			[]string{"regimen: ", "fecha_liquidacion: ", "infracciones[0].valor_cop: ", "infracciones[1].valor_uvt: ", "amonestaciones_previas: "}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			code, out, errs := liqCorrer(t, c.entrada)
			if code != 2 || out != "" {
				t.Fatalf("exit %d, stdout %q", code, out)
			}
			lineas := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
			if len(lineas) != len(c.lineas) {
				t.Fatalf("stderr:\n%s\nse esperaban %d líneas", errs, len(c.lineas))
			}
			for i, pre := range c.lineas {
				if !strings.HasPrefix(lineas[i], pre) {
					t.Errorf("línea %d %q no empieza por %q", i, lineas[i], pre)
				}
			}
		})
	}
}

func TestLiquidar_contrato_usoYArchivo(t *testing.T) {
	t.Parallel()
	if code, out, errs := liqCorrer(t, "", "a.json", "b.json"); code != 2 || out != "" || errs == "" {
		t.Errorf("dos archivos: exit %d", code)
	}
	if code, out, errs := liqCorrer(t, "", filepath.Join(t.TempDir(), "no-existe.json")); code != 2 || out != "" || errs == "" {
		t.Errorf("archivo inexistente: exit %d", code)
	}
	in, _ := os.ReadFile(filepath.Join(dirLiquidar, "01_contrato_ejemplo.entrada.json"))
	if code, _, _ := liqCorrer(t, string(in), "-"); code != 0 {
		t.Errorf(`"-" es la entrada estándar: exit %d`, code)
	}
}

// FuzzLiquidar: any input gives exit 0 with valid JSON and nothing on stderr,
// or exit 2 with nothing on stdout and a reason on stderr; never a panic. An
// input the contract reader rejects always gives exit 2.
func FuzzLiquidar(f *testing.F) {
	ejemplos, _ := filepath.Glob(filepath.Join(dirLiquidar, "*.entrada.json"))
	for _, e := range ejemplos {
		in, _ := os.ReadFile(e)
		f.Add(string(in))
	}
	f.Add(`{"regimen":"zona_franca","fecha_liquidacion":"2026-01-01","infracciones":[{"codigo":"a","sancion":"amonestacion"}],"amonestaciones_previas":9223372036854775807}`)
	f.Add(`{"regimen":"aduanero","regimen":"ley_2025","fecha_liquidacion":"2026-01-01","infracciones":[{"codigo":"a","sancion":"multa","valor_cop":"1","valor_cop":"2"}]}`)
	f.Add(`{"regimen":"ley_2025","fecha_liquidacion":"2026-01-01","infracciones":[{"codigo":"a","sancion":"multa","valor_uvt":"99999999999999999999.99"}],"ingresos_brutos_cop":"0.01"}`)
	f.Add(`{"infracciones":[null,{}],"reducciones":[1,"x"],"allanamiento":{"etapa":null}}`)
	// Version 2: each infraction's own counts, and the combinations refused.
	f.Add(`{"regimen":"aduanero","fecha_liquidacion":"2026-05-04","infracciones":[{"codigo":"a","sancion":"amonestacion","amonestaciones_previas":2},{"codigo":"b","sancion":"multa","valor_cop":"1","reincidencias_previas":null}]}`)
	f.Add(`{"regimen":"zona_franca","fecha_liquidacion":"2026-07-01","infracciones":[{"codigo":"a","sancion":"multa","valor_uvt":"3","reincidencias_previas":9}],"incremento_comite":true}`)
	f.Add(`{"regimen":"ley_2025","fecha_liquidacion":"2026-05-04","infracciones":[{"codigo":"a","sancion":"multa","valor_cop":"1"}],"reducciones":["sin_antecedentes_infad","oea_segunda_infraccion"],"allanamiento":{"etapa":"antes_requerimiento"},"ingresos_brutos_cop":"1"}`)
	f.Fuzz(func(t *testing.T, s string) {
		code, out, errs := liqCorrer(t, s)
		_, errLectura := contrato.LeerLiquidacion([]byte(s))
		switch code {
		case 0:
			if errLectura != nil {
				t.Fatalf("exit 0 con una entrada que el lector rechaza: %v", errLectura)
			}
			var sal liqSalida
			if err := json.Unmarshal([]byte(out), &sal); err != nil || errs != "" {
				t.Fatalf("exit 0 con salida inválida %q / %q", out, errs)
			}
			if len(sal.Pasos) != len(liquidacion.OrdenPasos) {
				t.Fatalf("exit 0 con %d pasos", len(sal.Pasos))
			}
		case 2:
			if out != "" || strings.TrimSpace(errs) == "" {
				t.Fatalf("exit 2 debe dejar stdout vacío y explicar en stderr: %q / %q", out, errs)
			}
		default:
			t.Fatalf("exit %d: %s", code, errs)
		}
	})
}
