package web

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"comite/internal/dominio"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/permisos"
	"comite/internal/sancion"

	"github.com/PuerkitoBio/goquery"
	"github.com/shopspring/decimal"
)

const (
	nitCaso      = "800197268-4" // Cartagena: the acts of docs/reglas.md §2, procede
	nitBogota    = "899999068-1" // Bogotá: another Dirección Seccional
	seccionalBog = "BOGOTA"
)

// sembrarUsuarioCaso writes (once) a customs user with the acts of the worked
// example of docs/reglas.md §2 and 14.800.000.000 of operations in 2025.
func (e *entorno) sembrarUsuarioCaso(n, seccional string) {
	e.t.Helper()
	var existe int
	e.d.QueryRow(`SELECT count(*) FROM usuarios_aduaneros WHERE nit = ?`, n).Scan(&existe)
	if existe > 0 {
		return
	}
	res, err := e.d.Exec(`INSERT INTO usuarios_aduaneros(nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (?, ?, 'agencia_de_aduanas', ?, 'x', 'x')`,
		n, "Agencia Caso "+n+" S.A.S.", seccional)
	if err != nil {
		e.t.Fatal(err)
	}
	id, _ := res.LastInsertId()
	q := []string{
		fmt.Sprintf(`INSERT INTO registros(usuario_id, clase, numero, vigente_desde) VALUES (%d, 'autorizacion', '1', '2010-01-01')`, id),
		fmt.Sprintf(`INSERT INTO operaciones_anuales VALUES (%d, 2025, 1480000000000, 1600, 'x')`, id),
	}
	for i, a := range []struct {
		f, g string
		v    int64
		al   int
	}{{"2025-03-04", "grave", 40000000, 0}, {"2025-07-22", "gravisima", 25000000, 0}, {"2025-11-28", "grave", 12000000, 0}, {"2025-09-01", "grave", 30000000, 1}} {
		q = append(q, fmt.Sprintf(`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en) VALUES (%d, 'RS-%d-%d', '%s', '%s', 'multa', %d, %d, 'x')`,
			id, id, i, a.f, a.g, a.v*100, a.al))
	}
	for _, s := range q {
		if _, err := e.d.Exec(s); err != nil {
			e.t.Fatal(err)
		}
	}
}

// casoMatriz is a case of the seccional account's Dirección Seccional for the
// access matrix, reported once through the application by the seccional
// account (the same operation the «Reportar caso» form takes).
func (e *entorno) casoMatriz() string {
	e.t.Helper()
	var id int64
	if e.d.QueryRow(`SELECT id FROM casos WHERE descripcion = ? ORDER BY id LIMIT 1`, descripcionMatriz).Scan(&id) == nil {
		return strconv.FormatInt(id, 10)
	}
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	c, err := expediente.Nuevo(e.d).AbrirCaso(context.Background(), dominio.NuevoCaso{
		NIT: nitCaso, FechaComision: fecha.Debe(2026, 2, 10), FechaVerificacion: fecha.Debe(2026, 3, 2),
		Gravedad: sancion.Gravisima, Sancion: sancion.Multa, SancionPrevista: decimal.NewFromInt(10475000),
		Anclaje: sancion.AnclajeComision, Descripcion: descripcionMatriz, ConfirmarDuplicado: true,
	}, dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "seccional"}, Rol: permisos.RolSeccional, Seccional: seccionalCartagena})
	if err != nil {
		e.t.Fatal(err)
	}
	return strconv.FormatInt(c.ID, 10)
}

// descripcionMatriz tells the access matrix's case from the cases tests report.
const descripcionMatriz = "Caso de la matriz de acceso."

func formCaso(n string) url.Values {
	return url.Values{"nit": {n}, "fecha_comision": {"2026-02-10"}, "fecha_verificacion": {"2026-02-20"}, "fecha_expediente": {"27/02/2026"},
		"gravedad": {"gravisima"}, "sancion": {"multa"}, "sancion_prevista": {"10.475.000"}, "anclaje": {"comision"}, "descripcion": {"Nueva infracción."},
		"confirmar_duplicado": {"si"},                   // the tests report the same fact many times; TestReportar_casoAbiertoDuplicado checks the warning
		"motivo_sin_informe":  {motivoSinInformePrueba}} // TestReportar_informeDeLaSeccional attaches the informe
}

