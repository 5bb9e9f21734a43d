package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// The worked example of contrato.md `comite liquidar`: 20.000.000 COP and
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
		{"fecha_invalida", "fecha", "Fecha inválida", url.Values{"regimen": {"aduanero"}, "fecha": {"31/02/2026"}, "sancion_1": {"multa"}, "valor_1": {"1000"}}},
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
