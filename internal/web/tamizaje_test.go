package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/graficos"
	"comite/internal/nit"
	"comite/internal/sancion"
	"comite/internal/tamizaje"
	"comite/internal/tamizaje/lectura"
	"comite/internal/web/memoria"

	"github.com/PuerkitoBio/goquery"
	"github.com/shopspring/decimal"
	"github.com/xuri/excelize/v2"
)

// escribirPorSQL changes a customs user's row by hand, bypassing the store
// (as another program could): the database's triggers move the data version
// all the same.
func escribirPorSQL(t *testing.T, d *db.DB) {
	t.Helper()
	if _, err := d.Exec(`UPDATE usuarios_aduaneros SET actualizado_en = actualizado_en WHERE id = (SELECT min(id) FROM usuarios_aduaneros)`); err != nil {
		t.Fatal(err)
	}
}

// NITs of the screening tests, besides nitEjemplo (Cartagena, meets the test
// in 2025 as in docs/reglas.md §2) and nitDeposito (Bogotá, no acts).
var (
	nitDosActos = nitCon("900100200") // Cartagena, agencia: two acts in 2025, over the line → alerta dos_actos
	nitOchenta  = nitCon("900300400") // Bogotá, declarante: three acts in 2025 at 90 % of the line → alerta ochenta_por_ciento; meets the test in 2022
)

func nitCon(base string) string {
	dv, err := nit.DV(base)
	if err != nil {
		panic(err)
	}
	return fmt.Sprintf("%s-%d", base, dv)
}

// sembrarTamizaje is sembrarDatos plus two users near the test. With the
// clock on 2 March 2026 the screening year is 2026 (reference 2025), the
// change is against 2024, and the expected ranking is:
//
//	1 nitEjemplo  procede (3 acts, 0,5203 %)            distance 0
//	2 nitOchenta  3 acts, S at 90 % of the line         distance 0,1
//	3 nitDosActos 2 acts, S at 400 % of the line        distance 1/3
//	4 nitDeposito no acts, no operations                distance 2
func (e *entorno) sembrarTamizaje() {
	e.t.Helper()
	e.sembrarDatos()
	ctx, a := context.Background(), dominio.Actor{Cuenta: "sistema", IP: "127.0.0.1"}
	dec := func(s string) decimal.Decimal { return decimal.RequireFromString(s) }
	for _, u := range []dominio.UsuarioAduanero{
		{NIT: nitDosActos, RazonSocial: "Dos Actos S.A.S.", Tipo: "agencia_de_aduanas", DireccionSeccional: seccionalCartagena},
		{NIT: nitOchenta, RazonSocial: "Ochenta Por Ciento Ltda.", Tipo: "declarante", DireccionSeccional: seccionalBogota},
	} {
		if _, _, err := e.d.GuardarUsuario(ctx, u, a); err != nil {
			e.t.Fatal(err)
		}
		if _, err := e.d.GuardarRegistro(ctx, u.NIT, dominio.RegistroUsuario{Clase: "registro", Numero: "R-" + u.NIT[:4], VigenteDesde: fecha.Debe(2019, 1, 1)}, a); err != nil {
			e.t.Fatal(err)
		}
	}
	actos := []dominio.ActoSancion{
		{NIT: nitDosActos, NumeroActo: "D1", FechaFirmeza: fecha.Debe(2025, 2, 3), Valor: dec("10000000")},
		{NIT: nitDosActos, NumeroActo: "D2", FechaFirmeza: fecha.Debe(2025, 6, 3), Valor: dec("10000000")},
		{NIT: nitOchenta, NumeroActo: "O1", FechaFirmeza: fecha.Debe(2025, 2, 3), Valor: dec("1500000")},
		{NIT: nitOchenta, NumeroActo: "O2", FechaFirmeza: fecha.Debe(2025, 4, 3), Valor: dec("1500000")},
		{NIT: nitOchenta, NumeroActo: "O3", FechaFirmeza: fecha.Debe(2025, 8, 3), Valor: dec("1500000")},
		{NIT: nitOchenta, NumeroActo: "V1", FechaFirmeza: fecha.Debe(2022, 2, 3), Valor: dec("4000000")},
		{NIT: nitOchenta, NumeroActo: "V2", FechaFirmeza: fecha.Debe(2022, 4, 3), Valor: dec("3000000")},
		{NIT: nitOchenta, NumeroActo: "V3", FechaFirmeza: fecha.Debe(2022, 8, 3), Valor: dec("3000000")},
	}
	for _, x := range actos {
		x.Gravedad, x.Sancion, x.Infraccion, x.FechaExpedicion = sancion.Grave, sancion.Multa, "D920-36-2.1", x.FechaFirmeza.MasDias(-20)
		if _, err := e.d.GuardarActo(ctx, x, a); err != nil {
			e.t.Fatal(err)
		}
	}
	for _, o := range []dominio.OperacionAnual{
		{NIT: nitDosActos, Anio: 2025, Valor: dec("1000000000"), Numero: 100},
		{NIT: nitOchenta, Anio: 2025, Valor: dec("1000000000"), Numero: 100},
		{NIT: nitOchenta, Anio: 2022, Valor: dec("1000000000"), Numero: 90},
	} {
		if _, err := e.d.GuardarOperacionAnual(ctx, o, a); err != nil {
			e.t.Fatal(err)
		}
	}
}