// motivoSinInformePrueba is why the cases the tests report come without the
// Dirección Seccional's informe.
const motivoSinInformePrueba = "El informe se envía por correo certificado."

var reCaso = regexp.MustCompile(`^/casos/(\d+)\?aviso=caso_reportado$`)

// reportar opens a case through the web as usuario and returns its route.
func (e *entorno) reportar(usuario string, form url.Values) string {
	e.t.Helper()
	s := e.ingresar(usuario)
	rec := e.pedir("POST", "/casos", &s, form)
	m := reCaso.FindStringSubmatch(rec.Header().Get("Location"))
	if rec.Code != http.StatusSeeOther || m == nil {
		e.t.Fatalf("reportar: %d %q %s", rec.Code, rec.Header().Get("Location"), rec.Body.String())
	}
	return "/casos/" + m[1]
}

func (e *entorno) postOK(usuario, ruta string, form url.Values) {
	e.t.Helper()
	s := e.ingresar(usuario)
	rec := e.pedir("POST", ruta, &s, form)
	if rec.Code != http.StatusSeeOther {
		e.t.Fatalf("POST %s como %s: %d %s", ruta, usuario, rec.Code, rec.Body.String())
	}
}

func criteriosForm() url.Values {
	v := url.Values{}
	for _, k := range flujo.CriteriosSecretaria {
		v.Set(k.Clave, "Texto de la Secretaría sobre "+k.Etiqueta+".")
	}
	return v
}

func conceptoForm(paso, decision string) url.Values {
	v := url.Values{"paso": {paso}, "fecha_sesion": {"2026-03-02"}, "miembros": {"Directora de Fiscalización\nSubdirector Jurídico"}, "decision": {decision},
		"motivacion.naturaleza_hechos": {"Hechos reiterados."}, "motivacion.impacto_comercio": {"Impacto bajo."}, "motivacion.antecedentes": {"Tres actos en 2025."}}
	if decision == "cancelacion" {
		v["criterios_cancelacion"] = []string{"5.3", "5.7"}
	}
	return v
}

// rutaConcepto is where the Comité records the concepto of the case at ruta:
// inside a session whose orden del día has it. A case en_comite not yet on
// any agenda is put on a new session's (convened by the Secretaría, with a
// quorum of one when none was configured); a case in another state is not
// on any agenda, and the route of a session without it is returned, which
// the store refuses.
func (e *entorno) rutaConcepto(ruta string) string {
	e.t.Helper()
	id := strings.TrimPrefix(ruta, "/casos/")
	var sesion int64
	if e.d.QueryRow(`SELECT sesion_id FROM sesion_orden WHERE caso_id = ? ORDER BY sesion_id DESC LIMIT 1`, id).Scan(&sesion) == nil {
		return "/sesiones/" + strconv.FormatInt(sesion, 10) + "/casos/" + id + "/concepto"
	}
	if _, ok, err := e.d.ParametroQuorum(context.Background()); err != nil {
		e.t.Fatal(err)
	} else if !ok {
		e.postOK("admin", "/sesiones/quorum", url.Values{"quorum": {"1"}})
	}
	sec := e.ingresar("secretaria")
	rec := e.pedir("POST", "/sesiones", &sec, formSesion())
	if rec.Code != http.StatusSeeOther {
		e.t.Fatalf("convocar la sesión: %d %s", rec.Code, rec.Body.String())
	}
	ses, _, _ := strings.Cut(rec.Header().Get("Location"), "?")
	var estado string
	e.d.QueryRow(`SELECT estado FROM casos WHERE id = ?`, id).Scan(&estado)
	if estado == string(flujo.EnComite) {
		e.postOK("secretaria", ses+"/orden", url.Values{"caso": {id}})
	}
	return ses + "/casos/" + id + "/concepto"
}

// llevarHTTP moves a case through the web up to hasta.
func (e *entorno) llevarHTTP(ruta string, hasta flujo.Estado) {
	e.t.Helper()
	orden := []flujo.Estado{flujo.Reportado, flujo.EnEvaluacion, flujo.EnComite, flujo.ConceptoEmitido, flujo.Cerrado}
	for _, est := range orden[1:] {
		switch est {
		case flujo.EnEvaluacion:
			e.postOK("secretaria", ruta+"/iniciar", url.Values{"nota": {"datos revisados"}})
			e.postOK("secretaria", ruta+"/criterios", criteriosForm())
			e.postOK("secretaria", ruta+"/informes", url.Values{})
		case flujo.EnComite:
			e.postOK("secretaria", ruta+"/presentar", url.Values{})
		case flujo.ConceptoEmitido:
			e.postOK("comite", e.rutaConcepto(ruta), conceptoForm("confirmar", "multa_incrementada"))
		case flujo.Cerrado:
			e.postOK("secretaria", ruta+"/cierre", url.Values{"paso": {"confirmar"}, "fecha_rea": {"2026-03-02"}})
		}
		if est == hasta {
			return
		}
	}
}

