package informe

import (
	"bytes"
	"comite/internal/pruebas"
	"comite/internal/sancion"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"comite/internal/fecha"
	"comite/internal/reincidencia"
)

var (
	actualizar = flag.Bool("actualizar", false, "reescribe testdata/informe/ejemplo.sha256 con la huella actual")
)

func generar(t testing.TB, d Datos) []byte {
	t.Helper()
	pdf, err := PDF(d)
	if err != nil {
		t.Fatal(err)
	}
	return pdf
}

func huella(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// herramienta returns the path of a poppler tool or skips the test.
func herramienta(t *testing.T, nombre string) string {
	t.Helper()
	return pruebas.Herramienta(t, "poppler-utils", nombre)
}

func escribirTemp(t *testing.T, pdf []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "informe.pdf")
	if err := os.WriteFile(p, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func correr(t *testing.T, prog string, args ...string) string {
	t.Helper()
	out, err := exec.Command(prog, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", prog, args, err, out)
	}
	return string(out)
}

func paginas(t *testing.T, archivo string) int {
	t.Helper()
	info := correr(t, herramienta(t, "pdfinfo"), archivo)
	m := regexp.MustCompile(`(?m)^Pages:\s+(\d+)`).FindStringSubmatch(info)
	if m == nil {
		t.Fatalf("pdfinfo no da el número de páginas:\n%s", info)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// TestPDFTextoEjemploDominio checks the worked example of docs/reglas.md §2 as
// the text a reader gets from the PDF (art. 25 por posición: the figures the
// Secretaría presents).
func TestPDFTextoEjemploDominio(t *testing.T) {
	archivo := escribirTemp(t, generar(t, datosEjemplo(t)))
	texto := correr(t, herramienta(t, "pdftotext"), "-layout", archivo, "-")
	n := paginas(t, archivo)
	casos := []struct{ nombre, quiere string }{
		{"caso_en_el_texto", "CF-2026-0007"},
		{"art25_suma_S_en_pesos", "$ 77.000.000"},
		{"art25_operaciones_O", "$ 14.800.000.000"},
		{"art25_numero_operaciones_N", "1.600"},
		{"art25_participacion_cuatro_decimales", "0,5203 %"},
		{"art25_infracciones_por_mil_dos_decimales", "1,88"},
		{"art25_plazo_reporte_10_dias_habiles", "30/03/2026"},
		{"art25_incremento_mil_uvt_total", "$ 62.849.000"},
		{"art25_incremento_mil_uvt", "$ 52.374.000"},
		{"firmeza_dd_mm_aaaa", "04/03/2025"},
		{"acto_excluido_por_allanamiento", "Allanamiento aceptado"},
		{"acto_fuera_del_periodo", "Fuera del periodo de referencia"},
		{"gravedad_con_tilde", "gravísima"},
		{"ruta_reincidencia", "Reincidencia"},
		{"procede_el_comite", "Procede el Comité"},
		{"plazo_cumplido", "Reportado dentro del plazo"},
		{"fundamento_referencia", "Decreto Ley 920 de 2023, art. 25 (por posición) inc. 1"},
		{"criterio_secretaria_con_signos", "¿Hubo devolución?"},
		{"criterio_secretaria_exclamacion", "¡Impacto moderado!"},
		{"concepto_decision", "Cancelación de la autorización"},
		{"concepto_criterio_5_7", "5.7"},
		{"correccion_vinculada", "Error material en el nombre"},
		{"historia_estado", "Concepto emitido"},
		{"tipo_usuario", "Agencia de aduanas"},
		{"enie", "Año de referencia"},
		{"tildes_en_nombres", "Dirección Seccional de Aduanas de Bogotá"},
		{"pie_primera_pagina", "Página 1 de " + strconv.Itoa(n)},
		{"pie_ultima_pagina", "Página " + strconv.Itoa(n) + " de " + strconv.Itoa(n)},
		{"encabezado", "Informe gerencial — Comité de Fiscalización"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			if !strings.Contains(texto, c.quiere) {
				t.Errorf("el texto del PDF no contiene %q", c.quiere)
			}
		})
	}
	t.Run("caso_y_pagina_en_cada_pagina", func(t *testing.T) {
		hojas := strings.Split(texto, "\f")
		for i := 0; i < n; i++ {
			if !strings.Contains(hojas[i], "Caso CF-2026-0007") || !strings.Contains(hojas[i], "Página "+strconv.Itoa(i+1)+" de "+strconv.Itoa(n)) {
				t.Errorf("la página %d no lleva el número del caso y «Página %d de %d»:\n%s", i+1, i+1, n, hojas[i])
			}
		}
	})
	t.Run("paginas_esperadas", func(t *testing.T) {
		if n < 4 || n > 8 {
			t.Errorf("el ejemplo tiene %d páginas; se esperan entre 4 y 8 (con el bloque de firmas y los criterios de la Secretaría en los fundamentos)", n)
		}
	})
}

func TestPDFMetadatos(t *testing.T) {
	archivo := escribirTemp(t, generar(t, datosEjemplo(t)))
	info := correr(t, herramienta(t, "pdfinfo"), "-isodates", archivo)
	for _, quiere := range []string{
		"Title:           Informe gerencial de resultados — Caso CF-2026-0007",
		"Author:          Sara Ruiz Gómez, Profesional especializada (Secretaría Técnica) — Secretaría Técnica del Comité de Fiscalización",
		"Subject:         Informe gerencial del caso CF-2026-0007 (NIT 800191045-1), versión 1",
		"Keywords:",
		"CreationDate:    2026-04-01T21:20:00",
		"Page size:       612 x 792 pts (letter)",
	} {
		if !strings.Contains(info, quiere) {
			t.Errorf("pdfinfo no muestra %q:\n%s", quiere, info)
		}
	}
	pdf := generar(t, datosEjemplo(t))
	if !bytes.Contains(pdf, []byte("/Lang (es-CO)")) {
		t.Error("el PDF no declara el idioma es-CO")
	}
}

func TestPDFImagenes(t *testing.T) {
	casos := []struct {
		nombre  string
		datos   func(testing.TB) Datos
		quiere  int
		paginas func(int) bool
	}{
		{"ejemplo_tres_graficos", datosEjemplo, 3, func(int) bool { return true }},
		{"largo_50_actos_tres_graficos", datosLargos, 3, func(int) bool { return true }},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			archivo := escribirTemp(t, generar(t, c.datos(t)))
			lista := correr(t, herramienta(t, "pdfimages"), "-list", archivo)
			filas := 0
			for _, l := range strings.Split(lista, "\n")[2:] {
				if strings.Contains(l, "image") {
					filas++
				}
			}
			if filas != c.quiere {
				t.Errorf("pdfimages lista %d imágenes, se esperan %d:\n%s", filas, c.quiere, lista)
			}
		})
	}
}

// TestPDFLargo checks a case of 50 acts: several pages, the table header
// repeated on each page a table continues on, and the late report shown.
func TestPDFLargo(t *testing.T) {
	d := datosLargos(t)
	archivo := escribirTemp(t, generar(t, d))
	texto := correr(t, herramienta(t, "pdftotext"), "-layout", archivo, "-")
	n := paginas(t, archivo)
	if n < 6 {
		t.Errorf("el caso largo tiene %d páginas; se esperan al menos 6", n)
	}
	hojas := strings.Split(texto, "\f")
	// Each row of the acts tables starts with its act number; every page that
	// holds act rows must also hold the header of its table.
	filaActo := regexp.MustCompile(`(?m)^\s*\d+\s+RS-\d{4}-\d{4}`)
	conFilas := 0
	for i := 0; i < n; i++ {
		if filaActo.MatchString(hojas[i]) {
			conFilas++
			if !strings.Contains(hojas[i], "Firmeza") || !strings.Contains(hojas[i], "Gravedad") {
				t.Errorf("la página %d tiene filas de actos sin la cabecera de la tabla:\n%s", i+1, hojas[i])
			}
		}
		if !strings.Contains(hojas[i], "Caso CF-2026-0042") {
			t.Errorf("la página %d no lleva el número del caso", i+1)
		}
	}
	if conFilas < 2 {
		t.Errorf("las tablas de actos ocupan %d páginas; con 50 actos deben continuar en otra", conFilas)
	}
	for _, quiere := range []string{"Reportado FUERA del plazo", "Sin firmeza (no tiene fecha de firmeza)", "Gravedad leve", "suspensión", "El Comité aún no ha registrado su concepto.", "No consignado por la Secretaría Técnica."} {
		if !strings.Contains(texto, quiere) {
			t.Errorf("el texto del caso largo no contiene %q", quiere)
		}
	}
}

// TestPDFDeterminista: the same stored data give the same bytes, and any
// change of the data changes them (the SHA-256 recorded with an issue).
func TestPDFDeterminista(t *testing.T) {
	h1 := huella(generar(t, datosEjemplo(t)))
	// Many runs: a resource written in map order would show up here (fpdf
	// orders images of equal width at random; see PDF).
	for i := 0; i < 12; i++ {
		if h := huella(generar(t, datosEjemplo(t))); h != h1 {
			t.Fatalf("mismos datos, huellas distintas en la vuelta %d: %s y %s", i, h1, h)
		}
	}
	largo := datosLargos(t)
	hl := huella(generar(t, largo))
	for i := 0; i < 4; i++ {
		if h := huella(generar(t, largo)); h != hl {
			t.Fatalf("caso largo: mismos datos, huellas distintas: %s y %s", hl, h)
		}
	}
	cambios := []struct {
		nombre  string
		cambiar func(*Datos)
	}{
		{"otra_version_de_emision", func(d *Datos) { d.Emision.Version = 2 }},
		{"otro_instante_de_emision", func(d *Datos) { d.Emision.Instante = d.Emision.Instante.Add(60e9) }},
		{"otra_suma_guardada", func(d *Datos) { d.Evaluacion.SumaSancionesCOP = "77000001" }},
		{"otro_criterio_de_la_secretaria", func(d *Datos) { d.Criterios.PerjuicioEstado += "." }},
		{"sin_concepto", func(d *Datos) { d.Concepto = nil }},
		{"otra_fecha_de_reporte", func(d *Datos) { d.FechaReporte = fecha.Debe(2026, 3, 31) }},
		{"otra_serie", func(d *Datos) { d.Serie = d.Serie[1:] }},
	}
	for _, c := range cambios {
		t.Run(c.nombre, func(t *testing.T) {
			d := datosEjemplo(t)
			c.cambiar(&d)
			if h := huella(generar(t, d)); h == h1 {
				t.Errorf("datos distintos dieron la misma huella %s", h)
			}
		})
	}
}

func TestGraficosPNGDeterministas(t *testing.T) {
	for _, g := range Graficos(datosLargos(t)) {
		t.Run(g.Clave, func(t *testing.T) {
			a, err := g.PNG()
			if err != nil {
				t.Fatal(err)
			}
			b, err := g.PNG()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a, b) {
				t.Error("el mismo gráfico dio bytes distintos")
			}
			if !bytes.HasPrefix(a, []byte("\x89PNG")) {
				t.Error("el gráfico no es un PNG")
			}
		})
	}
}

