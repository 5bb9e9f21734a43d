package main

import (
	"comite/internal/dominio"
	"comite/internal/validar"
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"comite/internal/api"
	"comite/internal/db"
	"comite/internal/demo"
	"comite/internal/expediente"
	"comite/internal/notificar"
	"comite/internal/respaldo"
	"comite/internal/web"
)

func init() {
	registrar("serve", "ejecuta la aplicación web (--demo: con datos y cuentas de demostración)", cmdServe)
}

// opcionesServe are the flags of `comite serve`.
type opcionesServe struct {
	addr, ruta        string
	demo              bool
	sinCache          bool           // --sin-cache: pages built on every request (to measure)
	turnos            int            // --turnos: GET pages built at once (0: two per processor; -1: no limit)
	apiPorMinuto      int            // --api-por-minuto: requests per minute of each token of the API
	proxies           []netip.Prefix // --proxy-confiable: reverse proxies whose X-Forwarded-For is read
	urlPublica        string         // --url-publica: the public origin, the only one in links
	certTLS, claveTLS string
	cookieSegura      string // auto | si | no
	formatoLog        string // texto | json
	claveAuditoria    string // key file of the audit chain ("" = next to the database)
	anclaAuditoria    string // anchor file of the audit chain ("" = next to the database)
	aceptarAnclaNueva bool   // start a new anchor when the recorded one is gone (audited)
	// Scheduled backups (--respaldos DIR --respaldo-cada 24h --conservar 30).
	respaldos    string
	respaldoCada time.Duration
	conservar    int
	// The certificate that signs issued actas and informes (PAdES), by
	// file path; never stored in the database. Empty: documents are issued
	// unsigned and say so.
	firmaCert, firmaClave, firmaEnv string
	// The directory login (--ldap-*); off unless --ldap-url or its line
	// in the configuration file.
	ldap opcionesDirectorio
	// The e-mail notices (--smtp-*); off unless --smtp-url or its line in
	// the configuration file.
	correo opcionesCorreo
}

