package expediente

import (
	"comite/internal/contrato"
	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/permisos"
	"comite/internal/reincidencia"
	"comite/internal/sancion"
	"context"
	"errors"
	"fmt"
	"github.com/shopspring/decimal"
	"strings"
	"testing"
	"time"
)

func TestCaso_dominio3_reportarGuardaInstantaneaHistoriaYAuditoria(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	n := nuevoEjemplo(nitEjemplo)
	n.DireccionSeccional = secBogota // ignored: a seccional reports for its own Dirección Seccional
	c, err := Nuevo(d).AbrirCaso(ctx, n, sSeccional)
	if err != nil {
		t.Fatal(err)
	}
	if c.Numero != "CF-2026-0001" || c.Estado != flujo.Reportado || c.DireccionSeccional != secCartagena {
		t.Fatalf("caso = %s %s %s", c.Numero, c.Estado, c.DireccionSeccional)
	}
	if c.FechaReporte != fecha.Debe(2026, 3, 17) {
		t.Errorf("fecha de reporte %s; quiere la fecha civil de Bogotá 2026-03-17", c.FechaReporte)
	}
	ev, err := d.UltimaEvaluacion(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	r, err := contrato.ResultadoDe(ev, d.Referencia())
	if err != nil {
		t.Fatal(err)
	}
	if ev.Version != 1 || !r.Procede().EsSi() || r.NumeroActos != 3 || r.SumaSancionesCOP != "77000000" || r.PlazoReporte != "2026-03-30" {
		t.Fatalf("evaluación v%d: procede=%v actos=%d S=%s plazo=%s", ev.Version, r.ProcedeComite, r.NumeroActos, r.SumaSancionesCOP, r.PlazoReporte)
	}
	if r.SancionIncrementada == nil || r.SancionIncrementada.TotalCOP != "62849000" {
		t.Errorf("sanción incrementada %+v; quiere 62849000", r.SancionIncrementada)
	}
	if ev.ConjuntoReglas != "DL920-2023" || !strings.Contains(ev.ValoresJSON, `"valor_cop":"52374"`) || !strings.Contains(ev.EntradaJSON, "RS-1-A") {
		t.Errorf("instantánea incompleta: reglas %q valores %s", ev.ConjuntoReglas, ev.ValoresJSON)
	}
	h, _ := d.Historia(ctx, c.ID)
	if len(h) != 1 || h[0].AEstado != flujo.Reportado || h[0].EvaluacionID != ev.ID || h[0].Cuenta != "seccional" || h[0].IP != "10.0.0.7" {
		t.Fatalf("historia = %+v", h)
	}
	var aud int
	d.QueryRow(`SELECT count(*) FROM auditoria WHERE accion = 'caso.reportar' AND objeto = 'caso:CF-2026-0001'`).Scan(&aud)
	if aud != 1 {
		t.Errorf("filas de auditoría caso.reportar = %d", aud)
	}
	c2 := abrir(t, d, nitDebajo, sSecretaria)
	if c2.Numero != "CF-2026-0002" {
		t.Errorf("segundo número %s; quiere CF-2026-0002", c2.Numero)
	}
}

// The form refuses what the core refuses, with its words, and accepts what
// it accepts: an expediente completed before the verification (the deadline
// counts from the later of the two) and a foreseen multa of 0.
func TestCaso_art25_reportarRechazaLoQueElNucleo(t *testing.T) {
	d, _ := baseCasos(t)
	casos := []struct {
		nombre       string
		cambiar      func(*dominio.NuevoCaso)
		campo, texto string // "" = accepted
	}{
		{"art25_expediente_antes_de_la_verificacion_se_admite", func(n *dominio.NuevoCaso) { n.FechaExpediente = fecha.Debe(2026, 3, 1) }, "", ""},
		{"art25_multa_prevista_cero_se_admite", func(n *dominio.NuevoCaso) {
			n.SancionPrevista = decimal.Zero
			n.FechaComision = fecha.Debe(2026, 2, 11)
		}, "", ""},
		{"art25_verificacion_antes_de_la_comision_con_las_palabras_del_nucleo", func(n *dominio.NuevoCaso) { n.FechaVerificacion = fecha.Debe(2026, 2, 9) },
			"fecha_verificacion", "La verificación de los hechos (09/02/2026) no puede ser anterior a la comisión de la infracción (10/02/2026)."},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			n := nuevoEjemplo(nitEjemplo)
			c.cambiar(&n)
			_, err := Nuevo(d).AbrirCaso(context.Background(), n, sSecretaria)
			if c.campo == "" {
				if err != nil {
					t.Fatalf("el núcleo lo admite y el formulario lo rechaza: %v", err)
				}
				return
			}
			var ef *db.ErrFormulario
			if !errors.As(err, &ef) || ef.Campos[c.campo] != c.texto {
				t.Fatalf("err = %v; quiere %q en %s", err, c.texto, c.campo)
			}
			ent := reincidencia.Entrada{Nueva: reincidencia.NuevaInfraccion{FechaComision: n.FechaComision, FechaVerificacion: n.FechaVerificacion,
				FechaExpediente: n.FechaExpediente, Gravedad: n.Gravedad, Sancion: n.Sancion}}
			if errs := reincidencia.Validar(ent); len(errs) == 0 || "nueva_infraccion."+c.campo != errs[0].Campo {
				t.Fatalf("el núcleo no rechaza %s: %v", c.campo, errs)
			}
		})
	}
}