// filasTabla are the NITs of the screening table, in order.
func filasTabla(doc *goquery.Document) []string {
	var out []string
	doc.Find(`[data-testid="tabla-tamizaje"] tbody tr`).Each(func(_ int, s *goquery.Selection) {
		v, _ := s.Attr("data-testid")
		out = append(out, strings.TrimPrefix(v, "tamizaje-"))
	})
	return out
}

func (e *entorno) tamizaje(s *sesion, ruta string) *goquery.Document {
	e.t.Helper()
	rec := e.pedir("GET", ruta, s, nil)
	if rec.Code != http.StatusOK {
		e.t.Fatalf("GET %s: estado %d", ruta, rec.Code)
	}
	return documento(e.t, rec)
}

// art25_tamizaje_ordenPorDistancia: the screen ranks by the core's distance
// to the committee test, shows S, O, N, participación against 0,5 %, acts
// against 3, the warnings and the change against the previous year.
func TestTamizaje_art25_ordenCifrasYAlertas(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarTamizaje()
	s := e.ingresar("secretaria")
	doc := e.tamizaje(&s, "/tamizaje")

	if got, quiere := strings.Join(filasTabla(doc), ","), strings.Join([]string{nitEjemplo, nitOchenta, nitDosActos, nitDeposito}, ","); got != quiere {
		t.Fatalf("orden = %s, quiere %s", got, quiere)
	}
	if r := testid(doc, "anio-referencia").Text(); r != "2025" {
		t.Fatalf("año de referencia = %q (año por defecto: el actual, 2026)", r)
	}
	if doc.Find(`#f-anio option[selected]`).AttrOr("value", "") != "2026" {
		t.Fatal("el selector de año no marca 2026")
	}
	ej := testid(doc, "tamizaje-"+nitEjemplo)
	for testID, quiere := range map[string]string{"posicion": "1", "actos": "3", "suma": "$ 77.000.000", "participacion": "0,5203 %"} {
		if got := ej.Find(`[data-testid="` + testID + `"]`).Text(); !strings.Contains(got, quiere) {
			t.Errorf("%s = %q, quiere %q", testID, got, quiere)
		}
	}
	if ej.Find(`[data-testid="procede-si"]`).Length() != 1 || ej.Find(`[data-testid="umbral-cumple"]`).Length() != 1 {
		t.Error("el ejemplo del dominio debe proceder y cumplir el umbral")
	}
	if c := ej.Find(`[data-testid="cambio"]`).Text(); !strings.Contains(c, "+2 (1 → 3)") {
		t.Errorf("cambio frente a 2024 = %q, quiere +2 (1 → 3)", c)
	}
	if testid(doc, "tamizaje-"+nitDosActos).Find(`[data-testid="alerta-dos_actos"]`).Length() != 1 {
		t.Error("falta la alerta de dos actos")
	}
	och := testid(doc, "tamizaje-"+nitOchenta)
	if och.Find(`[data-testid="alerta-ochenta_por_ciento"]`).Length() != 1 || och.Find(`[data-testid="procede-no"]`).Length() != 1 {
		t.Error("al 90 % del umbral: alerta del 80 % y no procede")
	}
	if !strings.Contains(och.Find(`[data-testid="participacion"]`).Text(), "90,00 % del umbral") {
		t.Errorf("porcentaje del umbral = %q", och.Find(`[data-testid="participacion"]`).Text())
	}
	if testid(doc, "resumen-procede").Find("strong").Text() != "1" || testid(doc, "resumen-usuarios").Find("strong").Text() != "4" {
		t.Error("resumen: 4 usuarios, 1 procede")
	}
	// From a row: open the user, or report a case with the NIT filled in.
	if href, _ := ej.Find(`[data-testid="ver-usuario"]`).Attr("href"); href != "/usuarios/"+nitEjemplo {
		t.Errorf("enlace al usuario = %q", href)
	}
	href, _ := ej.Find(`[data-testid="iniciar-caso"]`).Attr("href")
	if href != "/casos/nuevo?nit="+nitEjemplo {
		t.Fatalf("enlace para reportar = %q", href)
	}
	form := documento(t, e.pedir("GET", href, &s, nil))
	if v, _ := form.Find(`input[name="nit"]`).Attr("value"); v != nitEjemplo {
		t.Fatalf("el formulario del caso no trae el NIT: %q", v)
	}
}

