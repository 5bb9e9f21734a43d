package etiquetas

import (
	"testing"

	"comite/internal/adjunto"
)

func TestAdjuntoEtiquetas(t *testing.T) {
	for _, tp := range adjunto.Tipos {
		if _, ok := tiposAdjunto[string(tp)]; !ok {
			t.Errorf("el tipo de adjunto %q no tiene etiqueta", tp)
		}
	}
	if len(tiposAdjunto) != len(adjunto.Tipos) {
		t.Errorf("hay etiquetas de tipos de adjunto que no existen")
	}
	for _, m := range []adjunto.Marca{adjunto.PDFJavaScript, adjunto.PDFIncrustado} {
		if _, ok := marcasAdjunto[string(m)]; !ok {
			t.Errorf("la marca %q no tiene etiqueta", m)
		}
	}
	if TipoAdjunto("informe_seccional") != "Informe de la Dirección Seccional" || TipoAdjunto("raro") != "Raro" {
		t.Fatal(TipoAdjunto("raro"))
	}
}