func TestCaso_dominio3_reportarValidaCadaCampo(t *testing.T) {
	d, _ := baseCasos(t)
	casos := []struct {
		nombre, campo string
		cambiar       func(*dominio.NuevoCaso)
	}{
		{"nit_con_dv_errado", "nit", func(n *dominio.NuevoCaso) { n.NIT = "800191045-2" }},
		{"nit_no_registrado", "nit", func(n *dominio.NuevoCaso) { n.NIT = "800197268-4" }},
		{"comision_futura", "fecha_comision", func(n *dominio.NuevoCaso) { n.FechaComision = fecha.Debe(2026, 3, 18) }},
		{"verificacion_antes_de_comision", "fecha_verificacion", func(n *dominio.NuevoCaso) { n.FechaVerificacion = fecha.Debe(2026, 2, 9) }},
		{"art25_expediente_antes_de_la_comision", "fecha_expediente", func(n *dominio.NuevoCaso) { n.FechaExpediente = fecha.Debe(2026, 2, 9) }},
		{"art25_requerimiento_antes_de_la_verificacion", "fecha_requerimiento", func(n *dominio.NuevoCaso) { n.FechaRequerimiento = fecha.Debe(2026, 3, 1) }},
		{"art25_gravisima_con_amonestacion", "sancion", func(n *dominio.NuevoCaso) { n.Sancion = sancion.Amonestacion }},
		{"gravedad_desconocida", "gravedad", func(n *dominio.NuevoCaso) { n.Gravedad = "muy_grave" }},
		{"multa_negativa", "sancion_prevista", func(n *dominio.NuevoCaso) { n.SancionPrevista = decimal.RequireFromString("-0.001") }},
		{"anclaje_desconocido", "anclaje", func(n *dominio.NuevoCaso) { n.Anclaje = "expediente" }},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			n := nuevoEjemplo(nitEjemplo)
			c.cambiar(&n)
			_, err := Nuevo(d).AbrirCaso(context.Background(), n, sSecretaria)
			var ef *db.ErrFormulario
			if !errors.As(err, &ef) || ef.Campos[c.campo] == "" {
				t.Fatalf("err = %v; quiere un mensaje para %s", err, c.campo)
			}
		})
	}
	var n int
	d.QueryRow(`SELECT count(*) FROM casos`).Scan(&n)
	if n != 0 {
		t.Fatalf("se guardaron %d casos inválidos", n)
	}
	for _, q := range []dominio.ActorCaso{sComite, sAuditor, sAdmin} {
		if _, err := Nuevo(d).AbrirCaso(context.Background(), nuevoEjemplo(nitEjemplo), q); !esPaso(err) {
			t.Errorf("%s pudo reportar: %v", q.Rol, err)
		}
	}
}

