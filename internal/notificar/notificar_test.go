package notificar

import (
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"comite/internal/calendario"
	"comite/internal/correo"
	cp "comite/internal/correo/correoprueba"
	"comite/internal/correo/envio"
	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/flujo"
	"comite/internal/permisos"
	"comite/internal/plazos"
	"comite/internal/sancion"

	"github.com/shopspring/decimal"
)

const claveAuditoriaDePrueba = "sellado 0\n1 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n"

// entorno is a store with two users (Cartagena and Bogotá), five accounts
// with an address, a real SMTP server and a sender on a clock the test moves.
type entorno struct {
	t       *testing.T
	ruta    string
	d       *db.DB
	srv     *cp.Servidor
	reloj   time.Time
	cuentas map[string]int64
}

var (
	admin       = dominio.Actor{Cuenta: "admin", IP: "10.0.0.5"}
	seccionalCT = dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "sec-ctg", IP: "10.0.0.7"}, Rol: permisos.RolSeccional, Seccional: "CARTAGENA"}
)

func abrirBase(t *testing.T, ruta string) *db.DB {
	t.Helper()
	d, err := db.Open(context.Background(), ruta, db.ConArgon2(db.ParametrosArgon2{MemoriaKiB: 1024, Pasadas: 1, Hilos: 1}))
	if err != nil {
		t.Fatal(err)
	}
	d.Now = func() time.Time { return time.Date(2026, 3, 17, 15, 0, 0, 0, time.UTC) }
	d.ActivarAvisosCorreo() // as «comite serve --smtp-url» does
	return d
}

func nuevoEntorno(t *testing.T) *entorno {
	t.Helper()
	ruta := filepath.Join(t.TempDir(), "comite.db")
	if err := os.WriteFile(db.RutaClaveAuditoria(ruta), []byte(claveAuditoriaDePrueba), 0o600); err != nil {
		t.Fatal(err)
	}
	e := &entorno{t: t, ruta: ruta, d: abrirBase(t, ruta), srv: cp.Iniciar(t, false),
		reloj: time.Date(2026, 3, 17, 15, 0, 0, 0, time.UTC), cuentas: map[string]int64{}}
	t.Cleanup(func() { e.d.Close() })
	sembrarUsuario(t, e.d, 1, "800191045-1", "CARTAGENA")
	sembrarUsuario(t, e.d, 2, "899999068-1", "BOGOTA")
	for _, c := range []struct {
		usuario   string
		rol       permisos.Rol
		seccional string
	}{{"secretaria", permisos.RolSecretaria, ""}, {"comite", permisos.RolComite, ""}, {"auditor", permisos.RolAuditor, ""},
		{"sec-ctg", permisos.RolSeccional, "CARTAGENA"}, {"sec-bog", permisos.RolSeccional, "BOGOTA"}, {"admin", permisos.RolAdmin, ""}} {
		cu, err := e.d.CrearCuenta(context.Background(), dominio.NuevaCuenta{Usuario: c.usuario, Nombre: "Persona " + c.usuario, Rol: c.rol,
			DireccionSeccional: c.seccional, Clave: "Una-clave-larga-de-prueba-2026"}, admin)
		if err != nil {
			t.Fatal(err)
		}
		if err := e.d.FijarCorreoCuenta(context.Background(), cu.ID, c.usuario+"@entidad.gov.co", admin); err != nil {
			t.Fatal(err)
		}
		e.cuentas[c.usuario] = cu.ID
	}
	return e
}

