package navegador

import (
	"context"
	"strings"
	"testing"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/permisos"
	"comite/internal/sancion"

	"github.com/chromedp/chromedp"
	"github.com/shopspring/decimal"
)

// casosPresentados writes two cases presented to the Comité (not on any
// agenda) and a quorum of three.
func casosPresentados(t *testing.T, d *db.DB) []string {
	t.Helper()
	ctx := context.Background()
	sembrarCaso(t, d)
	sec := dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "seccional"}, Rol: permisos.RolSeccional, Seccional: "CARTAGENA"}
	st := dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "secretaria"}, Rol: permisos.RolSecretaria}
	if err := expediente.Nuevo(d).FijarQuorum(ctx, 3, dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "admin"}, Rol: permisos.RolAdmin}); err != nil {
		t.Fatal(err)
	}
	var numeros []string
	for i := range 2 {
		c, err := expediente.Nuevo(d).AbrirCaso(ctx, dominio.NuevoCaso{NIT: "800197268-4", FechaComision: fecha.Debe(2026, 2, 10+i), FechaVerificacion: fecha.Debe(2026, 3, 2),
			FechaExpediente: fecha.Debe(2026, 3, 13), Gravedad: sancion.Gravisima, Sancion: sancion.Multa, SancionPrevista: decimal.NewFromInt(10475000),
			Descripcion: "Declaraciones con información inexacta.", ConfirmarDuplicado: true}, sec)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := expediente.Nuevo(d).Transicion(ctx, c.ID, flujo.IniciarEvaluacion, "", st); err != nil {
			t.Fatal(err)
		}
		crit := map[string]string{"tipo_usuario": "Agencia de aduanas.", "perjuicio_estado": "Tributos dejados de pagar.",
			"naturaleza_hechos": "Inexactitudes.", "impacto_comercio": "Bajo.", "antecedentes": "Tres actos en 2025."}
		if err := expediente.Nuevo(d).GuardarCriterios(ctx, c.ID, crit, st); err != nil {
			t.Fatal(err)
		}
		if err := normaSiHaceFalta(ctx, d, c.ID, st); err != nil {
			t.Fatal(err)
		}
		if _, err := expediente.Nuevo(d).EmitirInforme(ctx, c.ID, st); err != nil {
			t.Fatal(err)
		}
		if _, err := expediente.Nuevo(d).Transicion(ctx, c.ID, flujo.Presentar, "", st); err != nil {
			t.Fatal(err)
		}
		numeros = append(numeros, c.Numero)
	}
	return numeros
}

// normaSiHaceFalta records the applicable norm when the test runs on a day
// after every rule set's validity (the browser tests use the real clock).
func normaSiHaceFalta(ctx context.Context, d *db.DB, id int64, st dominio.ActorCaso) error {
	c, err := d.Caso(ctx, id)
	if err != nil {
		return err
	}
	cx, err := expediente.Nuevo(d).Contexto(ctx, c)
	if err != nil || !cx.NormaPendiente {
		return err
	}
	return expediente.Nuevo(d).RegistrarNormaAplicable(ctx, id, "Se aplica el último conjunto de reglas conocido mientras se expide la norma que lo sustituya.", st)
}