// cmdServe: comite serve [--addr 127.0.0.1:8080] [--db F] [--demo] (docs/contrato-cli.md).
// It runs until SIGINT or SIGTERM, then stops gracefully.
func cmdServe(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("comite serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o opcionesServe
	fs.StringVar(&o.addr, "addr", "127.0.0.1:8080", "dirección y puerto donde escuchar")
	fs.StringVar(&o.ruta, "db", "comite.db", "archivo de la base de datos")
	fs.BoolVar(&o.demo, "demo", false, "si la base está vacía, llenarla con datos de demostración y crear una cuenta por rol")
	fs.BoolVar(&o.sinCache, "sin-cache", false, "no guardar en memoria las páginas por usuario, caso o página del tamizaje: cada solicitud las construye (para medir)")
	fs.IntVar(&o.apiPorMinuto, "api-por-minuto", api.PorMinutoPredeterminado, "solicitudes por minuto de cada token de la API /api/v1 (más: 429 con Retry-After)")
	fs.IntVar(&o.turnos, "turnos", 0, "cuántas páginas GET se construyen a la vez; las demás esperan en orden de llegada (0: dos por procesador; -1: sin límite)")
	fs.Func("proxy-confiable", "dirección o bloque CIDR de un proxy inverso cuyo X-Forwarded-For se lee (se puede repetir o separar con comas; sin él, la dirección del cliente es la de la conexión)", func(v string) error {
		p, err := web.ParseProxiesConfiables(v)
		o.proxies = append(o.proxies, p...)
		return err
	})
	fs.Func("url-publica", "origen público de la aplicación (p. ej. https://comite.dian.gov.co): el único en los enlaces y el calendario; se rechaza otro Host", func(v string) error {
		u, err := web.ParseURLPublica(v)
		o.urlPublica = u
		return err
	})
	fs.StringVar(&o.certTLS, "tls-cert", "", "certificado TLS (PEM); con --tls-key sirve HTTPS y envía HSTS")
	fs.StringVar(&o.claveTLS, "tls-key", "", "clave privada TLS (PEM)")
	fs.StringVar(&o.cookieSegura, "cookie-segura", "auto",
		"atributo Secure de las cookies: auto (sí con TLS o fuera de localhost, donde se espera un proxy TLS delante), si, no")
	fs.StringVar(&o.formatoLog, "log", "texto", "formato del registro de solicitudes en la salida de error: texto o json")
	fs.StringVar(&o.claveAuditoria, "clave-auditoria", "",
		"archivo de claves de la cadena de auditoría (por defecto ARCHIVO.clave-auditoria junto a la base, creado en el primer arranque con modo 0600; o la variable COMITE_CLAVE_AUDITORIA)")
	fs.StringVar(&o.anclaAuditoria, "ancla-auditoria", "", "archivo ancla donde se anexa la cabeza de la cadena de auditoría (por defecto ARCHIVO.ancla-auditoria)")
	fs.BoolVar(&o.aceptarAnclaNueva, "aceptar-ancla-nueva", false,
		"si el ancla no existe o termina antes de la última cabeza que la base registró publicar, empezar una nueva en vez de negarse a arrancar (queda en la auditoría)")
	fs.StringVar(&o.respaldos, "respaldos", "", "carpeta donde escribir respaldos verificados de la base según --respaldo-cada (vacío: sin respaldos programados)")
	fs.DurationVar(&o.respaldoCada, "respaldo-cada", 24*time.Hour, "periodo de los respaldos programados (p. ej. 24h, 6h)")
	fs.IntVar(&o.conservar, "conservar", 30, "cuántos respaldos programados conservar (se borran los más viejos)")
	fs.StringVar(&o.firmaCert, "firma-certificado", "", "certificado X.509 (PEM, o PKCS #12) con que se firman las actas e informes emitidos (vacío: se emiten sin firma)")
	fs.StringVar(&o.firmaClave, "firma-clave", "", "clave privada PEM del certificado de firma (se omite con PKCS #12)")
	fs.StringVar(&o.firmaEnv, "firma-clave-pkcs12-env", "", "variable de entorno con la contraseña del PKCS #12 de firma")
	registrarOpcionesDirectorio(fs, &o.ldap)
	registrarOpcionesCorreo(fs, &o.correo)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "uso: comite serve [--addr 127.0.0.1:8080] [--db ARCHIVO] [--demo]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "comite serve: argumento de más %q\n", fs.Arg(0))
		return 2
	}
	if o.apiPorMinuto < 1 {
		fmt.Fprintln(stderr, "comite serve: --api-por-minuto debe ser al menos 1")
		return 2
	}
	if (o.certTLS == "") != (o.claveTLS == "") {
		fmt.Fprintln(stderr, "comite serve: use --tls-cert y --tls-key juntos")
		return 2
	}
	if o.cookieSegura != "auto" && o.cookieSegura != "si" && o.cookieSegura != "no" {
		fmt.Fprintln(stderr, "comite serve: --cookie-segura debe ser auto, si o no")
		return 2
	}
	if o.respaldos != "" {
		if err := programaRespaldos(o, nil).Validar(); err != nil {
			fmt.Fprintln(stderr, "comite serve:", err)
			return 2
		}
	}
	ajustarRecolector(os.Getenv)
	ctx, parar := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer parar()
	return servir(ctx, o, stdout, stderr)
}

