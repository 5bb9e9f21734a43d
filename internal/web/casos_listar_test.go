package web

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/xuri/excelize/v2"
)

// sembrarListaGrande writes 520 cases with plain SQL: 515 of the Cartagena
// user (CF-2026-0001…0515, reported on days 1 to 28 of each month of 2026,
// the cycle repeating after a year; every fifth en_comite)
// and 5 of a Bogotá user whose razón social has accents and ñ.
func (e *entorno) sembrarListaGrande() {
	e.t.Helper()
	e.sembrarUsuarioCaso(nitCaso, seccionalCartagena)
	e.sembrarUsuarioCaso(nitBogota, seccionalBog)
	if _, err := e.d.Exec(`UPDATE usuarios_aduaneros SET razon_social = 'Comercializadora Ñandú José S.A.S.' WHERE nit = ?`, nitBogota); err != nil {
		e.t.Fatal(err)
	}
	tx, err := e.d.Begin()
	if err != nil {
		e.t.Fatal(err)
	}
	for i := 1; i <= 520; i++ {
		nit, sec := nitCaso, seccionalCartagena
		if i > 515 {
			nit, sec = nitBogota, seccionalBog
		}
		estado := "reportado"
		if i%5 == 0 {
			estado = "en_comite"
		}
		dia := fmt.Sprintf("2026-%02d-%02d", 1+(i-1)/28%12, 1+(i-1)%28)
		if _, err := tx.Exec(`INSERT INTO casos(numero, usuario_id, direccion_seccional, estado, fecha_comision, fecha_verificacion, fecha_reporte, gravedad, sancion, sancion_prevista_centavos, creado_por, creado_en)
			SELECT ?, id, ?, ?, '2026-01-01', '2026-01-01', ?, 'grave', 'multa', 100, 'x', 'x' FROM usuarios_aduaneros WHERE nit = ?`,
			fmt.Sprintf("CF-2026-%04d", i), sec, estado, dia, nit); err != nil {
			e.t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		e.t.Fatal(err)
	}
}

func numerosDe(doc *goquery.Document) []string {
	var out []string
	testid(doc, "tabla-casos").Find("tbody tr").Each(func(_ int, f *goquery.Selection) {
		id, _ := f.Attr("data-testid")
		out = append(out, strings.TrimPrefix(id, "caso-"))
	})
	return out
}

func TestListaCasos_busquedaSinTildesFiltrosOrdenYPaginasMasAllaDe500(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarListaGrande()
	s := e.ingresar("secretaria")
	ver := func(ruta string) *goquery.Document {
		t.Helper()
		rec := e.pedir("GET", ruta, &s, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d", ruta, rec.Code)
		}
		return documento(t, rec)
	}
	casos := []struct {
		nombre, ruta, rango string
		primero             string
	}{
		{"sin filtro: la primera página de 520, lo más nuevo primero", "/casos", "1–50 de 520", ""},
		{"sin tildes ni mayúsculas", "/casos?q=nandu+jose", "1–5 de 5", ""},
		{"con tildes y mayúsculas", "/casos?q=%C3%91AND%C3%9A", "1–5 de 5", ""},
		{"por NIT con puntos y dígito de verificación", "/casos?q=899.999.068-1", "1–5 de 5", ""},
		{"por NIT con dígito de verificación sin guion (dominio §7)", "/casos?q=8999990681", "1–5 de 5", ""},
		{"por número de caso", "/casos?q=cf-2026-0007", "1–1 de 1", "CF-2026-0007"},
		{"por Dirección Seccional", "/casos?seccional=" + strings.ReplaceAll(seccionalBog, " ", "+"), "1–5 de 5", ""},
		{"por estado", "/casos?estado=en_comite", "1–50 de 104", ""},
		{"por fechas del reporte", "/casos?desde=01%2F01%2F2026&hasta=03%2F01%2F2026&orden=numero&dir=asc", "1–6 de 6", "CF-2026-0001"},
		{"orden por número ascendente", "/casos?orden=numero&dir=asc", "1–50 de 520", "CF-2026-0001"},
		{"la página 11 pasa de los 500", "/casos?orden=numero&dir=asc&pagina=11", "501–520 de 520", "CF-2026-0501"},
		{"por concepto: sin concepto", "/casos?ruta=sin_concepto", "1–50 de 520", ""},
		{"por concepto: cancelación (ninguno)", "/casos?ruta=cancelacion", "", ""},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			doc := ver(c.ruta)
			if c.rango == "" {
				if testid(doc, "sin-casos").Length() != 1 {
					t.Fatalf("quiere la lista vacía: %s", testid(doc, "rango-casos").Text())
				}
				return
			}
			if got := testid(doc, "rango-casos").Text(); !strings.Contains(got, c.rango) {
				t.Fatalf("rango %q; quiere %q", got, c.rango)
			}
			if c.primero != "" && numerosDe(doc)[0] != c.primero {
				t.Fatalf("primero %s; quiere %s", numerosDe(doc)[0], c.primero)
			}
		})
	}
	// Walking the pages with «Siguiente» reaches every case once.
	vistos := map[string]bool{}
	ruta := "/casos?orden=numero&dir=desc"
	for paginas := 0; ruta != ""; paginas++ {
		if paginas > 20 {
			t.Fatal("la paginación no termina")
		}
		doc := ver(ruta)
		for _, n := range numerosDe(doc) {
			if vistos[n] {
				t.Fatalf("%s aparece en dos páginas", n)
			}
			vistos[n] = true
		}
		ruta, _ = testid(doc, "pagina-siguiente").Attr("href")
	}
	if len(vistos) != 520 {
		t.Fatalf("las páginas muestran %d casos; quiere 520", len(vistos))
	}
	// The sorted column says so to assistive technology.
	doc := ver("/casos?orden=usuario&dir=asc")
	if v, _ := testid(doc, "orden-usuario").Attr("aria-sort"); v != "ascending" {
		t.Fatalf("aria-sort = %q", v)
	}
	// A range given backwards says so instead of «no hay casos».
	doc = ver("/casos?desde=03%2F01%2F2026&hasta=01%2F01%2F2026")
	if got := testid(doc, "rango-invertido").Text(); !strings.Contains(got, "La fecha inicial (03/01/2026) es posterior a la final (01/01/2026)") {
		t.Fatalf("rango invertido: %q", got)
	}
	if testid(doc, "sin-casos").Length() != 0 {
		t.Fatal("el rango invertido no es «No hay casos»")
	}
	// A bad value is ignored and said, never a 500.
	doc = ver("/casos?orden=drop&desde=31%2F02%2F2026&estado=x")
	if !strings.Contains(testid(doc, "aviso-filtro").Text(), "reportado desde") {
		t.Fatal("no avisa la fecha inválida")
	}
	// An inverted range says why nothing is listed; a date of a link in
	// AAAA-MM-DD shows in the field as DD/MM/AAAA.
	doc = ver("/casos?desde=2026-03-01&hasta=01%2F02%2F2026")
	if got := testid(doc, "rango-invertido").Text(); !strings.Contains(got, "La fecha inicial (01/03/2026) es posterior a la final (01/02/2026)") {
		t.Fatalf("rango invertido: %q", got)
	}
	if v, _ := doc.Find("#f-desde").Attr("value"); v != "01/03/2026" {
		t.Fatalf("el filtro muestra %q", v)
	}
}