func TestCasos_dominio3_recorridoCompletoPorHTTP(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	// A field error comes back beside its field.
	s := e.ingresar("seccional")
	mal := formCaso(nitCaso)
	mal.Set("fecha_verificacion", "2026-02-01")
	rec := e.pedir("POST", "/casos", &s, mal)
	if rec.Code != http.StatusUnprocessableEntity || testid(documento(t, rec), "error-fecha_verificacion").Text() == "" {
		t.Fatalf("error de campo: %d", rec.Code)
	}
	ruta := e.reportar("seccional", formCaso(nitCaso))
	doc := documento(t, e.pedir("GET", ruta, &s, nil))
	for id, quiere := range map[string]string{"estado-caso": "Reportado", "cifra-s": "$ 77.000.000", "cifra-participacion": "0,5203 %", "cifra-por-mil": "1,88", "cifra-actos": "3"} {
		if got := testid(doc, id).Text(); !strings.Contains(got, quiere) {
			t.Errorf("%s = %q; quiere %q", id, got, quiere)
		}
	}
	if !strings.Contains(testid(doc, "plazo").Text(), "13/03/2026") || !strings.Contains(testid(doc, "requisitos").Text(), "art. 25") {
		t.Errorf("plazo o requisitos sin su fecha o artículo: %s", testid(doc, "plazo").Text())
	}
	if testid(doc, "actos-excluidos").Find("tbody tr").Length() != 1 || testid(doc, "graficos-caso").Find("[data-grafico]").Length() != 3 {
		t.Error("faltan los actos excluidos o los gráficos")
	}
	if testid(doc, "sin-acciones").Length() != 1 {
		t.Error("la Dirección Seccional tiene pasos en un caso reportado")
	}
	e.llevarHTTP(ruta, flujo.EnEvaluacion)
	// The confirmation step shows what will be recorded and records nothing.
	e.postOK("secretaria", ruta+"/presentar", url.Values{})
	c := e.ingresar("comite")
	// The case page leads the Comité to the session where the concepto is recorded.
	doc = documento(t, e.pedir("GET", ruta, &c, nil))
	if !strings.Contains(testid(doc, "pendiente").Text(), "orden del día") || testid(doc, "accion-emitir_concepto").AttrOr("href", "") != "/sesiones" {
		t.Fatalf("sin sesión el caso no explica dónde se registra el concepto: %q", testid(doc, "pendiente").Text())
	}
	concepto := e.rutaConcepto(ruta)
	doc = documento(t, e.pedir("GET", ruta, &c, nil))
	if got := testid(doc, "accion-emitir_concepto").AttrOr("href", ""); got != concepto {
		t.Fatalf("el botón del concepto lleva a %q; quiere %q", got, concepto)
	}
	rec = e.pedir("POST", concepto, &c, conceptoForm("revisar", "cancelacion"))
	doc = documento(t, rec)
	if rec.Code != http.StatusOK || !strings.Contains(testid(doc, "confirmacion-concepto").Text(), "5.7 Antecedentes") {
		t.Fatalf("confirmación: %d %s", rec.Code, rec.Body.String())
	}
	if n := e.contar(`SELECT count(*) FROM conceptos`); n != 0 {
		t.Fatalf("la revisión registró %d conceptos", n)
	}
	e.postOK("comite", concepto, conceptoForm("confirmar", "cancelacion"))
	doc = documento(t, e.pedir("GET", ruta, &c, nil))
	if testid(doc, "estado-caso").Text() != "Concepto emitido" || !strings.Contains(testid(doc, "concepto-decision").Text(), "Cancelación") {
		t.Fatalf("después del concepto: %s", testid(doc, "concepto").Text())
	}
	if doc.Find(`form[action$="/concepto"]`).Length() != 0 || testid(doc, "registrar-correccion").Length() != 1 {
		t.Fatal("la página ofrece editar el concepto o no ofrece la corrección")
	}
	// Closing by the Dirección Seccional with the cancellation.
	e.postOK("seccional", ruta+"/cierre", url.Values{"paso": {"confirmar"}, "fecha_rea": {"2026-03-02"}})
	doc = documento(t, e.pedir("GET", ruta, &s, nil))
	if testid(doc, "estado-caso").Text() != "Cerrado" || !strings.Contains(testid(doc, "propuesta").Text(), "Cancelación") {
		t.Fatalf("cierre: %s", testid(doc, "propuesta-rea").Text())
	}
	if testid(doc, "tabla-historia").Find("tbody tr").Length() < 7 {
		t.Error("la historia no tiene cada paso")
	}
}