// The same ranking as `comite tamizaje` (lectura.Nacional through the core).
func TestTamizaje_mismoOrdenQueElNucleo(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarTamizaje()
	filas, err := lectura.Filas(context.Background(), e.d, 2026)
	if err != nil {
		t.Fatal(err)
	}
	var quiere []string
	for _, f := range filas {
		quiere = append(quiere, f.Usuario.NIT)
	}
	s := e.ingresar("auditor")
	if got := filasTabla(e.tamizaje(&s, "/tamizaje?anio=2026")); strings.Join(got, ",") != strings.Join(quiere, ",") {
		t.Fatalf("pantalla %v, núcleo %v", got, quiere)
	}
}

func TestTamizaje_filtrosYAnio(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarTamizaje()
	s := e.ingresar("comite")
	casos := []struct {
		nombre, ruta string
		quiere       []string
	}{
		{"por_tipo", "/tamizaje?tipo=agencia_de_aduanas", []string{nitEjemplo, nitDosActos}},
		{"por_seccional_nombre_completo", "/tamizaje?seccional=" + url.QueryEscape(seccionalBogota), []string{nitOchenta, nitDeposito}},
		{"por_seccional_ciudad_sin_tilde", "/tamizaje?seccional=bogota", []string{nitOchenta, nitDeposito}},
		{"tipo_y_seccional", "/tamizaje?tipo=declarante&seccional=" + url.QueryEscape(seccionalBogota), []string{nitOchenta}},
		{"tipo_desconocido_se_ignora", "/tamizaje?tipo=pirata", []string{nitEjemplo, nitOchenta, nitDosActos, nitDeposito}},
		// Year 2023 (reference 2022): only nitOchenta has counting acts, and meets the test; the rest tie at distance 2.
		{"otro_anio", "/tamizaje?anio=2023", []string{nitOchenta, nitEjemplo, nitDeposito, nitDosActos}}, // ties by NIT
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			doc := e.tamizaje(&s, c.ruta)
			if got := filasTabla(doc); strings.Join(got, ",") != strings.Join(c.quiere, ",") {
				t.Fatalf("filas %v, quiere %v", got, c.quiere)
			}
		})
	}
	// The filtered rows keep the national rank.
	doc := e.tamizaje(&s, "/tamizaje?tipo=declarante")
	if p := testid(doc, "tamizaje-"+nitOchenta).Find(`[data-testid="posicion"]`).Text(); p != "2" {
		t.Fatalf("posición nacional = %q, quiere 2", p)
	}
	// A bad year says so beside the field and shows the current one.
	doc = e.tamizaje(&s, "/tamizaje?anio=dosmil")
	if !strings.Contains(testid(doc, "error-anio").Text(), "no es un año") || testid(doc, "anio-referencia").Text() != "2025" {
		t.Fatalf("año inválido: %q", testid(doc, "error-anio").Text())
	}
	doc = e.tamizaje(&s, "/tamizaje?anio=1900")
	if !strings.Contains(testid(doc, "error-anio").Text(), "entre 1986 y 2100") {
		t.Fatalf("año fuera de rango: %q", testid(doc, "error-anio").Text())
	}
}

