package db

import (
	"context"
	"slices"
	"testing"
)

// The list of customs users is in Spanish order: «Cañón» before «Castaño»
// (ñ after n) and «Gómez» before «Guadalupe» (accents do not move a name).
func TestBuscarUsuarios_ordenEspanol(t *testing.T) {
	d := abrirTemporal(t)
	nombres := []string{"Guadalupe Logística S.A.S.", "Castaño y Cía.", "Gómez Aduanas", "Cañón Carga", "agencia Ávila"}
	for i, n := range nombres {
		if _, err := d.Exec(`INSERT INTO usuarios_aduaneros(nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (?, ?, 'agencia_de_aduanas', 'CARTAGENA', 'x', 'x')`,
			"90000000"+string(rune('1'+i)), n); err != nil {
			t.Fatal(err)
		}
	}
	us, _, err := d.BuscarUsuarios(context.Background(), FiltroUsuarios{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, u := range us {
		got = append(got, u.RazonSocial)
	}
	quiere := []string{"agencia Ávila", "Cañón Carga", "Castaño y Cía.", "Gómez Aduanas", "Guadalupe Logística S.A.S."}
	if !slices.Equal(got, quiere) {
		t.Fatalf("orden = %q\nquiere  %q", got, quiere)
	}
}