func (e *entorno) contar(q string, args ...any) int {
	var n int
	if err := e.d.QueryRow(q, args...).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

func TestCierre_art25_propuestaMostradaAntesDeRegistrar(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	ruta := e.reportar("secretaria", formCaso(nitCaso))
	e.llevarHTTP(ruta, flujo.ConceptoEmitido)
	s := e.ingresar("secretaria")
	rec := e.pedir("POST", ruta+"/cierre", &s, url.Values{"paso": {"revisar"}, "fecha_rea": {"02/03/2026"}})
	doc := documento(t, rec)
	// docs/reglas.md §2: 10.475.000 + 1.000 UVT 2026 (52.374.000) = 62.849.000.
	if got := testid(doc, "propuesta-total").Text(); got != "$ 62.849.000" {
		t.Fatalf("total = %q (%d)", got, rec.Code)
	}
	if e.contar(`SELECT count(*) FROM propuestas_rea`) != 0 {
		t.Fatal("revisar registró la propuesta")
	}
}

// sufijo is the route of a step under the case's own page.
func sufijo(s string) func(string) string { return func(caso string) string { return caso + s } }

// Every step route, by every role, from every state: 403 for a role the route
// is not for; otherwise flujo decides — the step happens (303) or the case
// page says why not (409) and nothing changes.
func TestFlujo_dominio3_cadaPasoPorCadaRolPorHTTP(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	pasos := []struct {
		accion flujo.Accion
		ruta   func(caso string) string
		form   func() url.Values
	}{
		{flujo.IniciarEvaluacion, sufijo("/iniciar"), func() url.Values { return url.Values{} }},
		{flujo.Reevaluar, sufijo("/reevaluar"), func() url.Values { return url.Values{"motivo": {"corrección"}} }},
		{flujo.Presentar, sufijo("/presentar"), func() url.Values { return url.Values{} }},
		{flujo.DeclararNoProcede, sufijo("/no-procede"), func() url.Values { return url.Values{} }},
		{flujo.EmitirConcepto, e.rutaConcepto, func() url.Values { return conceptoForm("confirmar", "multa_incrementada") }},
		{flujo.CorregirConcepto, sufijo("/concepto/correccion"), func() url.Values {
			v := conceptoForm("confirmar", "multa_incrementada")
			v.Set("miembros", "Directora de Fiscalización\nSubdirector Jurídico\nJefe de la División de Fiscalización")
			v.Set("motivo_correccion", "faltaba un miembro presente")
			return v
		}},
		{flujo.Cerrar, sufijo("/cierre"), func() url.Values { return url.Values{"paso": {"confirmar"}, "fecha_rea": {"2026-03-02"}} }},
	}
	rutaAccion := map[flujo.Accion]permisos.Accion{flujo.IniciarEvaluacion: permisos.EvaluarCaso, flujo.Reevaluar: permisos.EvaluarCaso, flujo.Presentar: permisos.EvaluarCaso,
		flujo.DeclararNoProcede: permisos.EvaluarCaso, flujo.EmitirConcepto: permisos.RegistrarConcepto, flujo.CorregirConcepto: permisos.RegistrarConcepto, flujo.Cerrar: permisos.CerrarCaso}
	permitido := map[string]bool{
		"reportado iniciar_evaluacion secretaria": true, "reportado reevaluar secretaria": true, "en_evaluacion reevaluar secretaria": true,
		"en_evaluacion presentar secretaria": true, "en_comite emitir_concepto comite": true, "concepto_emitido corregir_concepto comite": true,
		"concepto_emitido cerrar secretaria": true, "concepto_emitido cerrar seccional": true,
	}
	preparar := func(est flujo.Estado) string {
		r := e.reportar("seccional", formCaso(nitCaso))
		if est != flujo.Reportado {
			e.llevarHTTP(r, est)
		}
		return r
	}
	for _, est := range []flujo.Estado{flujo.Reportado, flujo.EnEvaluacion, flujo.EnComite, flujo.ConceptoEmitido, flujo.Cerrado} {
		comun := preparar(est)
		for _, p := range pasos {
			for _, rol := range rolesMatriz {
				t.Run(fmt.Sprintf("%s_%s_%s", est, p.accion, rol), func(t *testing.T) {
					clave := fmt.Sprintf("%s %s %s", est, p.accion, rol)
					ruta := comun
					if permitido[clave] {
						ruta = preparar(est)
					}
					id := strings.TrimPrefix(ruta, "/casos/")
					destino := p.ruta(ruta)
					antes := e.contar(`SELECT count(*) FROM caso_eventos WHERE caso_id = ?`, id)
					s := e.ingresar(rol)
					rec := e.pedir("POST", destino, &s, p.form())
					despues := e.contar(`SELECT count(*) FROM caso_eventos WHERE caso_id = ?`, id)
					switch {
					case !permisos.Puede(permisos.Rol(rol), rutaAccion[p.accion]):
						if rec.Code != http.StatusForbidden || despues != antes {
							t.Fatalf("quiere 403 sin cambios; %d", rec.Code)
						}
					case permitido[clave]:
						if rec.Code != http.StatusSeeOther || despues != antes+1 {
							t.Fatalf("quiere 303 y una fila de historia; %d %s", rec.Code, rec.Body.String())
						}
					default:
						if rec.Code != http.StatusConflict || despues != antes || testid(documento(t, rec), "error-formulario").Text() == "" {
							t.Fatalf("quiere 409 con el motivo y sin cambios; %d (historia %d → %d)", rec.Code, antes, despues)
						}
					}
				})
			}
		}
	}
}

var reIDSolicitud = regexp.MustCompile(`[0-9a-f]{16}`)

// Another Dirección Seccional's case answers exactly like a case that does not
// exist (404), on every case route, and does not appear in lists or counts.
func TestCasos_otraSeccionalRecibe404SinRevelarNada(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitBogota, seccionalBog)
	ajeno := e.reportar("secretaria", formCaso(nitBogota))
	idAjeno := strings.TrimPrefix(ajeno, "/casos/")
	s := e.ingresar("seccional")
	for _, r := range Rutas() {
		if !strings.HasPrefix(r.Patron, "/casos/:id") || !permisos.Puede(permisos.RolSeccional, r.Accion) {
			continue
		}
		t.Run(r.Metodo+" "+r.Patron, func(t *testing.T) {
			camino := strings.ReplaceAll(r.Patron, ":version", "1")
			var form url.Values
			if r.Metodo == http.MethodPost {
				form = url.Values{"paso": {"revisar"}, "fecha_rea": {"2026-03-02"}}
			}
			a := e.pedir(r.Metodo, strings.ReplaceAll(camino, ":id", idAjeno), &s, cloneValues(form))
			b := e.pedir(r.Metodo, strings.ReplaceAll(camino, ":id", "999999"), &s, cloneValues(form))
			if a.Code != http.StatusNotFound || b.Code != http.StatusNotFound {
				t.Fatalf("ajeno %d, inexistente %d; quiere 404 ambos", a.Code, b.Code)
			}
			if reIDSolicitud.ReplaceAllString(a.Body.String(), "") != reIDSolicitud.ReplaceAllString(b.Body.String(), "") {
				t.Fatal("la respuesta para el caso ajeno difiere de la de un caso inexistente")
			}
		})
	}
	doc := documento(t, e.pedir("GET", "/casos", &s, nil))
	if strings.Contains(doc.Text(), nitBogota) || testid(doc, "sin-casos").Length() != 1 {
		t.Fatal("la lista de la Seccional muestra el caso de otra")
	}
	doc = documento(t, e.pedir("GET", "/", &s, nil))
	if got := testid(doc, "conteo-reportado").Text(); !strings.Contains(got, "0") {
		t.Fatalf("Inicio cuenta el caso de otra Seccional: %q", got)
	}
}

