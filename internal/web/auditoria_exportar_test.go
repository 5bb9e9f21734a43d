package web

import (
	"net/http"
	"strconv"
	"strings"
	"testing"

	"comite/internal/pruebas"
)

// The filtered audit log goes out whole (every page) as CSV and XLSX, in
// the words of the screen; the XLSX opens in LibreOffice with the same rows.
func TestAuditoria_exportarFiltradaCSVyXLSX(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("auditor")
	doc := documento(t, e.pedir("GET", "/auditoria?accion=usuario.", &s, nil))
	total, err := strconv.Atoi(strings.ReplaceAll(strings.Fields(testid(doc, "total-auditoria").Text())[0], ".", ""))
	if err != nil || total == 0 {
		t.Fatalf("total de la pantalla: %q", testid(doc, "total-auditoria").Text())
	}
	href, _ := testid(doc, "exportar-auditoria-csv").Attr("href")
	if href != "/auditoria/exportar.csv?accion=usuario." {
		t.Fatalf("enlace a CSV: %q", href)
	}
	rec := e.pedir("GET", href, &s, nil)
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") {
		t.Fatalf("CSV: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	lineas := strings.Split(strings.TrimSpace(strings.TrimPrefix(rec.Body.String(), "\ufeff")), "\r\n")
	if lineas[0] != "N.º;Fecha y hora;Quién;IP;Acción;Objeto;Detalle" || len(lineas)-1 != total {
		t.Fatalf("CSV con %d filas (quiere %d), cabecera %q", len(lineas)-1, total, lineas[0])
	}
	todas := e.pedir("GET", "/auditoria/exportar.csv", &s, nil).Body.String()
	if strings.Count(todas, "\r\n") <= len(lineas) {
		t.Fatal("sin filtro no exporta más registros que con filtro")
	}
	if rec := e.pedir("GET", "/auditoria/exportar.csv?desde=31%2F02%2F2026", &s, nil); rec.Code != http.StatusUnprocessableEntity {
		t.Fatalf("fecha inválida: %d", rec.Code)
	}

	adm := e.ingresar("admin")
	rec = e.pedir("GET", "/auditoria/exportar.xlsx?accion=usuario.", &adm, nil)
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != tipoXLSX {
		t.Fatalf("XLSX: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	csv := pruebas.LibreOfficeCSV(t, rec.Body.Bytes(), "59,34,76,1,,1033,false,false,true")
	releidas := strings.Split(strings.TrimSpace(string(csv)), "\n")
	if strings.TrimSpace(releidas[0]) != "N.º;Fecha y hora;Quién;IP;Acción;Objeto;Detalle" || len(releidas)-1 != total {
		t.Fatalf("LibreOffice relee %d filas (quiere %d):\n%s", len(releidas)-1, total, csv)
	}
}
