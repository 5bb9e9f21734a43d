package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"comite/internal/flujo"
)

// The UVT table page: every reader sees the seed rows with their DIAN
// resolution; only the administrator gets the form.
func TestUVT_ET868_pantallaMuestraLaTablaYElFormularioSoloAlAdministrador(t *testing.T) {
	e := nuevoEntorno(t)
	for _, c := range []struct {
		usuario    string
		formulario bool
	}{{"admin", true}, {"secretaria", false}, {"auditor", false}} {
		s := e.ingresar(c.usuario)
		rec := e.pedir("GET", "/admin/uvt", &s, nil)
		doc := documento(t, rec)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d", c.usuario, rec.Code)
		}
		fila := testid(doc, "uvt-2026").Text()
		if !strings.Contains(fila, "$ 52.374") || !strings.Contains(fila, "Resolución DIAN 000238 de 2025") || testid(doc, "tabla-uvt").Find("tbody tr").Length() != 12 {
			t.Errorf("%s: fila 2026 = %q", c.usuario, fila)
		}
		if got := testid(doc, "form-uvt").Length() == 1; got != c.formulario {
			t.Errorf("%s: formulario = %v", c.usuario, got)
		}
	}
}

// A POST without the CSRF token is refused and writes nothing.
func TestUVT_sinCSRFNoSeGuarda(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("admin")
	rec := e.pedir("POST", "/admin/uvt", &s, url.Values{"_csrf": {"otro-token"}, "anio": {"2027"}, "valor": {"55.000"}, "resolucion": {"Resolución DIAN de prueba"}})
	if rec.Code != http.StatusForbidden {
		t.Fatalf("sin CSRF: %d", rec.Code)
	}
	if e.contar(`SELECT count(*) FROM uvt WHERE anio = 2027`) != 0 || e.contarAuditoria("uvt.agregar") != 0 {
		t.Fatal("se guardó sin CSRF")
	}
}

// Field errors come back beside their field and nothing is written.
func TestUVT_erroresJuntoAlCampo(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("admin")
	for _, c := range []struct {
		nombre, anio, valor, resolucion, campo, quiere string
	}{
		{"anio_no_numerico", "dos mil", "55.000", "Res.", "anio", "cuatro cifras"},
		{"valor_con_decimales", "2027", "55.000,50", "Res.", "valor", "pesos enteros"},
		{"valor_menor_que_2026", "2027", "50.000", "Res.", "valor", "mayor que la de 2026"},
		{"sin_resolucion", "2027", "55.000", "  ", "resolucion", "resolución de la DIAN"},
		{"anio_salteado", "2028", "60.000", "Res.", "anio", "año siguiente al último"},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			rec := e.pedir("POST", "/admin/uvt", &s, url.Values{"anio": {c.anio}, "valor": {c.valor}, "resolucion": {c.resolucion}})
			doc := documento(t, rec)
			if got := testid(doc, "error-"+c.campo).Text(); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(got, c.quiere) {
				t.Fatalf("%d; error-%s = %q", rec.Code, c.campo, got)
			}
		})
	}
	if e.contar(`SELECT count(*) FROM uvt`) != 12 || e.contarAuditoria("uvt.agregar") != 0 {
		t.Fatal("un formulario con errores escribió")
	}
}