func cloneValues(v url.Values) url.Values {
	if v == nil {
		return nil
	}
	out := url.Values{}
	for k, x := range v {
		out[k] = append([]string(nil), x...)
	}
	return out
}

// The concepto cannot be changed through the application: no route edits or
// deletes it; posting a new one is refused; the correction is a new linked
// record and the original stays visible.
func TestConcepto_dominio3_noSeModificaPorLaAplicacion(t *testing.T) {
	for _, r := range Rutas() {
		if strings.Contains(r.Patron, "concepto") && r.Metodo != http.MethodGet && r.Metodo != http.MethodPost {
			t.Errorf("ruta %s %s sobre el concepto", r.Metodo, r.Patron)
		}
	}
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	ruta := e.reportar("seccional", formCaso(nitCaso))
	e.llevarHTTP(ruta, flujo.ConceptoEmitido)
	s := e.ingresar("comite")
	rec := e.pedir("POST", e.rutaConcepto(ruta), &s, conceptoForm("confirmar", "cancelacion"))
	if rec.Code != http.StatusConflict {
		t.Fatalf("un segundo concepto: %d", rec.Code)
	}
	// Outside a session there is no route that records a concepto.
	if rec := e.pedir("POST", ruta+"/concepto", &s, conceptoForm("confirmar", "cancelacion")); rec.Code != http.StatusNotFound && rec.Code != http.StatusMethodNotAllowed {
		t.Fatalf("POST %s/concepto fuera de sesión: %d", ruta, rec.Code)
	}
	var decision string
	e.d.QueryRow(`SELECT decision FROM conceptos ORDER BY id LIMIT 1`).Scan(&decision)
	if decision != "multa_incrementada" || e.contar(`SELECT count(*) FROM conceptos`) != 1 {
		t.Fatal("el concepto cambió")
	}
	sinMotivo := conceptoForm("revisar", "cancelacion")
	rec = e.pedir("POST", ruta+"/concepto/correccion", &s, sinMotivo)
	if rec.Code != http.StatusUnprocessableEntity || testid(documento(t, rec), "error-motivo_correccion").Text() == "" {
		t.Fatalf("corrección sin motivo: %d", rec.Code)
	}
	// A concepto is final (Decreto Ley 920 de 2023, art. 25 by position): a correction never changes the decision.
	otra := conceptoForm("confirmar", "cancelacion")
	otra.Set("motivo_correccion", "La decisión votada fue la cancelación; error de transcripción.")
	if rec := e.pedir("POST", ruta+"/concepto/correccion", &s, otra); rec.Code != http.StatusUnprocessableEntity || testid(documento(t, rec), "error-decision").Text() == "" {
		t.Fatalf("una corrección que cambia la decisión: %d", rec.Code)
	}
	cor := conceptoForm("confirmar", "multa_incrementada")
	cor.Set("miembros", "Directora de Fiscalización\nSubdirector Jurídico\ndirectora de  fiscalización\nJefe de la División de Fiscalización")
	cor.Set("motivo_correccion", "Faltaba un miembro presente; error de transcripción.")
	e.postOK("comite", ruta+"/concepto/correccion", cor)
	doc := documento(t, e.pedir("GET", ruta, &s, nil))
	arts := testid(doc, "concepto").Find("article")
	if arts.Length() != 2 || !strings.Contains(arts.Eq(0).Text(), "Multa prevista incrementada") || !strings.Contains(arts.Eq(1).Text(), "error de transcripción") ||
		strings.Count(arts.Eq(1).Text(), "Directora de Fiscalización") != 1 {
		t.Fatalf("original y corrección no están a la vista: %s", testid(doc, "concepto").Text())
	}
	if _, err := e.d.Exec(`UPDATE conceptos SET decision = 'cancelacion'`); err == nil {
		t.Fatal("la base dejó modificar el concepto")
	}
	// After closing, no correction at all.
	e.postOK("secretaria", ruta+"/cierre", url.Values{"paso": {"confirmar"}, "fecha_rea": {"2026-03-02"}})
	cor.Set("motivo_correccion", "otro error")
	cor.Del("_csrf")
	if rec := e.pedir("POST", ruta+"/concepto/correccion", &s, cor); rec.Code != http.StatusConflict || e.contar(`SELECT count(*) FROM conceptos`) != 2 {
		t.Fatalf("corrección tras el cierre: %d", rec.Code)
	}
}

