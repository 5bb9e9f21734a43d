package web

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"comite/internal/demo"
	"comite/internal/etiquetas"
	"comite/internal/pruebas"

	"github.com/PuerkitoBio/goquery"
	"github.com/xuri/excelize/v2"
)

// textoVisible is what a person reads on an HTML page: the text outside
// scripts and styles, and the attributes a browser shows or reads aloud.
func textoVisible(t *testing.T, html string) string {
	t.Helper()
	doc, err := goquery.NewDocumentFromReader(strings.NewReader(html))
	if err != nil {
		t.Fatal(err)
	}
	doc.Find("script, style").Remove()
	var b strings.Builder
	b.WriteString(doc.Find("body").Text())
	doc.Find("[title], [aria-label], [placeholder], [alt]").Each(func(_ int, s *goquery.Selection) {
		for _, a := range []string{"title", "aria-label", "placeholder", "alt"} {
			if v, ok := s.Attr(a); ok {
				b.WriteString("\n" + v)
			}
		}
	})
	b.WriteString("\n" + doc.Find("title").Text())
	return b.String()
}

// textoXLSX is every cell of every sheet of a workbook.
func textoXLSX(t *testing.T, b []byte) string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var s strings.Builder
	for _, hoja := range f.GetSheetList() {
		filas, err := f.GetRows(hoja)
		if err != nil {
			t.Fatal(err)
		}
		for _, fila := range filas {
			s.WriteString(strings.Join(fila, "\t") + "\n")
		}
	}
	return s.String()
}

// codigoInterno is one internal code (etiquetas.Codigos) and the pattern
// that finds it as a word of its own.
type codigoInterno struct {
	codigo string
	re     *regexp.Regexp
}

func nuevoCodigoInterno(c string) codigoInterno {
	return codigoInterno{c, regexp.MustCompile(`(?:^|[^\pL\d_.])(` + regexp.QuoteMeta(c) + `)(?:$|[^\pL\d_])`)}
}

// codigosEn lists the internal codes that a text shows as a word of its
// own. The pattern runs only over a text that holds the code at all: the
// same answer, without running some sixty patterns over every page.
func codigosEn(texto string, codigos []codigoInterno) []string {
	var out []string
	for _, c := range codigos {
		if !strings.Contains(texto, c.codigo) {
			continue
		}
		if m := c.re.FindStringIndex(texto); m != nil {
			ini, fin := max(0, m[0]-60), min(len(texto), m[1]+60)
			out = append(out, strconv.Quote(regexp.QuoteMeta(c.codigo))+" en «"+strings.Join(strings.Fields(texto[ini:fin]), " ")+"»")
		}
	}
	return out
}