func TestListaCasos_laSeccionalSoloVeLaSuya(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarListaGrande()
	s := e.ingresar("seccional")
	doc := documento(t, e.pedir("GET", "/casos?seccional="+strings.ReplaceAll(seccionalBog, " ", "+"), &s, nil))
	if got := testid(doc, "rango-casos").Text(); !strings.Contains(got, "de 515") {
		t.Fatalf("la Seccional de Cartagena ve %q; quiere sus 515 casos (el filtro de otra Seccional no aplica)", got)
	}
	rec := e.pedir("GET", "/casos/exportar.csv?q=nandu", &s, nil)
	if strings.Contains(rec.Body.String(), "Ñandú") {
		t.Fatal("la exportación de la Seccional trae casos de otra Seccional")
	}
}

func TestListaCasos_exportacionConEtiquetas(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarListaGrande()
	if _, err := e.d.Exec(`UPDATE usuarios_aduaneros SET razon_social = '=HYPERLINK("x") Ñandú' WHERE nit = ?`, nitBogota); err != nil {
		t.Fatal(err)
	}
	s := e.ingresar("auditor")
	rec := e.pedir("GET", "/casos/exportar.csv?estado=en_comite", &s, nil)
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Body.String(), "\ufeff") {
		t.Fatalf("CSV: %d", rec.Code)
	}
	r := csv.NewReader(strings.NewReader(strings.TrimPrefix(rec.Body.String(), "\ufeff")))
	r.Comma = ';'
	filas, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(filas) != 105 || filas[0][4] != "Estado" {
		t.Fatalf("filas %d, encabezado %v", len(filas), filas[0])
	}
	for _, f := range filas[1:] {
		if f[4] != "En Comité" {
			t.Fatalf("el estado sale como código: %q", f[4])
		}
		if f[11] != "Sin evaluación" || f[12] != "Sin concepto" {
			t.Fatalf("resultado y concepto: %v", f)
		}
		if strings.HasPrefix(f[2], "=") {
			t.Fatalf("una celda empieza con una fórmula: %q", f[2])
		}
	}
	rec = e.pedir("GET", "/casos/exportar.xlsx?q=%C3%B1and%C3%BA", &s, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("XLSX: %d", rec.Code)
	}
	x, err := excelize.OpenReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	hoja, err := x.GetRows("Casos")
	if err != nil {
		t.Fatal(err)
	}
	// A text cell of a workbook is never a formula: the text as written.
	if len(hoja) != 6 || (hoja[1][4] != "Reportado" && hoja[1][4] != "En Comité") || !strings.HasPrefix(hoja[1][2], "=") {
		t.Fatalf("XLSX: %v", hoja[:2])
	}
	if f, _ := x.GetCellFormula("Casos", "C2"); f != "" {
		t.Errorf("una razón social se escribió como fórmula: %q", f)
	}
	// The date of the report is a date cell (a serial with the dd/mm/yyyy
	// format), shown as the list shows it.
	if tipo, _ := x.GetCellType("Casos", "F2"); tipo == excelize.CellTypeSharedString || tipo == excelize.CellTypeInlineString {
		t.Errorf("la fecha del reporte es texto: %q", hoja[1][5])
	}
	crudo, _ := x.GetCellValue("Casos", "F2", excelize.Options{RawCellValue: true})
	if _, err := strconv.Atoi(crudo); err != nil || !regexp.MustCompile(`^\d\d/\d\d/\d{4}$`).MatchString(hoja[1][5]) {
		t.Errorf("fecha del reporte: valor %q, se muestra %q", crudo, hoja[1][5])
	}
}