func TestInforme_emitidoSeDescargaConLosMismosBytesYSuHash(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	ruta := e.reportar("seccional", formCaso(nitCaso))
	e.llevarHTTP(ruta, flujo.EnEvaluacion)
	s := e.ingresar("auditor")
	a := e.pedir("GET", ruta+"/informes/1", &s, nil)
	b := e.pedir("GET", ruta+"/informes/1", &s, nil)
	suma := sha256.Sum256(a.Body.Bytes())
	if a.Code != 200 || a.Body.String() != b.Body.String() || a.Header().Get("X-Content-SHA256") != hex.EncodeToString(suma[:]) {
		t.Fatalf("descarga: %d, hash %s", a.Code, a.Header().Get("X-Content-SHA256"))
	}
	doc := documento(t, e.pedir("GET", ruta, &s, nil))
	if testid(doc, "sha256").Text() != hex.EncodeToString(suma[:]) {
		t.Fatal("la página no muestra el SHA-256 del PDF emitido")
	}
	if e.pedir("GET", ruta+"/informes/2", &s, nil).Code != http.StatusNotFound {
		t.Fatal("una versión que no existe")
	}
	rec := e.pedir("GET", ruta+"/informe", &s, nil)
	doc = documento(t, rec)
	if rec.Code != 200 || testid(doc, "seccion-identificacion").Length() != 1 || testid(doc, "grafico-informe").Length() < 2 || !strings.Contains(testid(doc, "informe-version").Text(), "Versión 1") {
		t.Fatalf("vista de impresión: %d %s", rec.Code, testid(doc, "informe-version").Text())
	}
	// «Emitido por» names the person and the role they act in, never the login.
	const persona = "Sara Secretaría (Secretaría Técnica)"
	if v := testid(doc, "informe-version").Text(); !strings.Contains(v, persona) {
		t.Errorf("la vista de impresión dice %q, quiere %q", v, persona)
	}
	if txt := testid(doc, "seccion-identificacion").Text(); !strings.Contains(txt, persona) {
		t.Errorf("«Emitido por» del informe no nombra a la persona: %s", txt)
	}
	if txt := testid(documento(t, e.pedir("GET", ruta, &s, nil)), "informes").Text(); !strings.Contains(txt, persona) {
		t.Errorf("la lista de informes del caso no nombra a la persona: %s", txt)
	}
}