// servir runs the server until ctx ends. Tests call it with --addr 127.0.0.1:0.
func servir(ctx context.Context, o opcionesServe, stdout, stderr io.Writer) int {
	var manejadorLog slog.Handler
	if o.formatoLog == "json" {
		manejadorLog = slog.NewJSONHandler(stderr, nil)
	} else {
		manejadorLog = slog.NewTextHandler(stderr, nil)
	}
	log := slog.New(manejadorLog)
	// The audit chain logs each head it publishes. While the demo story is
	// written that is one line per audit row, which would bury the demo
	// accounts: the demo raises this logger's level until the data is ready.
	nivelAuditoria := new(slog.LevelVar)
	logAuditoria := slog.New(filtroNivel{manejadorLog, nivelAuditoria})
	// Held while the server runs: a restore refuses this database meanwhile.
	bloqueo, err := respaldo.BloquearServidor(o.ruta)
	if err != nil {
		fmt.Fprintln(stderr, "comite serve:", err)
		return 1
	}
	defer bloqueo.Soltar()
	// A web request waits less for the write lock than the command line, and
	// is answered 503 with Retry-After when a long import holds it.
	if _, err := leerConfiguracion(o.ruta); err != nil {
		fmt.Fprintln(stderr, "comite serve:", err)
		return 1
	}
	// The server creates the audit key only on a database with no audit
	// rows at all (its first start); otherwise the key must be found.
	d, err := db.Open(ctx, o.ruta, db.EsperaOcupada(web.EsperaOcupadaWeb), db.ConClaveAuditoria(o.claveAuditoria), db.ConAnclaAuditoria(o.anclaAuditoria), db.ConRegistroAuditoria(logAuditoria),
		db.CrearClaveSoloSinAuditoria())
	if err != nil {
		fmt.Fprintln(stderr, "comite serve:", err)
		return 1
	}
	defer d.Close()
	// The anchor must reach the last head the database recorded publishing.
	if err := d.ComprobarAncla(ctx); err != nil {
		var perdida *db.ErrAnclaPerdida
		if !o.aceptarAnclaNueva || !errors.As(err, &perdida) {
			fmt.Fprintln(stderr, "comite serve:", err)
			return 1
		}
		if err := d.AceptarAnclaNueva(ctx, dominio.Actor{Cuenta: "sistema", IP: "arranque del servidor"}); err != nil {
			fmt.Fprintln(stderr, "comite serve: no se pudo empezar el ancla nueva:", err)
			return 1
		}
		log.Warn("ancla de auditoría nueva aceptada con --aceptar-ancla-nueva", "ancla", d.RutaAncla(), "fila_registrada", perdida.Registrada.Fila, "ancla_registrada", perdida.Registrada.Ruta)
	}
	cfgDirectorio, err := configDirectorio(o.ruta, o.ldap)
	if err != nil {
		fmt.Fprintln(stderr, "comite serve: directorio:", err)
		return 1
	}
	if cfgDirectorio != nil {
		d.FijarDirectorio(autenticadorDirectorio(*cfgDirectorio))
		log.Info("ingreso por directorio", "url", cfgDirectorio.URL, "base", cfgDirectorio.Base, "reglas_de_rol", len(cfgDirectorio.Correspondencia.Roles))
		if cfgDirectorio.Inseguro {
			log.Warn("ingreso por directorio sin TLS permitido (--ldap-inseguro): las claves pueden viajar en claro")
		}
	}
	cfgCorreo, err := configCorreo(o.ruta, o.correo)
	if err != nil {
		fmt.Fprintln(stderr, "comite serve: correo:", err)
		return 1
	}
	if cfgCorreo != nil {
		log.Info("avisos por correo", "servidor", cfgCorreo.Envio.URL, "remitente", cfgCorreo.Envio.Remitente, "dias_aviso", cfgCorreo.DiasAviso)
		if cfgCorreo.Envio.Inseguro {
			log.Warn("avisos por correo sin TLS permitidos (--smtp-inseguro): los avisos pueden viajar en claro")
		}
		if o.urlPublica == "" {
			log.Warn("avisos por correo sin --url-publica: los mensajes no llevan el enlace al caso")
		}
	}
	if d.ClaveCreada() {
		log.Warn("se creó la clave de auditoría: guarde una copia fuera de la máquina; sin ella la cadena no se puede verificar", "clave", d.RutaClave())
	}
	var firmador expediente.Firmador // nil unless a certificate is configured (a nil *firma.Firmante is not)
	if f, codigo := cargarFirmante("comite serve", o.firmaCert, o.firmaClave, o.firmaEnv, stderr); codigo != 0 {
		return codigo
	} else if f != nil {
		firmador = f
		log.Info("firma de documentos", "sujeto", f.Sujeto(), "vence", f.Certificado().NotAfter.Format(time.DateOnly))
	} else {
		log.Info("firma de documentos", "estado", "sin certificado configurado: las actas e informes se emiten sin firma")
	}
	if c, err := d.CabezaAuditoria(ctx); err == nil {
		_, origen := d.ClavesAuditoria()
		log.Info("registro de auditoría", "cabeza_fila", c.ID, "cabeza_hash", c.Hash, "claves", origen, "ancla", d.RutaAncla())
	}

	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		fmt.Fprintf(stderr, "comite serve: no se puede escuchar en %s: %v\n", o.addr, err)
		return 1
	}
	tls := o.certTLS != ""
	esquema := "http"
	if tls {
		esquema = "https"
	}
	url := fmt.Sprintf("%s://%s/", esquema, ln.Addr().String())

	var cuentas cuentasDemoListas
	if o.demo {
		nivelAuditoria.Set(slog.LevelWarn)
		cuentas, err = prepararDemo(ctx, d, stdout)
		nivelAuditoria.Set(slog.LevelInfo)
		if err != nil {
			ln.Close()
			fmt.Fprintln(stderr, "comite serve:", err)
			return 1
		}
	}

	segura := tls || !esLoopback(ln.Addr())
	switch o.cookieSegura {
	case "si":
		segura = true
	case "no":
		segura = false
	}
	var respaldos *respaldo.Programa
	if o.respaldos != "" {
		respaldos = programaRespaldos(o, log)
	}
	app := web.Nuevo(web.Config{DB: d, Firma: firmador, Logger: log, CookieSegura: segura, TLS: tls, Respaldos: respaldos, SinCachePaginas: o.sinCache, Turnos: o.turnos, ProxiesConfiables: o.proxies, URLPublica: o.urlPublica, APIPorMinuto: o.apiPorMinuto, Directorio: cfgDirectorio, Correo: correoWeb(cfgCorreo)})
	srv := web.Servidor(o.addr, app, log)

	// Expired sessions and old login attempts are purged every 10 minutes
	// (expired sessions are refused anyway).
	var wg sync.WaitGroup
	ctxPurga, pararPurga := context.WithCancel(ctx)
	defer pararPurga()
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(10 * time.Minute)
		defer t.Stop()
		for {
			select {
			case <-ctxPurga.Done():
				return
			case <-t.C:
				if n, err := d.PurgarSesiones(ctxPurga); err != nil {
					log.Warn("purgar sesiones", "error", err.Error())
				} else if n > 0 {
					log.Info("sesiones vencidas purgadas", "n", n)
				}
				if n, err := d.PurgarIntentos(ctxPurga); err != nil {
					log.Warn("purgar intentos de ingreso", "error", err.Error())
				} else if n > 0 {
					log.Info("intentos de ingreso viejos purgados", "n", n)
				}
			}
		}
	}()

	if cfgCorreo != nil {
		// The sender and the deadline sweep: what is due goes every 30
		// seconds, the deadlines are swept every hour.
		n := notificar.Nuevo(d, notificar.Config{Envio: cfgCorreo.Envio, URLBase: o.urlPublica, DiasAviso: cfgCorreo.DiasAviso, Logger: log})
		wg.Add(1)
		go func() {
			defer wg.Done()
			n.Correr(ctxPurga, 30*time.Second, time.Hour)
		}()
	}

	if respaldos != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			respaldos.Correr(ctxPurga)
		}()
	}

	errServir := make(chan error, 1)
	go func() {
		if tls {
			errServir <- srv.ServeTLS(ln, o.certTLS, o.claveTLS)
		} else {
			errServir <- srv.Serve(ln)
		}
	}()
	fmt.Fprintf(stdout, "comite escucha en %s (base de datos %s). Ctrl+C para detener.\n", url, o.ruta)
	if !segura && !esLoopback(ln.Addr()) {
		fmt.Fprintln(stdout, "Aviso: cookies sin el atributo Secure fuera de localhost; use TLS o un proxy TLS delante.")
	}
	log.Info("servidor iniciado", "url", url, "db", o.ruta, "tls", tls, "cookie_segura", segura)
	if o.demo {
		// Last of the start-up, after the log lines, so it is not lost among them.
		cuentas.escribir(stdout, url, o.ruta)
	}

	codigo := 0
	select {
	case err := <-errServir:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintln(stderr, "comite serve:", err)
			codigo = 1
		}
	case <-ctx.Done():
		log.Info("deteniendo el servidor: se esperan las solicitudes en curso")
		if err := web.Apagar(srv, 15*time.Second); err != nil {
			fmt.Fprintln(stderr, "comite serve: detención:", err)
			codigo = 1
		}
	}
	pararPurga()
	wg.Wait()
	return codigo
}

