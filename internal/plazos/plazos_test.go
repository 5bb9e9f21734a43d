package plazos

import (
	"reflect"
	"testing"
	"time"

	"comite/internal/calendario"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/permisos"
)

func d(m time.Month, dia int) fecha.Fecha { return fecha.Debe(2026, m, dia) }

func TestDecidir_fronterasDeDiasHabiles(t *testing.T) {
	comun := calendario.Nuevo(nil)
	cerrado17 := calendario.Nuevo([]fecha.Fecha{d(3, 17)}) // día declarado inhábil por la entidad
	casos := []struct {
		nombre              string
		cal                 *calendario.Calendario
		hoy, vence, cumplio fecha.Fecha
		color               Color
		texto               string
	}{
		{"Ley 4 de 1913 art. 62: a 5 días hábiles es amarillo", comun, d(3, 13), d(3, 20), fecha.Fecha{}, Amarillo, "Vence en 5 días hábiles"},
		{"Ley 51 de 1983: el festivo del 23/03 no cuenta, a 6 días hábiles es verde", comun, d(3, 13), d(3, 24), fecha.Fecha{}, Verde, "Faltan 6 días hábiles"},
		{"Ley 4 de 1913 art. 62: el día declarado inhábil no cuenta, vuelve a 5 y es amarillo", cerrado17, d(3, 13), d(3, 24), fecha.Fecha{}, Amarillo, "Vence en 5 días hábiles"},
		{"Ley 4 de 1913 art. 62: el sábado y el domingo no cuentan", comun, d(3, 13), d(3, 16), fecha.Fecha{}, Amarillo, "Vence en 1 día hábil"},
		{"vence hoy es amarillo", comun, d(3, 13), d(3, 13), fecha.Fecha{}, Amarillo, "Vence hoy"},
		{"el día hábil siguiente al vencimiento es rojo", comun, d(3, 16), d(3, 13), fecha.Fecha{}, Rojo, "Vencido hace 1 día hábil"},
		{"vencido en sábado: el domingo ya es rojo aunque no pasó un día hábil", comun, d(3, 15), d(3, 14), fecha.Fecha{}, Rojo, "Vencido"},
		{"cumplido después del vencimiento es rojo", comun, d(3, 20), d(3, 13), d(3, 17), Rojo, "Cumplido fuera del término (2 días hábiles tarde)"},
		{"cumplido el último día es verde", comun, d(3, 20), d(3, 13), d(3, 13), Verde, "Cumplido dentro del término"},
		{"sin vencimiento conocido no hay color", comun, d(3, 13), fecha.Fecha{}, fecha.Fecha{}, "", ""},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			s := Decidir(c.cal, c.hoy, c.vence, c.cumplio)
			if s.Color != c.color || s.Texto != c.texto {
				t.Fatalf("Decidir = %q %q; quiere %q %q", s.Color, s.Texto, c.color, c.texto)
			}
		})
	}
}

func TestVence_terminoInternoEnDiasHabiles(t *testing.T) {
	cal := calendario.Nuevo([]fecha.Fecha{d(3, 17)})
	// 10 días hábiles desde el viernes 13/03/2026: 16, 18, 19, 20, 24, 25, 26, 27, 30, 31 (23 festivo, 17 inhábil).
	if got := Vence(cal, d(3, 13), 10); !got.Igual(d(3, 31)) {
		t.Fatalf("Vence = %s; quiere 2026-03-31", got)
	}
	if !Vence(cal, fecha.Fecha{}, 10).IsZero() {
		t.Fatal("sin fecha de inicio el vencimiento es desconocido, no una fecha")
	}
}

func TestValidar_terminosInternos(t *testing.T) {
	if Validar(EtapaComite, 0) == nil || Validar(EtapaComite, MaxDias+1) == nil || Validar("otra", 5) == nil {
		t.Fatal("acepta un término fuera de rango o una etapa desconocida")
	}
	if err := Validar(EtapaREA, MaxDias); err != nil {
		t.Fatal(err)
	}
}

func TestCola_leidaDeLosPasosDelFlujo(t *testing.T) {
	casos := map[permisos.Rol][]flujo.Estado{
		permisos.RolSecretaria: {flujo.Reportado, flujo.EnEvaluacion, flujo.ConceptoEmitido},
		permisos.RolComite:     {flujo.EnComite},
		permisos.RolSeccional:  {flujo.ConceptoEmitido},
		"auditor":              nil,
		"admin":                nil,
	}
	for rol, quiere := range casos {
		if got := Cola(rol); !reflect.DeepEqual(got, quiere) {
			t.Errorf("Cola(%s) = %v; quiere %v", rol, got, quiere)
		}
	}
}

func TestActual_etapaYOrigenDelTermino(t *testing.T) {
	rep, pres, conc := d(3, 2), d(3, 10), d(3, 20)
	casos := []struct {
		estado flujo.Estado
		etapa  Etapa
		desde  fecha.Fecha
		ok     bool
	}{
		{flujo.Reportado, EtapaEvaluacion, rep, true},
		{flujo.EnEvaluacion, EtapaEvaluacion, rep, true},
		{flujo.EnComite, EtapaComite, pres, true},
		{flujo.ConceptoEmitido, EtapaREA, conc, true},
		{flujo.Cerrado, "", fecha.Fecha{}, false},
		{flujo.NoProcede, "", fecha.Fecha{}, false},
	}
	for _, c := range casos {
		e, desde, ok := Actual(c.estado, rep, pres, conc)
		if e != c.etapa || !desde.Igual(c.desde) || ok != c.ok {
			t.Errorf("Actual(%s) = %s %s %v", c.estado, e, desde, ok)
		}
	}
}
