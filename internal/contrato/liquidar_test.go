package contrato

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"comite/internal/fecha"
	"comite/internal/liquidacion"
	"comite/internal/normas"
	"comite/internal/sancion"
	"comite/internal/valores"

	"github.com/shopspring/decimal"
)

const liqEjemplo = `{
  "regimen": "aduanero",
  "fecha_liquidacion": "2026-05-04",
  "infracciones": [
    {"codigo": "D920-36-2.1", "sancion": "multa", "valor_cop": "20000000"},
    {"codigo": "D920-36-2.4", "sancion": "multa", "valor_uvt": "150"}
  ],
  "misma_declaracion": false,
  "amonestaciones_previas": 0,
  "reincidencias_previas": 0,
  "incremento_comite": false,
  "reducciones": [],
  "allanamiento": {"etapa": "antes_requerimiento", "tercera_vez": false, "articulo_72": false},
  "ingresos_brutos_cop": null
}`

func TestLeerLiquidacion_contrato_ejemplo(t *testing.T) {
	s, err := LeerLiquidacion([]byte(liqEjemplo))
	if err != nil {
		t.Fatal(err)
	}
	if s.Regimen != liquidacion.Aduanero || s.FechaLiquidacion.String() != "2026-05-04" || len(s.Infracciones) != 2 {
		t.Fatalf("%+v", s)
	}
	a, b := s.Infracciones[0], s.Infracciones[1]
	if a.Codigo != "D920-36-2.1" || a.Sancion != sancion.Multa || a.ValorCOP == nil || a.ValorCOP.String() != "20000000" || a.ValorUVT != nil {
		t.Errorf("infracción 0: %+v", a)
	}
	if b.ValorUVT == nil || b.ValorUVT.String() != "150" || b.ValorCOP != nil {
		t.Errorf("infracción 1: %+v", b)
	}
	if s.Allanamiento == nil || s.Allanamiento.Etapa != liquidacion.AntesRequerimiento || s.IngresosBrutos != nil {
		t.Errorf("allanamiento %+v ingresos %v", s.Allanamiento, s.IngresosBrutos)
	}
}

func TestLeerLiquidacion_contrato_opcionales(t *testing.T) {
	s, err := LeerLiquidacion([]byte(`{"regimen":"ley_2025","fecha_liquidacion":"2026-01-02","infracciones":[{"codigo":"x","sancion":"amonestacion","valor_cop":null}],
		"reducciones":["oea_segunda_infraccion","cumplimiento_extemporaneo"],"allanamiento":{"etapa":"termino_recurso"},"ingresos_brutos_cop":"1500000.50","amonestaciones_previas":3}`))
	if err != nil {
		t.Fatal(err)
	}
	if s.MismaDeclaracion || s.IncrementoComite || s.ReincidenciasPrevias != 0 || s.AmonestacionesPrevias != 3 {
		t.Errorf("valores por defecto: %+v", s)
	}
	if len(s.Reducciones) != 2 || s.Reducciones[0] != liquidacion.OEASegundaInfraccion {
		t.Errorf("reducciones %v", s.Reducciones)
	}
	if s.Allanamiento == nil || s.Allanamiento.TerceraVez || s.Allanamiento.Articulo72 || s.Allanamiento.Etapa != liquidacion.TerminoRecurso {
		t.Errorf("allanamiento %+v", s.Allanamiento)
	}
	if s.IngresosBrutos == nil || s.IngresosBrutos.String() != "1500000.5" {
		t.Errorf("ingresos %v", s.IngresosBrutos)
	}
	if s.Infracciones[0].ValorCOP != nil {
		t.Errorf("valor_cop null debe leerse como ausente")
	}
}