// The 2027 UVT is data: without its row, a case whose REA is in 2027 cannot
// get the 1.000 UVT increment of art. 25 (the core answers that the UVT is
// missing, never a default); once the administrator enters it from the
// screen, the same case computes the increment with it, no release needed;
// and the row, once used, can no longer be corrected.
func TestUVT_art25_2027DesdeLaPantallaSinRecompilar(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	ruta := e.reportar("secretaria", formCaso(nitCaso))
	e.llevarHTTP(ruta, flujo.ConceptoEmitido)
	*e.ahora = time.Date(2027, 2, 1, 15, 0, 0, 0, time.UTC)

	sec := e.ingresar("secretaria")
	cierre := url.Values{"paso": {"revisar"}, "fecha_rea": {"15/01/2027"}}
	rec := e.pedir("POST", ruta+"/cierre", &sec, cierre)
	if got := testid(documento(t, rec), "error-fecha_rea").Text(); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(got, "No hay UVT para el año 2027") {
		t.Fatalf("sin la UVT de 2027: %d %q", rec.Code, got)
	}

	adm := e.ingresar("admin")
	rec = e.pedir("POST", "/admin/uvt", &adm, url.Values{"anio": {"2027"}, "valor": {"$ 55.000"}, "resolucion": {"Resolución DIAN 000999 de 2026"}})
	if rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/admin/uvt?aviso=uvt_guardada" {
		t.Fatalf("agregar 2027: %d %s", rec.Code, rec.Body.String())
	}
	if e.contarAuditoria("uvt.agregar") != 1 {
		t.Fatal("agregar la UVT no quedó en la auditoría")
	}

	rec = e.pedir("POST", ruta+"/cierre", &sec, cierre)
	// 10.475.000 + 1.000 UVT 2027 (55.000.000) = 65.475.000.
	if got := testid(documento(t, rec), "propuesta-total").Text(); got != "$ 65.475.000" {
		t.Fatalf("con la UVT de 2027: total = %q (%d)", got, rec.Code)
	}
	e.postOK("secretaria", ruta+"/cierre", url.Values{"paso": {"confirmar"}, "fecha_rea": {"15/01/2027"}})
	if e.contar(`SELECT count(*) FROM propuestas_rea WHERE uvt_anio = 2027 AND uvt_valor = 55000 AND total_centavos = 6547500000`) != 1 {
		t.Fatal("la propuesta no guardó la UVT de 2027")
	}

	rec = e.pedir("POST", "/admin/uvt", &adm, url.Values{"anio": {"2027"}, "valor": {"56.000"}, "resolucion": {"Resolución DIAN 000999 de 2026"}})
	if got := testid(documento(t, rec), "error-anio").Text(); rec.Code != http.StatusUnprocessableEntity || !strings.Contains(got, "ya se usó") {
		t.Fatalf("corregir la UVT usada: %d %q", rec.Code, got)
	}
	doc := documento(t, e.pedir("GET", "/admin/uvt", &adm, nil))
	if got := testid(doc, "uvt-2027").Text(); !strings.Contains(got, "$ 55.000") || !strings.Contains(got, "usada en 1 cálculo guardado") {
		t.Fatalf("fila 2027 = %q", got)
	}
}

// A commission after the last validity day of every rule set held: the case
// page and the informe say prominently that the law applicable must be
// confirmed (norma_sin_vigencia_confirmada).
func TestVigencia_C072_avisoDestacadoEnElCasoYElInforme(t *testing.T) {
	e := nuevoEntorno(t)
	ruta := e.reportarFueraDeVigencia()
	s := e.ingresar("secretaria")
	doc := documento(t, e.pedir("GET", ruta, &s, nil))
	aviso := testid(doc, "aviso-vigencia")
	if !strings.Contains(aviso.Text(), "Norma sin vigencia confirmada: confirme la norma aplicable") || !strings.Contains(aviso.Text(), "20/06/2026") || aviso.AttrOr("role", "") != "alert" {
		t.Fatalf("aviso en el caso = %q", aviso.Text())
	}
	doc = documento(t, e.pedir("GET", ruta+"/informe", &s, nil))
	if got := testid(doc, "seccion-identificacion").Find(".aviso").First().Text(); !strings.Contains(got, "Norma sin vigencia confirmada: confirme la norma aplicable") {
		t.Fatalf("aviso en el informe = %q", got)
	}

	// A commission in force shows no such notice.
	ruta = e.reportar("secretaria", formCaso(nitCaso))
	doc = documento(t, e.pedir("GET", ruta, &s, nil))
	if testid(doc, "aviso-vigencia").Length() != 0 {
		t.Fatal("aviso de vigencia en un caso con la norma vigente")
	}
}

// reportarFueraDeVigencia reports, as the Secretaría on 03/08/2026, a case
// committed on 10/07/2026: after the last validity day of every rule set.
func (e *entorno) reportarFueraDeVigencia() string {
	e.t.Helper()
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	*e.ahora = time.Date(2026, 8, 3, 15, 0, 0, 0, time.UTC)
	f := formCaso(nitCaso)
	f.Set("fecha_comision", "2026-07-10")
	f.Set("fecha_verificacion", "2026-07-20")
	f.Set("fecha_expediente", "27/07/2026")
	return e.reportar("secretaria", f)
}
