package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The worked example of `comite liquidar`: 20.000.000 COP and
// 150 UVT, concurrence, allanamiento before the REA → $ 4.800.000.
func TestLiquidacion_ejemploDelContrato(t *testing.T) {
	e := nuevoEntorno(t)
	for _, rol := range []string{"secretaria", "comite", "seccional", "auditor"} {
		t.Run(rol, func(t *testing.T) {
			s := e.ingresar(rol)
			q := url.Values{"regimen": {"aduanero"}, "fecha": {"04/05/2026"},
				"codigo_1": {"D920-36-2.1"}, "sancion_1": {"multa"}, "valor_1": {"20.000.000"}, "unidad_1": {"cop"},
				"codigo_2": {"D920-36-2.4"}, "sancion_2": {"multa"}, "valor_2": {"150"}, "unidad_2": {"uvt"},
				"etapa": {"antes_requerimiento"}}
			rec := e.pedir("GET", "/liquidacion?"+q.Encode(), &s, nil)
			if rec.Code != http.StatusOK {
				t.Fatalf("estado %d", rec.Code)
			}
			doc := documento(t, rec)
			if got := testid(doc, "total-liquidacion").Text(); got != "$ 4.800.000" {
				t.Fatalf("total = %q, quiere $ 4.800.000", got)
			}
			pasos := map[string]string{"base": "$ 27.856.000", "concurrencia": "$ 24.000.000", "allanamiento": "$ 4.800.000", "minimo": "$ 4.800.000"}
			for paso, w := range pasos {
				if got := testid(doc, "paso-"+paso).Find(`[data-testid="despues"]`).Text(); got != w {
					t.Errorf("paso %s: después = %q, quiere %q", paso, got, w)
				}
			}
			if n := doc.Find(`[data-testid="tabla-pasos"] tbody tr`).Length(); n != 8 {
				t.Fatalf("%d pasos, quiere 8", n)
			}
			if got := testid(doc, "paso-concurrencia").Text(); !strings.Contains(got, "Decreto Ley 920 de 2023, art. 22") {
				t.Fatalf("fundamento de la concurrencia: %q", got)
			}
			// The form keeps what was typed.
			if v, _ := doc.Find(`input[name="valor_2"]`).Attr("value"); v != "150" {
				t.Fatalf("valor_2 = %q", v)
			}
		})
	}
}

func TestLiquidacion_erroresJuntoAlCampo(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("secretaria")
	casos := []struct {
		nombre, campo, texto string
		q                    url.Values
	}{
		{"multa_sin_valor", "valor_1", "Falta el valor", url.Values{"regimen": {"aduanero"}, "fecha": {"04/05/2026"}, "sancion_1": {"multa"}}},
		{"amonestacion_con_valor", "valor_2", "no lleva valor", url.Values{"regimen": {"aduanero"}, "fecha": {"04/05/2026"},
			"sancion_1": {"multa"}, "valor_1": {"1.000.000,00"}, "sancion_2": {"amonestacion"}, "valor_2": {"5"}}},
		{"monto_ambiguo", "valor_1", "ambiguo", url.Values{"regimen": {"aduanero"}, "fecha": {"04/05/2026"}, "sancion_1": {"multa"}, "valor_1": {"1.234"}}},
		{"fecha_inexistente", "fecha", "La fecha 31/02/2026 no existe: febrero de 2026 tiene 28 días", url.Values{"regimen": {"aduanero"}, "fecha": {"31/02/2026"}, "sancion_1": {"multa"}, "valor_1": {"1000"}}},
		{"fecha_invalida", "fecha", "Fecha inválida", url.Values{"regimen": {"aduanero"}, "fecha": {"31-02-2026"}, "sancion_1": {"multa"}, "valor_1": {"1000"}}},
		{"anio_sin_uvt", "fecha", "2031", url.Values{"regimen": {"aduanero"}, "fecha": {"01/01/2031"}, "sancion_1": {"multa"}, "valor_1": {"1000"}}},
		{"sin_infracciones", "infracciones", "al menos una", url.Values{"regimen": {"aduanero"}, "fecha": {"04/05/2026"}}},
		{"ingresos_en_cero", "ingresos_brutos", "mayor que cero", url.Values{"regimen": {"ley_2025"}, "fecha": {"04/05/2026"}, "sancion_1": {"multa"}, "valor_1": {"1000"}, "ingresos_brutos": {"0"}}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			rec := e.pedir("GET", "/liquidacion?"+c.q.Encode(), &s, nil)
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("estado %d", rec.Code)
			}
			doc := documento(t, rec)
			if got := testid(doc, "error-"+c.campo).Text(); !strings.Contains(got, c.texto) {
				t.Fatalf("error de %s = %q, quiere %q", c.campo, got, c.texto)
			}
			if testid(doc, "resultado-liquidacion").Length() != 0 {
				t.Fatal("muestra un resultado con errores")
			}
		})
	}
	// The empty form: today's date, the first row ready for a multa.
	doc := documento(t, e.pedir("GET", "/liquidacion", &s, nil))
	if v, _ := doc.Find(`input[name="fecha"]`).Attr("value"); v != "02/03/2026" {
		t.Fatalf("fecha por defecto = %q", v)
	}
	for _, id := range []string{"f-codigo_1", "f-sancion_1", "f-valor_1", "f-unidad_1", "f-fecha", "f-regimen", "f-etapa"} {
		if doc.Find(`label[for="`+id+`"]`).Length() != 1 {
			t.Fatalf("el campo %s no tiene etiqueta", id)
		}
	}
}

