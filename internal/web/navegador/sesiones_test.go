package navegador

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/expediente"
	"comite/internal/flujo"
	"comite/internal/permisos"

	"github.com/chromedp/chromedp"
)

// sesionParaCaso convenes, as the Secretaría, a session of today with the
// case at ruta (presented to the Comité) on its orden del día, and a quorum
// of two when none was configured: every concepto is recorded inside a
// session, so the Comité's button on the case leads there.
func sesionParaCaso(t *testing.T, d *db.DB, ruta string) {
	t.Helper()
	ctx := context.Background()
	id, err := strconv.ParseInt(strings.TrimPrefix(ruta, "/casos/"), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	st := dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "secretaria"}, Rol: permisos.RolSecretaria}
	if _, ok, err := d.ParametroQuorum(ctx); err != nil {
		t.Fatal(err)
	} else if !ok {
		if err := expediente.Nuevo(d).FijarQuorum(ctx, 2, dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "admin"}, Rol: permisos.RolAdmin}); err != nil {
			t.Fatal(err)
		}
	}
	s, err := expediente.Nuevo(d).ConvocarSesion(ctx, flujo.Sesion{Fecha: d.Hoy(), Hora: "09:00", Modalidad: "presencial", Lugar: "Sala de juntas, Nivel Central",
		Preside: "Marta Lucía Ríos", Secretario: "Jorge Díaz", Miembros: []flujo.MiembroSesion{
			{Nombre: "Marta Lucía Ríos", Cargo: "Directora de Gestión de Fiscalización"},
			{Nombre: "Andrés Felipe Castaño", Cargo: "Director de Gestión Jurídica"},
		}}, st)
	if err != nil {
		t.Fatal(err)
	}
	if err := expediente.Nuevo(d).AgregarAlOrden(ctx, s.ID, id, st); err != nil {
		t.Fatal(err)
	}
}

// sembrarSesion writes two cases presented to the Comité, a session of
// today with three members present on their agenda, and a quorum of three.
func sembrarSesion(t *testing.T, d *db.DB) (string, []string) {
	t.Helper()
	ctx := context.Background()
	numeros := casosPresentados(t, d)
	st := dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "secretaria"}, Rol: permisos.RolSecretaria}
	s, err := expediente.Nuevo(d).ConvocarSesion(ctx, flujo.Sesion{Fecha: d.Hoy(), Hora: "09:00", Modalidad: "mixta", Lugar: "Sala de juntas, Nivel Central",
		Preside: "Marta Lucía Ríos", Secretario: "Jorge Díaz", Miembros: []flujo.MiembroSesion{
			{Nombre: "Marta Lucía Ríos", Cargo: "Directora de Gestión de Fiscalización"},
			{Nombre: "Andrés Felipe Castaño", Cargo: "Director de Gestión Jurídica"},
			{Nombre: "Claudia Patricia Moreno", Cargo: "Subdirectora de Gestión de Fiscalización Aduanera"},
		}}, st)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range numeros {
		c, err := d.CasoPorReferencia(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		if err := expediente.Nuevo(d).AgregarAlOrden(ctx, s.ID, c.ID, st); err != nil {
			t.Fatal(err)
		}
	}
	return s.Numero, numeros
}

// A member of the Comité opens the session, goes through the orden del día,
// records two conceptos (the form asks neither date nor members), issues the
// acta and downloads it.
func TestNavegador_sesionOrdenDelDiaDosConceptosYActa(t *testing.T) {
	p := iniciar(t)
	numero, casos := sembrarSesion(t, p.d)

	p.ingresar("comite")
	p.ir("/sesiones")
	p.clicYEspera(chromedp.CSS(`[data-testid="sesion-`+numero+`"] a`), sel("orden-del-dia"))
	if txt := p.texto(sel("quorum")); !strings.Contains(txt, "Hay quórum: 3 miembros presentes (mínimo 3)") {
		t.Fatalf("quórum: %q", txt)
	}
	decisiones := []string{"decision-multa", "decision-cancelacion"}
	for i, caso := range casos {
		p.clicYEspera(sel("registrar-"+caso), sel("form-concepto"))
		if n, err := correr(p, chromedp.Evaluate[int](`document.querySelectorAll('#f-miembros, [name="fecha_sesion"]').length`)); err != nil || n != 0 {
			t.Fatalf("el formulario en sesión pide fecha o miembros (%d, %v)", n, err)
		}
		if txt := p.texto(sel("concepto-sesion")); !strings.Contains(txt, numero) || !strings.Contains(txt, "Andrés Felipe Castaño (Director de Gestión Jurídica)") {
			t.Fatalf("el formulario no muestra la sesión: %q", txt)
		}
		p.hacer(
			chromedp.Click(sel(decisiones[i])),
			chromedp.SetValue(chromedp.ID("f-mot-naturaleza_hechos"), "Inexactitudes reiteradas en el valor declarado."),
			chromedp.SetValue(chromedp.ID("f-mot-impacto_comercio"), "Impacto acotado sobre el comercio exterior."),
			chromedp.SetValue(chromedp.ID("f-mot-antecedentes"), "Tres actos graves o gravísimos en firme en 2025."),
		)
		if i == 1 {
			p.hacer(chromedp.Click(chromedp.CSS(`input[name="criterios_cancelacion"][value="5.3"]`)))
		}
		p.clicYEspera(sel("revisar-concepto"), sel("confirmacion-concepto"))
		p.clicYEspera(sel("registrar-concepto"), sel("orden-del-dia"))
	}
	orden := p.texto(sel("orden-del-dia"))
	if !strings.Contains(orden, "Multa prevista incrementada") || !strings.Contains(orden, "Cancelación de la autorización") {
		t.Fatalf("el orden del día no muestra las dos decisiones: %s", orden)
	}
	var n int
	if err := p.d.QueryRow(`SELECT count(*) FROM conceptos WHERE sesion_id IS NOT NULL`).Scan(&n); err != nil || n != 2 {
		t.Fatalf("conceptos en la sesión: %d %v", n, err)
	}
	p.captura("sesion-orden-del-dia")
	p.clicYEspera(sel("emitir-acta"), sel("acta-v1"))
	desc, err := correr(p, chromedp.Evaluate[string](`fetch(document.querySelector('[data-testid="acta-v1"]').href).then(async r => {
		const b = new Uint8Array(await r.arrayBuffer());
		return r.status + '|' + r.headers.get('Content-Type') + '|' + r.headers.get('X-Content-SHA256') + '|' + new TextDecoder().decode(b.slice(0, 5)) + '|' + b.length;
	})`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	partes := strings.Split(desc, "|")
	var hash string
	var largo int
	if err := p.d.QueryRow(`SELECT sha256, length(pdf) FROM actas WHERE version = 1`).Scan(&hash, &largo); err != nil {
		t.Fatal(err)
	}
	if len(partes) != 5 || partes[0] != "200" || partes[1] != "application/pdf" || partes[2] != hash || partes[3] != "%PDF-" || partes[4] != strconv.Itoa(largo) {
		t.Fatalf("descarga del acta: %s", desc)
	}
}
