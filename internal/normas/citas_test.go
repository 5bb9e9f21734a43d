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
		if !strings.HasSuffix(c.Texto, ".") && !strings.HasSuffix(c.Texto, ".»") {
			t.Errorf("%s: el texto debe ser una oración completa", c.Clave)
		}
	}
}

func TestCitas_referencia(t *testing.T) {
	if got := De(Concurrencia).Referencia(); got != "Decreto Ley 920 de 2023, art. 22 num. 1" {
		t.Errorf("concurrencia: %q", got)
	}
	if got := De(AllanamientoNoCuenta).Referencia(); got != "Decreto Ley 920 de 2023, art. 25 (por posición) inc. 2 (por posición)" {
		t.Errorf("allanamiento: %q", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("una clave desconocida debe fallar")
		}
	}()
	De("no_existe")
}

// Decreto Ley 920 de 2023 art. 25 and Decreto 2147 de 2016 art. 86 are known
// only by their position in the texts: every citation of them carries the
// mark, in the article itself (what the JSON "articulo" shows) and in the
// reference people read; no other article of those two norms does.
func TestCitas_art25_y_art86_porPosicion(t *testing.T) {
	vistos := map[string]int{}
	for _, c := range Todas() {
		base := strings.TrimSuffix(c.Articulo, PorPosicion)
		esDeEllos := (c.Norma == dl920 && base == "25") || (c.Norma == d2147 && base == "86")
		if esDeEllos != c.EsPorPosicion() {
			t.Errorf("%s: %s art. %q: marca por posición = %v", c.Clave, c.Norma, c.Articulo, c.EsPorPosicion())
		}
		if c.EsPorPosicion() {
			vistos[c.Norma]++
			if !strings.Contains(c.Referencia(), "art. "+base+" (por posición)") {
				t.Errorf("%s: la referencia %q no dice «por posición»", c.Clave, c.Referencia())
			}
		}
	}
	if vistos[dl920] < 10 || vistos[d2147] < 5 {
		t.Errorf("citas por posición: %v", vistos)
	}
}

// Where the texts are silent (a user with no operations, a late report, the
// anchor year, counting acts, the second route, Saturdays, suspensión in
// concurrence, the cap after allanamiento, the OEA favourability) the
// Secretaría's readings are labelled as criteria, never as the law.
func TestCitas_art25_criteriosDeLaSecretariaRotulados(t *testing.T) {
	criterios := []string{CriterioSinOperaciones, CriterioReporteTardio, CriterioAnclaje, CriterioActos, CriterioSegundaRuta,
		CriterioSabados, CriterioSuspension, CriterioTopeAllanamiento, CriterioOEA}
	es := map[string]bool{}
	for _, k := range criterios {
		es[k] = true
		c := De(k)
		if !c.Criterio || !strings.HasPrefix(c.Referencia(), "Criterio adoptado por la Secretaría Técnica") ||
			!strings.Contains(c.Texto, "no texto de la norma") {
			t.Errorf("%s: %q / %q", k, c.Referencia(), c.Texto)
		}
	}
	for _, c := range Todas() {
		if c.Criterio != es[c.Clave] {
			t.Errorf("%s: criterio = %v", c.Clave, c.Criterio)
		}
	}
}

// What the committee test shows cites legal texts only: never a document of
// this project (a specification file, a section sign of ours, a path).
func TestCitas_art25_nadaCitaDocumentosDelProyecto(t *testing.T) {
	claves := []string{RegistroVigente, InfraccionGrave, AnioReferencia, ActosEnFirme, AllanamientoNoCuenta, MinimoTresActos,
		SumaSanciones, OperacionesComercio, UmbralCeroCinco, CriteriosSecretaria, PlazoReporte, IncrementoMilUVT,
		CancelacionEnSustitucion, ConceptoVinculante, Firmeza, DiasHabiles, Festivos, UVTAnual, AproximacionUVT,
		ConjuntoReglas, CriterioSinOperaciones, CriterioReporteTardio, CriteriosCancelacion, Allanamiento, ZFReincidencia}
	for _, k := range claves {
		c := De(k)
		for _, s := range []string{c.Norma, c.Articulo, c.Texto, c.Referencia()} {
			for _, prohibido := range []string{".md", "§", "shared/", "spec/", "dominio"} {
				if strings.Contains(s, prohibido) {
					t.Errorf("%s cita %q: %q", k, prohibido, s)
				}
			}
		}
	}
}

// Ley 4 de 1913 art. 62 is quoted word for word ("los feriados y de vacantes").
func TestCitas_ley4de1913_art62_textual(t *testing.T) {
	if c := De(DiasHabiles); !strings.Contains(c.Texto, "se entienden suprimidos los feriados y de vacantes, a menos de expresarse lo contrario") {
		t.Errorf("art. 62: %q", c.Texto)
	}
}