// programaRespaldos is the backup schedule of --respaldos.
func programaRespaldos(o opcionesServe, log *slog.Logger) *respaldo.Programa {
	return &respaldo.Programa{Origen: o.ruta, Dir: o.respaldos, Cada: o.respaldoCada, Conservar: o.conservar, Log: log,
		Auditoria: []db.OpcionAuditoria{db.ConClaveAuditoria(o.claveAuditoria), db.ConAnclaAuditoria(o.anclaAuditoria)}}
}

func esLoopback(a net.Addr) bool {
	if t, ok := a.(*net.TCPAddr); ok {
		return t.IP.IsLoopback()
	}
	return false
}

// cuentasDemo are the demo accounts, one per role: the same accounts that
// take the steps of the demo's story.
var cuentasDemo = demo.Cuentas

// cuentasDemoListas is what start-up tells about the demo accounts: the
// password when this start created them, or why it cannot be shown.
type cuentasDemoListas struct {
	clave string // "" when the accounts already existed
	// claveIgnorada: COMITE_DEMO_PASSWORD was set but the accounts already existed.
	claveIgnorada bool
	// hay tells which demo accounts the database has (all of them when this
	// start created them).
	hay map[string]bool
}

// prepararDemo fills an empty database with demo data and, when the database
// has no accounts yet, creates one account per role.
func prepararDemo(ctx context.Context, d *db.DB, stdout io.Writer) (cuentasDemoListas, error) {
	var r cuentasDemoListas
	n, err := d.ContarCuentas(ctx)
	if err != nil {
		return r, err
	}
	clave := ""
	if n == 0 {
		if clave = os.Getenv("COMITE_DEMO_PASSWORD"); clave == "" {
			b := make([]byte, 12)
			if _, err := rand.Read(b); err != nil {
				return r, err
			}
			clave = base64.RawURLEncoding.EncodeToString(b)
		} else if len([]rune(clave)) < validar.LongitudMinimaClave {
			return r, fmt.Errorf("COMITE_DEMO_PASSWORD debe tener al menos %d caracteres", validar.LongitudMinimaClave)
		}
	}
	// The accounts are created by the story itself, at its start, so the
	// informes and actas it issues name the person who issued them.
	res, cert, claveCert, err := demo.GenerarFirmado(ctx, d, demo.Opciones{ClaveCuentas: clave})
	var noVacia *demo.ErrBaseNoVacia
	creadas := false
	switch {
	case errors.As(err, &noVacia):
		fmt.Fprintln(stdout, "La base ya tiene datos: no se generan datos de demostración.")
	case err != nil:
		return r, fmt.Errorf("datos de demostración: %w", err)
	default:
		fmt.Fprintln(stdout, "Datos de demostración generados:")
		res.Escribir(stdout)
		escribirFirmaDemo(d.Ruta, cert, claveCert, stdout)
		creadas = clave != ""
	}
	r.hay = map[string]bool{}
	if n > 0 {
		r.claveIgnorada = os.Getenv("COMITE_DEMO_PASSWORD") != ""
		cuentas, err := d.ListarCuentas(ctx)
		if err != nil {
			return r, err
		}
		for _, c := range cuentas {
			r.hay[c.Usuario] = true
		}
		return r, nil
	}
	if !creadas {
		for _, c := range cuentasDemo {
			c.Clave = clave
			if err := demo.CrearCuentaDemo(ctx, d, c); err != nil {
				return r, fmt.Errorf("cuenta de demostración %s: %w", c.Usuario, err)
			}
		}
	}
	for _, c := range cuentasDemo {
		r.hay[c.Usuario] = true
	}
	r.clave = clave
	return r, nil
}

