package liquidacion

import (
	"testing"

	"comite/internal/fallo"
)

// An invalid request is a fallo.Invalido with one message per field, so the
// web shows each beside its field without reading the text.
func TestValidar_esFalloInvalidoConCampos(t *testing.T) {
	err := Validar(Solicitud{Regimen: "otro"})
	fe := fallo.De(err)
	if fe == nil || fe.Codigo != fallo.Invalido {
		t.Fatalf("error %v, quería fallo.Invalido", err)
	}
	for _, campo := range []string{"regimen", "fecha_liquidacion", "infracciones"} {
		if fe.Campos[campo] == "" {
			t.Errorf("falta el mensaje del campo %s: %v", campo, fe.Campos)
		}
	}
}
