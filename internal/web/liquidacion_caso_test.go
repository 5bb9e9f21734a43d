package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// sembrarAmonestaciones adds to the case's user three leve amonestaciones of
// the infraction D920-35-3.2: firm on the first day of the 3-year window that
// ends on 02/03/2026, the day before it, and in 2025.
func (e *entorno) sembrarAmonestaciones() {
	e.t.Helper()
	for _, a := range []struct{ num, firmeza string }{{"AM-1", "2023-03-02"}, {"AM-0", "2023-03-01"}, {"AM-2", "2025-06-01"}} {
		if _, err := e.d.Exec(`INSERT INTO actos(usuario_id, numero_acto, fecha_expedicion, fecha_firmeza, infraccion, gravedad, sancion, valor_centavos, allanamiento, actualizado_en)
			SELECT id, ?, ?, ?, 'D920-35-3.2', 'leve', 'amonestacion', 0, 0, 'x' FROM usuarios_aduaneros WHERE nit = ?`, a.num, a.firmeza, a.firmeza, nitCaso); err != nil {
			e.t.Fatal(err)
		}
	}
}

// A case's liquidation is prefilled from the stored acts: each count with the
// acts that make it up, the ones left out with the reason, and its window
// (Decreto Ley 920 de 2023, art. 22 num. 4: the exact first day counts).
func TestLiquidacionCaso_art22_num4_cuentasDesdeLaHistoria(t *testing.T) {
	e := nuevoEntorno(t)
	caso := "/casos/" + e.casoMatriz()
	e.sembrarAmonestaciones()
	for _, rol := range lectoresCasos {
		s := e.ingresar(rol)
		rec := e.pedir("GET", caso+"/liquidacion?"+url.Values{"infraccion": {"d920-35-3.2"}, "fecha": {"02/03/2026"}}.Encode(), &s, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: estado %d", rol, rec.Code)
		}
		doc := documento(t, rec)
		amon := testid(doc, "cuenta-amonestaciones_previas")
		if got := amon.Find(`[data-testid="valor"]`).Text(); got != "2" {
			t.Fatalf("%s: amonestaciones previas = %q, quiere 2", rol, got)
		}
		if got := amon.Find(`[data-testid="acto-cuenta"]`).Text(); !strings.Contains(got, "AM-1") || !strings.Contains(got, "AM-2") || !strings.Contains(got, "02/03/2023") {
			t.Fatalf("%s: actos contados %q", rol, got)
		}
		if got := amon.Find(`[data-testid="acto-fuera"]`).Text(); !strings.Contains(got, "AM-0") || !strings.Contains(got, "fuera de la ventana") {
			t.Fatalf("%s: actos excluidos %q", rol, got)
		}
		if got := amon.Text(); !strings.Contains(got, "del 02/03/2023 al 02/03/2026") || !strings.Contains(got, "Decreto Ley 920 de 2023, art. 22 num. 4") {
			t.Fatalf("%s: ventana o fundamento: %q", rol, got)
		}
		// Criterion 5.7: the four grave or gravísima acts of 2025 (firm within 3 years).
		if got := testid(doc, "cuenta-antecedentes_5_7").Find(`[data-testid="valor"]`).Text(); got != "4" {
			t.Fatalf("%s: criterio 5.7 = %q", rol, got)
		}
		// The case's multa, liquidated with the stored rule set.
		if got := testid(doc, "total-liquidacion").Text(); got != "$ 10.475.000" {
			t.Fatalf("%s: total = %q", rol, got)
		}
		if got := testid(doc, "nota-caso").Text(); !strings.Contains(got, "DL920-2023") {
			t.Fatalf("%s: nota %q", rol, got)
		}
		href, _ := testid(doc, "abrir-calculadora").Attr("href")
		if !strings.Contains(href, "amonestaciones_previas=2") || !strings.Contains(href, "sancion_1=multa") {
			t.Fatalf("%s: calculadora %q", rol, href)
		}
		// The same result as a PDF, with its steps and citations.
		pdf, _ := testid(doc, "liquidacion-pdf").Attr("href")
		if rec := e.pedir("GET", pdf, &s, nil); !strings.HasPrefix(pdf, "/liquidacion.pdf?") || rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/pdf" {
			t.Fatalf("%s: PDF de la liquidación %q: %d", rol, pdf, rec.Code)
		}
		puede := testid(doc, "form-ajuste").Length() == 1
		if puede != (rol == "secretaria" || rol == "seccional") {
			t.Fatalf("%s: formulario de ajuste visible = %v", rol, puede)
		}
	}

	s := e.ingresar("secretaria")
	// One day later the window starts on 03/03/2023: AM-1 is out.
	doc := documento(t, e.pedir("GET", caso+"/liquidacion?"+url.Values{"infraccion": {"D920-35-3.2"}, "fecha": {"03/03/2026"}}.Encode(), &s, nil))
	if got := testid(doc, "cuenta-amonestaciones_previas").Find(`[data-testid="valor"]`).Text(); got != "1" {
		t.Fatalf("un día después: %q, quiere 1", got)
	}
	// Without the infraction's code the counts of "the same infraction" are
	// unknown, never 0, and nothing is liquidated.
	rec := e.pedir("GET", caso+"/liquidacion", &s, nil)
	doc = documento(t, rec)
	if got := testid(doc, "cuenta-amonestaciones_previas").Find(`[data-testid="valor"]`).Text(); !strings.HasPrefix(got, "sin determinar") {
		t.Fatalf("sin código: %q", got)
	}
	if testid(doc, "liquidacion-pendiente").Length() != 1 || testid(doc, "resultado-liquidacion").Length() != 0 {
		t.Fatal("sin código no debe liquidar")
	}
	// Zona franca: 5 years up to the commission (10/02/2026): AM-0, AM-1 and AM-2.
	doc = documento(t, e.pedir("GET", caso+"/liquidacion?"+url.Values{"infraccion": {"D920-35-3.2"}, "regimen": {"zona_franca"}, "fecha": {"02/03/2026"}}.Encode(), &s, nil))
	if got := testid(doc, "cuenta-amonestaciones_previas_zona_franca").Find(`[data-testid="valor"]`).Text(); got != "3" {
		t.Fatalf("zona franca: %q", got)
	}
	if got := testid(doc, "paso-incremento_comite").Text(); !strings.Contains(got, "Ley 1437") {
		t.Fatalf("zona franca sin incremento: %q", got)
	}
	// The case page links here.
	doc = documento(t, e.pedir("GET", caso, &s, nil))
	if href, _ := testid(doc, "liquidar-desde-historia").Attr("href"); href != caso+"/liquidacion" {
		t.Fatalf("enlace desde el caso: %q", href)
	}
}

