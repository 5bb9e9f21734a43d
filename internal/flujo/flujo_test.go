package flujo

import (
	"strings"
	"testing"

	"comite/internal/fecha"
	"comite/internal/permisos"
)

var roles = []permisos.Rol{permisos.RolSeccional, permisos.RolSecretaria, permisos.RolComite, permisos.RolAuditor, permisos.RolAdmin}

// listo is a case ready for each step's preconditions.
func listo(e Estado) Contexto {
	return Contexto{Estado: e, ProcedeComite: true, CriteriosCompletos: true, InformeEmitido: true}
}

// TestArt25_cadaTransicionPorCadaRolYEstado checks the whole matrix: every
// action, by every role, from every state, against the table of docs/reglas.md §3.
func TestArt25_cadaTransicionPorCadaRolYEstado(t *testing.T) {
	esperado := map[Accion]struct {
		roles []permisos.Rol
		desde []Estado
		hasta Estado
	}{
		IniciarEvaluacion: {[]permisos.Rol{permisos.RolSecretaria}, []Estado{Reportado}, EnEvaluacion},
		Reevaluar:         {[]permisos.Rol{permisos.RolSecretaria}, []Estado{Reportado, EnEvaluacion}, ""},
		Presentar:         {[]permisos.Rol{permisos.RolSecretaria}, []Estado{EnEvaluacion}, EnComite},
		EmitirConcepto:    {[]permisos.Rol{permisos.RolComite}, []Estado{EnComite}, ConceptoEmitido},
		CorregirConcepto:  {[]permisos.Rol{permisos.RolComite}, []Estado{ConceptoEmitido}, ""},
		EmitirInforme:     {[]permisos.Rol{permisos.RolSecretaria}, []Estado{EnEvaluacion}, ""},
		Cerrar:            {[]permisos.Rol{permisos.RolSecretaria, permisos.RolSeccional}, []Estado{ConceptoEmitido}, Cerrado},
	}
	for accion, w := range esperado {
		for _, rol := range roles {
			for _, est := range Estados {
				nombre := string(accion) + "/" + string(rol) + "/" + string(est)
				got, err := Validar(accion, rol, listo(est))
				permitido := contieneS(w.roles, rol) && contiene(w.desde, est)
				if permitido != (err == nil) {
					t.Errorf("%s: err = %v, want permitido = %v", nombre, err, permitido)
					continue
				}
				if err == nil {
					want := w.hasta
					if want == "" {
						want = est
					}
					if got != want {
						t.Errorf("%s: → %s, want %s", nombre, got, want)
					}
				} else if !strings.Contains(err.Error(), "«") {
					t.Errorf("%s: message should name the step: %v", nombre, err)
				}
			}
		}
	}
}

func TestArt25_noProcedeSoloSiLaEvaluacionNoCumple(t *testing.T) {
	c := listo(EnEvaluacion)
	if _, err := Validar(DeclararNoProcede, permisos.RolSecretaria, c); err == nil {
		t.Error("a case that meets the test cannot be closed as no_procede")
	}
	c.ProcedeComite = false
	if got, err := Validar(DeclararNoProcede, permisos.RolSecretaria, c); err != nil || got != NoProcede {
		t.Errorf("no_procede: %v %v", got, err)
	}
	if _, err := Validar(Presentar, permisos.RolSecretaria, c); err == nil {
		t.Error("a case that does not meet the test cannot be presented")
	}
	for _, e := range []Estado{EnComite, ConceptoEmitido, Cerrado, NoProcede} {
		if _, err := Validar(DeclararNoProcede, permisos.RolSecretaria, Contexto{Estado: e}); err == nil {
			t.Errorf("no_procede from %s", e)
		}
	}
}

func TestArt25_presentarExigeCriteriosEInforme(t *testing.T) {
	c := listo(EnEvaluacion)
	c.CriteriosCompletos = false
	if _, err := Validar(Presentar, permisos.RolSecretaria, c); err == nil || !strings.Contains(err.Error(), "criterios") {
		t.Errorf("criterios: %v", err)
	}
	c = listo(EnEvaluacion)
	c.InformeEmitido = false
	if _, err := Validar(Presentar, permisos.RolSecretaria, c); err == nil || !strings.Contains(err.Error(), "informe") {
		t.Errorf("informe: %v", err)
	}
	if !CriteriosCompletos(map[string]string{"tipo_usuario": "a", "perjuicio_estado": "b", "naturaleza_hechos": "c", "impacto_comercio": "d", "antecedentes": "e"}, false) {
		t.Error("all five written")
	}
	if CriteriosCompletos(map[string]string{"tipo_usuario": "a", "perjuicio_estado": " ", "naturaleza_hechos": "c", "impacto_comercio": "d", "antecedentes": "e"}, false) {
		t.Error("blank criterion")
	}
}

