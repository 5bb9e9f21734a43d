package expediente

// The documents of the expediente: the informe gerencial and the acta,
// built from stored values, issued as versions, signed when a certificate
// is configured (moved here with the code from the store's tests).

import (
	"bytes"
	"comite/internal/contrato"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"comite/internal/db"
	"comite/internal/fecha"
	"comite/internal/firma"
	"comite/internal/firma/firmaprueba"
	"comite/internal/flujo"
	"comite/internal/formato"
	"comite/internal/informe"
	"comite/internal/pruebas"
)

func TestInforme_versionesMismosBytesYNuevaTrasReevaluar(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	if _, err := Nuevo(d).EmitirInforme(ctx, c.ID, sSecretaria); !esPaso(err) {
		t.Fatalf("informe emitido antes de iniciar la evaluación: %v", err)
	}
	llevarEvaluacion(t, d, c.ID)
	if _, err := Nuevo(d).EmitirInforme(ctx, c.ID, sComite); !esPaso(err) {
		t.Fatalf("el Comité emitió el informe: %v", err)
	}
	v1, b1, err := d.InformePDF(ctx, c.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	_, b1bis, _ := d.InformePDF(ctx, c.ID, 1)
	if !bytes.Equal(b1, b1bis) || len(b1) != v1.Bytes || !bytes.HasPrefix(b1, []byte("%PDF")) {
		t.Fatal("la versión 1 no devuelve los mismos bytes")
	}
	if _, err := d.Exec(`UPDATE actos SET valor_centavos = 1400000000 WHERE numero_acto = 'RS-1-C'`); err != nil {
		t.Fatal(err)
	}
	if _, err := Nuevo(d).Reevaluar(ctx, c.ID, "corrección del acto C", sSecretaria); err != nil {
		t.Fatal(err)
	}
	v2, err := Nuevo(d).EmitirInforme(ctx, c.ID, sSecretaria)
	if err != nil {
		t.Fatal(err)
	}
	if v2.Version != 2 || v2.SHA256 == v1.SHA256 || v2.EvaluacionVersion != 2 || v1.EvaluacionVersion != 1 {
		t.Fatalf("v1 %+v v2 %+v", v1, v2)
	}
	vs, _ := d.Informes(ctx, c.ID)
	_, b1otra, _ := d.InformePDF(ctx, c.ID, 1)
	if len(vs) != 2 || !bytes.Equal(b1, b1otra) {
		t.Fatal("la versión anterior no sigue igual")
	}
	if _, err := d.Exec(`DELETE FROM informes WHERE id = ?`, v1.ID); err == nil {
		t.Fatal("la base dejó borrar un informe emitido")
	}
	var aud int
	d.QueryRow(`SELECT count(*) FROM auditoria WHERE accion = 'caso.informe' AND detalle_json LIKE '%' || ? || '%'`, v2.SHA256).Scan(&aud)
	if aud != 1 {
		t.Error("la emisión no quedó en la auditoría con su SHA-256")
	}
}

func TestInforme_sinEmitirEsDeterministaDesdeLoGuardado(t *testing.T) {
	d, reloj := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	a, emitido, err := Nuevo(d).PDFInforme(ctx, c.ID)
	if err != nil || emitido {
		t.Fatal(err, emitido)
	}
	*reloj = reloj.Add(72 * time.Hour) // the clock does not enter the PDF
	b, _, _ := Nuevo(d).PDFInforme(ctx, c.ID)
	if !bytes.Equal(a, b) {
		t.Fatal("el mismo caso guardado dio bytes distintos")
	}
}

// TestSegundaRuta_art25UltimoInciso_deReporteACierreSinVistoBueno: a case
// whose infraction allows cancellation in substitution goes by the second
// route from the report on (here the user is under the 0,5 %, which that
// route does not consider); the Secretaría documents the six aspects; the
// Comité refuses its visto bueno; the REA proposes the foreseen fine without
// the 1.000 UVT increment; informe and history agree.
func TestSegundaRuta_art25UltimoInciso_deReporteACierreSinVistoBueno(t *testing.T) {
	d, reloj := baseCasos(t)
	ctx := context.Background()
	n := nuevoEjemplo(nitDebajo)
	n.PermiteCancelacion = true
	c, err := Nuevo(d).AbrirCaso(ctx, n, sSeccional)
	if err != nil {
		t.Fatal(err)
	}
	ev, _ := d.UltimaEvaluacion(ctx, c.ID)
	r, _ := contrato.ResultadoDe(ev, d.Referencia())
	if !db.EsSegundaRuta(r) || !r.Procede().EsSi() {
		t.Fatalf("ruta %q procede %v", r.Ruta, r.ProcedeComite)
	}
	if _, err := Nuevo(d).Transicion(ctx, c.ID, flujo.IniciarEvaluacion, "", sSecretaria); err != nil {
		t.Fatal(err)
	}
	// The five criteria of the first route are not enough.
	if err := Nuevo(d).GuardarCriterios(ctx, c.ID, criteriosCompletos, sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := Nuevo(d).EmitirInforme(ctx, c.ID, sSecretaria); !esPaso(err) || !strings.Contains(err.Error(), "Incidencia penal") {
		t.Fatalf("informe sin los aspectos de la segunda ruta: %v", err)
	}
	if _, err := Nuevo(d).Transicion(ctx, c.ID, flujo.Presentar, "", sSecretaria); !esPaso(err) || !strings.Contains(err.Error(), "Incidencia penal") {
		t.Fatalf("presentar sin los aspectos de la segunda ruta: %v", err)
	}
	if err := Nuevo(d).GuardarCriterios(ctx, c.ID, aspectosSegundaRuta(), sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := Nuevo(d).EmitirInforme(ctx, c.ID, sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := Nuevo(d).Transicion(ctx, c.ID, flujo.Presentar, "", sSecretaria); err != nil {
		t.Fatal(err)
	}
	// The first route's decisions are refused on this route.
	if _, err := conceptoEnSesion(d, c.ID, conceptoMulta(), sComite); err == nil {
		t.Fatal("multa_incrementada en la segunda ruta")
	} else if ec := (*db.ErrConcepto)(nil); !errors.As(err, &ec) || ec.Campos["decision"] == "" {
		t.Fatalf("err = %v", err)
	}
	k := conceptoMulta()
	k.Decision = flujo.DecisionSinVistoBueno
	if _, err := conceptoEnSesion(d, c.ID, k, sComite); err != nil {
		t.Fatal(err)
	}
	*reloj = time.Date(2026, 4, 1, 15, 0, 0, 0, time.UTC)
	p, err := Nuevo(d).CerrarCaso(ctx, c.ID, fecha.Debe(2027, 1, 15), sSeccional) // a year whose UVT may be missing: no UVT is needed
	if err != nil {
		t.Fatal(err)
	}
	if p.Propuesta != flujo.DecisionSinVistoBueno || p.Total == nil || p.Total.String() != "10475000" || p.Incremento != nil {
		t.Fatalf("propuesta = %+v", p)
	}
	// Informe (page and PDF) built from the stored case after closing:
	// page 1's REA date, the proposal and the history say the same.
	datos := datosCerrado(t, d, c.ID)
	if datos.Propuesta == nil || datos.Propuesta.Total.String() != "10475000" || datos.Propuesta.UVTAnio != 0 {
		t.Fatalf("propuesta del informe: %+v", datos.Propuesta)
	}
	texto := textoSecciones(t, datos)
	for _, quiere := range []string{
		"Requerimiento especial aduanero (REA) = 15/01/2027",
		"Propuesta = " + flujo.DecisionSinVistoBueno.Etiqueta(),
		"Multa propuesta (sin incremento) = " + formato.Pesos(*p.Total),
		"Propuesta del REA del 15/01/2027",
		"Incidencia penal de la conducta",
		"Sin denuncia penal.",
	} {
		if !strings.Contains(texto, quiere) {
			t.Errorf("el informe no dice %q", quiere)
		}
	}
	if strings.Contains(texto, "Multa propuesta = ") {
		t.Error("el informe muestra una multa incrementada en la segunda ruta")
	}
	if _, err := informe.PDF(datos); err != nil {
		t.Fatal(err)
	}
}

// TestInforme_art25_soloEnEvaluacion: a version of the informe is issued
// only while the case is en_evaluacion; a re-evaluation keeps it there and a
// new version follows it.
func TestInforme_art25_soloEnEvaluacion(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	if _, err := Nuevo(d).EmitirInforme(ctx, c.ID, sSecretaria); !esPaso(err) {
		t.Fatalf("informe en «reportado»: %v", err)
	}
	llevar(t, d, c.ID, flujo.EnEvaluacion)
	if err := Nuevo(d).GuardarCriterios(ctx, c.ID, criteriosCompletos, sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := Nuevo(d).EmitirInforme(ctx, c.ID, sComite); !esPaso(err) {
		t.Fatalf("el Comité emitió el informe: %v", err)
	}
	v1, err := Nuevo(d).EmitirInforme(ctx, c.ID, sSecretaria)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Nuevo(d).Reevaluar(ctx, c.ID, "corrección de un acto", sSecretaria); err != nil {
		t.Fatal(err)
	}
	v2, err := Nuevo(d).EmitirInforme(ctx, c.ID, sSecretaria)
	if err != nil || v2.Version != v1.Version+1 || v2.EvaluacionVersion != 2 {
		t.Fatalf("v2 = %+v %v", v2, err)
	}
	for _, e := range []flujo.Estado{flujo.EnComite, flujo.ConceptoEmitido, flujo.Cerrado} {
		llevar(t, d, c.ID, e)
		if _, err := Nuevo(d).EmitirInforme(ctx, c.ID, sSecretaria); !esPaso(err) {
			t.Fatalf("informe en «%s»: %v", e, err)
		}
	}
	// The expediente's informe is the last version issued before the
	// Comité (the same bytes); one built from the stored case after closing
	// shows the REA date of the proposal, as its history does.
	_, pdf, err := d.InformePDF(ctx, c.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	if exp, _, err := Nuevo(d).PDFInforme(ctx, c.ID); err != nil || string(exp) != string(pdf) {
		t.Fatalf("el PDF del expediente no es la última versión emitida: %v", err)
	}
	datos := datosCerrado(t, d, c.ID)
	p, _ := d.PropuestaDe(ctx, c.ID)
	texto := textoSecciones(t, datos)
	for _, quiere := range []string{"Requerimiento especial aduanero (REA) = " + formato.Fecha(p.FechaREA), "Propuesta del REA del " + p.FechaREA.DMA(),
		"Fecha del REA = " + formato.Fecha(p.FechaREA), "Multa propuesta = " + formato.Pesos(*p.Total)} {
		if !strings.Contains(texto, quiere) {
			t.Errorf("el informe no dice %q", quiere)
		}
	}
}

// datosCerrado builds the informe from everything stored about a case (no
// issue instant: the whole history, the concepto and the REA proposal).
func datosCerrado(t *testing.T, d *db.DB, id int64) informe.Datos {
	t.Helper()
	f, err := d.FuenteInforme(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	datos, err := armar(f, informe.Emision{Version: 9, EmitidoPor: "prueba", Instante: f.Historia[len(f.Historia)-1].Instante()})
	if err != nil {
		t.Fatal(err)
	}
	return datos
}

// textoSecciones flattens the informe's sections: "label = value" pairs,
// paragraphs and table cells, one a line.
func textoSecciones(t *testing.T, d informe.Datos) string {
	t.Helper()
	ss, err := informe.Secciones(d)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, s := range ss {
		for _, bl := range s.Bloques {
			b.WriteString(bl.Texto + "\n")
			for _, p := range bl.Pares {
				b.WriteString(p.Etiqueta + " = " + p.Valor + "\n")
			}
			if bl.Tabla != nil {
				for _, f := range bl.Tabla.Filas {
					b.WriteString(strings.Join(f, " | ") + "\n")
				}
			}
		}
	}
	return b.String()
}

// textoPDF extracts the text of a PDF with poppler's pdftotext.
func textoPDF(t *testing.T, pdf []byte) string {
	t.Helper()
	prog := pruebas.Herramienta(t, "poppler-utils", "pdftotext")
	ruta := filepath.Join(t.TempDir(), "acta.pdf")
	if err := os.WriteFile(ruta, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(prog, "-layout", ruta, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	return string(out)
}

func TestActa_listaCadaCasoDelOrdenDelDiaYEsDeterminista(t *testing.T) {
	d, reloj := baseCasos(t)
	ctx := context.Background()
	if err := Nuevo(d).FijarQuorum(ctx, 2, sAdmin); err != nil {
		t.Fatal(err)
	}
	s, cs := sesionConCasos(t, d, 3, 3)
	if _, err := Nuevo(d).RegistrarConceptoEnSesion(ctx, s.ID, cs[0].ID, conceptoMulta(), sComite); err != nil {
		t.Fatal(err)
	}
	canc := conceptoMulta()
	canc.Decision, canc.CriteriosCancelacion = flujo.DecisionCancelacion, []string{"5.3"}
	canc.Motivacion["naturaleza_hechos"] = "Contrabando técnico reiterado."
	if _, err := Nuevo(d).RegistrarConceptoEnSesion(ctx, s.ID, cs[1].ID, canc, sComite); err != nil {
		t.Fatal(err)
	}
	corr := canc
	corr.Motivacion = map[string]string{"naturaleza_hechos": "Contrabando técnico reiterado en 2025.", "impacto_comercio": canc.Motivacion["impacto_comercio"], "antecedentes": canc.Motivacion["antecedentes"]}
	if _, err := Nuevo(d).CorregirConcepto(ctx, cs[1].ID, corr, "error de digitación en el año", sComite); err != nil {
		t.Fatal(err)
	}
	a, err := Nuevo(d).PDFActa(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	*reloj = reloj.Add(72 * time.Hour) // the clock does not enter the acta
	b, _ := Nuevo(d).PDFActa(ctx, s.ID)
	if !bytes.Equal(a, b) {
		t.Fatal("la misma sesión guardada dio bytes distintos")
	}
	texto := textoPDF(t, a)
	for _, quiere := range []string{cs[0].Numero, cs[1].Numero, cs[2].Numero, "Sesión " + s.Numero, "Página 1 de", "Orden del día",
		"Ana María Rojas", "Subdirectora de Fiscalización Aduanera", "Hay quórum: 3 miembros presentes (mínimo 2)",
		"Multa prevista incrementada en 1.000 UVT", "Cancelación de la autorización", "Contrabando técnico reiterado.", "error de digitación en el año",
		"El Comité no registró concepto sobre este caso en la sesión"} {
		if !strings.Contains(strings.Join(strings.Fields(texto), " "), quiere) {
			t.Errorf("el acta no dice %q", quiere)
		}
	}
	// The third case has no concepto: no acta until the session records why.
	if _, err := Nuevo(d).EmitirActa(ctx, s.ID, sSecretaria); !esPaso(err) {
		t.Fatalf("acta con un caso sin concepto ni aplazamiento: %v", err)
	}
	if err := Nuevo(d).AplazarCaso(ctx, s.ID, cs[2].ID, "Falta el concepto técnico de la seccional", sSecretaria); err != nil {
		t.Fatal(err)
	}
	if txt := textoPDF(t, mustPDFActa(t, d, s.ID)); !strings.Contains(strings.Join(strings.Fields(txt), " "), "Motivo: Falta el concepto técnico de la seccional") {
		t.Error("el acta no dice por qué se aplazó el caso")
	}
	v1, err := Nuevo(d).EmitirActa(ctx, s.ID, sSecretaria)
	if err != nil {
		t.Fatal(err)
	}
	if v1.FirmaSujeto != "" || v1.SHA256 != v1.SHA256Contenido || v1.Version != 1 {
		t.Fatalf("acta sin firma: %+v", v1)
	}
	_, guardado, _ := d.ActaPDF(ctx, s.ID, 1)
	suma := sha256.Sum256(guardado)
	if hex.EncodeToString(suma[:]) != v1.SHA256 {
		t.Fatal("el SHA-256 registrado no es el del archivo guardado")
	}
	// Reading it again as it stands reproduces the issued bytes.
	otra, _ := Nuevo(d).PDFActa(ctx, s.ID)
	if !bytes.Equal(otra, guardado) {
		t.Fatal("el acta emitida no se reproduce desde los datos guardados")
	}
	if _, err := Nuevo(d).EmitirActa(ctx, s.ID, sAuditor); !errors.Is(err, db.ErrSesionRol) {
		t.Fatalf("el auditor emitió el acta: %v", err)
	}
	if _, err := d.Exec(`UPDATE actas SET sha256 = 'x'`); err == nil {
		t.Fatal("la base dejó modificar un acta emitida")
	}
	if _, err := d.Exec(`DELETE FROM actas`); err == nil {
		t.Fatal("la base dejó borrar un acta emitida")
	}
}

// pdfsigInforme runs poppler's verifier (exit 0 even when invalid: the
// verdict is in the text).
func pdfsigInforme(t *testing.T, doc []byte) string {
	t.Helper()
	prog := pruebas.Herramienta(t, "poppler-utils", "pdfsig")
	ruta := filepath.Join(t.TempDir(), "firmado.pdf")
	if err := os.WriteFile(ruta, doc, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(prog, "-no-ocsp", ruta)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("pdfsig: %v\n%s", err, out)
	}
	return string(out)
}

func firmanteDePrueba(t *testing.T) *firma.Firmante {
	t.Helper()
	cert, clave := firmaprueba.Archivos(t, firmaprueba.Opciones{Nombre: "Presidencia del Comité de Fiscalización", Desde: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)})
	f, err := firma.Cargar(cert, clave, "")
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestFirma_actaEInformeFirmadosAlEmitir_pdfsigValidaYUnByteLaInvalida(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	d.Firma = firmanteDePrueba(t)
	if err := Nuevo(d).FijarQuorum(ctx, 2, sAdmin); err != nil {
		t.Fatal(err)
	}
	s, cs := sesionConCasos(t, d, 3, 1)
	if _, err := Nuevo(d).RegistrarConceptoEnSesion(ctx, s.ID, cs[0].ID, conceptoMulta(), sComite); err != nil {
		t.Fatal(err)
	}
	v, err := Nuevo(d).EmitirActa(ctx, s.ID, sComite)
	if err != nil {
		t.Fatal(err)
	}
	_, archivo, err := d.ActaPDF(ctx, s.ID, v.Version)
	if err != nil {
		t.Fatal(err)
	}
	contenido, _ := Nuevo(d).PDFActa(ctx, s.ID)
	sc, sa := sha256.Sum256(contenido), sha256.Sum256(archivo)
	if !strings.Contains(v.FirmaSujeto, "Presidencia del Comité de Fiscalización") || v.SHA256 != hex.EncodeToString(sa[:]) ||
		v.SHA256Contenido != hex.EncodeToString(sc[:]) || v.SHA256 == v.SHA256Contenido || !bytes.HasPrefix(archivo, contenido) {
		t.Fatalf("acta firmada mal registrada: %+v", v)
	}
	informe := pdfsigInforme(t, archivo)
	if !strings.Contains(informe, "Signature is Valid.") || !strings.Contains(informe, "Total document signed") {
		t.Fatalf("pdfsig no valida el acta firmada:\n%s", informe)
	}
	i := bytes.Index(archivo, []byte("/CreationDate (D:2026"))
	if i < 0 {
		t.Fatal("no se encontró la fecha de creación en el PDF")
	}
	alterado := bytes.Clone(archivo)
	alterado[i+len("/CreationDate (D:202")] = '5'
	informe = pdfsigInforme(t, alterado)
	if strings.Contains(informe, "Signature is Valid.") || !regexp.MustCompile(`Signature Validation: (Signature is Invalid|Digest Mismatch)`).MatchString(informe) {
		t.Fatalf("pdfsig sigue dando la firma por válida tras cambiar un byte:\n%s", informe)
	}

	// The informe: signed as a step of its issue, its history says by whom.
	c := abrir(t, d, nitEjemplo, sSeccional)
	llevarEvaluacion(t, d, c.ID)
	inf, err := Nuevo(d).EmitirInforme(ctx, c.ID, sSecretaria)
	if err != nil {
		t.Fatal(err)
	}
	_, pdf, _ := d.InformePDF(ctx, c.ID, inf.Version)
	if inf.FirmaSujeto == "" || inf.SHA256 == inf.SHA256Contenido {
		t.Fatalf("informe firmado mal registrado: %+v", inf)
	}
	informe = pdfsigInforme(t, pdf)
	if !strings.Contains(informe, "Signature is Valid.") || !strings.Contains(informe, "Total document signed") {
		t.Fatalf("pdfsig no valida el informe firmado:\n%s", informe)
	}
	h, _ := d.Historia(ctx, c.ID)
	if last := h[len(h)-1].Texto; !strings.Contains(last, "firmado electrónicamente (PAdES) por") || !strings.Contains(last, inf.SHA256Contenido) {
		t.Fatalf("la historia no dice la firma: %q", last)
	}
}

func TestFirma_sinCertificadoElInformeLoDiceEnLaHistoria(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	llevarEvaluacion(t, d, c.ID)
	inf, err := Nuevo(d).EmitirInforme(ctx, c.ID, sSecretaria)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := d.Historia(ctx, c.ID)
	if last := h[len(h)-1].Texto; !strings.Contains(last, "sin firma electrónica") || inf.FirmaSujeto != "" || inf.SHA256 != inf.SHA256Contenido {
		t.Fatalf("informe sin firma: %+v %q", inf, last)
	}
}

func mustPDFActa(t *testing.T, d *db.DB, id int64) []byte {
	t.Helper()
	b, err := Nuevo(d).PDFActa(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
