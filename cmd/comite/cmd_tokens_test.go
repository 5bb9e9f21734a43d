package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"comite/internal/db"
)

// comite tokens crear prints the token once (stdout) and stores only its
// hash; listar shows the accounts with their last use and state, never a
// token; revocar stops the token at once.
func TestTokens_crearListarRevocar(t *testing.T) {
	t.Parallel()
	ruta := iniciada(t, filepath.Join(t.TempDir(), "comite.db"))
	tok := func(stdin string, args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		n := correr(append([]string{"tokens"}, args...), strings.NewReader(stdin), &out, &errb)
		return n, out.String(), errb.String()
	}
	for _, c := range []struct {
		nombre string
		args   []string
		codigo int
		stderr string
	}{
		{"sin_subcomando", nil, 2, "uso:"},
		{"subcomando_desconocido", []string{"borrar"}, 2, "desconocido"},
		{"sin_nombre", []string{"crear", "--alcance", "leer", "--vence", "2099-01-01", "--db", ruta}, 2, "--nombre"},
		{"alcance_desconocido", []string{"crear", "--nombre", "X", "--alcance", "todo", "--vence", "2027-12-31", "--db", ruta}, 2, `alcance "todo" desconocido`},
		{"sin_alcance", []string{"crear", "--nombre", "X", "--vence", "2027-12-31", "--db", ruta}, 2, "al menos un alcance"},
		{"vence_mal_escrito", []string{"crear", "--nombre", "X", "--alcance", "leer", "--vence", "31/12/2027", "--db", ruta}, 2, "--vence"},
		{"vence_pasado", []string{"crear", "--nombre", "X", "--alcance", "leer", "--vence", "2020-01-01", "--db", ruta}, 1, "posterior a hoy"},
		{"seccional_desconocida", []string{"crear", "--nombre", "X", "--alcance", "leer", "--vence", "2027-12-31", "--seccional", "NOEXISTE", "--db", ruta}, 1, "--seccional"},
		{"revocar_inexistente", []string{"revocar", "--nombre", "NADIE", "--db", ruta}, 1, "no existe"},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			n, _, errb := tok("", c.args...)
			if n != c.codigo || !strings.Contains(errb, c.stderr) {
				t.Fatalf("código %d (quiere %d), stderr %q", n, c.codigo, errb)
			}
		})
	}
	n, out, errb := tok("", "crear", "--nombre", "SISTEMA", "--alcance", "importar,leer", "--vence", "2027-12-31", "--db", ruta)
	if n != 0 || !strings.Contains(errb, "no se vuelve a mostrar") {
		t.Fatalf("crear: %d %q %q", n, out, errb)
	}
	token := strings.TrimSpace(out)
	if !strings.HasPrefix(token, "cmt_") {
		t.Fatalf("token %q", token)
	}
	_, lista, _ := tok("", "listar", "--db", ruta)
	if !strings.Contains(lista, "sistema") || !strings.Contains(lista, "leer,importar") || !strings.Contains(lista, "31/12/2027") ||
		!strings.Contains(lista, "nunca") || !strings.Contains(lista, "vigente") || strings.Contains(lista, token) {
		t.Fatalf("listar:\n%s", lista)
	}
	d, err := db.Open(context.Background(), ruta)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.CuentaServicioPorToken(context.Background(), token); err != nil {
		t.Fatalf("el token creado no sirve: %v", err)
	}
	if n, _, errb := tok("", "revocar", "--nombre", "SISTEMA", "--db", ruta); n != 0 {
		t.Fatalf("revocar: %d %q", n, errb)
	}
	if _, err := d.CuentaServicioPorToken(context.Background(), token); err == nil {
		t.Fatal("el token revocado sigue sirviendo")
	}
	if _, lista, _ := tok("", "listar", "--db", ruta); !strings.Contains(lista, "revocada") {
		t.Fatalf("listar tras revocar:\n%s", lista)
	}
}