func TestLeerLiquidacion_contrato_errores(t *testing.T) {
	conInfracciones := func(infs string, extra string) string {
		return `{"regimen":"aduanero","fecha_liquidacion":"2026-05-04","infracciones":` + infs + extra + `}`
	}
	multa := `[{"codigo":"a","sancion":"multa","valor_cop":"1000"}]`
	casos := []struct {
		nombre  string
		entrada string
		lineas  []string // exact lines or prefixes ending in ": "
	}{
		{"contrato_multa_con_dos_valores", conInfracciones(`[{"codigo":"a","sancion":"multa","valor_cop":"1"},{"codigo":"b","sancion":"multa","valor_cop":"1","valor_uvt":"2"}]`, ""),
			[]string{"infracciones[1].valor_uvt: la multa ya tiene valor_cop: dé solo uno de los dos"}},
		{"contrato_multa_sin_valor", conInfracciones(`[{"codigo":"a","sancion":"multa","valor_uvt":null}]`, ""),
			[]string{"infracciones[0].valor_cop: falta el valor de la multa: dé valor_cop (pesos) o valor_uvt"}},
		{"contrato_cancelacion_con_valor", conInfracciones(`[{"codigo":"a","sancion":"cancelacion","valor_cop":"5"}]`, ""),
			[]string{"infracciones[0].valor_cop: una sanción de cancelación no lleva valor: quite el campo o déjelo en null"}},
		{"contrato_monto_invalido_no_duplica", conInfracciones(`[{"codigo":"a","sancion":"multa","valor_uvt":"1.234,5"}]`, ""),
			[]string{"infracciones[0].valor_uvt: monto inválido "}},
		{"contrato_monto_numero_json", conInfracciones(`[{"codigo":"a","sancion":"multa","valor_cop":1000}]`, ""),
			[]string{"infracciones[0].valor_cop: el monto debe ser un texto"}},
		{"contrato_sin_infracciones", conInfracciones(`[]`, ""), []string{"infracciones: debe haber al menos una infracción"}},
		{"contrato_falta_infracciones", `{"regimen":"aduanero","fecha_liquidacion":"2026-05-04"}`, []string{"infracciones: falta el campo"}},
		{"contrato_infraccion_no_objeto", conInfracciones(`[null]`, ""), []string{"infracciones[0]: debe ser un objeto JSON"}},
		{"contrato_codigo_vacio", conInfracciones(`[{"codigo":" ","sancion":"amonestacion"}]`, ""), []string{"infracciones[0].codigo: no puede estar vacío"}},
		{"contrato_enum_mayusculas", conInfracciones(`[{"codigo":"a","sancion":"Multa","valor_cop":"1"}]`, ""), []string{"infracciones[0].sancion: valor \"Multa\" no permitido"}},
		{"contrato_enum_tilde", conInfracciones(`[{"codigo":"a","sancion":"amonestación"}]`, ""), []string{"infracciones[0].sancion: valor \"amonestación\" no permitido"}},
		{"contrato_regimen", `{"regimen":"zona franca","fecha_liquidacion":"2026-05-04","infracciones":` + multa + `}`, []string{"regimen: valor \"zona franca\" no permitido"}},
		{"contrato_fecha", `{"regimen":"aduanero","fecha_liquidacion":"2026-13-01","infracciones":` + multa + `}`, []string{"fecha_liquidacion: fecha inválida \"2026-13-01\" (use AAAA-MM-DD)"}},
		{"contrato_conteo_negativo", conInfracciones(multa, `,"amonestaciones_previas":-1`), []string{"amonestaciones_previas: debe ser cero o positivo, no -1"}},
		{"contrato_conteo_decimal", conInfracciones(multa, `,"reincidencias_previas":1.5`), []string{"reincidencias_previas: debe ser un número entero, no 1.5"}},
		{"contrato_conteo_texto", conInfracciones(multa, `,"reincidencias_previas":"2"`), []string{"reincidencias_previas: debe ser un número entero"}},
		{"contrato_reduccion_desconocida", conInfracciones(multa, `,"reducciones":["pago_total"]`), []string{"reducciones[0]: valor \"pago_total\" no permitido"}},
		{"contrato_reduccion_repetida", conInfracciones(multa, `,"reducciones":["sin_antecedentes_infad","sin_antecedentes_infad"]`), []string{"reducciones[1]: \"sin_antecedentes_infad\" está repetida"}},
		{"contrato_reduccion_no_texto", conInfracciones(multa, `,"reducciones":[3]`), []string{"reducciones[0]: debe ser un texto entre comillas"}},
		{"contrato_allanamiento_sin_etapa", conInfracciones(multa, `,"allanamiento":{"tercera_vez":true}`), []string{"allanamiento.etapa: falta el campo"}},
		{"contrato_allanamiento_campo_desconocido", conInfracciones(multa, `,"allanamiento":{"etapa":"antes_requerimiento","art72":true}`), []string{"allanamiento.art72: campo desconocido"}},
		{"contrato_allanamiento_booleano", conInfracciones(multa, `,"allanamiento":{"etapa":"antes_requerimiento","tercera_vez":"si"}`), []string{"allanamiento.tercera_vez: debe ser true o false"}},
		{"contrato_ingresos_cero", conInfracciones(multa, `,"ingresos_brutos_cop":"0"`), []string{"ingresos_brutos_cop: debe ser mayor que cero"}},
		{"contrato_ingresos_negativos", conInfracciones(multa, `,"ingresos_brutos_cop":"-5"`), []string{"ingresos_brutos_cop: monto negativo"}},
		{"contrato_campo_desconocido", conInfracciones(multa, `,"sancion_total":"1"`), []string{"sancion_total: campo desconocido"}},
		{"contrato_campo_desconocido_infraccion", conInfracciones(`[{"codigo":"a","sancion":"multa","valor_cop":"1","gravedad":"leve"}]`, ""), []string{"infracciones[0].gravedad: campo desconocido"}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			_, err := LeerLiquidacion([]byte(c.entrada))
			var ee *ErrEntrada
			if !errors.As(err, &ee) {
				t.Fatalf("se esperaba ErrEntrada, fue %v", err)
			}
			if len(ee.Problemas) != len(c.lineas) {
				t.Fatalf("problemas %q, se esperaban %d", ee.Problemas, len(c.lineas))
			}
			for i, l := range c.lineas {
				if !strings.HasPrefix(ee.Problemas[i], l) {
					t.Errorf("problema %q no empieza por %q", ee.Problemas[i], l)
				}
				if strings.Contains(ee.Problemas[i], "\n") {
					t.Errorf("un problema por línea: %q", ee.Problemas[i])
				}
			}
		})
	}
}

