package contrato

import (
	"os"
	"strings"
	"testing"

	"comite/internal/reincidencia"
	"comite/internal/valores"
)

// A snapshot stored by the first version of the contract (no nulls, no
// avisos, no participacion_texto, article 25 without its mark) still reads:
// its booleans become known answers, its figures stay as stored.
func TestLeerResultado_instantaneaVersion1(t *testing.T) {
	b, err := os.ReadFile("../../testdata/instantaneas/v1_ejemplo_dominio.resultado.json")
	if err != nil {
		t.Fatal(err)
	}
	v, err := LeerResultado(b)
	if err != nil {
		t.Fatal(err)
	}
	if v.Procede() != reincidencia.Si || v.Umbral() != reincidencia.Si || v.DatosIncompletos() != "" {
		t.Fatalf("procede %v umbral %v", v.Procede(), v.Umbral())
	}
	if v.TotalOperacionesCOP == nil || *v.TotalOperacionesCOP != "14800000000" || v.NumeroOperaciones == nil || *v.NumeroOperaciones != 1600 {
		t.Fatalf("O %v N %v", v.TotalOperacionesCOP, v.NumeroOperaciones)
	}
	if got := v.TextoParticipacion(); got != "0,5203 %" {
		t.Fatalf("participación %q", got)
	}
	if v.ConjuntoVigencia != nil || len(v.Avisos) != 0 {
		t.Fatalf("campos nuevos en una instantánea vieja: %v %v", v.ConjuntoVigencia, v.Avisos)
	}
}

// A version-2 snapshot with the operations not loaded reads back as unknown,
// never as "procede", and says which year to load.
func TestLeerResultado_datosIncompletos(t *testing.T) {
	b, err := os.ReadFile("../../testdata/evaluar/faltan_operaciones.salida.json")
	if err != nil {
		t.Fatal(err)
	}
	v, err := LeerResultado(b)
	if err != nil {
		t.Fatal(err)
	}
	if v.Procede() != reincidencia.Desconocido || v.Umbral() != reincidencia.Desconocido || v.TotalOperacionesCOP != nil || v.NumeroOperaciones != nil {
		t.Fatalf("procede %v umbral %v O %v", v.Procede(), v.Umbral(), v.TotalOperacionesCOP)
	}
	if got := v.DatosIncompletos(); got != "Datos incompletos: cargue las operaciones de 2025" {
		t.Fatalf("%q", got)
	}
	if !v.TieneAlerta(reincidencia.FaltanOperaciones) || !strings.HasPrefix(v.Avisos[0].Texto, "Datos incompletos") {
		t.Fatalf("alertas %v avisos %v", v.Alertas, v.Avisos)
	}
}

// A version-1 snapshot that took missing operations as zero ("procede") is
// re-read by the core from its stored input: unknown, with the notice; a
// version-1 snapshot the core agrees with stays as stored.
func TestReleerVersion1_art25_operacionesNoCargadasLeidasComoCero(t *testing.T) {
	v1, err := os.ReadFile("../../testdata/instantaneas/v1_ejemplo_dominio.resultado.json")
	if err != nil {
		t.Fatal(err)
	}
	guardada, err := LeerResultado(v1)
	if err != nil {
		t.Fatal(err)
	}
	conOps, _ := os.ReadFile("../../testdata/evaluar/ejemplo_dominio.json")
	if got := ReleerVersion1(guardada, conOps, valores.Integrada()); got.Procede() != reincidencia.Si || got.Avisos != nil || len(got.Fundamentos) != len(guardada.Fundamentos) {
		t.Fatalf("la instantánea de acuerdo con el núcleo cambió: %v %v", got.Procede(), got.Avisos)
	}
	sinOps, _ := os.ReadFile("../../testdata/evaluar/faltan_operaciones.json")
	got := ReleerVersion1(guardada, sinOps, valores.Integrada())
	if got.Procede() != reincidencia.Desconocido || got.TotalOperacionesCOP != nil || got.SancionIncrementada != nil {
		t.Fatalf("releída: procede %v O %v", got.Procede(), got.TotalOperacionesCOP)
	}
	if n := len(got.Avisos); n == 0 || got.Avisos[n-1].Alerta != AvisoReleida {
		t.Fatalf("avisos %v", got.Avisos)
	}
	// A version-2 snapshot is never re-read.
	v2, _ := os.ReadFile("../../testdata/evaluar/ejemplo_dominio.salida.json")
	actual, _ := LeerResultado(v2)
	if r := ReleerVersion1(actual, sinOps, valores.Integrada()); r.Procede() != reincidencia.Si {
		t.Fatal("una instantánea de la versión 2 se releyó")
	}
}