// A whole session as the Secretaría and a member of the Comité run it:
// convened, its agenda built, the attendance (with a name misspelled) and
// the quorum, one concepto and one case postponed with its reason, the
// misspelled name corrected, and the acta; a session in the future offers
// no acta.
func TestNavegador_sesionCompletaDeLaConvocatoriaAlActa(t *testing.T) {
	p := iniciar(t)
	casos := casosPresentados(t, p.d)
	hoy := p.d.Hoy()

	p.ingresar("secretaria")
	p.ir("/sesiones")
	p.hacer(
		chromedp.SetValue(chromedp.ID("f-fecha"), hoy.String()),
		chromedp.SetValue(chromedp.ID("f-hora"), "09:00"),
		chromedp.SetValue(chromedp.ID("f-lugar"), "Sala de juntas, Nivel Central"),
		chromedp.SetValue(chromedp.ID("f-preside"), "Marta Lucía Ríos"),
		chromedp.SetValue(chromedp.ID("f-secretario"), "Jorge Díaz"),
	)
	p.clicYEspera(sel("convocar"), sel("orden-del-dia"))
	if txt := p.texto(sel("aviso")); !strings.Contains(txt, "Sesión convocada") {
		t.Fatalf("la convocatoria no se confirma: %q", txt)
	}
	for range casos {
		p.clicYEspera(chromedp.CSS(`[data-testid="form-orden"] button`), sel("orden-del-dia"))
	}
	p.hacer(
		chromedp.Click(chromedp.CSS(`details:has([data-testid="form-asistencia"]) summary`)),
		chromedp.SetValue(chromedp.ID("f-miembros"), "Marta Lucía Ríos; Directora de Gestión de Fiscalización\nAndres Felipe Castano; Director de Gestión Jurídica\nClaudia Patricia Moreno; Subdirectora de Fiscalización Aduanera"),
	)
	p.clicYEspera(chromedp.CSS(`[data-testid="form-asistencia"] button`), sel("quorum"))
	if txt := p.texto(sel("quorum")); !strings.Contains(txt, "Hay quórum: 3 miembros presentes (mínimo 3)") {
		t.Fatalf("quórum: %q", txt)
	}
	if txt := p.texto(sel("acta-pendiente")); !strings.Contains(txt, casos[0]) || !strings.Contains(txt, casos[1]) {
		t.Fatalf("el acta no dice qué falta: %q", txt)
	}
	// The second case is postponed with its reason.
	p.hacer(
		chromedp.Click(chromedp.CSS(`[data-testid="punto-`+casos[1]+`"] details summary`)),
		chromedp.SetValue(chromedp.ID("f-motivo-"+casos[1]), "Falta la respuesta de la Dirección Seccional."),
	)
	p.clicYEspera(chromedp.CSS(`[data-testid="form-aplazar-`+casos[1]+`"] button`), sel("aplazado-"+casos[1]))
	p.salir()

	// The Comité records the first concepto in the session.
	p.ingresar("comite")
	p.ir("/sesiones")
	p.clicYEspera(chromedp.CSS(`[data-testid^="sesion-"] a`), sel("orden-del-dia"))
	p.clicYEspera(sel("registrar-"+casos[0]), sel("form-concepto"))
	p.hacer(
		chromedp.Click(sel("decision-multa")),
		chromedp.SetValue(chromedp.ID("f-mot-naturaleza_hechos"), "Inexactitudes reiteradas en el valor declarado."),
		chromedp.SetValue(chromedp.ID("f-mot-impacto_comercio"), "Impacto acotado sobre el comercio exterior."),
		chromedp.SetValue(chromedp.ID("f-mot-antecedentes"), "Tres actos graves o gravísimos en firme en 2025."),
	)
	p.clicYEspera(sel("revisar-concepto"), sel("confirmacion-concepto"))
	p.clicYEspera(sel("registrar-concepto"), sel("orden-del-dia"))
	if txt := p.texto(sel("aviso")); !strings.Contains(txt, "Concepto del Comité registrado") {
		t.Fatalf("el concepto no se confirma: %q", txt)
	}
	// The misspelled name is corrected: a material error of the session's record.
	var id string
	if err := p.d.QueryRow(`SELECT id FROM casos WHERE numero = ?`, casos[0]).Scan(&id); err != nil {
		t.Fatal(err)
	}
	p.ir("/casos/" + id + "/concepto/correccion")
	if txt := p.texto(sel("correccion-sesion")); !strings.Contains(txt, "no cambia su fecha") {
		t.Fatalf("la corrección no dice que la sesión queda: %q", txt)
	}
	p.hacer(
		chromedp.SetValue(chromedp.ID("f-miembros"), "Marta Lucía Ríos (Directora de Gestión de Fiscalización)\nAndrés Felipe Castaño (Director de Gestión Jurídica)\nClaudia Patricia Moreno (Subdirectora de Fiscalización Aduanera)"),
		chromedp.SetValue(chromedp.ID("f-motivo_correccion"), "El nombre de Andrés Felipe Castaño quedó sin tildes."),
	)
	p.clicYEspera(sel("revisar-concepto"), sel("confirmacion-concepto"))
	p.clicYEspera(sel("registrar-concepto"), sel("titulo-caso"))
	if txt := p.texto(sel("aviso")); !strings.Contains(txt, "Corrección registrada") {
		t.Fatalf("la corrección no se confirma: %q", txt)
	}
	p.salir()

	// The Secretaría issues the acta; a session in the future offers none.
	p.ingresar("secretaria")
	p.ir("/sesiones")
	p.clicYEspera(chromedp.CSS(`[data-testid^="sesion-"] a`), sel("orden-del-dia"))
	p.clicYEspera(sel("emitir-acta"), sel("acta-v1"))
	var miembros string
	if err := p.d.QueryRow(`SELECT miembros FROM conceptos WHERE corrige_id IS NOT NULL`).Scan(&miembros); err != nil || !strings.Contains(miembros, "Andrés Felipe Castaño") {
		t.Fatalf("la corrección guardada: %q %v", miembros, err)
	}
	p.captura("sesion-completa-acta")
	p.ir("/sesiones")
	p.hacer(
		chromedp.SetValue(chromedp.ID("f-fecha"), hoy.MasDias(10).String()),
		chromedp.SetValue(chromedp.ID("f-hora"), "09:00"),
		chromedp.SetValue(chromedp.ID("f-lugar"), "Sala de juntas, Nivel Central"),
		chromedp.SetValue(chromedp.ID("f-preside"), "Marta Lucía Ríos"),
		chromedp.SetValue(chromedp.ID("f-secretario"), "Jorge Díaz"),
	)
	p.clicYEspera(sel("convocar"), sel("orden-del-dia"))
	if n, err := correr(p, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="emitir-acta"]').length`)); err != nil || n != 0 {
		t.Fatalf("una sesión futura ofrece emitir el acta (%d, %v)", n, err)
	}
	if txt := p.texto(sel("acta-pendiente")); !strings.Contains(txt, "aún no se ha celebrado") {
		t.Fatalf("la sesión futura no dice por qué no hay acta: %q", txt)
	}
}
