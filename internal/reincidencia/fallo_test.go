package reincidencia

import (
	"testing"

	"comite/internal/fallo"
)

// The problems of an input (ErrCampos) are a fallo.Invalido that keeps each
// field's message, joined when a field has two.
func TestErrCampos_esFalloInvalido(t *testing.T) {
	err := ErrCampos{
		{Campo: "actos[1].numero_acto", Mensaje: "acto repetido"},
		{Campo: "nueva_infraccion.fecha_verificacion", Mensaje: "anterior a la comisión"},
		{Campo: "actos[1].numero_acto", Mensaje: "vacío"},
	}
	fe := fallo.De(err)
	if fe == nil || fe.Codigo != fallo.Invalido {
		t.Fatalf("De = %v", fe)
	}
	if fe.Campos["actos[1].numero_acto"] != "acto repetido; vacío" || fe.Campos["nueva_infraccion.fecha_verificacion"] != "anterior a la comisión" {
		t.Fatalf("campos %v", fe.Campos)
	}
	if c := fallo.CodigoDe(&ErrCampo{Campo: "x", Mensaje: "y"}); c != fallo.Invalido {
		t.Fatalf("ErrCampo: %v", c)
	}
}