// Issue of officials: no screen, export or audit entry shows an internal
// code to a person. The test loads the demonstration data, walks every page
// of each role, the case pages, the printable informe and its PDF, the
// sessions and their acta, the exports of the case list and the screening,
// and the audit log, and fails on any code of the label tables
// (etiquetas.Codigos: agencia_de_aduanas, sin_operaciones,
// umbral_cero_cinco, en_evaluacion, caso.reportar, valor_cop…).
func TestPersonasNoCodigos_demoSinCodigosEnPantallasExportacionesNiAuditoria(t *testing.T) {
	e := nuevoEntorno(t)
	ctx := context.Background()
	if _, err := demo.Generar(ctx, e.d, demo.Opciones{Usuarios: 40}); err != nil {
		t.Fatal(err)
	}
	var codigos []codigoInterno
	for _, c := range etiquetas.Codigos() {
		codigos = append(codigos, nuevoCodigoInterno(c))
	}
	if len(codigos) < 50 {
		t.Fatalf("solo %d códigos conocidos: la lista de etiquetas no se leyó", len(codigos))
	}
	// A page known to hold codes makes the check fail (it can fail).
	if len(codigosEn("Tipo: agencia_de_aduanas; alerta sin_operaciones", codigos)) != 2 {
		t.Fatal("la búsqueda de códigos no encuentra códigos a la vista")
	}

	var casos, sesiones []string
	filas, err := e.d.Query(`SELECT id FROM casos ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for filas.Next() {
		var id int64
		filas.Scan(&id)
		casos = append(casos, strconv.FormatInt(id, 10))
	}
	filas.Close()
	filas, err = e.d.Query(`SELECT id FROM sesiones_comite ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for filas.Next() {
		var id int64
		filas.Scan(&id)
		sesiones = append(sesiones, strconv.FormatInt(id, 10))
	}
	filas.Close()
	var nits []string
	filas, err = e.d.Query(`SELECT nit FROM usuarios_aduaneros ORDER BY id LIMIT 8`)
	if err != nil {
		t.Fatal(err)
	}
	for filas.Next() {
		var n string
		filas.Scan(&n)
		nits = append(nits, n)
	}
	filas.Close()
	if len(casos) == 0 || len(sesiones) == 0 {
		t.Fatalf("la demostración no trae casos (%d) ni sesiones (%d)", len(casos), len(sesiones))
	}
	// Some changes through the application, so the audit log has details
	// of several kinds (the demonstration itself writes one entry).
	adm := e.ingresar("admin")
	for ruta, form := range map[string]map[string][]string{
		"/admin/dias-inhabiles": {"fecha": {"24/12/2026"}, "motivo": {"Cierre de fin de año"}},
		"/admin/cuentas":        {"usuario": {"nueva"}, "nombre": {"Nora Nueva"}, "rol": {"auditor"}, "clave": {"una-clave-larga-de-prueba"}},
	} {
		if rec := e.pedir(http.MethodPost, ruta, &adm, form); rec.Code != http.StatusSeeOther {
			t.Fatalf("POST %s: estado %d", ruta, rec.Code)
		}
	}

	rutas := map[string][]string{
		"secretaria": {"/", "/pendientes", "/casos", "/casos?estado=en_evaluacion", "/usuarios", "/tamizaje", "/tamizaje?datos=incompletos", "/cobertura",
			"/sesiones", "/liquidacion", "/importar", "/cuenta/calendario", "/casos/exportar.csv", "/casos/exportar.xlsx", "/tamizaje/exportar.csv", "/tamizaje/exportar.xlsx"},
		"comite":    {"/", "/pendientes", "/casos", "/sesiones"},
		"seccional": {"/", "/pendientes", "/casos", "/casos/nuevo"},
		"auditor":   {"/", "/auditoria", "/auditoria?pagina=2", "/casos", "/admin/cuentas", "/admin/uvt", "/admin/seccionales", "/admin/dias-inhabiles"},
		"admin":     {"/", "/admin/cuentas", "/admin/uvt", "/admin/terminos", "/admin/respaldos", "/admin/seccionales", "/admin/dias-inhabiles", "/auditoria"},
	}
	for _, id := range casos {
		rutas["secretaria"] = append(rutas["secretaria"], "/casos/"+id, "/casos/"+id+"/informe", "/casos/"+id+"/liquidacion")
		rutas["comite"] = append(rutas["comite"], "/casos/"+id)
	}
	for _, id := range sesiones {
		rutas["comite"] = append(rutas["comite"], "/sesiones/"+id)
	}
	for _, n := range nits {
		rutas["secretaria"] = append(rutas["secretaria"], "/usuarios/"+n)
	}
	var pdfs []string
	for rol, lista := range rutas {
		s := e.ingresar(rol)
		for _, ruta := range lista {
			rec := e.pedir(http.MethodGet, ruta, &s, nil)
			if rec.Code != http.StatusOK {
				t.Errorf("%s %s: estado %d", rol, ruta, rec.Code)
				continue
			}
			var texto string
			switch {
			case strings.HasSuffix(ruta, ".xlsx"):
				texto = textoXLSX(t, rec.Body.Bytes())
			case strings.HasSuffix(ruta, ".csv"):
				texto = rec.Body.String()
			default:
				texto = textoVisible(t, rec.Body.String())
				doc := documento(t, rec)
				doc.Find(`a[href*="/informes/"], a[href*="/actas/"]`).Each(func(_ int, a *goquery.Selection) {
					h, _ := a.Attr("href")
					pdfs = append(pdfs, rol+" "+h)
				})
			}
			for _, c := range codigosEn(texto, codigos) {
				t.Errorf("%s %s muestra el código %s", rol, ruta, c)
			}
		}
	}
	// The PDFs of the informes and actas of the demonstration.
	if len(pdfs) == 0 {
		t.Fatal("la demostración no dejó ningún PDF que revisar")
	}
	aTexto := pruebas.Herramienta(t, "poppler-utils", "pdftotext")
	visto := map[string]bool{}
	for _, p := range pdfs {
		rol, ruta, _ := strings.Cut(p, " ")
		if visto[ruta] {
			continue
		}
		visto[ruta] = true
		s := e.ingresar(rol)
		rec := e.pedir(http.MethodGet, ruta, &s, nil)
		if rec.Code != http.StatusOK {
			t.Errorf("%s: estado %d", ruta, rec.Code)
			continue
		}
		arch := filepath.Join(t.TempDir(), "doc.pdf")
		if err := os.WriteFile(arch, rec.Body.Bytes(), 0o600); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(aTexto, "-layout", arch, "-").Output()
		if err != nil {
			t.Fatalf("%s: %v", ruta, err)
		}
		for _, c := range codigosEn(string(out), codigos) {
			t.Errorf("el PDF %s muestra el código %s", ruta, c)
		}
	}
}
