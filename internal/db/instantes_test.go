package db

import (
	"strings"
	"testing"
)

func TestComprobarInstante(t *testing.T) {
	t.Parallel()
	if err := comprobarInstante("informes.emitido_en", "2026-03-02T15:00:00.123Z"); err != nil {
		t.Fatalf("instante válido rechazado: %v", err)
	}
	for _, mal := range []string{"", "2026-03-02", "02/03/2026 10:00", "2026-13-02T15:00:00Z"} {
		err := comprobarInstante("informes.emitido_en", mal)
		if err == nil {
			t.Fatalf("%q aceptado", mal)
		}
		if !strings.Contains(err.Error(), "informes.emitido_en") {
			t.Fatalf("el error no nombra la columna: %v", err)
		}
	}
}
