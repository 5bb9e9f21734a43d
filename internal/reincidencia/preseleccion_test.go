package reincidencia

import (
	"reflect"
	"testing"

	"comite/internal/fecha"
	"comite/internal/sancion"
)

// The preselection of two reference years is what art. 25 says: acts firm
// from 1 January of the first to 31 December of the second (inc. 1), grave or
// gravísima (inc. 1), without accepted allanamiento (inc. 2).
func TestPreseleccion_art25_inc1y2_dosAniosDeReferencia(t *testing.T) {
	p := PreseleccionActos(PeriodoDelAnio(2025), PeriodoDelAnio(2024))
	want := Preseleccion{
		Desde: fecha.Debe(2024, 1, 1), Hasta: fecha.Debe(2025, 12, 31),
		Gravedades: []sancion.Gravedad{sancion.Grave, sancion.Gravisima}, ConAllanamiento: false,
	}
	if !reflect.DeepEqual(p, want) {
		t.Fatalf("PreseleccionActos = %+v, se esperaba %+v", p, want)
	}
	if q := PreseleccionActos(); len(q.Gravedades) != 0 {
		t.Fatalf("sin períodos ningún acto puede contar: %+v", q)
	}
}

// Every act that counts in some period passes the preselection (it may only
// leave out acts that never count), day by day around the borders of the
// periods, of every gravedad, with and without allanamiento and with no
// firmeza date (art. 25 inc. 1 and 2).
func TestPreseleccion_art25_nuncaQuitaUnActoQueCuenta(t *testing.T) {
	periodos := []Periodo{PeriodoDelAnio(2024), PeriodoDelAnio(2025)}
	p := PreseleccionActos(periodos...)
	fechas := []fecha.Fecha{{}}
	for f := fecha.Debe(2023, 12, 1); !f.Despues(fecha.Debe(2026, 1, 31)); f = f.MasDias(1) {
		fechas = append(fechas, f)
	}
	admitidos := 0
	for _, f := range fechas {
		for _, g := range gravedadesActo {
			for _, allan := range []bool{false, true} {
				cuenta := false
				for _, per := range periodos {
					cuenta = cuenta || ExclusionActo(f, g, allan, per) == ""
				}
				if cuenta && !p.Admite(f, g, allan) {
					t.Fatalf("el acto firme %v, %s, allanamiento %v cuenta y la preselección lo quita", f, g, allan)
				}
				if p.Admite(f, g, allan) {
					admitidos++
					if !cuenta {
						t.Fatalf("el acto firme %v, %s, allanamiento %v no cuenta en ningún período y la preselección lo deja pasar", f, g, allan)
					}
				}
			}
		}
	}
	if admitidos != 2*(366+365) {
		t.Fatalf("%d actos admitidos, se esperaban %d (dos gravedades, cada día de 2024 y 2025)", admitidos, 2*(366+365))
	}
}