func TestArt25_siguientesParaCadaRol(t *testing.T) {
	if s := Siguientes(permisos.RolAuditor, listo(EnEvaluacion)); len(s) != 0 {
		t.Errorf("auditor: %v", s)
	}
	s := Siguientes(permisos.RolComite, listo(EnComite))
	if len(s) != 1 || s[0].Accion != EmitirConcepto {
		t.Errorf("comité en_comite: %v", s)
	}
}

func TestArt25_art22num5_validarConcepto(t *testing.T) {
	hoy := fecha.Debe(2026, 5, 10)
	bueno := Concepto{
		FechaSesion: fecha.Debe(2026, 5, 8), Miembros: []string{"A", "B", "C"}, Decision: DecisionCancelacion,
		Motivacion:           map[string]string{"naturaleza_hechos": "x", "impacto_comercio": "y", "antecedentes": "z"},
		CriteriosCancelacion: []string{"5.3", "5.7"},
	}
	if p := ValidarConcepto(bueno, hoy, fecha.Debe(2026, 5, 2), false); len(p) != 0 {
		t.Fatalf("valid concepto rejected: %v", p)
	}
	cases := []struct {
		name   string
		cambio func(c *Concepto)
		campo  string
	}{
		{"art22_num5_cancelacion_sin_criterios", func(c *Concepto) { c.CriteriosCancelacion = nil }, "criterios_cancelacion"},
		{"art22_num5_criterio_desconocido", func(c *Concepto) { c.CriteriosCancelacion = []string{"5.8"} }, "criterios_cancelacion"},
		{"art22_num5_multa_con_criterios_de_cancelacion", func(c *Concepto) { c.Decision = DecisionMultaIncrementada }, "criterios_cancelacion"},
		{"art25_decision_desconocida", func(c *Concepto) { c.Decision = "archivo" }, "decision"},
		{"art25_sin_miembros", func(c *Concepto) { c.Miembros = []string{" "} }, "miembros"},
		{"art25_sesion_futura", func(c *Concepto) { c.FechaSesion = fecha.Debe(2026, 5, 11) }, "fecha_sesion"},
		{"art25_sesion_antes_de_presentar", func(c *Concepto) { c.FechaSesion = fecha.Debe(2026, 5, 1) }, "fecha_sesion"},
		{"art25_segunda_ruta_decision_de_la_primera", func(c *Concepto) { c.Decision = DecisionVistoBuenoCancelacion }, "decision"},
		{"art22_num5_miembro_demasiado_largo", func(c *Concepto) { c.Miembros = []string{strings.Repeat("a", 201)} }, "miembros"},
		{"art25_demasiados_miembros", func(c *Concepto) {
			c.Miembros = nil
			for i := 0; i < 31; i++ {
				c.Miembros = append(c.Miembros, "M"+strings.Repeat("x", i))
			}
		}, "miembros"},
		{"art25_motivacion_demasiado_larga", func(c *Concepto) { c.Motivacion["antecedentes"] = strings.Repeat("á", 8001) }, "motivacion.antecedentes"},
		{"art25_motivacion_faltante", func(c *Concepto) { c.Motivacion = map[string]string{"naturaleza_hechos": "x", "impacto_comercio": "y"} }, "motivacion.antecedentes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := bueno
			x.Motivacion = map[string]string{}
			for k, v := range bueno.Motivacion {
				x.Motivacion[k] = v
			}
			c.cambio(&x)
			if p := ValidarConcepto(x, hoy, fecha.Debe(2026, 5, 2), false); p[c.campo] == "" {
				t.Fatalf("problemas = %v, want %s", p, c.campo)
			}
		})
	}
}

