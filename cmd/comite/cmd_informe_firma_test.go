package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"comite/internal/firma/firmaprueba"
	"comite/internal/pruebas"
)

// informeFirmado runs `comite informe` with the extra arguments and returns
// exit code, stdout, stderr and the written file.
func informeFirmado(t *testing.T, ruta, caso string, extra ...string) (int, string, string, []byte) {
	t.Helper()
	arch := filepath.Join(t.TempDir(), "informe.pdf")
	var out, errb bytes.Buffer
	code := correr(append([]string{"informe", "--caso", caso, "--db", ruta, "-o", arch}, extra...), nil, &out, &errb)
	b, _ := os.ReadFile(arch)
	return code, out.String(), errb.String(), b
}

func TestInforme_firmado_PEM_hashesSujetoYPdfsigValida(t *testing.T) {
	ruta, c := casoInforme(t)
	_, _, _, sinFirmar := informeFirmado(t, ruta, c.Numero)
	if len(sinFirmar) == 0 {
		t.Fatal("sin firma no escribió el PDF")
	}
	cert, clave := firmaprueba.Archivos(t, firmaprueba.Opciones{Nombre: "Secretaría Técnica del Comité de Fiscalización"})
	code, out, errb, firmado := informeFirmado(t, ruta, c.Numero, "--firma-certificado", cert, "--firma-clave", clave)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb)
	}
	if !bytes.HasPrefix(firmado, sinFirmar) || len(firmado) <= len(sinFirmar) {
		t.Fatal("el PDF firmado no es el mismo contenido sin firmar más la firma")
	}
	for _, quiere := range []string{
		fmt.Sprintf("SHA-256 del contenido sin firmar: %x\n", sha256.Sum256(sinFirmar)),
		fmt.Sprintf("SHA-256 del archivo firmado: %x\n", sha256.Sum256(firmado)),
		"Firmado por: CN=Secretaría Técnica del Comité de Fiscalización,O=DIAN,C=CO\n",
	} {
		if !strings.Contains(errb, quiere) {
			t.Errorf("la salida de error no dice %q:\n%s", quiere, errb)
		}
	}
	if !strings.Contains(out, "firmado") {
		t.Errorf("stdout no dice que el informe va firmado: %q", out)
	}

	inf := pdfsig(t, firmado)
	for _, quiere := range []string{"Total document signed", "Signature Validation: Signature is Valid.", "Signature Type: adbe.pkcs7.detached"} {
		if !strings.Contains(inf, quiere) {
			t.Errorf("pdfsig no dice %q:\n%s", quiere, inf)
		}
	}
}

func TestInforme_firmado_PKCS12_contrasenaDesdeLaVariableDeEntorno(t *testing.T) {
	ruta, c := casoInforme(t)
	p12, _ := firmaprueba.Archivos(t, firmaprueba.Opciones{PKCS12: true, ContraPKCS12: "una contraseña larga"})
	t.Setenv("COMITE_PRUEBA_P12", "una contraseña larga")
	code, _, errb, firmado := informeFirmado(t, ruta, c.Numero, "--firma-certificado", p12, "--firma-clave-pkcs12-env", "COMITE_PRUEBA_P12")
	if code != 0 || !strings.Contains(errb, "SHA-256 del archivo firmado: ") || !bytes.Contains(firmado, []byte("/adbe.pkcs7.detached")) {
		t.Fatalf("exit %d: %s", code, errb)
	}
	if strings.Contains(errb, "una contraseña larga") {
		t.Fatal("la contraseña apareció en la salida")
	}
}