// escribir prints the demo accounts in a box: with their password when this
// start created them; otherwise, that the password is not stored in clear
// and the exact command that resets it.
func (r cuentasDemoListas) escribir(w io.Writer, url, ruta string) {
	const borde = "════════════════════════════════════════════════════════════════════════════"
	fmt.Fprintf(w, "\n%s\n", borde)
	if r.clave != "" {
		fmt.Fprintf(w, "  Cuentas de demostración — clave para todas: %s\n\n", r.clave)
	} else {
		fmt.Fprintln(w, "  Cuentas de demostración de esta base:")
		fmt.Fprintln(w)
	}
	usuario := ""
	for _, c := range cuentasDemo {
		if !r.hay[c.Usuario] {
			continue
		}
		if usuario == "" {
			usuario = c.Usuario
		}
		extra := ""
		if c.DireccionSeccional != "" {
			extra = " — " + c.DireccionSeccional
		}
		fmt.Fprintf(w, "    %-10s %s (%s)%s\n", c.Usuario, c.Nombre, c.Rol.Etiqueta(), extra)
	}
	if usuario == "" {
		fmt.Fprintln(w, "    (ninguna: la base ya tenía otras cuentas y no se crearon las de demostración)")
		usuario = "SU_CUENTA"
	}
	fmt.Fprintln(w)
	if r.clave == "" {
		fmt.Fprintln(w, "  La clave no se guarda en claro: no se puede volver a mostrar.")
		if r.claveIgnorada {
			fmt.Fprintln(w, "  COMITE_DEMO_PASSWORD no se aplicó: solo aplica cuando la base se crea.")
		} else {
			fmt.Fprintln(w, "  COMITE_DEMO_PASSWORD solo aplica cuando la base se crea.")
		}
		fmt.Fprintln(w, "  Para restablecerla (clave temporal, se cambia al ingresar), en otra terminal:")
		fmt.Fprintf(w, "    go run ./cmd/comite usuarios restablecer-clave --usuario %s --db %s\n", usuario, ruta)
		fmt.Fprintln(w, "  (con --usuario, la cuenta de la lista que quiera restablecer)")
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "  Ingrese en %slogin\n", url)
	fmt.Fprintf(w, "%s\n\n", borde)
}

// filtroNivel is a log handler that drops records below a level that can
// change while the server runs.
type filtroNivel struct {
	slog.Handler
	nivel slog.Leveler
}

func (f filtroNivel) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= f.nivel.Level() && f.Handler.Enabled(ctx, l)
}

func (f filtroNivel) WithAttrs(a []slog.Attr) slog.Handler {
	return filtroNivel{f.Handler.WithAttrs(a), f.nivel}
}

func (f filtroNivel) WithGroup(g string) slog.Handler {
	return filtroNivel{f.Handler.WithGroup(g), f.nivel}
}
