package etiquetas

import (
	"strings"
	"testing"

	"comite/internal/flujo"
	"comite/internal/reincidencia"
)

func TestTipoUsuario_unaSolaEtiquetaPorTipo_docsReglas1(t *testing.T) {
	for _, c := range []struct{ codigo, quiere string }{
		{"declarante", "Importador / exportador (declarante)"},
		{"importador_exportador", "Importador / exportador (declarante)"},
		{"agencia_de_aduanas", "Agencia de aduanas"},
		{"usuario_de_zona_franca", "Usuario de zona franca"},
		{"", "No indicado"},
		{"tipo_nuevo", "Tipo nuevo"},
	} {
		if got := TipoUsuario(c.codigo); got != c.quiere {
			t.Errorf("TipoUsuario(%q) = %q, quiere %q", c.codigo, got, c.quiere)
		}
	}
}

func TestGravedadYSancion_conMayusculaYTilde_art25(t *testing.T) {
	if g := Gravedad("gravisima"); g != "Gravísima" {
		t.Errorf("Gravedad = %q", g)
	}
	if s := Sancion("amonestacion"); s != "Amonestación" {
		t.Errorf("Sancion = %q", s)
	}
	if g := Gravedad(""); g != Guion {
		t.Errorf("Gravedad vacía = %q", g)
	}
}

func TestEstadosDecisionesYAccionesDelFlujo_tienenEtiqueta_docsReglas3(t *testing.T) {
	for _, e := range flujo.Estados {
		if strings.Contains(Estado(string(e)), "_") {
			t.Errorf("estado %s sin etiqueta", e)
		}
	}
	for _, d := range append(flujo.Decisiones(false), flujo.Decisiones(true)...) {
		if Decision(string(d)) == string(d) {
			t.Errorf("decisión %s sin etiqueta", d)
		}
	}
	for _, p := range flujo.Pasos {
		a := "caso." + string(p.Accion)
		if _, ok := acciones[a]; !ok {
			t.Errorf("la acción de auditoría %s no tiene etiqueta", a)
		}
	}
}

func TestAlertasDelContrato_tienenEtiqueta_art25(t *testing.T) {
	for _, a := range []reincidencia.Alerta{reincidencia.SinOperaciones, reincidencia.FaltanOperaciones, reincidencia.AnclajeDifiere,
		reincidencia.UVTNoDisponible, reincidencia.NormaSinVigenciaConfirmada, reincidencia.HechoAnteriorAVigencia} {
		if _, ok := alertas[string(a)]; !ok {
			t.Errorf("la alerta %s no tiene etiqueta", a)
		}
	}
	if got := Alertas([]string{"dos_actos", "sin_operaciones"}); got != "Dos actos; Sin operaciones" {
		t.Errorf("Alertas = %q", got)
	}
}

func TestCodigos_incluyeLosDelContratoYNingunaEtiqueta(t *testing.T) {
	cs := Codigos()
	hay := map[string]bool{}
	for _, c := range cs {
		hay[c] = true
	}
	for _, c := range []string{"agencia_de_aduanas", "sin_operaciones", "faltan_operaciones", "umbral_cero_cinco", "en_evaluacion", "multa_incrementada", "caso.reportar", "valor_cop"} {
		if !hay[c] {
			t.Errorf("Codigos no incluye %s", c)
		}
	}
	for _, c := range cs {
		if strings.Contains(c, " ") {
			t.Errorf("Codigos incluye %q, que no es un código", c)
		}
	}
}

func TestDetalleAuditoria_paresLegiblesSinJSON(t *testing.T) {
	pares := DetalleAuditoria(`{"nit":"800191045-1","tipo":"agencia_de_aduanas","valor_cop":"62849000","fecha_firmeza":"2025-03-04","antes":{"razon_social":"A S.A.S.","gravedad":"gravisima"},"allanamiento":false,"anio":2025,"en":"2026-03-02T15:00:00Z"}`)
	texto := ""
	for _, p := range pares {
		texto += p.Etiqueta + ": " + p.Valor + "\n"
	}
	for _, quiere := range []string{"NIT: 800191045-1", "Tipo: Agencia de aduanas", "Valor: $ 62.849.000", "Fecha de firmeza: 04/03/2025",
		"Antes — Razón social: A S.A.S.", "Antes — Gravedad: Gravísima", "Allanamiento: No", "Año: 2025", "En: 02/03/2026 10:00"} {
		if !strings.Contains(texto, quiere) {
			t.Errorf("falta %q en\n%s", quiere, texto)
		}
	}
	for _, c := range []string{"{", "_cop", "agencia_de_aduanas", "gravisima"} {
		if strings.Contains(texto, c) {
			t.Errorf("el detalle muestra %q:\n%s", c, texto)
		}
	}
	if p := DetalleAuditoria("texto libre"); len(p) != 1 || p[0].Valor != "texto libre" {
		t.Errorf("texto no JSON: %v", p)
	}
	if p := DetalleAuditoria(""); p != nil {
		t.Errorf("vacío: %v", p)
	}
}

func FuzzDetalleAuditoria(f *testing.F) {
	f.Add(`{"a":{"b":[1,2,{"c":"2025-01-01"}]}}`)
	f.Add(`[1,"x",null]`)
	f.Fuzz(func(t *testing.T, s string) {
		_ = DetalleAuditoria(s)
	})
}

// The audit detail of the closing and of an adjusted count reads as people
// read it: every field by its label, amounts as money, counts as numbers,
// states by their names.
func TestDetalleAuditoria_camposDelCierreYDelAjuste(t *testing.T) {
	ver := func(det string, quiere ...string) {
		t.Helper()
		var l []string
		for _, p := range DetalleAuditoria(det) {
			l = append(l, p.Etiqueta+": "+p.Valor)
		}
		todo := strings.Join(l, " | ")
		for _, q := range quiere {
			if !strings.Contains(todo, q) {
				t.Errorf("falta %q en %q", q, todo)
			}
		}
		if strings.Contains(todo, "_") {
			t.Errorf("un nombre interno quedó a la vista: %q", todo)
		}
	}
	ver(`{"de":"concepto_emitido","a":"cerrado","propuesta":"multa_incrementada","fecha_rea":"2026-03-17","uvt_anio":2026,"uvt_valor_cop":"52374","incremento_cop":"52374000","total_cop":"62849000","concepto_id":10}`,
		"De: Concepto emitido", "A: Cerrado", "Año de la UVT: 2026", "Valor de la UVT: $ 52.374", "Incremento de 1.000 UVT: $ 52.374.000", "Total propuesto: $ 62.849.000")
	ver(`{"cuenta":"actos","infraccion":"x","calculada":3,"valor":2,"razon":"un acto revocado"}`, "Valor ajustado: 2", "Calculada: 3")
}

// The reading of a case or an evaluation is the commission's unless it
// says verificación.
func TestLecturaAnclaje(t *testing.T) {
	for codigo, quiere := range map[string]string{
		"verificacion": "Año de la verificación menos uno",
		"comision":     "Año de la comisión menos uno",
		"":             "Año de la comisión menos uno",
	} {
		if got := LecturaAnclaje(codigo); got != quiere {
			t.Errorf("LecturaAnclaje(%q) = %q, quiere %q", codigo, got, quiere)
		}
	}
}
