package sancion

import "testing"

func TestSancion_valoresDeExcelConTildesYMayusculas(t *testing.T) {
	for in, want := range map[string]Gravedad{"Gravísima": Gravisima, "GRAVISIMA": Gravisima, " grave ": Grave, "Leve": Leve} {
		if g, err := ParseGravedadLibre(in); err != nil || g != want {
			t.Errorf("%q → %v, %v", in, g, err)
		}
	}
	for in, want := range map[string]Tipo{"Amonestación": Amonestacion, "CANCELACIÓN": Cancelacion, "multa": Multa, "Suspensión": Suspension} {
		if g, err := ParseTipoLibre(in); err != nil || g != want {
			t.Errorf("%q → %v, %v", in, g, err)
		}
	}
	if _, err := ParseGravedad("gravísima"); err == nil {
		t.Error("el contrato exige ASCII en minúsculas")
	}
	if _, err := ParseTipoLibre("archivo"); err == nil {
		t.Error("sanción desconocida aceptada")
	}
}

// art. 22 num. 1: cancelación prevails over multa.
func TestArt22_num1_severidad(t *testing.T) {
	if !(Cancelacion.Severidad() > Suspension.Severidad() && Suspension.Severidad() > Multa.Severidad() && Multa.Severidad() > Amonestacion.Severidad()) {
		t.Error("orden de severidad")
	}
	if !Grave.GraveOGravisima() || !Gravisima.GraveOGravisima() || Leve.GraveOGravisima() {
		t.Error("grave o gravísima")
	}
}