func TestEscribirLiquidacion_contrato_formato(t *testing.T) {
	u, _ := valores.UVTDe(2026)
	v := decimal.RequireFromString("4800000.00")
	pasos := make([]liquidacion.Paso, len(liquidacion.OrdenPasos))
	for i, p := range liquidacion.OrdenPasos {
		pasos[i] = liquidacion.Paso{Paso: p, Fundamento: normas.Concurrencia, Detalle: "x"}
	}
	pasos[0].Despues = &v
	l := liquidacion.Liquidacion{Regimen: liquidacion.Aduanero, FechaLiquidacion: fecha.Debe(2026, time.May, 4), Reglas: "DL920-2023", Sancion: sancion.Multa, UVT: u, Pasos: pasos, Total: &v}
	out, err := EscribirLiquidacion(l)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(string(out), "}\n") {
		t.Errorf("falta el salto de línea final")
	}
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"regimen", "sancion", "uvt", "pasos", "total_cop"} {
		if _, ok := m[k]; !ok {
			t.Errorf("falta %q", k)
		}
	}
	if m["total_cop"] != "4800000" {
		t.Errorf("total_cop %v: los montos van como texto sin ceros finales", m["total_cop"])
	}
	p0 := m["pasos"].([]any)[0].(map[string]any)
	if p0["antes_cop"] != nil || p0["despues_cop"] != "4800000" || p0["fundamento"] != "Decreto Ley 920 de 2023, art. 22 num. 1" || p0["regla"] != "concurrencia" {
		t.Errorf("paso: %v", p0)
	}
	uvt := m["uvt"].(map[string]any)
	if uvt["anio"] != float64(2026) || uvt["valor_cop"] != "52374" {
		t.Errorf("uvt: %v", uvt)
	}

	l.Sancion, l.Total = sancion.Cancelacion, nil
	out, _ = EscribirLiquidacion(l)
	if !strings.Contains(string(out), `"total_cop": null`) {
		t.Errorf("total_cop debe ser null cuando no es multa:\n%s", out)
	}
	if _, err := EscribirLiquidacion(liquidacion.Liquidacion{}); err == nil {
		t.Errorf("una liquidación sin sus 8 pasos no se escribe")
	}
}

func TestLiquidar_contrato_errorDeLiquidacionEsErrEntrada(t *testing.T) {
	_, err := Liquidar([]byte(strings.Replace(liqEjemplo, "2026-05-04", "2027-01-10", 1)))
	var ee *ErrEntrada
	if !errors.As(err, &ee) || len(ee.Problemas) != 1 || !strings.Contains(ee.Problemas[0], "año 2027") || !strings.HasPrefix(ee.Problemas[0], "fecha_liquidacion: ") {
		t.Fatalf("%v", err)
	}
}
