package web

import (
	"context"
	"io"
	"log/slog"
	"reflect"
	"testing"

	"comite/internal/tamizaje/lectura"
	"comite/internal/web/memoria"
)

// After a change of the customs data, the screening memoria keeps is brought
// up to date from the one of the previous version with only the users the
// log of changes names, and equals the national screening computed afresh.
// That it does come from the log: with the log of a change taken out, the
// screening kept does not see that change.
func TestTamizaje_memoriaIncrementalIgualAlCompleto(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarTamizaje()
	ctx := context.Background()
	h := &handler{d: e.d, log: slog.New(slog.NewTextHandler(io.Discard, nil)), memo: memoria.Nueva(e.d)}
	igual := func(paso string) {
		t.Helper()
		calc, err := h.tamizajeDe(ctx, 2026)
		if err != nil {
			t.Fatal(err)
		}
		fresco, err := lectura.Nacional(ctx, e.d, 2026)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(calc.tamizado, fresco) || calc.resumen != fresco.Resumen() {
			t.Fatalf("%s: el tamizaje en memoria difiere del completo:\n%+v\n%+v", paso, calc.resumen, fresco.Resumen())
		}
	}
	exec := func(q string) {
		t.Helper()
		if _, err := e.d.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	igual("primera vez")
	exec(`UPDATE actos SET valor_centavos = valor_centavos * 3 WHERE id IN (SELECT min(id) FROM actos GROUP BY usuario_id)`)
	igual("actos corregidos")
	exec(`DELETE FROM operaciones_anuales WHERE usuario_id = (SELECT min(usuario_id) FROM operaciones_anuales)`)
	igual("operaciones borradas")
	antes, err := h.tamizajeDe(ctx, 2026)
	if err != nil {
		t.Fatal(err)
	}
	exec(`UPDATE actos SET valor_centavos = 0`)
	exec(`DELETE FROM cambios_usuarios`)
	despues, err := h.tamizajeDe(ctx, 2026)
	if err != nil {
		t.Fatal(err)
	}
	if despues == antes || !reflect.DeepEqual(despues.tamizado, antes.tamizado) {
		t.Fatalf("sin el registro de cambios el tamizaje se calculó de nuevo entero (o no se recalculó)")
	}
}