// A seccional account sees only the users of its own Dirección Seccional,
// numbered within it, whatever the query asks, on the screen and in the exports.
func TestTamizaje_seccionalSoloLaPropia(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarTamizaje()
	s := e.ingresar("seccional")
	for _, ruta := range []string{"/tamizaje", "/tamizaje?seccional=bogota", "/tamizaje?seccional=" + url.QueryEscape(seccionalBogota)} {
		doc := e.tamizaje(&s, ruta)
		if got := filasTabla(doc); strings.Join(got, ",") != nitEjemplo+","+nitDosActos {
			t.Fatalf("%s: filas %v, quiere solo Cartagena", ruta, got)
		}
		if testid(doc, "campo-seccional").Length() != 0 {
			t.Fatal("la seccional no elige Dirección Seccional")
		}
		if p := testid(doc, "tamizaje-"+nitDosActos).Find(`[data-testid="posicion"]`).Text(); p != "2" {
			t.Fatalf("posición dentro de su Seccional = %q, quiere 2", p)
		}
		if testid(doc, "resumen-usuarios").Find("strong").Text() != "2" {
			t.Fatal("el resumen cuenta solo su Seccional")
		}
		// From a row the seccional may open the user and report a case (permisos.VerUsuarios, permisos.ReportarCaso).
		if testid(doc, "tamizaje-"+nitEjemplo).Find(`[data-testid="iniciar-caso"]`).Length() != 1 {
			t.Fatal("la seccional puede reportar un caso desde la fila")
		}
	}
	rec := e.pedir("GET", "/tamizaje/exportar.csv?anio=2026&seccional=bogota", &s, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("estado %d", rec.Code)
	}
	cuerpo := rec.Body.String()
	if !strings.Contains(cuerpo, nitEjemplo) || !strings.Contains(cuerpo, nitDosActos) || strings.Contains(cuerpo, nitOchenta) || strings.Contains(cuerpo, nitDeposito) {
		t.Fatalf("la exportación de la seccional lleva otras Seccionales:\n%s", cuerpo)
	}
}

// The screening finds a user by NIT (dominio §7: with or without hyphen,
// dots or check digit) or by razón social without accents or case; a
// seccional's search stays within its Dirección Seccional, and the exports
// carry the same rows.
func TestTamizaje_buscarPorNIToNombre(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarTamizaje()
	s := e.ingresar("secretaria")
	sinGuion := strings.ReplaceAll(nitOchenta, "-", "")
	for _, c := range []struct{ q, quiere string }{
		{sinGuion, nitOchenta},
		{nitOchenta, nitOchenta},
		{"900.300.400", nitOchenta},
		{"OCHENTA por", nitOchenta},
		{"dos actos", nitDosActos},
	} {
		doc := e.tamizaje(&s, "/tamizaje?q="+url.QueryEscape(c.q))
		if got := strings.Join(filasTabla(doc), ","); got != c.quiere {
			t.Errorf("buscar %q: filas %s, quiere %s", c.q, got, c.quiere)
		}
		if v, _ := doc.Find(`#f-q`).Attr("value"); v != c.q {
			t.Errorf("buscar %q: el campo muestra %q", c.q, v)
		}
	}
	rec := e.pedir("GET", "/tamizaje/exportar.csv?anio=2026&q="+sinGuion, &s, nil)
	if b := rec.Body.String(); !strings.Contains(b, nitOchenta) || strings.Contains(b, nitDosActos) {
		t.Fatalf("la exportación no sigue la búsqueda:\n%s", b)
	}
	sec := e.ingresar("seccional")
	if got := filasTabla(e.tamizaje(&sec, "/tamizaje?q="+sinGuion)); len(got) != 0 {
		t.Fatalf("la seccional de Cartagena encuentra un usuario de Bogotá: %v", got)
	}
	if got := strings.Join(filasTabla(e.tamizaje(&sec, "/tamizaje?q=dos+actos")), ","); got != nitDosActos {
		t.Fatalf("la seccional no encuentra el suyo: %s", got)
	}
}

