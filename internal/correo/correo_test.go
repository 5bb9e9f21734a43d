package correo

import (
	"mime"
	"net/mail"
	"strings"
	"testing"
	"time"

	"comite/internal/flujo"
	"comite/internal/permisos"
)

var cuentasPrueba = []Cuenta{
	{ID: 1, Usuario: "secretaria", Correo: "s@dian.gov.co", Rol: permisos.RolSecretaria, Activa: true},
	{ID: 2, Usuario: "comite", Correo: "c@dian.gov.co", Rol: permisos.RolComite, Activa: true},
	{ID: 3, Usuario: "ctg", Correo: "ctg@dian.gov.co", Rol: permisos.RolSeccional, Seccional: "CARTAGENA", Activa: true},
	{ID: 4, Usuario: "bog", Correo: "bog@dian.gov.co", Rol: permisos.RolSeccional, Seccional: "BOGOTA", Activa: true},
	{ID: 5, Usuario: "auditor", Correo: "a@dian.gov.co", Rol: permisos.RolAuditor, Activa: true},
	{ID: 6, Usuario: "admin", Correo: "ad@dian.gov.co", Rol: permisos.RolAdmin, Activa: true},
	{ID: 7, Usuario: "secretaria-inactiva", Correo: "si@dian.gov.co", Rol: permisos.RolSecretaria},
	{ID: 8, Usuario: "secretaria-sin-correo", Rol: permisos.RolSecretaria, Activa: true},
	{ID: 9, Usuario: "secretaria-sin-avisos", Correo: "sa@dian.gov.co", Rol: permisos.RolSecretaria, Activa: true,
		Apagadas: map[Clase]bool{CasoReportado: true, ActaExpedida: true}},
	{ID: 10, Usuario: "seccional-sin-codigo", Correo: "x@dian.gov.co", Rol: permisos.RolSeccional, Activa: true},
}

// The recipients of each notice are the roles that give the case's next
// step (flujo and permisos), limited by the case's Dirección Seccional
// (seccionales.Accede): never an inactive account, one without an address
// or one that turned the kind off; an acta never reaches a Seccional.
func TestDestinatarios_pasoSiguienteYSeccional(t *testing.T) {
	for _, c := range []struct {
		nombre string
		e      Evento
		quiere string
	}{
		{"reportado: la Secretaría inicia la evaluación (no quien lo apagó)", Evento{CasoReportado, flujo.Reportado, "CARTAGENA"}, "secretaria"},
		{"en el orden del día: el Comité registra el concepto", Evento{EnOrdenDelDia, flujo.EnComite, "CARTAGENA"}, "comite"},
		{"concepto: la Secretaría y la Seccional del caso, no la de otra", Evento{ConceptoRegistrado, flujo.ConceptoEmitido, "BOGOTA"}, "secretaria bog secretaria-sin-avisos"},
		{"acta: quienes preparan las sesiones, ninguna Seccional", Evento{ActaExpedida, "", ""}, "secretaria comite"},
		{"vencido en evaluación", Evento{PlazoVencido, flujo.EnEvaluacion, "CARTAGENA"}, "secretaria secretaria-sin-avisos"},
		{"por vencer tras el concepto, caso de Cartagena", Evento{PlazoPorVencer, flujo.ConceptoEmitido, "CARTAGENA"}, "secretaria ctg secretaria-sin-avisos"},
		{"caso cerrado: nadie", Evento{PlazoVencido, flujo.Cerrado, "CARTAGENA"}, ""},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			var got []string
			for _, d := range Destinatarios(c.e, cuentasPrueba) {
				got = append(got, d.Usuario)
			}
			if strings.Join(got, " ") != c.quiere {
				t.Errorf("destinatarios %q; quiere %q", strings.Join(got, " "), c.quiere)
			}
		})
	}
}

func TestValidarDireccion(t *testing.T) {
	for _, c := range []struct {
		entra, sale string
		ok          bool
	}{
		{"", "", true}, {"  ana@dian.gov.co ", "ana@dian.gov.co", true}, {"ana.gomez+comite@dian.gov.co", "ana.gomez+comite@dian.gov.co", true},
		{"ana", "", false}, {"Ana <ana@dian.gov.co>", "", false}, {"ana@localhost", "", false}, {"a@b.co, c@d.co", "", false},
		{strings.Repeat("a", 250) + "@b.co", "", false},
	} {
		got, err := ValidarDireccion(c.entra)
		if (err == nil) != c.ok || got != c.sale {
			t.Errorf("%q: %q, %v", c.entra, got, err)
		}
	}
}

func TestEspera_creceHastaSeisHoras(t *testing.T) {
	quiere := []time.Duration{time.Minute, 2 * time.Minute, 4 * time.Minute, 8 * time.Minute}
	for i, q := range quiere {
		if got := Espera(i + 1); got != q {
			t.Errorf("intento %d: %v; quiere %v", i+1, got, q)
		}
	}
	if got := Espera(40); got != 6*time.Hour {
		t.Errorf("tope: %v", got)
	}
}