// TestCaso_multaConTresDecimalesSeGuardaExacta: the case keeps the foreseen
// fine as entered, as the rules use it; nothing rounds it to centavos.
func TestCaso_multaConTresDecimalesSeGuardaExacta(t *testing.T) {
	d, _ := baseCasos(t)
	n := nuevoEjemplo(nitEjemplo)
	n.SancionPrevista = decimal.RequireFromString("10475000.001")
	c, err := Nuevo(d).AbrirCaso(context.Background(), n, sSecretaria)
	if err != nil {
		t.Fatal(err)
	}
	if !c.SancionPrevista.Equal(n.SancionPrevista) {
		t.Fatalf("multa guardada %s; quiere %s", c.SancionPrevista, n.SancionPrevista)
	}
	// The REA proposal keeps its total exactly too: the multa plus the increment.
	llevar(t, d, c.ID, flujo.Cerrado)
	p, err := d.PropuestaDe(context.Background(), c.ID)
	if err != nil || p == nil || p.Total == nil || p.Incremento == nil {
		t.Fatalf("propuesta del REA: %+v %v", p, err)
	}
	if quiere := n.SancionPrevista.Add(p.Incremento.UVTValor.Mul(decimal.NewFromInt(1000))); !p.Total.Equal(quiere) {
		t.Fatalf("total de la propuesta %s; quiere la multa más 1.000 UVT de %s: %s", p.Total, p.Incremento.UVTValor, quiere)
	}
}

// accionEn tries one action on a case as quien.
func accionEn(d *db.DB, id int64, a flujo.Accion, quien dominio.ActorCaso) error {
	ctx := context.Background()
	var err error
	switch a {
	case flujo.IniciarEvaluacion, flujo.Presentar, flujo.DeclararNoProcede:
		_, err = Nuevo(d).Transicion(ctx, id, a, "", quien)
	case flujo.Reevaluar:
		_, err = Nuevo(d).Reevaluar(ctx, id, "corrección de datos", quien)
	case flujo.EmitirConcepto:
		_, err = conceptoEnSesion(d, id, conceptoMulta(), quien)
	case flujo.CorregirConcepto:
		k := conceptoMulta()
		k.Miembros[1] = "Subdirectora Jurídica"
		_, err = Nuevo(d).CorregirConcepto(ctx, id, k, "el cargo de un miembro quedó mal escrito", quien)
	case flujo.Cerrar:
		_, err = Nuevo(d).CerrarCaso(ctx, id, fecha.Debe(2026, 3, 17), quien)
	}
	return err
}

// Every step by every role from every state: allowed only to its role and
// only in order (docs/reglas.md §3); a refused step changes nothing.
func TestFlujo_dominio3_cadaPasoPorCadaRolEnCadaEstado(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	type clave struct {
		e   flujo.Estado
		a   flujo.Accion
		rol permisos.Rol
	}
	// What the law allows (docs/reglas.md §3), for a case that passes the test with
	// its criteria written and its informe issued.
	permitido := map[clave]bool{
		{flujo.Reportado, flujo.IniciarEvaluacion, flujo.RolSecretaria}:  true,
		{flujo.Reportado, flujo.Reevaluar, flujo.RolSecretaria}:          true,
		{flujo.EnEvaluacion, flujo.Reevaluar, flujo.RolSecretaria}:       true,
		{flujo.EnEvaluacion, flujo.Presentar, flujo.RolSecretaria}:       true,
		{flujo.EnComite, flujo.EmitirConcepto, flujo.RolComite}:          true,
		{flujo.ConceptoEmitido, flujo.CorregirConcepto, flujo.RolComite}: true,
		{flujo.ConceptoEmitido, flujo.Cerrar, flujo.RolSecretaria}:       true,
		{flujo.ConceptoEmitido, flujo.Cerrar, flujo.RolSeccional}:        true,
	}
	acciones := []flujo.Accion{flujo.IniciarEvaluacion, flujo.Reevaluar, flujo.Presentar, flujo.EmitirConcepto, flujo.CorregirConcepto, flujo.Cerrar, flujo.DeclararNoProcede}
	preparar := func(e flujo.Estado) int64 {
		c := abrir(t, d, nitEjemplo, sSeccional)
		if e == flujo.EnEvaluacion {
			llevar(t, d, c.ID, flujo.EnEvaluacion)
			if err := Nuevo(d).GuardarCriterios(ctx, c.ID, criteriosCompletos, sSecretaria); err != nil {
				t.Fatal(err)
			}
			if _, err := Nuevo(d).EmitirInforme(context.Background(), c.ID, sSecretaria); err != nil {
				t.Fatal(err)
			}
			return c.ID
		}
		llevar(t, d, c.ID, e)
		return c.ID
	}
	for _, e := range []flujo.Estado{flujo.Reportado, flujo.EnEvaluacion, flujo.EnComite, flujo.ConceptoEmitido, flujo.Cerrado} {
		comun := preparar(e)
		for _, a := range acciones {
			for _, q := range actoresTodos {
				nombre := fmt.Sprintf("%s_%s_%s", e, a, q.Rol)
				t.Run(nombre, func(t *testing.T) {
					id := comun
					ok := permitido[clave{e, a, q.Rol}]
					if ok {
						id = preparar(e)
					}
					antes, _ := d.Historia(ctx, id)
					err := accionEn(d, id, a, q)
					despues, _ := d.Historia(ctx, id)
					c, _ := d.Caso(ctx, id)
					if ok {
						if err != nil {
							t.Fatalf("permitido pero: %v", err)
						}
						if len(despues) != len(antes)+1 {
							t.Fatalf("el paso no dejó su fila en la historia")
						}
						p, _ := flujo.DePaso(a)
						if p.Hasta != "" && c.Estado != p.Hasta {
							t.Fatalf("estado %s; quiere %s", c.Estado, p.Hasta)
						}
						return
					}
					if !esPaso(err) {
						t.Fatalf("quiere un rechazo con mensaje; err = %v", err)
					}
					if c.Estado != e || len(despues) != len(antes) {
						t.Fatalf("un paso rechazado cambió el caso: %s, historia %d → %d", c.Estado, len(antes), len(despues))
					}
				})
			}
		}
	}
}