// Version 2 of the core, as the calculator shows it.
func TestLiquidacion_version2(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("secretaria")
	base := func(extra url.Values) url.Values {
		q := url.Values{"regimen": {"aduanero"}, "fecha": {"04/05/2026"}}
		for k, v := range extra {
			q[k] = v
		}
		return q
	}
	t.Run("art22_num4_repeticion_propia_antes_de_la_concurrencia", func(t *testing.T) {
		q := base(url.Values{"sancion_1": {"multa"}, "valor_1": {"5.000.000"}, "sancion_2": {"amonestacion"}, "amonestaciones_previas_2": {"2"}})
		rec := e.pedir("GET", "/liquidacion?"+q.Encode(), &s, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("estado %d", rec.Code)
		}
		doc := documento(t, rec)
		if got := testid(doc, "total-liquidacion").Text(); got != "$ 9.427.200" {
			t.Fatalf("total = %q, quiere $ 9.427.200 (150 UVT × 1,2)", got)
		}
		if v, _ := doc.Find(`input[name="amonestaciones_previas_2"]`).Attr("value"); v != "2" {
			t.Fatalf("la cuenta propia no se conserva: %q", v)
		}
		// Without the row's own count, the general one (0) applies: the multa prevails.
		q.Del("amonestaciones_previas_2")
		doc = documento(t, e.pedir("GET", "/liquidacion?"+q.Encode(), &s, nil))
		if got := testid(doc, "total-liquidacion").Text(); got != "$ 5.000.000" {
			t.Fatalf("sin cuenta propia: total = %q", got)
		}
	})
	t.Run("d2147_art86_zona_franca_sin_incremento_ni_minimo", func(t *testing.T) {
		q := base(url.Values{"regimen": {"zona_franca"}, "sancion_1": {"multa"}, "valor_1": {"100000"}, "incremento_comite": {"si"}})
		doc := documento(t, e.pedir("GET", "/liquidacion?"+q.Encode(), &s, nil))
		if got := testid(doc, "total-liquidacion").Text(); got != "$ 100.000" {
			t.Fatalf("total = %q, quiere $ 100.000", got)
		}
		for _, paso := range []string{"incremento_comite", "minimo"} {
			fila := testid(doc, "paso-"+paso)
			if !fila.HasClass("inactiva") || !strings.Contains(fila.Text(), "Ley 1437 de 2011") {
				t.Errorf("paso %s: %q", paso, fila.Text())
			}
		}
	})
	t.Run("c072_2025_norma_sin_vigencia_confirmada", func(t *testing.T) {
		q := base(url.Values{"fecha": {"21/06/2026"}, "sancion_1": {"multa"}, "valor_1": {"1.000.000"}})
		doc := documento(t, e.pedir("GET", "/liquidacion?"+q.Encode(), &s, nil))
		if got := testid(doc, "alerta-liquidacion").Text(); !strings.Contains(got, "Confirme la norma aplicable") {
			t.Fatalf("alerta = %q", got)
		}
		q.Set("fecha", "20/06/2026")
		doc = documento(t, e.pedir("GET", "/liquidacion?"+q.Encode(), &s, nil))
		if testid(doc, "alerta-liquidacion").Length() != 0 {
			t.Fatal("alerta el último día de vigencia")
		}
		if got := testid(doc, "vigencia-reglas").Text(); !strings.Contains(got, "DL920-2023") || !strings.Contains(got, "20/06/2026") {
			t.Fatalf("vigencia = %q", got)
		}
	})
	t.Run("ley2025_cada_paso_dice_no_vigente", func(t *testing.T) {
		q := base(url.Values{"regimen": {"ley_2025"}, "sancion_1": {"multa"}, "valor_1": {"1.000.000"}})
		doc := documento(t, e.pedir("GET", "/liquidacion?"+q.Encode(), &s, nil))
		if n := doc.Find(`[data-testid="tabla-pasos"] td.detalle:contains("Proyecto de ley — no vigente")`).Length(); n != 8 {
			t.Fatalf("%d de 8 pasos dicen «proyecto de ley — no vigente»", n)
		}
	})
	rechazos := []struct {
		nombre, campo, texto string
		q                    url.Values
	}{
		{"art25_incremento_comite_solo_amonestaciones", "incremento_comite", "amonestación",
			base(url.Values{"sancion_1": {"amonestacion"}, "incremento_comite": {"si"}})},
		{"ley2025_tope_con_allanamiento_antes_requerimiento", "ingresos_brutos", "el allanamiento «Antes de notificado",
			base(url.Values{"regimen": {"ley_2025"}, "sancion_1": {"multa"}, "valor_1": {"1000000"}, "etapa": {"antes_requerimiento"}, "ingresos_brutos": {"5000000"}})},
		{"ley2025_sin_antecedentes_con_oea", "reducciones", "no pueden ir juntas",
			base(url.Values{"regimen": {"ley_2025"}, "sancion_1": {"multa"}, "valor_1": {"1000000"}, "reducciones": {"sin_antecedentes_infad", "oea_segunda_infraccion"}})},
		{"cuenta_propia_invalida", "cuentas_1", "entre 0 y 1.000",
			base(url.Values{"sancion_1": {"amonestacion"}, "amonestaciones_previas_1": {"5000"}})},
	}
	for _, c := range rechazos {
		t.Run(c.nombre, func(t *testing.T) {
			rec := e.pedir("GET", "/liquidacion?"+c.q.Encode(), &s, nil)
			if rec.Code != http.StatusUnprocessableEntity {
				t.Fatalf("estado %d", rec.Code)
			}
			doc := documento(t, rec)
			if got := testid(doc, "error-"+c.campo).Text(); !strings.Contains(got, c.texto) {
				t.Fatalf("error de %s = %q, quiere %q", c.campo, got, c.texto)
			}
		})
	}
}