// Each kind words its subject and its text from the plain values, in
// Spanish; the acta gives its SHA-256 and says it is not attached; the HTML
// escapes what it is given.
func TestRedactar_cadaClase(t *testing.T) {
	base := Aviso{Destinatario: "Sara", Caso: "CF-2026-0007", Seccional: "Cartagena", Estado: "En evaluación", Sesion: "Sesión SC-2026-003 del 10/04/2026",
		Etapa: "Evaluación", Vence: "08/04/2026", Termino: "15 días hábiles", Decision: "Procede", ActaNumero: 2, SHA256: strings.Repeat("ab", 32)}
	for _, c := range []struct {
		clase         Clase
		asunto, texto string
	}{
		{CasoReportado, "Caso CF-2026-0007 reportado a la Secretaría Técnica", "La Dirección Seccional Cartagena reportó el caso CF-2026-0007"},
		{EnOrdenDelDia, "Caso CF-2026-0007 en el orden del día: Sesión SC-2026-003 del 10/04/2026", "quedó en el orden del día de la sesión SC-2026-003"},
		{ConceptoRegistrado, "Concepto del Comité registrado en el caso CF-2026-0007", "Concepto: Procede."},
		{ActaExpedida, "Acta expedida (versión 2): Sesión SC-2026-003 del 10/04/2026", "SHA-256 del PDF: " + strings.Repeat("ab", 32) + ". El acta se descarga en la aplicación; este correo no la adjunta."},
		{PlazoPorVencer, "Caso CF-2026-0007: el término interno vence el 08/04/2026", "(15 días hábiles) vence el 08/04/2026"},
		{PlazoVencido, "Caso CF-2026-0007: el término interno venció el 08/04/2026", "venció el 08/04/2026 y el paso sigue pendiente"},
	} {
		a := base
		a.Clase = c.clase
		m := Redactar(a, "https://comite.dian.gov.co/casos/7")
		if m.Asunto != c.asunto {
			t.Errorf("%s: asunto %q; quiere %q", c.clase, m.Asunto, c.asunto)
		}
		if !strings.Contains(m.Texto, c.texto) || !strings.Contains(m.Texto, "Abrir en la aplicación: https://comite.dian.gov.co/casos/7") {
			t.Errorf("%s: el texto no dice %q:\n%s", c.clase, c.texto, m.Texto)
		}
	}
	a := base
	a.Clase, a.Destinatario = CasoReportado, "<script>x</script>"
	if m := Redactar(a, ""); strings.Contains(m.HTML, "<script>") || strings.Contains(m.Texto, "Abrir en la aplicación") {
		t.Errorf("HTML sin escapar o enlace sin dirección:\n%s", m.HTML)
	}
}

// The MIME form: headers a mail client reads (the subject in UTF-8),
// multipart/alternative with the text before the HTML.
func TestMIME_multipartAlternative(t *testing.T) {
	m := Mensaje{Asunto: "Caso CF-2026-0007: término vencido", Texto: "Línea uno\nLínea dos\n", HTML: "<p>Línea</p>"}
	b := MIME("comite@dian.gov.co", "sara@dian.gov.co", m, time.Date(2026, 4, 9, 15, 0, 0, 0, time.UTC), "plazo_vencido:7:evaluacion:2026-04-08:1")
	msg, err := mail.ReadMessage(strings.NewReader(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	var dec mime.WordDecoder
	if s, _ := dec.DecodeHeader(msg.Header.Get("Subject")); s != m.Asunto {
		t.Errorf("asunto %q", s)
	}
	tipo, _, _ := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if tipo != "multipart/alternative" || msg.Header.Get("To") != "sara@dian.gov.co" || !strings.HasSuffix(msg.Header.Get("Message-ID"), "@dian.gov.co>") {
		t.Errorf("cabeceras %v", msg.Header)
	}
	s := string(b)
	if i, j := strings.Index(s, "text/plain"), strings.Index(s, "text/html"); i < 0 || j < i {
		t.Error("el texto debe ir antes del HTML")
	}
}

// What each role can ever receive, read from the same rule.
func TestRecibe_porRol(t *testing.T) {
	for _, c := range []struct {
		rol    permisos.Rol
		quiere string
	}{
		{permisos.RolSecretaria, "caso_reportado concepto acta plazo_por_vencer plazo_vencido"},
		{permisos.RolComite, "orden_del_dia acta plazo_por_vencer plazo_vencido"},
		{permisos.RolSeccional, "concepto plazo_por_vencer plazo_vencido"},
		{permisos.RolAuditor, ""},
		{permisos.RolAdmin, ""},
	} {
		var got []string
		for _, k := range Clases {
			if Recibe(k, c.rol) {
				got = append(got, string(k))
			}
		}
		if strings.Join(got, " ") != c.quiere {
			t.Errorf("%s: %q; quiere %q", c.rol, strings.Join(got, " "), c.quiere)
		}
	}
}