// TestArt25UltimoInciso_segundaRuta: the second route admits only the visto
// bueno or its refusal; the Secretaría writes three more aspects before presenting.
func TestArt25UltimoInciso_segundaRuta(t *testing.T) {
	hoy := fecha.Debe(2026, 5, 10)
	c := Concepto{FechaSesion: fecha.Debe(2026, 5, 8), Miembros: []string{"A"}, Decision: DecisionSinVistoBueno,
		Motivacion: map[string]string{"naturaleza_hechos": "x", "impacto_comercio": "y", "antecedentes": "z"}}
	if p := ValidarConcepto(c, hoy, fecha.Fecha{}, true); len(p) != 0 {
		t.Fatalf("sin_visto_bueno rechazado: %v", p)
	}
	c.Decision = DecisionVistoBuenoCancelacion
	if p := ValidarConcepto(c, hoy, fecha.Fecha{}, true); p["criterios_cancelacion"] == "" {
		t.Fatalf("visto bueno sin criterios 5.x: %v", p)
	}
	c.Decision = DecisionMultaIncrementada
	if p := ValidarConcepto(c, hoy, fecha.Fecha{}, true); !strings.Contains(p["decision"], "visto bueno") {
		t.Fatalf("multa_incrementada en la segunda ruta: %v", p)
	}
	if DecisionSinVistoBueno.Incrementa() || !DecisionMultaIncrementada.Incrementa() || !DecisionVistoBuenoCancelacion.Cancela() || DecisionSinVistoBueno.Cancela() {
		t.Fatal("Incrementa/Cancela")
	}
	cinco := map[string]string{"tipo_usuario": "a", "perjuicio_estado": "b", "naturaleza_hechos": "c", "impacto_comercio": "d", "antecedentes": "e"}
	if !CriteriosCompletos(cinco, false) || CriteriosCompletos(cinco, true) {
		t.Fatal("la segunda ruta exige los aspectos adicionales")
	}
	for _, a := range AspectosSegundaRuta {
		cinco[a.Clave] = "texto"
	}
	if !CriteriosCompletos(cinco, true) {
		t.Fatal("los seis aspectos escritos")
	}
	x := listo(EnEvaluacion)
	x.SegundaRuta, x.CriteriosCompletos = true, false
	if _, err := Validar(Presentar, permisos.RolSecretaria, x); err == nil || !strings.Contains(err.Error(), "incidencia penal") {
		t.Fatalf("presentar sin los aspectos: %v", err)
	}
}

// TestArt25_correccionNoCambiaLaDecision: a correction fixes a material error
// only; its dates are checked like the original's; duplicates are removed.
func TestArt25_correccionNoCambiaLaDecision(t *testing.T) {
	hoy, pres := fecha.Debe(2026, 5, 10), fecha.Debe(2026, 5, 2)
	vig := NormalizarConcepto(Concepto{FechaSesion: fecha.Debe(2026, 5, 8), Miembros: []string{"Ana"}, Decision: DecisionMultaIncrementada,
		Motivacion: map[string]string{"naturaleza_hechos": "x", "impacto_comercio": "y", "antecedentes": "z"}})
	casos := []struct {
		name   string
		cambio func(c *Concepto)
		motivo string
		campo  string
	}{
		{"art25_cambia_la_decision", func(c *Concepto) { c.Decision = DecisionCancelacion; c.CriteriosCancelacion = []string{"5.3"} }, "error", "decision"},
		{"art25_sesion_antes_de_presentar", func(c *Concepto) { c.FechaSesion = fecha.Debe(2026, 4, 30) }, "fecha mal escrita", "fecha_sesion"},
		{"art25_sin_motivo", func(c *Concepto) { c.Miembros = []string{"Ana María"} }, " ", "motivo_correccion"},
		{"art25_motivo_largo", func(c *Concepto) { c.Miembros = []string{"Ana María"} }, strings.Repeat("m", 2001), "motivo_correccion"},
		{"art25_no_cambia_nada", func(c *Concepto) {}, "nada", "motivo_correccion"},
	}
	for _, c := range casos {
		t.Run(c.name, func(t *testing.T) {
			x := vig
			x.Motivacion = map[string]string{}
			for k, v := range vig.Motivacion {
				x.Motivacion[k] = v
			}
			c.cambio(&x)
			if p := ValidarCorreccion(vig, NormalizarConcepto(x), c.motivo, hoy, pres, false); p[c.campo] == "" {
				t.Fatalf("problemas = %v, want %s", p, c.campo)
			}
		})
	}
	x := vig
	x.Miembros = []string{"Ana", "  ana ", "Ána", "Beto", "", "Beto"}
	x.CriteriosCancelacion = []string{"5.7", "5.3", "5.7"}
	n := NormalizarConcepto(x)
	if strings.Join(n.Miembros, "|") != "Ana|Beto" || strings.Join(n.CriteriosCancelacion, "|") != "5.3|5.7" {
		t.Fatalf("duplicados: %q %q", n.Miembros, n.CriteriosCancelacion)
	}
	x = vig
	x.Miembros = []string{"Ana", "Beto"}
	if p := ValidarCorreccion(vig, NormalizarConcepto(x), "faltaba un miembro", hoy, pres, false); len(p) != 0 {
		t.Fatalf("corrección válida rechazada: %v", p)
	}
}

func contieneS(l []permisos.Rol, s permisos.Rol) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// The steps take their roles from the one table of internal/permisos: a
// role may take a step exactly when the table lets it take the step's
// permission.
func TestPasos_rolesDerivadosDeLaTablaDePermisos(t *testing.T) {
	for _, p := range Pasos {
		if len(permisos.RolesDe(p.Permiso)) == 0 {
			t.Errorf("%s: el permiso %q no está en la tabla", p.Accion, p.Permiso)
		}
		for _, r := range permisos.Roles {
			if Permitido(p.Accion, r) != permisos.Puede(r, p.Permiso) {
				t.Errorf("%s por %s: flujo y permisos no coinciden", p.Accion, r)
			}
		}
	}
}
