package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"comite/internal/flujo"

	"github.com/PuerkitoBio/goquery"
)

// colaDePrueba: A reportado, B en el Comité y C con concepto (Cartagena), D
// con concepto (Bogotá). Returns the case numbers by letter.
func (e *entorno) colaDePrueba() map[string]string {
	e.t.Helper()
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	e.sembrarUsuarioCaso(nitBogota, seccionalBog)
	rutas := map[string]string{
		"A": e.reportar("seccional", formCaso(nitCaso)),
		"B": e.reportar("seccional", formCaso(nitCaso)),
		"C": e.reportar("seccional", formCaso(nitCaso)),
		"D": e.reportar("secretaria", formCaso(nitBogota)),
	}
	e.llevarHTTP(rutas["B"], flujo.EnComite)
	e.llevarHTTP(rutas["C"], flujo.ConceptoEmitido)
	e.llevarHTTP(rutas["D"], flujo.ConceptoEmitido)
	numeros := map[string]string{}
	for k, r := range rutas {
		var n string
		if err := e.d.QueryRow(`SELECT numero FROM casos WHERE id = ?`, strings.TrimPrefix(r, "/casos/")).Scan(&n); err != nil {
			e.t.Fatal(err)
		}
		numeros[k] = n
	}
	return numeros
}

func TestPendientes_cadaRolVeExactamenteSuTrabajo(t *testing.T) {
	e := nuevoEntorno(t)
	n := e.colaDePrueba()
	quiere := map[string][]string{
		"secretaria": {"A", "C", "D"}, // evalúa los reportados y registra la propuesta del REA
		"comite":     {"B"},           // da el concepto de lo presentado
		"seccional":  {"C"},           // la propuesta del REA, solo de su Dirección Seccional
		"auditor":    nil,
		"admin":      nil,
	}
	for rol, letras := range quiere {
		t.Run(rol, func(t *testing.T) {
			s := e.ingresar(rol)
			for _, ruta := range []string{"/pendientes", "/"} {
				rec := e.pedir("GET", ruta, &s, nil)
				if rec.Code != http.StatusOK {
					t.Fatalf("%s: %d", ruta, rec.Code)
				}
				doc := documento(t, rec)
				got := map[string]bool{}
				testid(doc, "tabla-pendientes").Find("tbody tr").Each(func(_ int, f *goquery.Selection) {
					id, _ := f.Attr("data-testid")
					got[strings.TrimPrefix(id, "pendiente-")] = true
				})
				if len(got) != len(letras) {
					t.Fatalf("%s: pendientes %v; quiere %v", ruta, got, letras)
				}
				for _, l := range letras {
					if !got[n[l]] {
						t.Fatalf("%s: falta el caso %s (%s) en %v", ruta, l, n[l], got)
					}
				}
				if len(letras) == 0 && (rol != "admin" || ruta == "/pendientes") && !strings.Contains(testid(doc, "sin-pendientes").Text(), "no tiene casos pendientes") {
					t.Fatalf("%s: sin mensaje de cola vacía: %q", ruta, testid(doc, "sin-pendientes").Text())
				}
			}
			if rol == "admin" {
				return
			}
			doc := documento(t, e.pedir("GET", "/pendientes", &s, nil))
			if !strings.Contains(testid(doc, "explicacion-semaforo").Text(), "Amarillo: vence hoy o dentro de los próximos 5 días hábiles") {
				t.Fatal("la página no explica el semáforo")
			}
			if !strings.Contains(testid(doc, "terminos").Text(), "no son términos de la ley") {
				t.Fatal("los términos internos no se rotulan como internos")
			}
		})
	}
}