func TestInforme_firmado_erroresEnEspanol(t *testing.T) {
	ruta, c := casoInforme(t)
	_, clave := firmaprueba.Archivos(t, firmaprueba.Opciones{})
	otroCert, _ := firmaprueba.Archivos(t, firmaprueba.Opciones{Nombre: "Otra persona"})
	vencidoCert, vencidoClave := firmaprueba.Archivos(t, firmaprueba.Opciones{Desde: time.Now().AddDate(-2, 0, 0), Hasta: time.Now().AddDate(0, 0, -1)})
	p12, _ := firmaprueba.Archivos(t, firmaprueba.Opciones{PKCS12: true, ContraPKCS12: "buena"})
	t.Setenv("COMITE_PRUEBA_P12_MALA", "mala")
	casos := []struct {
		nombre string
		extra  []string
		code   int
		dice   []string
	}{
		{"certificado_vencido", []string{"--firma-certificado", vencidoCert, "--firma-clave", vencidoClave}, 1, []string{"firma.crt", "está vencido", "venció el"}},
		{"clave_que_no_corresponde", []string{"--firma-certificado", otroCert, "--firma-clave", clave}, 1, []string{"firma.key", "no corresponde al certificado"}},
		{"certificado_inexistente", []string{"--firma-certificado", filepath.Join(t.TempDir(), "no.crt"), "--firma-clave", clave}, 1, []string{"no.crt", "no existe"}},
		{"clave_sin_certificado", []string{"--firma-clave", clave}, 2, []string{"--firma-certificado", "falta el certificado"}},
		{"variable_de_contrasena_no_definida", []string{"--firma-certificado", p12, "--firma-clave-pkcs12-env", "COMITE_VARIABLE_QUE_NO_EXISTE"}, 2, []string{"COMITE_VARIABLE_QUE_NO_EXISTE", "no está definida"}},
		{"contrasena_pkcs12_incorrecta", []string{"--firma-certificado", p12, "--firma-clave-pkcs12-env", "COMITE_PRUEBA_P12_MALA"}, 1, []string{"firma.p12", "contraseña", "incorrecta"}},
		{"opcion_desconocida", []string{"--firma-motivo", "x"}, 2, []string{"--firma-motivo", "opción desconocida", "--firma-certificado"}},
	}
	for _, c2 := range casos {
		t.Run(c2.nombre, func(t *testing.T) {
			code, _, errb, escrito := informeFirmado(t, ruta, c.Numero, c2.extra...)
			if code != c2.code {
				t.Fatalf("exit %d, se esperaba %d: %s", code, c2.code, errb)
			}
			for _, d := range c2.dice {
				if !strings.Contains(errb, d) {
					t.Errorf("stderr %q no dice %q", errb, d)
				}
			}
			if len(escrito) != 0 {
				t.Error("con un error de firma no debe quedar ningún PDF escrito")
			}
		})
	}
	// Without the flags, nothing changes: no hashes on stderr.
	code, _, errb, _ := informeFirmado(t, ruta, c.Numero)
	if code != 0 || errb != "" {
		t.Fatalf("sin firma: exit %d, stderr %q", code, errb)
	}
}

func TestInforme_firmado_advierteClaveLegiblePorOtros(t *testing.T) {
	ruta, c := casoInforme(t)
	cert, clave := firmaprueba.Archivos(t, firmaprueba.Opciones{})
	if err := os.Chmod(clave, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errb, _ := informeFirmado(t, ruta, c.Numero, "--firma-certificado", cert, "--firma-clave", clave)
	if code != 0 || !regexp.MustCompile(`advertencia: .*firma\.key: la clave privada tiene permisos 0644`).MatchString(errb) {
		t.Fatalf("exit %d, stderr %q", code, errb)
	}
}

// pdfsig is what poppler's pdfsig says of the signed PDF firmado.
func pdfsig(t *testing.T, firmado []byte) string {
	t.Helper()
	herramienta := pruebas.Herramienta(t, "poppler-utils", "pdfsig")
	arch := filepath.Join(t.TempDir(), "firmado.pdf")
	if err := os.WriteFile(arch, firmado, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(herramienta, "-no-ocsp", arch)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	inf, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("pdfsig: %v\n%s", err, inf)
	}
	return string(inf)
}