// The official adjusts a count with a reason that is recorded (audit log);
// the adjustment then replaces the count, and is listed with who and why.
func TestLiquidacionCaso_ajusteConRazonAuditado(t *testing.T) {
	e := nuevoEntorno(t)
	caso := "/casos/" + e.casoMatriz()
	e.sembrarAmonestaciones()
	s := e.ingresar("seccional")
	form := url.Values{"infraccion": {"D920-35-3.2"}, "fecha": {"02/03/2026"}, "regimen": {"aduanero"}, "cuenta": {"amonestaciones_previas"}, "valor": {"3"},
		"razon": {"El acto AM-9 quedó en firme el 10/01/2024 y no está cargado."}}
	rec := e.pedir("POST", caso+"/liquidacion/ajustes", &s, form)
	if rec.Code != http.StatusSeeOther || !strings.Contains(rec.Header().Get("Location"), "ajustado=1") {
		t.Fatalf("ajuste: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	if n := e.contarAuditoria("liquidacion.ajustar_cuenta"); n != 1 {
		t.Fatalf("%d filas de auditoría", n)
	}
	doc := documento(t, e.pedir("GET", rec.Header().Get("Location"), &s, nil))
	amon := testid(doc, "cuenta-amonestaciones_previas")
	if got := amon.Find(`[data-testid="valor"]`).Text(); got != "3" {
		t.Fatalf("cuenta ajustada = %q", got)
	}
	if got := amon.Find(`[data-testid="ajuste-vigente"]`).Text(); !strings.Contains(got, "seccional") || !strings.Contains(got, "AM-9") {
		t.Fatalf("ajuste vigente: %q", got)
	}
	if got := testid(doc, "ajuste").Text(); !strings.Contains(got, "calculada 2, ajustada a 3") {
		t.Fatalf("lista de ajustes: %q", got)
	}
	if testid(doc, "aviso-ajuste").Length() != 1 {
		t.Fatal("falta el aviso del ajuste")
	}
	// For another infraction the adjustment does not apply.
	doc = documento(t, e.pedir("GET", caso+"/liquidacion?"+url.Values{"infraccion": {"D920-35-3.3"}, "fecha": {"02/03/2026"}}.Encode(), &s, nil))
	if got := testid(doc, "cuenta-amonestaciones_previas").Find(`[data-testid="valor"]`).Text(); got != "0" {
		t.Fatalf("otra infracción: %q", got)
	}

	rechazos := []struct {
		campo  string
		cambio url.Values
	}{
		{"razon", url.Values{"razon": {"corta"}}},
		{"valor", url.Values{"valor": {"1001"}}},
		{"valor", url.Values{"valor": {"dos"}}},
		{"cuenta", url.Values{"cuenta": {"multas"}}},
		{"infraccion", url.Values{"infraccion": {""}}},
		{"fecha", url.Values{"fecha": {"31/02/2026"}}},
	}
	for _, r := range rechazos {
		f := url.Values{}
		for k, v := range form {
			f[k] = v
		}
		for k, v := range r.cambio {
			f[k] = v
		}
		rec := e.pedir("POST", caso+"/liquidacion/ajustes", &s, f)
		if rec.Code != http.StatusUnprocessableEntity {
			t.Fatalf("%s: estado %d", r.campo, rec.Code)
		}
		if testid(documento(t, rec), "error-"+r.campo).Length() != 1 {
			t.Fatalf("%s: sin error junto al campo", r.campo)
		}
	}
	if n := e.contarAuditoria("liquidacion.ajustar_cuenta"); n != 1 {
		t.Fatalf("un ajuste rechazado quedó en la auditoría: %d", n)
	}
	// Without the CSRF token, refused.
	f := url.Values{}
	for k, v := range form {
		f[k] = v
	}
	f.Set("_csrf", "x")
	if rec := e.pedir("POST", caso+"/liquidacion/ajustes", &s, f); rec.Code != http.StatusForbidden {
		t.Fatalf("sin CSRF: %d", rec.Code)
	}
}
