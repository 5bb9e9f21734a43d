package main

import (
	"bytes"
	"comite/internal/dominio"
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"comite/internal/db"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/firma/firmaprueba"
	"comite/internal/flujo"
	"comite/internal/pruebas"
)

// baseConSesion is a database with one convened session (SC-2026-001).
func baseConSesion(t *testing.T) string {
	t.Helper()
	ruta := filepath.Join(t.TempDir(), "comite.db")
	d, err := db.Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	d.Now = func() time.Time { return time.Date(2026, 3, 17, 15, 0, 0, 0, time.UTC) }
	_, err = expediente.Nuevo(d).ConvocarSesion(context.Background(), flujo.Sesion{Fecha: fecha.Debe(2026, 3, 17), Hora: "09:30", Modalidad: "presencial", Lugar: "Sala 5, Nivel Central",
		Preside: "Ana María Rojas", Secretario: "Jorge Díaz", Miembros: []flujo.MiembroSesion{{Nombre: "Ana María Rojas", Cargo: "Directora de Gestión de Fiscalización"}}},
		dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "secretaria"}, Rol: flujo.RolSecretaria})
	if err != nil {
		t.Fatal(err)
	}
	return ruta
}

func acta(t *testing.T, args ...string) (int, string, string, []byte) {
	t.Helper()
	arch := filepath.Join(t.TempDir(), "acta.pdf")
	var out, errb bytes.Buffer
	code := correr(append([]string{"acta", "-o", arch}, args...), nil, &out, &errb)
	b, _ := os.ReadFile(arch)
	return code, out.String(), errb.String(), b
}

func TestActa_contrato_mismosBytesCodigosDeSalidaYFirma(t *testing.T) {
	ruta := baseConSesion(t)
	code, out, errb, a := acta(t, "--sesion", "SC-2026-001", "--db", ruta)
	if code != 0 || !bytes.HasPrefix(a, []byte("%PDF")) || !strings.Contains(out, "SC-2026-001") {
		t.Fatalf("exit %d: %s %s", code, out, errb)
	}
	_, _, _, b := acta(t, "--sesion", "1", "--db", ruta)
	if !bytes.Equal(a, b) {
		t.Fatal("la misma sesión dio bytes distintos")
	}
	if code, _, errb, _ := acta(t, "--sesion", "SC-2026-099", "--db", ruta); code != 1 || !strings.Contains(errb, "no existe la sesión") {
		t.Fatalf("sesión inexistente: exit %d %s", code, errb)
	}
	if code, _, errb, _ := acta(t, "--db", ruta); code != 2 || !strings.Contains(errb, "--sesion") {
		t.Fatalf("sin --sesion: exit %d %s", code, errb)
	}
	if code, _, errb, _ := acta(t, "--sesion", "1", "--db", ruta, "--firma-clave", "x.key"); code != 2 || !strings.Contains(errb, "--firma-certificado") {
		t.Fatalf("clave sin certificado: exit %d %s", code, errb)
	}

	cert, clave := firmaprueba.Archivos(t, firmaprueba.Opciones{Nombre: "Presidencia del Comité de Fiscalización"})
	code, _, errb, firmado := acta(t, "--sesion", "SC-2026-001", "--db", ruta, "--firma-certificado", cert, "--firma-clave", clave)
	if code != 0 || !bytes.HasPrefix(firmado, a) {
		t.Fatalf("exit %d: %s", code, errb)
	}
	for _, quiere := range []string{fmt.Sprintf("SHA-256 del contenido sin firmar: %x\n", sha256.Sum256(a)),
		fmt.Sprintf("SHA-256 del archivo firmado: %x\n", sha256.Sum256(firmado)), "Firmado por: CN=Presidencia del Comité de Fiscalización"} {
		if !strings.Contains(errb, quiere) {
			t.Errorf("la salida de error no dice %q:\n%s", quiere, errb)
		}
	}
	pdfsig := pruebas.Herramienta(t, "poppler-utils", "pdfsig")
	arch := filepath.Join(t.TempDir(), "firmado.pdf")
	if err := os.WriteFile(arch, firmado, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(pdfsig, "-no-ocsp", arch)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	inf, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("pdfsig: %v\n%s", err, inf)
	}
	for _, quiere := range []string{"Total document signed", "Signature is Valid."} {
		if !strings.Contains(string(inf), quiere) {
			t.Errorf("pdfsig no dice %q:\n%s", quiere, inf)
		}
	}
}
