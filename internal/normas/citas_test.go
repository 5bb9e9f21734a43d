package normas

import (
	"strings"
	"testing"
)

func TestCitas_todasCompletas(t *testing.T) {
	if len(Todas()) < 30 {
		t.Fatalf("solo %d citas", len(Todas()))
	}
	for _, c := range Todas() {
		if c.Clave == "" || c.Norma == "" || c.Texto == "" {
			t.Errorf("cita incompleta: %+v", c)
		}
		if !strings.HasSuffix(c.Texto, ".") {
			t.Errorf("%s: el texto debe ser una oración completa", c.Clave)
		}
	}
}

func TestCitas_referencia(t *testing.T) {
	if got := De(Concurrencia).Referencia(); got != "Decreto Ley 920 de 2023, art. 22 num. 1" {
		t.Errorf("concurrencia: %q", got)
	}
	if got := De(AllanamientoNoCuenta).Referencia(); got != "Decreto Ley 920 de 2023, art. 25 inc. 2" {
		t.Errorf("allanamiento: %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("una clave desconocida debe fallar")
		}
	}()
	De("no_existe")
}