// Inicio counts cases by state and shows the account's own queue; a report
// deadline already met by the report is not listed as work (a case reported
// late is marked red in the list of cases instead).
func TestInicio_conteosYPendientesSinPlazosDeReportePasados(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	e.reportar("seccional", formCaso(nitCaso))
	// Verified in January, reported on 02/03/2026: late (due 29/01/2026).
	tarde := formCaso(nitCaso)
	tarde.Set("fecha_comision", "2026-01-02")
	tarde.Set("fecha_verificacion", "2026-01-15")
	tarde.Set("fecha_expediente", "")
	rTarde := e.reportar("seccional", tarde)
	s := e.ingresar("seccional")
	doc := documento(t, e.pedir("GET", "/", &s, nil))
	if got := testid(doc, "conteo-reportado").Text(); !strings.Contains(got, "2") {
		t.Fatalf("conteo de reportados %q", got)
	}
	if testid(doc, "plazos").Length() != 0 || testid(doc, "tabla-pendientes").Length() != 0 || testid(doc, "sin-pendientes").Length() != 1 {
		t.Fatalf("la Seccional no tiene trabajo pendiente con dos casos reportados: %s", testid(doc, "pendientes").Text())
	}
	// The Secretaría's Inicio lists both, with the evaluation's internal term.
	ss := e.ingresar("secretaria")
	doc = documento(t, e.pedir("GET", "/", &ss, nil))
	if n := testid(doc, "tabla-pendientes").Find("tbody tr").Length(); n != 2 {
		t.Fatalf("la Secretaría ve %d pendientes; quiere 2", n)
	}
	// The list marks the late report red.
	doc = documento(t, e.pedir("GET", "/casos", &s, nil))
	var fila string
	testid(doc, "tabla-casos").Find("tbody tr").Each(func(_ int, f *goquery.Selection) {
		if h, _ := f.Find("a").Attr("href"); h == rTarde {
			fila = f.Text()
			if f.Find(`[data-testid="semaforo-rojo"]`).Length() != 1 {
				t.Fatalf("el reporte tardío no está en rojo: %s", fila)
			}
		}
	})
	if !strings.Contains(fila, "Reportado fuera del plazo") {
		t.Fatalf("fila del caso tardío: %q", fila)
	}
}