func TestFlujo_dominio3_noProcedeSoloSiLaEvaluacionFalla(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	procede := abrir(t, d, nitEjemplo, sSecretaria)
	if _, err := Nuevo(d).Transicion(ctx, procede.ID, flujo.DeclararNoProcede, "", sSecretaria); !esPaso(err) {
		t.Fatalf("un caso que procede se cerró como no procede: %v", err)
	}
	debajo := abrir(t, d, nitDebajo, sSeccional)
	for _, q := range []dominio.ActorCaso{sSeccional, sComite, sAuditor, sAdmin} {
		if _, err := Nuevo(d).Transicion(ctx, debajo.ID, flujo.DeclararNoProcede, "", q); !esPaso(err) {
			t.Errorf("%s declaró no procede: %v", q.Rol, err)
		}
	}
	// The case that fails the test cannot be presented, even with criteria and informe.
	llevarEvaluacion(t, d, debajo.ID)
	if _, err := Nuevo(d).Transicion(ctx, debajo.ID, flujo.Presentar, "", sSecretaria); !esPaso(err) || !strings.Contains(err.Error(), "no procede") {
		t.Fatalf("se presentó un caso que no cumple: %v", err)
	}
	c, err := Nuevo(d).Transicion(ctx, debajo.ID, flujo.DeclararNoProcede, "0,4968 % < 0,5 %", sSecretaria)
	if err != nil || c.Estado != flujo.NoProcede {
		t.Fatalf("no procede: %v %s", err, c.Estado)
	}
	for _, a := range []flujo.Accion{flujo.IniciarEvaluacion, flujo.Reevaluar, flujo.Presentar, flujo.EmitirConcepto, flujo.Cerrar} {
		if err := accionEn(d, debajo.ID, a, sSecretaria); !esPaso(err) {
			t.Errorf("%s sobre un caso no_procede: %v", a, err)
		}
	}
}

