package expediente

import (
	"bytes"
	"comite/internal/dominio"
	"comite/internal/permisos"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"comite/internal/pruebas"
)

// poppler runs a poppler tool on pdf and returns its output (and the
// directory where it ran, for pdfdetach -saveall).
func poppler(t *testing.T, pdf []byte, prog string, args ...string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	ruta := filepath.Join(dir, "documento.pdf")
	if err := os.WriteFile(ruta, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	args = append(args, ruta)
	if prog == "pdftotext" {
		args = append(args, "-") // to standard output
	}
	cmd := exec.Command(pruebas.Herramienta(t, "poppler-utils", prog), args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", prog, args, err, out)
	}
	return string(out), dir
}

// An issued informe, unsigned and signed: the evaluation it was built from
// is attached byte for byte as stored and its SHA-256 recorded beside the
// document's; the signature block and the history name people, never
// logins; the XMP survives the signature.
func TestInforme_emitidoLlevaLaEvaluacionGuardadaYSusFirmantes(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	for _, n := range []dominio.NuevaCuenta{{Usuario: "secretaria", Nombre: "Sara Ruiz Gómez", Rol: permisos.RolSecretaria},
		{Usuario: "seccional", Nombre: "Luis Pérez", Rol: permisos.RolSeccional, DireccionSeccional: secCartagena}} {
		n.Clave = "una clave de prueba larga 7"
		if _, err := d.CrearCuenta(ctx, n, sAdmin.Actor); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.FijarCargo(ctx, "secretaria", "Profesional especializada", sAdmin.Actor); err != nil {
		t.Fatal(err)
	}
	x := Nuevo(d)
	for _, firmado := range []bool{false, true} {
		if firmado {
			x.Firma = firmanteDePrueba(t)
		}
		c := abrir(t, d, nitEjemplo, sSeccional)
		llevarEvaluacionCon(t, x, c.ID)
		i, pdf, err := d.InformePDF(ctx, c.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := d.EvaluacionPorID(ctx, i.EvaluacionID)
		if err != nil {
			t.Fatal(err)
		}
		suma := sha256.Sum256([]byte(ev.ResultadoJSON))
		if i.SHA256Evaluacion != hex.EncodeToString(suma[:]) {
			t.Fatalf("SHA-256 de la evaluación registrado %q, quiere %x", i.SHA256Evaluacion, suma)
		}
		nombre := "evaluacion-" + c.Numero + "-v1.json"
		lista, _ := poppler(t, pdf, "pdfdetach", "-list")
		if !strings.Contains(lista, nombre) {
			t.Fatalf("firmado=%v: pdfdetach no lista %s:\n%s", firmado, nombre, lista)
		}
		_, dir := poppler(t, pdf, "pdfdetach", "-saveall")
		adj, err := os.ReadFile(filepath.Join(dir, nombre))
		if err != nil || !bytes.Equal(adj, []byte(ev.ResultadoJSON)) {
			t.Fatalf("firmado=%v: el adjunto no es la evaluación guardada: %v", firmado, err)
		}
		if meta, _ := poppler(t, pdf, "pdfinfo", "-meta"); !strings.Contains(meta, "<dc:identifier>"+c.Numero+"</dc:identifier>") {
			t.Fatalf("firmado=%v: sin XMP:\n%s", firmado, meta)
		}
		texto, _ := poppler(t, pdf, "pdftotext", "-layout")
		plano := strings.Join(strings.Fields(texto), " ")
		if !strings.Contains(plano, "Profesional especializada — Secretaría Técnica del Comité de Fiscalización") {
			t.Errorf("firmado=%v: el bloque de firmas no da el cargo", firmado)
		}
		if sin := strings.Contains(plano, "Documento sin firma digital"); sin == firmado {
			t.Errorf("firmado=%v: la leyenda de la firma no corresponde", firmado)
		}
		if firmado && !strings.Contains(plano, "Firmado digitalmente (PAdES) por "+x.Firma.Sujeto()) {
			t.Errorf("el informe firmado no dice quién firmó")
		}
		for _, login := range []string{"secretaria", "seccional", "comite"} {
			for _, l := range strings.Split(texto, "\n") {
				for _, w := range strings.Fields(l) {
					if w == login {
						t.Errorf("firmado=%v: el informe nombra la cuenta %q: %s", firmado, login, strings.TrimSpace(l))
					}
				}
			}
		}
	}
}