// sembrarUsuario writes a user with five grave acts and its operations, so
// a case of it can be reported.
func sembrarUsuario(t *testing.T, d *db.DB, id int64, n, seccional string) {
	t.Helper()
	q := []string{
		fmt.Sprintf(`INSERT INTO usuarios_aduaneros(id, nit, razon_social, tipo, direccion_seccional, creado_en, actualizado_en) VALUES (%d, '%s', 'Agencia %d S.A.S.', 'agencia_de_aduanas', '%s', 'x', 'x')`, id, n, id, seccional),
		fmt.Sprintf(`INSERT INTO registros(usuario_id, clase, numero, vigente_desde) VALUES (%d, 'autorizacion', '1', '2010-01-01')`, id),
		fmt.Sprintf(`INSERT INTO operaciones_anuales VALUES (%d, 2025, 148000000000000, 1600, 'x')`, id),
	}
	for i, f := range []string{"2025-03-04", "2025-07-22", "2025-11-28"} {
		q = append(q, fmt.Sprintf(`INSERT INTO actos(usuario_id, numero_acto, fecha_firmeza, gravedad, sancion, valor_centavos, allanamiento, actualizado_en)
			VALUES (%d, 'RS-%d-%d', '%s', 'grave', 'multa', 4000000000, 0, 'x')`, id, id, i, f))
	}
	for _, s := range q {
		if _, err := d.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
}

func (e *entorno) notificador(d *db.DB) *Notificador {
	return Nuevo(d, Config{
		Envio: envio.Config{URL: e.srv.URL(), Remitente: "comite@entidad.gov.co", Usuario: cp.Usuario, Clave: cp.Clave,
			TLS: &tls.Config{RootCAs: e.srv.Raiz}},
		URLBase: "https://comite.entidad.gov.co/",
		Reloj:   func() time.Time { return e.reloj },
	})
}

func (e *entorno) reportar(quien dominio.ActorCaso, n string) dominio.Caso {
	e.t.Helper()
	c, err := expediente.Nuevo(e.d).AbrirCaso(context.Background(), dominio.NuevoCaso{
		NIT: n, FechaComision: fecha.Debe(2026, 2, 10), FechaVerificacion: fecha.Debe(2026, 3, 2), FechaExpediente: fecha.Debe(2026, 3, 13),
		Gravedad: sancion.Gravisima, Sancion: sancion.Multa, SancionPrevista: decimal.NewFromInt(10475000), ConfirmarDuplicado: true,
	}, quien)
	if err != nil {
		e.t.Fatal(err)
	}
	return c
}

func (e *entorno) despachar(n *Notificador) (int, int) {
	e.t.Helper()
	env, fal, err := n.Despachar(context.Background())
	if err != nil {
		e.t.Fatal(err)
	}
	return env, fal
}

// leido is a received message taken apart.
type leido struct {
	Para, Asunto, Texto, HTML string
}

func leer(t *testing.T, r cp.Recibido) leido {
	t.Helper()
	m, err := mail.ReadMessage(strings.NewReader(r.Data))
	if err != nil {
		t.Fatal(err)
	}
	var dec mime.WordDecoder
	asunto, err := dec.DecodeHeader(m.Header.Get("Subject"))
	if err != nil {
		t.Fatal(err)
	}
	out := leido{Para: strings.Join(r.Para, ","), Asunto: asunto}
	tipo, params, err := mime.ParseMediaType(m.Header.Get("Content-Type"))
	if err != nil || tipo != "multipart/alternative" {
		t.Fatalf("Content-Type %q: %v", m.Header.Get("Content-Type"), err)
	}
	mr := multipart.NewReader(m.Body, params["boundary"])
	for {
		p, err := mr.NextRawPart()
		if err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(quotedprintable.NewReader(p))
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(p.Header.Get("Content-Type"), "text/html") {
			out.HTML = string(b)
		} else {
			out.Texto = string(b)
		}
	}
	if out.Texto == "" || out.HTML == "" {
		t.Fatalf("el mensaje no trae texto y HTML: %+v", out)
	}
	return out
}

func (e *entorno) estados() map[string]int {
	e.t.Helper()
	n, err := e.d.ContarCorreos(context.Background())
	if err != nil {
		e.t.Fatal(err)
	}
	return n
}

// A case reported by the Dirección Seccional de Cartagena goes to the
// Secretaría (the role that starts its evaluation) once, with its subject,
// text, HTML and link; not to the Comité, the auditor nor any Seccional.
func TestAvisos_casoReportadoLlegaUnaVezALaSecretaria(t *testing.T) {
	t.Parallel()
	e := nuevoEntorno(t)
	c := e.reportar(seccionalCT, "800191045-1")
	n := e.notificador(e.d)
	if env, fal := e.despachar(n); env != 1 || fal != 0 {
		t.Fatalf("enviados %d, fallidos %d; quiere 1 y 0", env, fal)
	}
	if env, _ := e.despachar(n); env != 0 {
		t.Fatalf("un segundo paso envió %d", env)
	}
	rs := e.srv.Recibidos()
	if len(rs) != 1 {
		t.Fatalf("llegaron %d mensajes; quiere 1", len(rs))
	}
	m := leer(t, rs[0])
	if m.Para != "secretaria@entidad.gov.co" || rs[0].De != "comite@entidad.gov.co" {
		t.Errorf("de %s para %s", rs[0].De, m.Para)
	}
	if quiere := "Caso " + c.Numero + " reportado a la Secretaría Técnica"; m.Asunto != quiere {
		t.Errorf("asunto %q; quiere %q", m.Asunto, quiere)
	}
	enlace := fmt.Sprintf("https://comite.entidad.gov.co/casos/%d", c.ID)
	for _, s := range []string{"Buen día, Persona secretaria:", "reportó el caso " + c.Numero, "Abrir en la aplicación: " + enlace} {
		if !strings.Contains(m.Texto, s) {
			t.Errorf("el texto no dice %q:\n%s", s, m.Texto)
		}
	}
	if !strings.Contains(m.HTML, `<a href="`+enlace+`">`) {
		t.Errorf("el HTML no enlaza el caso:\n%s", m.HTML)
	}
	if got := e.estados(); got[db.CorreoEnviado] != 1 || got[db.CorreoPendiente] != 0 {
		t.Errorf("estados %v", got)
	}
}

// A notice of a case of the Dirección Seccional de Bogotá reaches the
// Seccional of Bogotá and the Secretaría (the roles that record the REA
// proposal after a concepto), never the Seccional of Cartagena; queuing
// the same event again queues nothing.
func TestAvisos_unaSeccionalNoRecibeAvisosDeOtra(t *testing.T) {
	t.Parallel()
	e := nuevoEntorno(t)
	encolar := func() {
		err := e.d.EnEscritura(context.Background(), func(w *db.Escritura) error {
			cs, err := w.CuentasAvisables()
			if err != nil {
				return err
			}
			return expediente.Encolar(w, correo.Evento{Clase: correo.ConceptoRegistrado, Estado: flujo.ConceptoEmitido, Seccional: "BOGOTA"}, "77",
				correo.Aviso{Caso: "CF-2026-0077", CasoID: 77, Seccional: "Bogotá", Decision: "Procede"}, expediente.CuentasCorreo(cs))
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	encolar()
	encolar()
	e.despachar(e.notificador(e.d))
	var para []string
	for _, r := range e.srv.Recibidos() {
		para = append(para, leer(t, r).Para)
	}
	if got := strings.Join(para, " "); got != "secretaria@entidad.gov.co sec-bog@entidad.gov.co" {
		t.Errorf("destinatarios %q; quiere la Secretaría y la Seccional de Bogotá, una vez cada una", got)
	}
}

// With the server down the message stays pending with its error and a
// later attempt; nothing is due before that attempt; once the server is
// back and the clock reaches it, it is delivered once. After MaxIntentos
// failures a message stays «fallido» until the administrator retries it.
func TestAvisos_servidorCaidoReintentaConEsperaCreciente(t *testing.T) {
	t.Parallel()
	e := nuevoEntorno(t)
	e.srv.Detener()
	e.reportar(seccionalCT, "800191045-1")
	n := e.notificador(e.d)
	if env, fal := e.despachar(n); env != 0 || fal != 1 {
		t.Fatalf("enviados %d, fallidos %d; quiere 0 y 1", env, fal)
	}
	cs, err := e.d.ListarCorreos(context.Background(), db.CorreoPendiente, 10)
	if err != nil || len(cs) != 1 {
		t.Fatal(cs, err)
	}
	if cs[0].Intentos != 1 || cs[0].UltimoError == "" || !cs[0].ProximoIntento.Equal(e.reloj.Add(correo.Espera(1))) {
		t.Errorf("tras el primer intento: %+v", cs[0])
	}
	if env, fal := e.despachar(n); env+fal != 0 {
		t.Errorf("antes de la espera se intentó de nuevo (%d, %d)", env, fal)
	}
	e.srv.Arrancar()
	e.reloj = e.reloj.Add(correo.Espera(1))
	if env, fal := e.despachar(n); env != 1 || fal != 0 {
		t.Fatalf("con el servidor de vuelta: enviados %d, fallidos %d", env, fal)
	}
	if len(e.srv.Recibidos()) != 1 {
		t.Fatalf("llegaron %d", len(e.srv.Recibidos()))
	}

	// Down for good: MaxIntentos attempts, each after a longer wait.
	e.srv.Detener()
	e.reportar(seccionalCT, "800191045-1")
	for i := 1; i <= correo.MaxIntentos; i++ {
		if _, fal := e.despachar(n); fal != 1 {
			t.Fatalf("intento %d: fallidos %d", i, fal)
		}
		e.reloj = e.reloj.Add(correo.Espera(i))
	}
	fallidos, err := e.d.ListarCorreos(context.Background(), db.CorreoFallido, 10)
	if err != nil || len(fallidos) != 1 || fallidos[0].Intentos != correo.MaxIntentos {
		t.Fatalf("fallidos %+v, %v", fallidos, err)
	}
	if env, fal := e.despachar(n); env+fal != 0 {
		t.Errorf("un correo fallido se intentó solo")
	}
	e.srv.Arrancar()
	if err := e.d.ReintentarCorreo(context.Background(), fallidos[0].ID, admin); err != nil {
		t.Fatal(err)
	}
	e.reloj = e.reloj.Add(time.Hour) // the store's clock stays behind: due
	if env, _ := e.despachar(n); env != 1 || len(e.srv.Recibidos()) != 2 {
		t.Fatalf("tras reintentar: enviados %d, recibidos %d", env, len(e.srv.Recibidos()))
	}
}

// A sender stopped in the middle (the process ends after the first
// delivery) and another one on the same file after reopening the store
// deliver every message exactly once.
func TestAvisos_reinicioNoPierdeNiDuplica(t *testing.T) {
	t.Parallel()
	e := nuevoEntorno(t)
	for range 3 {
		e.reportar(seccionalCT, "800191045-1")
	}
	ctx, cancel := context.WithCancel(context.Background())
	n := e.notificador(e.d)
	real := n.cfg.Enviar
	n.cfg.Enviar = func(ctx context.Context, c envio.Config, para string, m []byte) error {
		err := real(ctx, c, para, m)
		cancel() // the process is told to stop after this delivery
		return err
	}
	if env, _, err := n.Despachar(ctx); env != 1 || err == nil {
		t.Fatalf("el primer trabajador envió %d (%v); quiere 1 y detenerse", env, err)
	}
	if err := e.d.Close(); err != nil {
		t.Fatal(err)
	}
	d := abrirBase(t, e.ruta)
	defer d.Close()
	if env, _, err := e.notificador(d).Despachar(context.Background()); env != 2 || err != nil {
		t.Fatalf("el segundo trabajador envió %d (%v); quiere 2", env, err)
	}
	rs := e.srv.Recibidos()
	vistos := map[string]bool{}
	for _, r := range rs {
		vistos[leer(t, r).Asunto] = true
	}
	if len(rs) != 3 || len(vistos) != 3 {
		t.Errorf("recibidos %d, distintos %d; quiere 3 y 3", len(rs), len(vistos))
	}
	e.d = d
}

// A person who turned a kind of notice off does not receive it.
func TestAvisos_preferenciaApagadaNoLlega(t *testing.T) {
	t.Parallel()
	e := nuevoEntorno(t)
	if err := e.d.FijarAvisosApagados(context.Background(), e.cuentas["secretaria"], []string{string(correo.CasoReportado)}, dominio.Actor{Cuenta: "secretaria"}); err != nil {
		t.Fatal(err)
	}
	e.reportar(seccionalCT, "800191045-1")
	e.despachar(e.notificador(e.d))
	if rs := e.srv.Recibidos(); len(rs) != 0 {
		t.Errorf("llegaron %d mensajes con el aviso apagado", len(rs))
	}
	if got := e.estados(); len(got) != 0 {
		t.Errorf("se encoló %v", got)
	}
}

// The sweep queues «próximo a vencer» on the last day of the evaluation's
// internal term and «vencido» the day after, each once however many times
// it runs, for the Secretaría (whose step is pending); the due date is the
// one plazos and calendario compute.
func TestBarrer_vencimientosUnaVezPorFecha(t *testing.T) {
	t.Parallel()
	e := nuevoEntorno(t)
	c := e.reportar(seccionalCT, "800191045-1")
	vence := plazos.Vence(calendario.Nuevo(nil), c.FechaReporte, plazos.Predeterminados[plazos.EtapaEvaluacion])
	n := e.notificador(e.d)
	e.despachar(n) // the report's own notice
	for _, paso := range []struct {
		dia    fecha.Fecha
		asunto string
	}{{vence, "Caso " + c.Numero + ": el término interno vence el " + vence.DMA()},
		{vence.MasDias(1), "Caso " + c.Numero + ": el término interno venció el " + vence.DMA()}} {
		e.reloj = time.Date(paso.dia.Anio(), paso.dia.Mes(), paso.dia.Dia(), 15, 0, 0, 0, time.UTC)
		for range 2 {
			if k, err := n.Barrer(context.Background()); err != nil || k != 1 {
				t.Fatalf("%s: barrido %d, %v", paso.dia.DMA(), k, err)
			}
		}
		antes := len(e.srv.Recibidos())
		e.despachar(n)
		rs := e.srv.Recibidos()[antes:]
		if len(rs) != 1 {
			t.Fatalf("%s: llegaron %d", paso.dia.DMA(), len(rs))
		}
		if m := leer(t, rs[0]); m.Asunto != paso.asunto || m.Para != "secretaria@entidad.gov.co" {
			t.Errorf("%s: %q para %s; quiere %q", paso.dia.DMA(), m.Asunto, m.Para, paso.asunto)
		}
	}
}

// Without STARTTLS the sender refuses to send in clear unless told.
func TestEnvio_sinSTARTTLSNoSeEnviaEnClaro(t *testing.T) {
	t.Parallel()
	s := cp.Iniciar(t, true)
	cfg := envio.Config{URL: s.URL(), Remitente: "comite@entidad.gov.co"}
	err := envio.Enviar(context.Background(), cfg, "x@entidad.gov.co", []byte("Subject: x\r\n\r\nx\r\n"))
	if err == nil || !strings.Contains(err.Error(), "no ofrece STARTTLS") {
		t.Fatalf("error %v; quiere el rechazo por falta de STARTTLS", err)
	}
	if len(s.Recibidos()) != 0 {
		t.Error("se envió en claro")
	}
}

// A queued message goes only while the account still is what the notice
// was chosen for: disabled, with another address, or with another role or
// Seccional, it stays «fallido» with the reason and nothing is sent.
func TestAvisos_cuentaCambiadaNoRecibe(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		nombre, motivo string
		cambiar        func(e *entorno, id int64) error
	}{
		{"deshabilitada", "deshabilitada", func(e *entorno, id int64) error {
			return e.d.CambiarEstadoCuenta(context.Background(), id, false, admin)
		}},
		{"otra dirección", "dirección", func(e *entorno, id int64) error {
			return e.d.FijarCorreoCuenta(context.Background(), id, "otra@entidad.gov.co", admin)
		}},
		{"otro rol", "rol", func(e *entorno, id int64) error {
			return e.d.CambiarRol(context.Background(), id, permisos.RolSeccional, "BOGOTA", admin)
		}},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			t.Parallel()
			e := nuevoEntorno(t)
			e.reportar(seccionalCT, "800191045-1")
			if err := c.cambiar(e, e.cuentas["secretaria"]); err != nil {
				t.Fatal(err)
			}
			if env, fal := e.despachar(e.notificador(e.d)); env != 0 || fal != 1 || len(e.srv.Recibidos()) != 0 {
				t.Fatalf("enviados %d, fallidos %d, recibidos %d", env, fal, len(e.srv.Recibidos()))
			}
			cs, err := e.d.ListarCorreos(context.Background(), db.CorreoFallido, 10)
			if err != nil || len(cs) != 1 || !strings.Contains(cs[0].UltimoError, c.motivo) {
				t.Fatalf("%+v %v", cs, err)
			}
		})
	}
}
