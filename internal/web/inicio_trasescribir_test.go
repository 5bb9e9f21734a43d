package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// Inicio keeps what it shows in memoria (the count of cases by state, the
// queue, the portfolio, the acts by gravedad) and never shows it as it was
// before a write (nor does the case list): right after a case is reported the next Inicio counts it
// and lists it, without waiting and without any portfolio computation (a
// case is not customs data); right after an import through /importar the
// portfolio is the new one.
func TestInicio_trasEscribirMuestraLoNuevo(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarTamizaje()
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	s := e.ingresar("secretaria")
	doc := e.inicioListo(&s)
	// The user of the cases proceeds in 2026 beside the screening's agency.
	const carteraAntes, carteraDespues = "0 1 0 0 2", "0 1 0 0 3"
	if got := filaCartera(doc, "total"); got != carteraAntes {
		t.Fatalf("cartera al empezar = %q, quiere %q", got, carteraAntes)
	}
	conteos := func(doc *goquery.Document) (reportados, tarjeta string, filas int) {
		return strings.TrimSpace(testid(doc, "conteo-reportado").Text()),
			strings.TrimSpace(testid(doc, "conteo-tarjeta-por-evaluar").Text()),
			testid(doc, "tabla-pendientes").Find("tbody tr").Length()
	}
	if r, _, n := conteos(doc); !strings.Contains(r, "0") || n != 0 {
		t.Fatalf("al empezar: reportados %q, %d pendientes", r, n)
	}
	for i, quiere := range []struct {
		conteo, tarjeta string
	}{
		{"1", "1 caso reportado"},
		{"2", "2 casos reportados"},
	} {
		caso := e.reportar("seccional", formCaso(nitCaso))
		doc := documento(t, e.pedir("GET", "/", &s, nil))
		r, tarjeta, n := conteos(doc)
		if !strings.Contains(r, quiere.conteo) || !strings.HasPrefix(tarjeta, quiere.tarjeta) || n != i+1 {
			t.Fatalf("tras reportar %d casos Inicio muestra: conteo %q, tarjeta %q, %d pendientes", i+1, r, tarjeta, n)
		}
		if testid(doc, "pendiente-"+numeroDeCaso(t, e, caso)).Length() != 1 {
			t.Fatalf("el caso recién reportado %s no está en la cola de Inicio", caso)
		}
		// A case is not customs data: the portfolio is not computed again.
		if testid(doc, "cartera-calculando").Length() != 0 || filaCartera(doc, "total") != carteraAntes {
			t.Fatalf("tras reportar un caso la cartera se calcula de nuevo: %q", filaCartera(doc, "total"))
		}
		// The case list keeps its pages too: the new case is on it.
		lista := documento(t, e.pedir("GET", "/casos", &s, nil))
		if lista.Find(`[data-testid="tabla-casos"] tbody a[href="`+caso+`"]`).Length() != 1 || !strings.HasSuffix(testid(lista, "rango-casos").Text(), " de "+strconv.Itoa(i+1)) {
			t.Fatalf("tras reportar %d casos la lista no muestra el nuevo %s: %q", i+1, caso, testid(lista, "rango-casos").Text())
		}
		// «Mis pendientes» shares the queue: it lists the new case too.
		pend := documento(t, e.pedir("GET", "/pendientes", &s, nil))
		if n := testid(pend, "tabla-pendientes").Find("tbody tr").Length(); n != i+1 {
			t.Fatalf("«Mis pendientes» lista %d casos tras reportar %d", n, i+1)
		}
	}
	// An import of a second act of 2025 for the agency: it now proceeds in
	// 2026 too (art. 25), and the next Inicio never shows the old portfolio.
	rec := e.subir(&s, "sanciones", "sanciones.csv", []byte("nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\r\n"+
		nitDosActos+";D3;09/09/2025;grave;multa;1.000,00;no\r\n"))
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("subir: %d", rec.Code)
	}
	rec = e.pedir("POST", rec.Header().Get("Location")+"/confirmar", &s, url.Values{})
	if rec.Code != http.StatusSeeOther || !strings.HasSuffix(rec.Header().Get("Location"), "/resultado") {
		t.Fatalf("confirmar: %d %q", rec.Code, rec.Header().Get("Location"))
	}
	doc = documento(t, e.pedir("GET", "/", &s, nil))
	if testid(doc, "cartera-calculando").Length() == 0 && filaCartera(doc, "total") != carteraDespues {
		t.Fatalf("tras importar Inicio muestra la cartera anterior: %q", filaCartera(doc, "total"))
	}
	if got := filaCartera(e.inicioListo(&s), "total"); got != carteraDespues {
		t.Fatalf("cartera tras importar = %q, quiere %q", got, carteraDespues)
	}
	// And the case counts stay the new ones.
	if r, _, n := conteos(doc); !strings.Contains(r, "2") || n != 2 {
		t.Fatalf("tras importar: reportados %q, %d pendientes", r, n)
	}
}

// numeroDeCaso is the number of the case at ruta (/casos/{id}).
func numeroDeCaso(t *testing.T, e *entorno, ruta string) string {
	t.Helper()
	var n string
	if err := e.d.QueryRow(`SELECT numero FROM casos WHERE id = ?`, strings.TrimPrefix(ruta, "/casos/")).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