// The evaluation term (15 business days by default) of a case reported on
// Monday 02/03/2026 ends on 24/03/2026: 23/03 is the San José holiday (Ley 51
// de 1983). A closed day declared on 18/03 moves it to 25/03 (Ley 4 de 1913,
// art. 62). The lights change at the boundaries.
func TestPendientes_semaforoEnLasFronterasDeDiasHabiles(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	ruta := e.reportar("seccional", formCaso(nitCaso))
	var numero string
	e.d.QueryRow(`SELECT numero FROM casos WHERE id = ?`, strings.TrimPrefix(ruta, "/casos/")).Scan(&numero)
	ver := func(dia int, mes time.Month) (vence, color, texto string) {
		t.Helper()
		*e.ahora = time.Date(2026, mes, dia, 15, 0, 0, 0, time.UTC)
		s := e.ingresar("secretaria")
		doc := documento(t, e.pedir("GET", "/pendientes", &s, nil))
		celda := testid(doc, "pendiente-"+numero).Find(`[data-testid="vence"]`)
		sem := celda.Find(`[data-testid^="semaforo-"]`)
		c, _ := sem.Attr("data-testid")
		return celda.Text(), strings.TrimPrefix(c, "semaforo-"), sem.Text()
	}
	casos := []struct {
		nombre           string
		dia              int
		mes              time.Month
		cerrado          bool
		vence, color, tx string
	}{
		{"Ley 51 de 1983: el festivo del 23/03 no cuenta; a 6 días hábiles es verde", 13, 3, false, "24/03/2026", "verde", "Faltan 6 días hábiles"},
		{"a 5 días hábiles es amarillo", 16, 3, false, "24/03/2026", "amarillo", "Vence en 5 días hábiles"},
		{"el día del vencimiento es amarillo", 24, 3, false, "24/03/2026", "amarillo", "Vence hoy"},
		{"Ley 4 de 1913 art. 62: el día siguiente es rojo", 25, 3, false, "24/03/2026", "rojo", "Vencido hace 1 día hábil"},
		{"Ley 4 de 1913 art. 62: el día declarado inhábil corre el vencimiento al 25/03", 25, 3, true, "25/03/2026", "amarillo", "Vence hoy"},
		{"con el día inhábil, el 16/03 queda a 5 días hábiles: amarillo", 16, 3, true, "25/03/2026", "amarillo", "Vence en 5 días hábiles"},
		{"con el día inhábil, el 13/03 queda a 6 días hábiles: verde", 13, 3, true, "25/03/2026", "verde", "Faltan 6 días hábiles"},
	}
	for _, c := range casos {
		if c.cerrado {
			var n int
			e.d.QueryRow(`SELECT count(*) FROM dias_inhabiles WHERE fecha = '2026-03-18'`).Scan(&n)
			if n == 0 {
				e.postOK("secretaria", "/admin/dias-inhabiles", url.Values{"fecha": {"18/03/2026"}, "motivo": {"Resolución de cierre de prueba"}})
			}
		}
		vence, color, texto := ver(c.dia, c.mes)
		if !strings.Contains(vence, c.vence) || color != c.color || texto != c.tx {
			t.Errorf("%s: vence %q, %s %q; quiere %s, %s %q", c.nombre, vence, color, texto, c.vence, c.color, c.tx)
		}
	}
}

func TestTerminos_elAdministradorLosFijaYQuedanAuditados(t *testing.T) {
	e := nuevoEntorno(t)
	s := e.ingresar("admin")
	doc := documento(t, e.pedir("GET", "/admin/terminos", &s, nil))
	if !strings.Contains(testid(doc, "campo-dias_evaluacion").Text(), "Predeterminado: 15 días hábiles") {
		t.Fatalf("no dice el valor predeterminado: %s", testid(doc, "campo-dias_evaluacion").Text())
	}
	// A wrong field: nothing is written.
	rec := e.pedir("POST", "/admin/terminos", &s, url.Values{"dias_evaluacion": {"5"}, "dias_comite": {"0"}, "dias_rea": {"diez"}})
	doc = documento(t, rec)
	if rec.Code != http.StatusUnprocessableEntity || testid(doc, "error-dias_comite").Length() != 1 || testid(doc, "error-dias_rea").Length() != 1 {
		t.Fatalf("errores: %d %s", rec.Code, rec.Body.String())
	}
	if e.contar(`SELECT count(*) FROM terminos_internos`) != 0 || e.contarAuditoria("termino_interno.fijar") != 0 {
		t.Fatal("con un campo malo se escribió un término")
	}
	rec = e.pedir("POST", "/admin/terminos", &s, url.Values{"dias_evaluacion": {"5"}, "dias_comite": {"10"}, "dias_rea": {"12"}})
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("guardar: %d %s", rec.Code, rec.Body.String())
	}
	// evaluación 15 → 5 and REA 10 → 12 changed; the Comité's stays at its default value, now set.
	if n := e.contarAuditoria("termino_interno.fijar"); n != 3 {
		t.Fatalf("filas de auditoría = %d; quiere 3 (una por etapa fijada)", n)
	}
	var detalle string
	e.d.QueryRow(`SELECT detalle_json FROM auditoria WHERE accion = 'termino_interno.fijar' AND objeto = 'termino_interno:evaluacion'`).Scan(&detalle)
	if !strings.Contains(detalle, `"antes":15`) || !strings.Contains(detalle, `"despues":5`) {
		t.Fatalf("la auditoría no tiene el antes y el después: %s", detalle)
	}
	// The term in force moves the due date of the queue: reported 02/03, 5 business days → 09/03/2026.
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	e.reportar("seccional", formCaso(nitCaso))
	ss := e.ingresar("secretaria")
	doc = documento(t, e.pedir("GET", "/pendientes", &ss, nil))
	if !strings.Contains(testid(doc, "tabla-pendientes").Find(`[data-testid="vence"]`).Text(), "09/03/2026") {
		t.Fatalf("el término fijado no se usa: %s", testid(doc, "tabla-pendientes").Text())
	}
	if !strings.Contains(testid(doc, "termino-evaluacion").Text(), "Fijado por admin") {
		t.Fatalf("no dice quién fijó el término: %s", testid(doc, "termino-evaluacion").Text())
	}
}
