package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// variableComoBinario makes the test binary behave as the comite command
// (TestMain), so tests can run it as real processes under the name comite.
const variableComoBinario = "COMITE_PRUEBA_COMO_BINARIO"

func TestMain(m *testing.M) {
	if os.Getenv(variableComoBinario) == "1" {
		os.Exit(correr(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// comandosDelManual extracts, in order, the comite commands of the
// operator's manual: indented code lines that run comite (as the service
// user or not), continuation lines joined.
func comandosDelManual(t *testing.T, texto string) []string {
	t.Helper()
	sudo := regexp.MustCompile(`^sudo -u comite (--preserve-env=\S+ )?`)
	var out []string
	lineas := strings.Split(texto, "\n")
	for i := 0; i < len(lineas); i++ {
		l := lineas[i]
		if !strings.HasPrefix(l, "    ") {
			continue
		}
		c := sudo.ReplaceAllString(strings.TrimSpace(l), "")
		if !strings.HasPrefix(c, "comite ") {
			continue
		}
		for strings.HasSuffix(c, `\`) && i+1 < len(lineas) {
			i++
			c = strings.TrimSuffix(c, `\`) + " " + strings.TrimSpace(lineas[i])
		}
		out = append(out, c)
	}
	return out
}

// The operator's manual, followed literally: its comite commands, taken
// from docs/operacion.md in the order they appear, run as processes on a
// fresh directory standing for the machine's root (the service's own steps,
// systemctl and chattr, are the system's). Each must succeed, and the last
// is «comite auditoria verificar».
func TestManualDelOperador_seSigueAlPieDeLaLetra(t *testing.T) {
	t.Parallel()
	texto, err := os.ReadFile("../../docs/operacion.md")
	if err != nil {
		t.Fatal(err)
	}
	comandos := comandosDelManual(t, string(texto))
	if len(comandos) < 8 || !strings.HasPrefix(comandos[len(comandos)-1], "comite auditoria verificar ") {
		t.Fatalf("el manual no tiene los comandos esperados: %q", comandos)
	}
	raiz := t.TempDir()
	bin := filepath.Join(raiz, "bin")
	for _, d := range []string{bin, "var/lib/comite", "var/backups/comite", "etc/comite/auditoria", "var/log/comite", "tmp"} {
		if err := os.MkdirAll(filepath.Join(raiz, strings.TrimPrefix(d, raiz)), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	yo, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(yo, filepath.Join(bin, "comite")); err != nil {
		t.Fatal(err)
	}
	rutas := strings.NewReplacer("/var/lib/comite", raiz+"/var/lib/comite", "/var/backups/comite", raiz+"/var/backups/comite",
		"/etc/comite", raiz+"/etc/comite", "/var/log/comite", raiz+"/var/log/comite", "/tmp/", raiz+"/tmp/")
	var entorno []string
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "COMITE_") && !strings.HasPrefix(e, "PATH=") {
			entorno = append(entorno, e)
		}
	}
	entorno = append(entorno, "PATH="+bin+":/usr/bin:/bin", variableComoBinario+"=1")
	for _, c := range comandos {
		linea := rutas.Replace(c)
		cmd := exec.Command("/bin/sh", "-c", linea)
		cmd.Env = entorno
		cmd.Dir = raiz
		if strings.HasPrefix(c, "comite usuarios crear ") {
			cmd.Stdin = strings.NewReader("Girasol-Puerto-8142-noche\n")
		}
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s\n%v\n%s%s", c, err, out.String(), errb.String())
		}
		t.Logf("%s\n%s", c, out.String())
	}
	// Nothing made a key or an anchor beside the database: all of them
	// used the ones the manual named once.
	for _, f := range []string{"var/lib/comite/comite.db.clave-auditoria", "var/lib/comite/comite.db.ancla-auditoria"} {
		if _, err := os.Stat(filepath.Join(raiz, f)); err == nil {
			t.Errorf("se creó %s: un comando no usó la configuración de la base", f)
		}
	}
}
