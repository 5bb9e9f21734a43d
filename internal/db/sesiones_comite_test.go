package db

import (
	"bytes"
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

	"comite/internal/fecha"
	"comite/internal/firma"
	"comite/internal/firma/firmaprueba"
	"comite/internal/flujo"
	"comite/internal/pruebas"
)

func sesionEjemplo(miembros int) flujo.Sesion {
	todos := []flujo.MiembroSesion{
		{Nombre: "Ana María Rojas", Cargo: "Directora de Gestión de Fiscalización"},
		{Nombre: "Carlos Pérez", Cargo: "Subdirector de Gestión Jurídica Aduanera"},
		{Nombre: "Lucía Gómez", Cargo: "Subdirectora de Fiscalización Aduanera"},
	}
	return flujo.Sesion{Fecha: fecha.Debe(2026, 3, 17), Hora: "09:30", Modalidad: "mixta", Lugar: "Sala 5, Nivel Central, Bogotá",
		Preside: "Ana María Rojas", Secretario: "Jorge Díaz (Secretaría Técnica)", Miembros: todos[:miembros]}
}

// sesionConCasos convenes a session with n cases en_comite on its agenda.
func sesionConCasos(t *testing.T, d *DB, miembros, n int) (SesionComite, []Caso) {
	t.Helper()
	ctx := context.Background()
	s, err := d.ConvocarSesion(ctx, sesionEjemplo(miembros), sSecretaria)
	if err != nil {
		t.Fatal(err)
	}
	var cs []Caso
	for range n {
		c := abrir(t, d, nitEjemplo, sSeccional)
		llevar(t, d, c.ID, flujo.EnComite)
		if err := d.AgregarAlOrden(ctx, s.ID, c.ID, sSecretaria); err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	return s, cs
}

func TestSesion_quorumSinConfigurarOInsuficienteNoRegistraConcepto(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	s, cs := sesionConCasos(t, d, 2, 1)
	contar := func() int {
		var n int
		d.QueryRow(`SELECT count(*) FROM conceptos`).Scan(&n)
		return n
	}
	// Never configured: not zero, the session cannot decide.
	_, err := d.RegistrarConceptoEnSesion(ctx, s.ID, cs[0].ID, conceptoMulta(), sComite)
	if !esPaso(err) || !strings.Contains(err.Error(), "no ha configurado el quórum") {
		t.Fatalf("sin quórum configurado: %v", err)
	}
	if err := d.FijarQuorum(ctx, 3, sComite); !esPaso(err) {
		t.Fatalf("el Comité fijó el quórum: %v", err)
	}
	if err := d.FijarQuorum(ctx, 3, sAdmin); err != nil {
		t.Fatal(err)
	}
	_, err = d.RegistrarConceptoEnSesion(ctx, s.ID, cs[0].ID, conceptoMulta(), sComite)
	if !esPaso(err) || !strings.Contains(err.Error(), "2 miembros presentes de 3 requeridos") {
		t.Fatalf("2 presentes de 3: %v", err)
	}
	if n := contar(); n != 0 {
		t.Fatalf("una sesión sin quórum guardó %d conceptos", n)
	}
	c, _ := d.Caso(ctx, cs[0].ID)
	if c.Estado != flujo.EnComite {
		t.Fatalf("el caso cambió de estado sin concepto: %s", c.Estado)
	}
	// The attendance completes the quorum.
	ses := sesionEjemplo(3)
	if err := d.RegistrarAsistencia(ctx, s.ID, ses.Preside, ses.Secretario, ses.Miembros, sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := d.RegistrarConceptoEnSesion(ctx, s.ID, cs[0].ID, conceptoMulta(), sComite); err != nil {
		t.Fatal(err)
	}
	var aud int
	d.QueryRow(`SELECT count(*) FROM auditoria WHERE accion = 'parametro.quorum'`).Scan(&aud)
	if aud != 1 {
		t.Errorf("el cambio de quórum no quedó auditado (%d filas)", aud)
	}
	if _, err := d.Exec(`UPDATE parametros_comite SET valor = 1`); err == nil {
		t.Error("la base dejó modificar un parámetro registrado")
	}
}

func TestSesion_art25_conceptoEnSesionLlevaSuFechaYMiembros(t *testing.T) {
	d, reloj := baseCasos(t)
	ctx := context.Background()
	if err := d.FijarQuorum(ctx, 2, sAdmin); err != nil {
		t.Fatal(err)
	}
	s, cs := sesionConCasos(t, d, 3, 1)
	*reloj = reloj.Add(48 * time.Hour) // recorded two days after the session
	c := conceptoMulta()
	c.FechaSesion = fecha.Debe(2026, 3, 18)         // ignored: the session's date rules
	c.Miembros = []string{"Alguien que no asistió"} // ignored: the attendance rules
	g, err := d.RegistrarConceptoEnSesion(ctx, s.ID, cs[0].ID, c, sComite)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Ana María Rojas (Directora de Gestión de Fiscalización)", "Carlos Pérez (Subdirector de Gestión Jurídica Aduanera)", "Lucía Gómez (Subdirectora de Fiscalización Aduanera)"}
	if !g.Concepto.FechaSesion.Igual(fecha.Debe(2026, 3, 17)) || strings.Join(g.Concepto.Miembros, "|") != strings.Join(want, "|") || g.SesionID != s.ID {
		t.Fatalf("concepto %+v", g)
	}
	// Attendance is fixed once a concepto carries it.
	if err := d.RegistrarAsistencia(ctx, s.ID, "Otro", "Otro", nil, sComite); !esPaso(err) {
		t.Fatalf("se cambió la asistencia después de un concepto: %v", err)
	}
	// Only the Comité records; a case off the agenda is refused.
	s2, cs2 := sesionConCasos(t, d, 3, 1)
	if _, err := d.RegistrarConceptoEnSesion(ctx, s2.ID, cs2[0].ID, conceptoMulta(), sSecretaria); !esPaso(err) {
		t.Fatalf("la Secretaría registró un concepto: %v", err)
	}
	otro := abrir(t, d, nitEjemplo, sSeccional)
	llevar(t, d, otro.ID, flujo.EnComite)
	if _, err := d.RegistrarConceptoEnSesion(ctx, s2.ID, otro.ID, conceptoMulta(), sComite); !esPaso(err) || !strings.Contains(err.Error(), "orden del día") {
		t.Fatalf("concepto de un caso fuera del orden del día: %v", err)
	}
}

func TestSesion_gestionPorRolYOrdenSoloConCasosEnComite(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	for _, q := range []ActorCaso{sSeccional, sAuditor, sAdmin} {
		if _, err := d.ConvocarSesion(ctx, sesionEjemplo(2), q); !errors.Is(err, ErrSesionRol) {
			t.Errorf("%s convocó una sesión: %v", q.Rol, err)
		}
	}
	s, err := d.ConvocarSesion(ctx, sesionEjemplo(2), sComite)
	if err != nil {
		t.Fatal(err)
	}
	if s.Numero != "SC-2026-001" {
		t.Errorf("número %q", s.Numero)
	}
	var fe *ErrFormulario
	mala := sesionEjemplo(1)
	mala.Hora, mala.Modalidad, mala.Miembros[0].Cargo = "25:00", "remota", ""
	if _, err := d.ConvocarSesion(ctx, mala, sComite); !errors.As(err, &fe) || fe.Campos["hora"] == "" || fe.Campos["modalidad"] == "" || fe.Campos["miembros"] == "" {
		t.Fatalf("sesión inválida: %v", err)
	}
	c := abrir(t, d, nitEjemplo, sSeccional)
	if err := d.AgregarAlOrden(ctx, s.ID, c.ID, sComite); !esPaso(err) {
		t.Fatalf("un caso reportado entró al orden del día: %v", err)
	}
	llevar(t, d, c.ID, flujo.EnComite)
	if err := d.AgregarAlOrden(ctx, s.ID, c.ID, sAuditor); !errors.Is(err, ErrSesionRol) {
		t.Fatalf("el auditor armó el orden del día: %v", err)
	}
	if err := d.AgregarAlOrden(ctx, s.ID, c.ID, sComite); err != nil {
		t.Fatal(err)
	}
	if err := d.AgregarAlOrden(ctx, s.ID, c.ID, sComite); !esPaso(err) {
		t.Fatalf("el caso entró dos veces: %v", err)
	}
	prox, err := d.SesionesProximas(ctx, fecha.Debe(2026, 3, 17))
	if err != nil || len(prox) != 1 || len(prox[0].Orden) != 1 {
		t.Fatalf("sesiones próximas: %v %+v", err, prox)
	}
	if prox, _ := d.SesionesProximas(ctx, fecha.Debe(2026, 3, 18)); len(prox) != 0 {
		t.Fatalf("una sesión pasada figura como próxima: %+v", prox)
	}
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
	if err := d.FijarQuorum(ctx, 2, sAdmin); err != nil {
		t.Fatal(err)
	}
	s, cs := sesionConCasos(t, d, 3, 3)
	if _, err := d.RegistrarConceptoEnSesion(ctx, s.ID, cs[0].ID, conceptoMulta(), sComite); err != nil {
		t.Fatal(err)
	}
	canc := conceptoMulta()
	canc.Decision, canc.CriteriosCancelacion = flujo.DecisionCancelacion, []string{"5.3"}
	canc.Motivacion["naturaleza_hechos"] = "Contrabando técnico reiterado."
	if _, err := d.RegistrarConceptoEnSesion(ctx, s.ID, cs[1].ID, canc, sComite); err != nil {
		t.Fatal(err)
	}
	corr := canc
	corr.Motivacion = map[string]string{"naturaleza_hechos": "Contrabando técnico reiterado en 2025.", "impacto_comercio": canc.Motivacion["impacto_comercio"], "antecedentes": canc.Motivacion["antecedentes"]}
	if _, err := d.CorregirConcepto(ctx, cs[1].ID, corr, "error de digitación en el año", sComite); err != nil {
		t.Fatal(err)
	}
	a, err := d.PDFActa(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	*reloj = reloj.Add(72 * time.Hour) // the clock does not enter the acta
	b, _ := d.PDFActa(ctx, s.ID)
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
	v1, err := d.EmitirActa(ctx, s.ID, sSecretaria)
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
	otra, _ := d.PDFActa(ctx, s.ID)
	if !bytes.Equal(otra, guardado) {
		t.Fatal("el acta emitida no se reproduce desde los datos guardados")
	}
	if _, err := d.EmitirActa(ctx, s.ID, sAuditor); !errors.Is(err, ErrSesionRol) {
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
	if err := d.FijarQuorum(ctx, 2, sAdmin); err != nil {
		t.Fatal(err)
	}
	s, cs := sesionConCasos(t, d, 3, 1)
	if _, err := d.RegistrarConceptoEnSesion(ctx, s.ID, cs[0].ID, conceptoMulta(), sComite); err != nil {
		t.Fatal(err)
	}
	v, err := d.EmitirActa(ctx, s.ID, sComite)
	if err != nil {
		t.Fatal(err)
	}
	_, archivo, err := d.ActaPDF(ctx, s.ID, v.Version)
	if err != nil {
		t.Fatal(err)
	}
	contenido, _ := d.PDFActa(ctx, s.ID)
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
	inf, err := d.EmitirInforme(ctx, c.ID, sSecretaria)
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
	inf, err := d.EmitirInforme(ctx, c.ID, sSecretaria)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := d.Historia(ctx, c.ID)
	if last := h[len(h)-1].Texto; !strings.Contains(last, "sin firma electrónica") || inf.FirmaSujeto != "" || inf.SHA256 != inf.SHA256Contenido {
		t.Fatalf("informe sin firma: %+v %q", inf, last)
	}
}