func TestTamizaje_exportaciones(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarTamizaje()
	s := e.ingresar("secretaria")
	doc := e.tamizaje(&s, "/tamizaje?tipo=agencia_de_aduanas")
	csvRuta, _ := testid(doc, "exportar-csv").Attr("href")
	xlsxRuta, _ := testid(doc, "exportar-xlsx").Attr("href")

	rec := e.pedir("GET", csvRuta, &s, nil)
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "text/csv; charset=utf-8" {
		t.Fatalf("CSV: estado %d, tipo %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	if d := rec.Header().Get("Content-Disposition"); d != `attachment; filename="tamizaje-2026-agencia_de_aduanas.csv"` {
		t.Fatalf("CSV: Content-Disposition %q", d)
	}
	filas, err := lectura.Filas(context.Background(), e.d, 2026)
	if err != nil {
		t.Fatal(err)
	}
	cat, err := e.d.CatalogoSeccionales(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var quiere bytes.Buffer
	if err := tamizaje.EscribirCSV(&quiere, tamizaje.Filtrar(filas, tamizaje.Filtro{Tipo: "agencia_de_aduanas"}), cat.Nombre); err != nil {
		t.Fatal(err)
	}
	// The Dirección Seccional by its name, its code in the next column.
	if !strings.Contains(rec.Body.String(), ";Dirección Seccional de Aduanas de Cartagena;CARTAGENA;") {
		t.Errorf("la Seccional no sale por su nombre con el código aparte:\n%s", rec.Body.String())
	}
	if rec.Body.String() != quiere.String() {
		t.Fatalf("el CSV no es el de tamizaje.EscribirCSV con el filtro:\n%s\n---\n%s", rec.Body.String(), quiere.String())
	}
	if n := rec.Header().Get("Content-Length"); n != strconv.Itoa(rec.Body.Len()) {
		t.Errorf("CSV: Content-Length %q, el cuerpo tiene %d bytes", n, rec.Body.Len())
	}

	rec = e.pedir("GET", xlsxRuta, &s, nil)
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != tipoXLSX {
		t.Fatalf("XLSX: estado %d, tipo %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	if n := rec.Header().Get("Content-Length"); n != strconv.Itoa(rec.Body.Len()) {
		t.Errorf("XLSX: Content-Length %q, el cuerpo tiene %d bytes", n, rec.Body.Len())
	}
	x, err := excelize.OpenReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	defer x.Close()
	hoja, err := x.GetRows(tamizaje.HojaXLSX)
	if err != nil {
		t.Fatal(err)
	}
	if len(hoja) != 3 || hoja[1][1] != nitEjemplo || hoja[2][1] != nitDosActos {
		t.Fatalf("XLSX: %v", hoja)
	}
	if rec := e.pedir("GET", "/tamizaje/exportar.csv?anio=abc", &s, nil); rec.Code != http.StatusBadRequest {
		t.Fatalf("año inválido en la exportación: estado %d", rec.Code)
	}
}

func TestTamizaje_paginacion(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarTamizaje()
	for i := 0; i < 60; i++ {
		n := nitCon(fmt.Sprintf("9011%05d", i))
		if _, _, err := e.d.GuardarUsuario(context.Background(), dominio.UsuarioAduanero{NIT: n, RazonSocial: "Relleno " + n, Tipo: "otro"}, dominio.Actor{Cuenta: "sistema"}); err != nil {
			t.Fatal(err)
		}
	}
	s := e.ingresar("secretaria")
	doc := e.tamizaje(&s, "/tamizaje")
	if n := len(filasTabla(doc)); n != 50 {
		t.Fatalf("primera página: %d filas", n)
	}
	if testid(doc, "mostrando").Text() != "Usuarios 1 a 50 de 64" {
		t.Fatalf("mostrando = %q", testid(doc, "mostrando").Text())
	}
	sig, _ := testid(doc, "pagina-siguiente").Attr("href")
	doc = e.tamizaje(&s, sig)
	if n := len(filasTabla(doc)); n != 14 || testid(doc, "pagina-siguiente").Length() != 0 || testid(doc, "pagina-anterior").Length() != 1 {
		t.Fatalf("segunda página: %d filas", n)
	}
	if p := doc.Find(`[data-testid="tabla-tamizaje"] tbody tr`).First().Find(`[data-testid="posicion"]`).Text(); p != "51" {
		t.Fatalf("la segunda página empieza en %q", p)
	}
}

// A data change (audited in its transaction) gives a new screening at once;
// a login, which writes only a session row to the audit log, does not make
// the screening be computed again.
func TestTamizaje_memoriaSeInvalidaConLosDatos(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarTamizaje()
	s := e.ingresar("secretaria")
	doc := e.tamizaje(&s, "/tamizaje")
	if testid(doc, "tamizaje-"+nitDosActos).Find(`[data-testid="procede-no"]`).Length() != 1 {
		t.Fatal("antes: dos actos, no procede")
	}
	// The third act, through the application (audited).
	if _, err := e.d.GuardarActo(context.Background(), dominio.ActoSancion{NIT: nitDosActos, NumeroActo: "D3", FechaFirmeza: fecha.Debe(2025, 9, 9),
		FechaExpedicion: fecha.Debe(2025, 8, 20), Gravedad: sancion.Gravisima, Sancion: sancion.Multa, Valor: decimal.NewFromInt(1000)}, dominio.Actor{Cuenta: "secretaria"}); err != nil {
		t.Fatal(err)
	}
	doc = e.tamizaje(&s, "/tamizaje")
	fila := testid(doc, "tamizaje-"+nitDosActos)
	if fila.Find(`[data-testid="procede-si"]`).Length() != 1 || fila.Find(`[data-testid="actos"]`).Text() == "" || !strings.Contains(fila.Find(`[data-testid="actos"]`).Text(), "3") {
		t.Fatal("después del tercer acto la pantalla sigue con el resultado anterior")
	}
	if got := filasTabla(doc); got[0] != nitEjemplo && got[0] != nitDosActos || got[1] != nitEjemplo && got[1] != nitDosActos {
		t.Fatalf("los dos que proceden van primero: %v", got)
	}
}

// auditarSinCambio writes an audit row with no change of data.
func auditarSinCambio(t *testing.T, d *db.DB) {
	t.Helper()
	ctx := context.Background()
	if err := d.EnEscritura(ctx, func(w *db.Escritura) error {
		return w.Auditar(db.Evento{Cuenta: "prueba", Accion: "prueba.nada", Objeto: "sql"})
	}); err != nil {
		t.Fatal(err)
	}
}

func TestMemoria_versionDeLosDatos(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	ctx := context.Background()
	m := memoria.Nueva(e.d)
	var veces atomic.Int32
	calcular := func(context.Context) (any, error) { return int(veces.Add(1)), nil }
	leer := func() int {
		t.Helper()
		v, err := m.Obtener(ctx, memoria.Tamizaje{Anio: 2026}, calcular)
		if err != nil {
			t.Fatal(err)
		}
		return v.(int)
	}
	pasos := []struct {
		nombre string
		cambio func()
		quiere int
	}{
		{"primera_lectura_calcula", func() {}, 1},
		{"sin_cambios_no_recalcula", func() {}, 1},
		{"un_ingreso_no_es_un_cambio_de_datos", func() {
			if _, _, err := e.d.Ingresar(ctx, "secretaria", claveTest, "127.0.0.1"); err != nil {
				t.Fatal(err)
			}
		}, 1},
		{"un_dia_inhabil_no_cambia_el_test", func() {
			if err := e.d.AgregarDiaInhabil(ctx, fecha.Debe(2026, 4, 6), "prueba", dominio.Actor{Cuenta: "admin"}); err != nil {
				t.Fatal(err)
			}
		}, 1},
		{"corregir_operaciones_recalcula", func() {
			if _, err := e.d.GuardarOperacionAnual(ctx, dominio.OperacionAnual{NIT: nitEjemplo, Anio: 2025, Valor: decimal.RequireFromString("15500000000"), Numero: 1600}, dominio.Actor{Cuenta: "secretaria"}); err != nil {
				t.Fatal(err)
			}
		}, 2},
		{"y_despues_vuelve_a_guardar", func() {}, 2},
		{"una_fila_de_auditoria_sola_no_es_un_cambio", func() { auditarSinCambio(t, e.d) }, 2},
		{"una_escritura_sql_directa_invalida", func() { escribirPorSQL(t, e.d) }, 3},
		{"corregir_un_usuario_recalcula", func() {
			if _, _, err := e.d.GuardarUsuario(ctx, dominio.UsuarioAduanero{NIT: nitDeposito, RazonSocial: "Depósito Renombrado Ltda.", Tipo: "deposito_habilitado", DireccionSeccional: seccionalBogota}, dominio.Actor{Cuenta: "secretaria"}); err != nil {
				t.Fatal(err)
			}
		}, 4},
	}
	for _, p := range pasos {
		p.cambio()
		if got := leer(); got != p.quiere {
			t.Fatalf("%s: cálculo número %d, quiere %d", p.nombre, got, p.quiere)
		}
	}
	// Concurrent lookups of a new version wait for ONE computation.
	escribirPorSQL(t, e.d)
	hechos := make(chan int, 10)
	for i := 0; i < 10; i++ {
		go func() { hechos <- leer() }()
	}
	for i := 0; i < 10; i++ {
		if v := <-hechos; v != 5 {
			t.Fatalf("lecturas concurrentes: cálculo %d, quiere 5 (uno solo)", v)
		}
	}
}

// The portfolio's three screenings (Y, Y−2, Y−4, each with its previous
// year) count the same as five separate screenings, both those for whom the
// Comité would proceed and those with incomplete data.
func TestCartera_igualACincoTamizajes(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarTamizaje()
	ctx := context.Background()
	h := &handler{d: e.d, log: slog.New(slog.NewTextHandler(io.Discard, nil)), memo: memoria.Nueva(e.d)}
	k, err := h.calcularCartera(ctx, 2026, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, y := range k.Anios {
		filas, err := lectura.Filas(ctx, e.d, y)
		if err != nil {
			t.Fatal(err)
		}
		quiere := map[string]int{}
		for _, f := range filas {
			if f.ProcedeComite.EsSi() {
				quiere[f.Usuario.DireccionSeccional+"|"+f.Usuario.Tipo]++
			}
			if f.DatosIncompletos() {
				quiere["incompletos|"+f.Usuario.DireccionSeccional]++
			}
		}
		got := map[string]int{}
		for s, m := range k.Conteo {
			for tipo, c := range m {
				if c[i] > 0 {
					got[s+"|"+tipo] = c[i]
				}
			}
		}
		for s, c := range k.Incompletos {
			if c[i] > 0 {
				got["incompletos|"+s] = c[i]
			}
		}
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(quiere)
		if string(a) != string(b) {
			t.Fatalf("año %d: cartera %s, tamizaje %s", y, a, b)
		}
	}
}

// inicioListo asks for Inicio until the portfolio is computed (it is
// computed in the background so that Inicio never waits).
func (e *entorno) inicioListo(s *sesion) *goquery.Document {
	e.t.Helper()
	for i := 0; i < 500; i++ {
		doc := documento(e.t, e.pedir("GET", "/", s, nil))
		if testid(doc, "cartera-calculando").Length() == 0 {
			return doc
		}
		time.Sleep(20 * time.Millisecond)
	}
	e.t.Fatal("la cartera no terminó de calcularse")
	return nil
}

func filaCartera(doc *goquery.Document, clave string) string {
	var c []string
	testid(doc, "cartera-"+clave).Find("td").Each(func(_ int, s *goquery.Selection) { c = append(c, strings.TrimSpace(s.Text())) })
	return strings.Join(c, " ")
}

func TestCartera_enInicioPorTipoYSeccional(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarTamizaje()
	s := e.ingresar("secretaria")
	doc := e.inicioListo(&s)
	if got := doc.Find(`[data-testid="tabla-cartera"] thead th`).Text(); got != "Tipo de usuario20222023202420252026" {
		t.Fatalf("años = %q", got)
	}
	for clave, quiere := range map[string]string{"total": "0 1 0 0 1", "agencia_de_aduanas": "0 0 0 0 1", "declarante": "0 1 0 0 0", "oea": "0 0 0 0 0"} {
		if got := filaCartera(doc, clave); got != quiere {
			t.Errorf("cartera %s = %q, quiere %q", clave, got, quiere)
		}
	}
	g := testid(doc, graficos.IDCartera)
	datos := doc.Find(`script#` + g.AttrOr("data-grafico", "x"))
	if g.Length() != 1 || datos.Length() != 1 || doc.Find(`script[src*="echarts.min.js"]`).Length() != 1 {
		t.Fatal("falta el gráfico de la cartera o ECharts")
	}
	var opcion struct {
		Series []struct {
			Name  string `json:"name"`
			Stack string `json:"stack"`
			Data  []struct {
				Value int `json:"value"`
			} `json:"data"`
		} `json:"series"`
	}
	if err := json.Unmarshal([]byte(datos.Text()), &opcion); err != nil {
		t.Fatal(err)
	}
	if len(opcion.Series) != 7 || opcion.Series[0].Stack != "cartera" || opcion.Series[0].Name != "Agencia de aduanas" || opcion.Series[0].Data[4].Value != 1 {
		t.Fatalf("series apiladas = %+v", opcion.Series)
	}
	// The seccional of Cartagena counts only its own users.
	sec := e.ingresar("seccional")
	doc = e.inicioListo(&sec)
	if got := filaCartera(doc, "total"); got != "0 0 0 0 1" {
		t.Fatalf("cartera de la seccional = %q", got)
	}
	// A data change: the next Inicio does not show the old figures.
	if _, err := e.d.GuardarActo(context.Background(), dominio.ActoSancion{NIT: nitDosActos, NumeroActo: "D3", FechaFirmeza: fecha.Debe(2025, 9, 9),
		FechaExpedicion: fecha.Debe(2025, 8, 20), Gravedad: sancion.Grave, Sancion: sancion.Multa, Valor: decimal.NewFromInt(1000)}, dominio.Actor{Cuenta: "secretaria"}); err != nil {
		t.Fatal(err)
	}
	doc = documento(t, e.pedir("GET", "/", &s, nil))
	if testid(doc, "cartera-calculando").Length() == 0 && filaCartera(doc, "total") != "0 1 0 0 2" {
		t.Fatalf("después del cambio Inicio muestra la cartera anterior: %q", filaCartera(doc, "total"))
	}
	if got := filaCartera(e.inicioListo(&s), "total"); got != "0 1 0 0 2" {
		t.Fatalf("cartera después del cambio = %q", got)
	}
}

// The columns order the whole list on the server (links, no JavaScript):
// by acts, the most first; by razón social ignoring accents; the current
// column says so with aria-sort; the next page keeps the order.
func TestTamizaje_columnasOrdenables(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarTamizaje()
	for i := 0; i < 55; i++ {
		n := nitCon(fmt.Sprintf("9012%05d", i))
		if _, _, err := e.d.GuardarUsuario(context.Background(), dominio.UsuarioAduanero{NIT: n, RazonSocial: "Relleno " + n, Tipo: "otro"}, dominio.Actor{Cuenta: "sistema"}); err != nil {
			t.Fatal(err)
		}
	}
	s := e.ingresar("secretaria")
	doc := e.tamizaje(&s, "/tamizaje")
	if a, _ := testid(doc, "orden-posicion").Parent().Attr("aria-sort"); a != "ascending" {
		t.Fatalf("orden inicial: aria-sort = %q", a)
	}
	href, _ := testid(doc, "orden-actos").Attr("href")
	if !strings.Contains(href, "orden=actos") || !strings.Contains(href, "dir=desc") {
		t.Fatalf("enlace de orden por actos: %q", href)
	}
	doc = e.tamizaje(&s, href)
	if a, _ := testid(doc, "orden-actos").Parent().Attr("aria-sort"); a != "descending" {
		t.Fatalf("por actos: aria-sort = %q", a)
	}
	prev := 1 << 30
	doc.Find(`[data-testid="tabla-tamizaje"] tbody tr [data-testid="actos"]`).Each(func(i int, c *goquery.Selection) {
		n, err := strconv.Atoi(strings.TrimSpace(c.Contents().First().Text()))
		if err != nil {
			t.Fatalf("actos de la fila %d: %q", i, c.Text())
		}
		if n > prev {
			t.Fatalf("fila %d: %d actos después de %d (no está de mayor a menor)", i, n, prev)
		}
		prev = n
	})
	sig, _ := testid(doc, "pagina-siguiente").Attr("href")
	if !strings.Contains(sig, "orden=actos") {
		t.Fatalf("la página siguiente pierde el orden: %q", sig)
	}
	// Ordered by name: accents do not change the order.
	doc = e.tamizaje(&s, "/tamizaje?orden=usuario")
	var nombres []string
	doc.Find(`[data-testid="tabla-tamizaje"] tbody tr td.usuario > :first-child`).Each(func(_ int, c *goquery.Selection) {
		nombres = append(nombres, db.SinTildes(c.Text()))
	})
	if !slices.IsSorted(nombres) {
		t.Fatalf("por razón social no quedó en orden: %v", nombres)
	}
	// An unknown order is the rank.
	doc = e.tamizaje(&s, "/tamizaje?orden=desconocido")
	if a, _ := testid(doc, "orden-posicion").Parent().Attr("aria-sort"); a != "ascending" {
		t.Fatalf("orden desconocido: aria-sort = %q", a)
	}
}
