package db

import (
	"context"
	"testing"
)

// Every data-version trigger of the schema has the one-statement body that a
// bulk write runs once in its place; a trigger written otherwise would make
// the import fail rather than leave the version unmoved.
func TestCuerpoTrigger_cadaDisparadorDeVersion(t *testing.T) {
	t.Parallel()
	d := abrirTemporal(t)
	filas, err := d.QueryContext(context.Background(), `SELECT name, sql FROM sqlite_schema WHERE type = 'trigger' AND name LIKE 'version\_datos\_%' ESCAPE '\'`)
	if err != nil {
		t.Fatal(err)
	}
	defer filas.Close()
	n := 0
	for filas.Next() {
		var nombre, s string
		if err := filas.Scan(&nombre, &s); err != nil {
			t.Fatal(err)
		}
		n++
		if nombre == "version_datos_sin_delete" {
			continue
		}
		if c := cuerpoTrigger(s); c == "" {
			t.Errorf("%s: sin cuerpo de una sola sentencia sobre version_datos: %s", nombre, s)
		}
	}
	if n < 30 {
		t.Fatalf("solo %d disparadores de versión", n)
	}
	for _, s := range []string{
		"CREATE TRIGGER x AFTER INSERT ON actos BEGIN DELETE FROM actos; END",
		"CREATE TRIGGER x AFTER INSERT ON actos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; DELETE FROM actos; END",
		"CREATE TRIGGER x AFTER INSERT ON actos",
	} {
		if c := cuerpoTrigger(s); c != "" {
			t.Errorf("cuerpoTrigger(%q) = %q, quería vacío", s, c)
		}
	}
	if c := cuerpoTrigger("CREATE TRIGGER x AFTER INSERT ON actos BEGIN UPDATE version_datos SET general = general + 1 WHERE id = 1; END"); c != "UPDATE version_datos SET general = general + 1 WHERE id = 1" {
		t.Errorf("cuerpoTrigger = %q", c)
	}
}