// TestPDFHuellaDorada ties the example's SHA-256 to the Go version, so an
// accidental change of layout is noticed. Rewrite it with -actualizar.
func TestPDFHuellaDorada(t *testing.T) {
	archivo := filepath.Join("..", "..", "testdata", "informe", "ejemplo.sha256")
	h := huella(generar(t, datosEjemplo(t)))
	if *actualizar {
		contenido := "# SHA-256 del informe de ejemplo (docs/reglas.md §2) y versión de Go que lo generó.\n" +
			"# Regenerar: go test ./internal/informe -run TestPDFHuellaDorada -actualizar\n" +
			runtime.Version() + " " + h + "\n"
		if err := os.MkdirAll(filepath.Dir(archivo), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(archivo, []byte(contenido), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	b, err := os.ReadFile(archivo)
	if err != nil {
		t.Fatalf("no se pudo leer la huella dorada (créela con -actualizar): %v", err)
	}
	var version, quiere string
	for _, l := range strings.Split(string(b), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		campos := strings.Fields(l)
		if len(campos) == 2 {
			version, quiere = campos[0], campos[1]
		}
	}
	if version != runtime.Version() {
		pruebas.Omitir(t, "la huella dorada es de "+version+" y este Go es "+runtime.Version()+" (go.mod fija la versión con su línea toolchain): regenérela con -actualizar si el diseño no cambió")
	}
	if h != quiere {
		t.Errorf("la huella del informe de ejemplo cambió: %s, antes %s. Si el cambio de diseño es intencional, revise las páginas y regenere con -actualizar", h, quiere)
	}
}

func TestDatosIncompletos(t *testing.T) {
	casos := []struct {
		nombre  string
		cambiar func(*Datos)
		campo   string
	}{
		{"sin_numero_de_caso", func(d *Datos) { d.Caso = " " }, "Caso"},
		{"sin_instante_de_emision_nunca_el_reloj", func(d *Datos) { d.Emision.Instante = time.Time{} }, "Emision.Instante"},
		{"version_cero", func(d *Datos) { d.Emision.Version = 0 }, "Emision.Version"},
		{"sin_periodo", func(d *Datos) { d.Evaluacion.Periodo.Anio = 0 }, "Evaluacion.periodo"},
		{"suma_ilegible", func(d *Datos) { d.Evaluacion.SumaSancionesCOP = "77.000.000" }, "Evaluacion.suma_sanciones_cop"},
		{"plazo_ilegible", func(d *Datos) { d.Evaluacion.PlazoReporte = "30/03/2026" }, "Evaluacion.plazo_reporte"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			d := datosEjemplo(t)
			c.cambiar(&d)
			_, err := PDF(d)
			var e *ErrDatos
			if !errors.As(err, &e) || e.Campo != c.campo {
				t.Fatalf("error %v, se esperaba uno sobre %s", err, c.campo)
			}
		})
	}
}

func BenchmarkPDF50Actos(b *testing.B) {
	d := datosLargos(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := PDF(d); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPDFFilaMasAltaQueUnaPagina: a very long text in a table (a correction
// of the concepto) continues on the next pages instead of running off the page.
func TestPDFFilaMasAltaQueUnaPagina(t *testing.T) {
	d := datosEjemplo(t)
	largo := strings.Repeat("El acta de la sesión dice otra cosa sobre el criterio de impacto en el comercio exterior. ", 120) + "FIN DEL TEXTO."
	d.Concepto.Correcciones = append(d.Concepto.Correcciones, Correccion{instante(2026, 4, 10, 9, 0), "Andrés Felipe Castaño (Comité de Fiscalización)", "Texto extenso.", largo})
	pdf := generar(t, d)
	archivo := escribirTemp(t, pdf)
	texto := correr(t, herramienta(t, "pdftotext"), archivo, "-")
	n := paginas(t, archivo)
	if !strings.Contains(texto, "FIN DEL TEXTO.") {
		t.Error("el final del texto largo no aparece en el PDF")
	}
	hojas := strings.Split(texto, "\f")
	for i := 0; i < n; i++ {
		if !strings.Contains(hojas[i], "Página "+strconv.Itoa(i+1)+" de "+strconv.Itoa(n)) {
			t.Errorf("la página %d no lleva su pie", i+1)
		}
	}
	if base := paginas(t, escribirTemp(t, generar(t, datosEjemplo(t)))); n < base+2 {
		t.Errorf("con el texto largo hay %d páginas, sin él %d: el texto no continuó en otras páginas", n, base)
	}
}

// TestSeccionesOrden: the view model (shared with the HTML print view) keeps
// the order of docs/reglas.md §4 and numbers its titles.
func TestSeccionesOrden(t *testing.T) {
	ss, err := Secciones(datosEjemplo(t))
	if err != nil {
		t.Fatal(err)
	}
	quiere := []string{"identificacion", "periodo", "actos", "cifras", "requisitos", "incremento", "criterios", "graficos", "fundamentos", "plazo", "historia", "concepto"}
	if len(ss) != len(quiere) {
		t.Fatalf("%d secciones, se esperan %d", len(ss), len(quiere))
	}
	for i, s := range ss {
		if s.Clave != quiere[i] || !strings.HasPrefix(s.Titulo, strconv.Itoa(i+1)+". ") {
			t.Errorf("sección %d: %s %q; se espera %s numerada", i+1, s.Clave, s.Titulo, quiere[i])
		}
	}
	if g := Graficos(datosEjemplo(t)); len(g) != 3 || g[0].Clave != GraficoUmbral || g[2].Clave != GraficoGravedad {
		t.Errorf("gráficos: %+v", g)
	}
}

// TestAnclajeDifiere: when the two readings give different years (docs/reglas.md
// §2.1), the informe names the other year.
func TestAnclajeDifiere(t *testing.T) {
	d := datosEjemplo(t)
	ent := reincidencia.Entrada{Usuario: d.Usuario, Nueva: d.Nueva, Anclaje: sancion.AnclajeComision}
	ent.Nueva.FechaComision = fecha.Debe(2025, 12, 20) // committed in 2025, verified in 2026
	d.Nueva = ent.Nueva
	d.Evaluacion, d.Serie = desdeEntrada(t, ent)
	if d.Evaluacion.Periodo.Anio != 2024 {
		t.Fatalf("año de referencia %d, se espera 2024", d.Evaluacion.Periodo.Anio)
	}
	ss, err := Secciones(d)
	if err != nil {
		t.Fatal(err)
	}
	var avisos []string
	for _, b := range ss[1].Bloques {
		if b.Tipo == BloqueAviso {
			avisos = append(avisos, b.Texto)
		}
	}
	if len(avisos) != 1 || !strings.Contains(avisos[0], "sería 2025") {
		t.Errorf("avisos del periodo: %q; se espera el año 2025 de la otra lectura", avisos)
	}
}

// A draft (no version issued yet) never reads as issued: the cover, the
// «Emisión» block and every footer say it is a draft and when its data were
// recorded, for the lawyer who finds the printout in the expediente.
func TestPDFBorradorNoSeLeeComoEmitido(t *testing.T) {
	d := datosEjemplo(t)
	d.Emision.EmitidoPor = BorradorSinEmitir
	archivo := escribirTemp(t, generar(t, d))
	texto := correr(t, herramienta(t, "pdftotext"), "-layout", archivo, "-")
	for _, quiere := range []string{"Borrador sin emitir, con los datos registrados al 01/04/2026 16:20", "Sin emitir (borrador)", "Datos registrados al", "Borrador del informe gerencial, sin emitir"} {
		if !strings.Contains(texto, quiere) {
			t.Errorf("el borrador no dice %q", quiere)
		}
	}
	for _, no := range []string{"emitida el", "emitido el", "Fecha de emisión"} {
		if strings.Contains(texto, no) {
			t.Errorf("el borrador dice %q, como si estuviera emitido", no)
		}
	}
	if n := strings.Count(texto, "Borrador del informe gerencial"); n != paginas(t, archivo) {
		t.Errorf("%d pies de borrador en %d páginas", n, paginas(t, archivo))
	}
}
