package pruebas

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// LibreOfficeCSV opens the workbook datos with LibreOffice Calc (paquete
// libreoffice-calc-nogui; without it the test skips, or fails in CI) and
// returns it saved as CSV with the options of its CSV filter
// ("59,34,76,1,,1033,false,false,true": separator ;, quotes ", UTF-8, from
// row 1, en-US, …, contents as shown or not). Each call uses its own
// profile, so tests may run at the same time.
func LibreOfficeCSV(t testing.TB, datos []byte, opciones string) []byte {
	t.Helper()
	soffice := Herramienta(t, "libreoffice-calc-nogui", "soffice", "libreoffice")
	dir := t.TempDir()
	xlsx := filepath.Join(dir, "libro.xlsx")
	if err := os.WriteFile(xlsx, datos, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(soffice, "-env:UserInstallation=file://"+filepath.Join(dir, "perfil"), "--headless",
		"--convert-to", "csv:Text - txt - csv (StarCalc):"+opciones, "--outdir", dir, xlsx)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("soffice: %v\n%s", err, strings.TrimSpace(string(out)))
	}
	csv, err := os.ReadFile(filepath.Join(dir, "libro.csv"))
	if err != nil {
		t.Fatalf("LibreOffice no escribió el CSV: %v", err)
	}
	return csv
}