func TestFlujo_art25_presentarExigeCriteriosEInformeDeLaEvaluacionVigente(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	if _, err := Nuevo(d).Transicion(ctx, c.ID, flujo.IniciarEvaluacion, "", sSecretaria); err != nil {
		t.Fatal(err)
	}
	falta := map[string]string{}
	for k, v := range criteriosCompletos {
		if k != "perjuicio_estado" {
			falta[k] = v
		}
	}
	if err := Nuevo(d).GuardarCriterios(ctx, c.ID, falta, sSecretaria); err != nil {
		t.Fatal(err)
	}
	// Neither the informe nor the presentation without every criterion; both name the missing one.
	if _, err := Nuevo(d).EmitirInforme(context.Background(), c.ID, sSecretaria); !esPaso(err) || !strings.Contains(err.Error(), "«Perjuicio causado a los intereses del Estado»") {
		t.Fatalf("informe sin todos los criterios: %v", err)
	}
	if _, err := Nuevo(d).Transicion(ctx, c.ID, flujo.Presentar, "", sSecretaria); !esPaso(err) || !strings.Contains(err.Error(), "«Perjuicio causado a los intereses del Estado»") {
		t.Fatalf("se presentó sin todos los criterios: %v", err)
	}
	if err := Nuevo(d).GuardarCriterios(ctx, c.ID, criteriosCompletos, sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := Nuevo(d).EmitirInforme(context.Background(), c.ID, sSecretaria); err != nil {
		t.Fatal(err)
	}
	// A re-evaluation makes the issued informe stale: a new version is needed.
	if _, err := Nuevo(d).Reevaluar(ctx, c.ID, "revisión de los actos", sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := Nuevo(d).Transicion(ctx, c.ID, flujo.Presentar, "", sSecretaria); !esPaso(err) || !strings.Contains(err.Error(), "informe") {
		t.Fatalf("se presentó con un informe de una evaluación anterior: %v", err)
	}
	if _, err := Nuevo(d).EmitirInforme(context.Background(), c.ID, sSecretaria); err != nil {
		t.Fatal(err)
	}
	if _, err := Nuevo(d).Transicion(ctx, c.ID, flujo.Presentar, "", sSecretaria); err != nil {
		t.Fatal(err)
	}
	var aud string
	d.QueryRow(`SELECT detalle_json FROM auditoria WHERE accion = 'caso.criterios' ORDER BY id DESC LIMIT 1`).Scan(&aud)
	if !strings.Contains(aud, `"antes"`) || !strings.Contains(aud, `"despues"`) || !strings.Contains(aud, "Tributos dejados") {
		t.Errorf("la auditoría de criterios no guarda antes y después: %s", aud)
	}
}

func TestReevaluar_nuevaVersionConMotivoNuncaCambioSilencioso(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	if _, err := Nuevo(d).Reevaluar(ctx, c.ID, "  ", sSecretaria); err == nil {
		t.Fatal("se recalculó sin motivo")
	}
	v1, _ := d.UltimaEvaluacion(ctx, c.ID)
	// A data correction: act C was really 2.000.000 more.
	if _, err := d.Exec(`UPDATE actos SET valor_centavos = 1400000000 WHERE numero_acto = 'RS-1-C'`); err != nil {
		t.Fatal(err)
	}
	v2, err := Nuevo(d).Reevaluar(ctx, c.ID, "el acto RS-1-C se corrigió", sSecretaria)
	if err != nil {
		t.Fatal(err)
	}
	r1, _ := contrato.ResultadoDe(v1, d.Referencia())
	r2, _ := contrato.ResultadoDe(v2, d.Referencia())
	if v2.Version != 2 || r1.SumaSancionesCOP != "77000000" || r2.SumaSancionesCOP != "79000000" || v2.Motivo != "el acto RS-1-C se corrigió" {
		t.Fatalf("v%d S1=%s S2=%s motivo=%q", v2.Version, r1.SumaSancionesCOP, r2.SumaSancionesCOP, v2.Motivo)
	}
	evs, _ := d.Evaluaciones(ctx, c.ID)
	if len(evs) != 2 || evs[0].ResultadoJSON != v1.ResultadoJSON {
		t.Fatal("la versión 1 no se conservó igual")
	}
	if _, err := d.Exec(`UPDATE evaluaciones SET resultado_json = '{}' WHERE id = ?`, v1.ID); err == nil {
		t.Fatal("la base dejó modificar una instantánea")
	}
	h, _ := d.Historia(ctx, c.ID)
	if last := h[len(h)-1]; last.Accion != flujo.Reevaluar || last.EvaluacionVersion != 2 || !strings.Contains(last.Texto, "RS-1-C") {
		t.Fatalf("historia: %+v", last)
	}
}

func TestConcepto_dominio3_definitivoYCorreccionVinculada(t *testing.T) {
	d, reloj := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	llevar(t, d, c.ID, flujo.EnComite)
	mal := conceptoMulta()
	mal.Decision = flujo.DecisionCancelacion // without criteria 5.1–5.7
	if _, err := conceptoEnSesion(d, c.ID, mal, sComite); err == nil {
		t.Fatal("se registró una cancelación sin criterios 5.1–5.7")
	} else {
		var ec *db.ErrConcepto
		if !errors.As(err, &ec) || ec.Campos["criterios_cancelacion"] == "" {
			t.Fatalf("err = %v", err)
		}
	}
	mal.CriteriosCancelacion = []string{"5.3", "5.7"}
	orig, err := conceptoEnSesion(d, c.ID, mal, sComite)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conceptoEnSesion(d, c.ID, conceptoMulta(), sComite); !esPaso(err) {
		t.Fatalf("se registró un segundo concepto: %v", err)
	}
	for _, q := range []string{`UPDATE conceptos SET decision = 'multa_incrementada' WHERE id = ?`, `DELETE FROM conceptos WHERE id = ?`} {
		if _, err := d.Exec(q, orig.ID); err == nil {
			t.Fatalf("la base aceptó %s", q)
		}
	}
	*reloj = reloj.Add(24 * time.Hour)
	corregido := mal
	corregido.Miembros = []string{"Directora de Fiscalización", "Subdirector Jurídico", " directora  de fiscalización "}
	if _, err := Nuevo(d).CorregirConcepto(ctx, c.ID, corregido, "", sComite); err == nil {
		t.Fatal("corrección sin motivo")
	}
	if _, err := Nuevo(d).CorregirConcepto(ctx, c.ID, corregido, "error", sSecretaria); !esPaso(err) {
		t.Fatalf("la Secretaría corrigió el concepto: %v", err)
	}
	// A concepto is final (Decreto Ley 920 de 2023, art. 25 by position): a correction never changes the decision.
	if _, err := Nuevo(d).CorregirConcepto(ctx, c.ID, conceptoMulta(), "la decisión votada fue la multa incrementada", sComite); err == nil {
		t.Fatal("una corrección cambió la decisión")
	} else if ec := (*db.ErrConcepto)(nil); !errors.As(err, &ec) || ec.Campos["decision"] == "" {
		t.Fatalf("err = %v", err)
	}
	// Its dates are checked like the original's: not before the presentation.
	antes := corregido
	antes.FechaSesion = fecha.Debe(2020, 1, 2)
	if _, err := Nuevo(d).CorregirConcepto(ctx, c.ID, antes, "fecha mal escrita", sComite); err == nil {
		t.Fatal("una corrección con la sesión antes de la presentación")
	}
	cor, err := Nuevo(d).CorregirConcepto(ctx, c.ID, corregido, "los nombres se escribieron con el cargo repetido", sComite)
	if err != nil {
		t.Fatal(err)
	}
	cs, _ := d.Conceptos(ctx, c.ID)
	if len(cs) != 2 || cs[0].ID != orig.ID || cs[1].Concepto.Decision != flujo.DecisionCancelacion || cs[1].CorrigeID != orig.ID || cor.MotivoCorreccion == "" {
		t.Fatalf("conceptos: %+v", cs)
	}
	if got := strings.Join(cs[1].Concepto.Miembros, "|"); got != "Directora de Fiscalización|Subdirector Jurídico" {
		t.Fatalf("miembros repetidos no se quitaron: %q", got)
	}
	// The closing follows the concepto in force, and after it no correction.
	p, err := Nuevo(d).CerrarCaso(ctx, c.ID, fecha.Debe(2026, 3, 18), sSecretaria)
	if err != nil || p.Propuesta != flujo.DecisionCancelacion || p.Total != nil || p.ConceptoID != cor.ID {
		t.Fatalf("propuesta: %+v %v", p, err)
	}
	otra := corregido
	otra.Miembros = []string{"Otra persona"}
	if _, err := Nuevo(d).CorregirConcepto(ctx, c.ID, otra, "otro error", sComite); !esPaso(err) {
		t.Fatalf("corrección tras el cierre: %v", err)
	}
	if cs2, _ := d.Conceptos(ctx, c.ID); len(cs2) != 2 {
		t.Fatalf("conceptos tras el cierre: %d", len(cs2))
	}
}

func TestCerrar_art25_propuestaREAConMilUVTDelAnioDelREA(t *testing.T) {
	d, reloj := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	llevar(t, d, c.ID, flujo.ConceptoEmitido)
	if _, err := Nuevo(d).CerrarCaso(ctx, c.ID, fecha.Debe(2026, 3, 16), sSecretaria); err == nil {
		t.Fatal("REA anterior a la sesión del Comité")
	}
	if _, err := Nuevo(d).CerrarCaso(ctx, c.ID, fecha.Debe(2026, 3, 17), sOtra); !errors.Is(err, db.ErrCasoNoExiste) {
		t.Fatalf("otra Seccional cerró el caso: %v", err)
	}
	*reloj = time.Date(2026, 4, 1, 15, 0, 0, 0, time.UTC)
	p, err := Nuevo(d).CerrarCaso(ctx, c.ID, fecha.Debe(2026, 4, 1), sSeccional)
	if err != nil {
		t.Fatal(err)
	}
	// docs/reglas.md §2 worked example: 10.475.000 + 52.374.000 = 62.849.000 (UVT 2026).
	if p.Propuesta != flujo.DecisionMultaIncrementada || p.Total.String() != "62849000" || p.Incremento.UVTAnio != 2026 || p.Incremento.Incremento.String() != "52374000" {
		t.Fatalf("propuesta = %+v %+v", p, p.Incremento)
	}
	c, _ = d.Caso(ctx, c.ID)
	if c.Estado != flujo.Cerrado || c.FechaRequerimiento != fecha.Debe(2026, 4, 1) {
		t.Fatalf("caso %s REA %s", c.Estado, c.FechaRequerimiento)
	}
	if _, err := d.Exec(`UPDATE propuestas_rea SET total_centavos = 1 WHERE caso_id = ?`, c.ID); err == nil {
		t.Fatal("la base dejó cambiar la propuesta del REA")
	}
}

func TestCaso_otraSeccionalNoLoVeNiLoToca(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	mayus := sSeccional
	mayus.Seccional = strings.ToUpper(secCartagena)
	if puedeVer(sOtra, c) || !puedeVer(mayus, c) || !puedeVer(sAuditor, c) {
		t.Fatal("puedeVer")
	}
	if _, err := Nuevo(d).Transicion(ctx, c.ID, flujo.IniciarEvaluacion, "", sOtra); !errors.Is(err, db.ErrCasoNoExiste) {
		t.Fatalf("err = %v; quiere db.ErrCasoNoExiste", err)
	}
	lista, _ := d.ListarCasos(ctx, db.FiltroCasos{Seccional: secBogota})
	if len(lista) != 0 {
		t.Fatalf("la lista de Bogotá tiene %d casos de Cartagena", len(lista))
	}
}

// An informe is built outside the write transaction and stored with the
// mark of what it was built from: a change in between (here the criteria)
// makes the store refuse it and write nothing.
func TestGuardarInforme_marcaCambiadaNoEscribeNada(t *testing.T) {
	d, _ := baseCasos(t)
	ctx := context.Background()
	c := abrir(t, d, nitEjemplo, sSeccional)
	llevar(t, d, c.ID, flujo.EnEvaluacion)
	f, err := d.FuenteInforme(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	contar := func() (n int) {
		d.QueryRow(`SELECT (SELECT count(*) FROM informes) + (SELECT count(*) FROM caso_eventos) + (SELECT count(*) FROM auditoria)`).Scan(&n)
		return n
	}
	otros := map[string]string{}
	for k, v := range criteriosCompletos {
		otros[k] = v + " Corregido."
	}
	if err := Nuevo(d).GuardarCriterios(ctx, c.ID, otros, sSecretaria); err != nil {
		t.Fatal(err)
	}
	antes := contar()
	nuevo := db.InformeNuevo{CasoID: c.ID, Version: 1, EvaluacionID: f.Evaluacion.ID, Marca: f.Marca, Archivo: []byte("%PDF-1.3 x"),
		SHA256: "x", SHA256Contenido: "x", EmitidoEn: d.Ahora(), Texto: "Informe gerencial v1 emitido"}
	if _, err := d.GuardarInforme(ctx, nuevo, sSecretaria); !errors.Is(err, db.ErrDocumentoDesactualizado) || !strings.Contains(err.Error(), "No se guardó nada") {
		t.Fatalf("err = %v; quiere db.ErrDocumentoDesactualizado", err)
	}
	if despues := contar(); despues != antes {
		t.Fatalf("un informe desactualizado escribió %d filas", despues-antes)
	}
	// Read again, the same informe is stored.
	if f, err = d.FuenteInforme(ctx, c.ID); err != nil {
		t.Fatal(err)
	}
	nuevo.Marca = f.Marca
	if _, err := d.GuardarInforme(ctx, nuevo, sSecretaria); err != nil {
		t.Fatal(err)
	}
	// A second store of the same version (two people issuing at once) is refused.
	if _, err := d.GuardarInforme(ctx, nuevo, sSecretaria); !errors.Is(err, db.ErrDocumentoDesactualizado) {
		t.Fatalf("la misma versión se guardó dos veces: %v", err)
	}
}
