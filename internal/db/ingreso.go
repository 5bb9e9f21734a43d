package db

import (
	"comite/internal/dominio"
	"comite/internal/permisos"
	"comite/internal/texto"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"time"
)

// Throttling of logins. Nothing here is counted per address alone, so
// nothing one address does (behind a shared proxy, every client) can lock an
// account out for the others:
//   - the pair (account name, address): after MaxFallosPar failures of one
//     pair within VentanaPar, that pair waits a growing delay (DemoraInicial,
//     doubling up to DemoraMaxima) after its last failure before its next
//     password is checked. A name that does not exist is a pair like any
//     other: its failures delay only that name from that address;
//   - the account (all addresses): with TechoFallosCuenta failures or more in
//     VentanaFallos since its last success, every address waits DemoraCuenta
//     after the account's last checked attempt: a growing delay with a
//     ceiling (DemoraMaximaCuenta), never a lockout;
//   - the address (password spraying): with MaxFallosIP failures (any names)
//     in VentanaFallos, it gets one check every IntervaloTecho, except for an
//     account that already signed in from it within VentanaPar.
//
// The check and the record of the attempt are one write transaction taken
// BEFORE the password hash is computed, so parallel attempts cannot all pass
// the check.
var (
	VentanaFallos      = 15 * time.Minute
	VentanaPar         = 24 * time.Hour
	MaxFallosPar       = 5
	DemoraInicial      = 30 * time.Second
	DemoraMaxima       = 15 * time.Minute
	MaxFallosIP        = 20
	TechoFallosCuenta  = 20
	IntervaloTecho     = 2 * time.Second
	DemoraMaximaCuenta = 30 * time.Second

	// VentanaResumenBloqueos is the window in which refused attempts from one
	// address are summed in one row of bloqueos_ingreso and ONE audit row.
	VentanaResumenBloqueos = 5 * time.Minute
	// RetencionIntentos is how long intentos_ingreso keeps an attempt (the
	// audit log keeps the permanent record); never less than VentanaPar.
	RetencionIntentos = 24 * time.Hour
)

// ResultadoIngreso is the outcome of one login attempt.
type ResultadoIngreso int

const (
	IngresoCorrecto  ResultadoIngreso = iota
	IngresoFallido                    // unknown user, wrong password or disabled account: one message for all
	IngresoBloqueado                  // too many recent failures: Espera says for how long
	IngresoOcupado                    // too many password checks running: try again in a moment
)

// Ingreso is the answer to a login attempt.
type Ingreso struct {
	Resultado ResultadoIngreso
	Cuenta    dominio.Cuenta // with IngresoCorrecto
	Espera    time.Duration  // with IngresoBloqueado: time until the next check of this pair
}

// Ingresar checks a login attempt (see IntentarIngreso).
func (d *DB) Ingresar(ctx context.Context, usuario, clave, ip string) (dominio.Cuenta, ResultadoIngreso, error) {
	r, err := d.IntentarIngreso(ctx, usuario, clave, ip)
	return r.Cuenta, r.Resultado, err
}

// IntentarIngreso checks a login attempt. The throttle is checked and the
// attempt recorded atomically before any password hash; a refused attempt is
// added to its address's window in bloqueos_ingreso (one audit row per
// window); a checked one leaves one row in intentos_ingreso and one in the
// audit log. When every argon2 slot is busy the answer is IngresoOcupado at
// once, with nothing computed or written.
func (d *DB) IntentarIngreso(ctx context.Context, usuario, clave, ip string) (Ingreso, error) {
	if len(usuario) > 256 {
		usuario = usuario[:256]
	}
	// The name as accounts are stored: «ＡＤＭＩＮ» is admin, for the
	// password and for the throttle.
	usuario = texto.ClaveCuenta(usuario)
	if len(usuario) > 128 {
		usuario = usuario[:128]
	}
	if len(clave) > 1024 {
		clave = clave[:1024]
	}
	liberar, ok := d.tomarRanuraArgon2()
	if !ok {
		return Ingreso{Resultado: IngresoOcupado}, nil
	}
	defer liberar()

	intentoID, espera, err := d.registrarIntento(ctx, usuario, ip)
	var idMemoria int64
	if err != nil {
		if !EsErrorDeDisco(err) {
			return Ingreso{Resultado: IngresoFallido}, fmt.Errorf("registrar el intento de ingreso: %w", err)
		}
		// The database cannot be written: the attempt is counted in memory.
		intentoID = 0
		idMemoria, espera = d.registrarIntentoEnMemoria(ctx, usuario, ip, err)
	}
	if espera > 0 {
		return Ingreso{Resultado: IngresoBloqueado, Espera: espera}, nil
	}

	resultado, motivo := IngresoFallido, ""
	var c dominio.Cuenta
	var hash string
	var rol, origen string
	var activa, debeCambiar int
	err = d.QueryRowContext(ctx, `SELECT id, usuario, nombre, rol, direccion_seccional, activa, creada_en, clave_hash, debe_cambiar_clave, origen FROM cuentas WHERE usuario = ?`, usuario).
		Scan(&c.ID, &c.Usuario, &c.Nombre, &rol, &c.DireccionSeccional, &activa, &c.CreadaEn, &hash, &debeCambiar, &origen)
	c.Rol, c.Activa, c.DebeCambiarClave = permisos.Rol(rol), activa == 1, debeCambiar == 1
	d.turnosArgon2.verificaciones.Add(1)
	detalle := map[string]any{}
	// porDirectorio writes, in the login's transaction, what the directory
	// decided (the account, its role, the end of its sessions).
	var porDirectorio func(tx *sql.Tx) error
	switch {
	case err != nil && !errors.Is(err, sql.ErrNoRows):
		return Ingreso{Resultado: IngresoFallido}, err
	case d.directorio != nil && (err != nil || origen == OrigenDirectorio):
		// Not a local account: the directory decides, at every login.
		detalle["origen"] = OrigenDirectorio
		motivo, porDirectorio = d.consultarDirectorio(ctx, usuario, clave, err == nil, &c, &resultado, detalle)
	case errors.Is(err, sql.ErrNoRows):
		verificarFicticio(d.costosArgon2(), clave)
		motivo = "usuario_desconocido"
	case origen == OrigenDirectorio:
		// Its password lives in a directory that is no longer configured.
		motivo = "directorio_no_configurado"
	case !VerificarClave(clave, hash):
		motivo = "clave_incorrecta"
	case !c.Activa:
		motivo = "cuenta_deshabilitada"
	default:
		resultado, motivo = IngresoCorrecto, "correcto"
	}
	if resultado == IngresoCorrecto && idMemoria != 0 {
		d.ingresosMem.marcarExito(idMemoria)
	}
	detalle["exito"], detalle["motivo"] = resultado == IngresoCorrecto, motivo
	evento := Evento{Cuenta: usuarioAuditable(usuario), IP: ip, Accion: "sesion.ingreso", Objeto: "cuenta:" + usuarioAuditable(usuario),
		Detalle: detalle}
	// The audit rows of earlier logins that could not be written go first.
	pendientes, devolver := d.tomarPendientes()
	err = d.enTx(ctx, func(tx *sql.Tx) error {
		if err := falloDePrueba("auditoria"); err != nil {
			return err
		}
		for _, e := range pendientes {
			if err := d.auditar(ctx, tx, e); err != nil {
				return err
			}
		}
		if porDirectorio != nil {
			if err := porDirectorio(tx); err != nil {
				return err
			}
		}
		if resultado == IngresoCorrecto && intentoID != 0 {
			if _, err := tx.ExecContext(ctx, `UPDATE intentos_ingreso SET exito = 1 WHERE id = ?`, intentoID); err != nil {
				return err
			}
		}
		return d.auditar(ctx, tx, evento)
	})
	if err != nil {
		devolver()
		if !EsErrorDeDisco(err) || porDirectorio != nil {
			return Ingreso{Resultado: IngresoFallido}, fmt.Errorf("registrar el intento de ingreso: %w", err)
		}
		// The login is answered; its audit row waits in memory.
		evento.Detalle.(map[string]any)["diferido_desde"] = instanteFijo(d.Now())
		d.auditarPendiente(evento, err)
	}
	if resultado != IngresoCorrecto {
		return Ingreso{Resultado: resultado}, nil
	}
	return Ingreso{Resultado: IngresoCorrecto, Cuenta: c}, nil
}

// registrarIntento checks the throttle for (usuario, ip) and, when the
// password may be checked, records the attempt as failed (the caller marks
// it a success); otherwise it adds the refusal to the address's window and
// returns how long to wait. One write transaction.
func (d *DB) registrarIntento(ctx context.Context, usuario, ip string) (intentoID int64, espera time.Duration, err error) {
	clave0 := strings.ToLower(usuario)
	err = d.enTx(ctx, func(tx *sql.Tx) error {
		var err error
		espera, err = d.esperaIngreso(ctx, tx, clave0, ip)
		if err != nil {
			return err
		}
		if espera > 0 {
			return d.registrarBloqueo(ctx, tx, usuario, ip, espera)
		}
		if err := falloDePrueba("intento"); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO intentos_ingreso(usuario, ip, exito, en) VALUES (?,?,0,?)`, clave0, ip, instanteFijo(d.Now()))
		if err != nil {
			return err
		}
		intentoID, err = res.LastInsertId()
		return err
	})
	return intentoID, espera, err
}

// esperaIngreso is how long this (account, address) must still wait before
// its password is checked (0: check now). It runs inside the write
// transaction that then records the attempt.
func (d *DB) esperaIngreso(ctx context.Context, tx *sql.Tx, usuario, ip string) (time.Duration, error) {
	ahora := d.Now()
	desde := instanteFijo(ahora.Add(-VentanaFallos))
	var espera time.Duration
	alargar := func(hasta time.Time) {
		if w := hasta.Sub(ahora); w > espera {
			espera = w
		}
	}
	leer := func(s string) (time.Time, error) { return time.Parse(formatoFijo, s) }

	// The pair: failures since the pair's last success, within its window.
	var fallosPar int
	var ultimoPar sql.NullString
	err := tx.QueryRowContext(ctx, `SELECT count(*), max(en) FROM intentos_ingreso
		WHERE usuario = ? AND ip = ? AND exito = 0 AND en >= ?
		  AND en > coalesce((SELECT max(en) FROM intentos_ingreso WHERE usuario = ? AND ip = ? AND exito = 1), '')`,
		usuario, ip, instanteFijo(ahora.Add(-VentanaPar)), usuario, ip).Scan(&fallosPar, &ultimoPar)
	if err != nil {
		return 0, err
	}
	if fallosPar >= MaxFallosPar && ultimoPar.Valid {
		t, err := leer(ultimoPar.String)
		if err != nil {
			return 0, err
		}
		alargar(t.Add(DemoraPar(fallosPar)))
	}

	// The address, whatever names it tries: slowed, not blocked, and not
	// for an account that already signed in from it.
	var ultimaIP sql.NullString
	var fallosIP int
	err = tx.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM (SELECT 1 FROM intentos_ingreso WHERE ip = ? AND exito = 0 AND en >= ? LIMIT ?)),
		(SELECT max(en) FROM intentos_ingreso WHERE ip = ?)`, ip, desde, MaxFallosIP, ip).Scan(&fallosIP, &ultimaIP)
	if err != nil {
		return 0, err
	}
	if fallosIP >= MaxFallosIP && ultimaIP.Valid {
		var conocida int
		err := tx.QueryRowContext(ctx, `SELECT count(*) FROM (SELECT 1 FROM intentos_ingreso WHERE usuario = ? AND ip = ? AND exito = 1 AND en >= ? LIMIT 1)`,
			usuario, ip, instanteFijo(ahora.Add(-VentanaPar))).Scan(&conocida)
		if err != nil {
			return 0, err
		}
		if conocida == 0 {
			t, err := leer(ultimaIP.String)
			if err != nil {
				return 0, err
			}
			alargar(t.Add(IntervaloTecho))
		}
	}

	// The account's ceiling slows every address, with a delay that grows
	// with its failures and has a ceiling.
	var fallosCuenta int
	var ultimo sql.NullString
	err = tx.QueryRowContext(ctx, `SELECT count(*), (SELECT max(en) FROM intentos_ingreso WHERE usuario = ?) FROM intentos_ingreso
		WHERE usuario = ? AND exito = 0 AND en >= ?
		  AND en > coalesce((SELECT max(en) FROM intentos_ingreso WHERE usuario = ? AND exito = 1), '')`,
		usuario, usuario, desde, usuario).Scan(&fallosCuenta, &ultimo)
	if err != nil {
		return 0, err
	}
	if w := DemoraCuenta(fallosCuenta); w > 0 && ultimo.Valid {
		t, err := leer(ultimo.String)
		if err != nil {
			return 0, err
		}
		alargar(t.Add(w))
	}
	return espera, nil
}

// DemoraPar is the wait after the last failure of a pair with n failures in
// the window: none below MaxFallosPar, then DemoraInicial doubling with each
// further failure, at most DemoraMaxima.
func DemoraPar(n int) time.Duration {
	if n < MaxFallosPar {
		return 0
	}
	w := DemoraInicial
	for i := MaxFallosPar; i < n && w < DemoraMaxima; i++ {
		w *= 2
	}
	return min(w, DemoraMaxima)
}

// DemoraCuenta is the wait of every address after the last checked attempt
// of an account with n failures in VentanaFallos: none below
// TechoFallosCuenta, then IntervaloTecho doubling with each further
// TechoFallosCuenta failures, at most DemoraMaximaCuenta.
func DemoraCuenta(n int) time.Duration {
	if n < TechoFallosCuenta {
		return 0
	}
	w := IntervaloTecho
	for i := 2 * TechoFallosCuenta; i <= n && w < DemoraMaximaCuenta; i += TechoFallosCuenta {
		w *= 2
	}
	return min(w, DemoraMaximaCuenta)
}

// registrarBloqueo adds a refused attempt to the current window of its
// address. Only the first refused attempt of a window writes an audit row
// (with the total of the address's previous window), so a flood of refused
// attempts cannot flood the audit log.
func (d *DB) registrarBloqueo(ctx context.Context, tx *sql.Tx, usuario, ip string, espera time.Duration) error {
	ahora := d.Now()
	var id, intentos int64
	var usuarios string
	err := tx.QueryRowContext(ctx, `SELECT id, intentos, usuarios FROM bloqueos_ingreso WHERE ip = ? AND desde >= ? ORDER BY id DESC LIMIT 1`,
		ip, instanteFijo(ahora.Add(-VentanaResumenBloqueos))).Scan(&id, &intentos, &usuarios)
	nombre := usuarioAuditable(usuario)
	if len(nombre) > 64 {
		nombre = nombre[:64]
	}
	switch {
	case err == nil:
		lista := strings.Split(usuarios, "\n")
		if len(lista) < 5 && !contiene(lista, nombre) {
			usuarios += "\n" + nombre
		}
		_, err = tx.ExecContext(ctx, `UPDATE bloqueos_ingreso SET intentos = intentos + 1, hasta = ?, usuarios = ? WHERE id = ?`, instanteFijo(ahora), usuarios, id)
		return err
	case !errors.Is(err, sql.ErrNoRows):
		return err
	}
	detalle := map[string]any{"motivo": "demasiados_intentos", "ventana_minutos": int(VentanaResumenBloqueos / time.Minute),
		"espera_segundos": int((espera + time.Second - 1) / time.Second)}
	var antes struct {
		desde, hasta string
		n            int64
	}
	err = tx.QueryRowContext(ctx, `SELECT desde, hasta, intentos FROM bloqueos_ingreso WHERE ip = ? ORDER BY id DESC LIMIT 1`, ip).Scan(&antes.desde, &antes.hasta, &antes.n)
	if err == nil {
		detalle["ventana_anterior"] = map[string]any{"desde": antes.desde, "hasta": antes.hasta, "intentos_rechazados": antes.n}
	} else if !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO bloqueos_ingreso(ip, desde, hasta, intentos, usuarios) VALUES (?,?,?,1,?)`,
		ip, instanteFijo(ahora), instanteFijo(ahora), nombre); err != nil {
		return err
	}
	return d.auditar(ctx, tx, Evento{Cuenta: nombre, IP: ip, Accion: "sesion.ingreso_rechazado", Objeto: "cuenta:" + nombre, Detalle: detalle})
}

func contiene(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// PurgarIntentos deletes login attempts older than RetencionIntentos,
// windows of refused attempts older than 30 days, calendar links revoked
// before VentanaTokensCalendario and the API's idempotent answers past
// RetencionIdempotencia; it returns how many rows.
func (d *DB) PurgarIntentos(ctx context.Context) (int64, error) {
	ahora := d.Now()
	var total int64
	for _, q := range []struct {
		sql   string
		antes time.Time
	}{
		{`DELETE FROM intentos_ingreso WHERE en < ?`, ahora.Add(-max(RetencionIntentos, VentanaPar, VentanaFallos))},
		{`DELETE FROM bloqueos_ingreso WHERE hasta < ?`, ahora.Add(-30 * 24 * time.Hour)},
		// Calendar links revoked before the window of their limit.
		{`DELETE FROM calendario_tokens WHERE revocado_en IS NOT NULL AND revocado_en < ?`, ahora.Add(-VentanaTokensCalendario)},
		// Answers kept for an Idempotency-Key past RetencionIdempotencia, and
		// keys of a request that never finished (the server stopped) after an hour.
		{`DELETE FROM api_idempotencia WHERE creado_en < ? AND estado <> 0`, ahora.Add(-RetencionIdempotencia)},
		{`DELETE FROM api_idempotencia WHERE creado_en < ? AND estado = 0`, ahora.Add(-time.Hour)},
	} {
		res, err := d.ExecContext(ctx, q.sql, instanteFijo(q.antes))
		if err != nil {
			return total, fmt.Errorf("purgar intentos de ingreso: %w", err)
		}
		n, _ := res.RowsAffected()
		total += n
	}
	return total, nil
}

// ---- The argon2id costs of a store ----

// ConArgon2 sets the argon2id costs of the passwords this store hashes: new
// accounts, changed and reset passwords, and the fictitious hash an unknown
// user name is checked against. Without it the store uses the production
// costs (argon2Produccion); tests lower them, each for its own store.
func ConArgon2(p ParametrosArgon2) Opcion {
	return func(c *configAuditoria) { c.argon2 = p }
}

// costosArgon2 are the store's argon2id costs.
func (d *DB) costosArgon2() ParametrosArgon2 {
	if d.argon2 == (ParametrosArgon2{}) {
		return argon2Produccion
	}
	return d.argon2
}

// hashClave hashes a password with the store's costs.
func (d *DB) hashClave(clave string) (string, error) { return HashClave(d.costosArgon2(), clave) }

// ---- A bound on concurrent argon2 computations ----

// MaxArgon2Concurrentes is how many password hashes may be computed at once
// (each takes the store's argon2 MemoriaKiB of memory). Beyond it a login is answered
// "busy" at once instead of queueing memory.
const MaxArgon2Concurrentes = 4

// turnosArgon2 bounds the password hashes one store computes at once and
// counts them. Each store has its own (a process serves one store; tests
// open many side by side).
type turnosArgon2 struct {
	ranuras        chan struct{}
	enCurso        atomic.Int64
	pico           atomic.Int64
	verificaciones atomic.Int64
}

func nuevosTurnosArgon2() *turnosArgon2 {
	return &turnosArgon2{ranuras: make(chan struct{}, MaxArgon2Concurrentes)}
}

// tomarRanuraArgon2 takes one slot without waiting; ok is false when all are busy.
func (d *DB) tomarRanuraArgon2() (liberar func(), ok bool) {
	t := d.turnosArgon2
	select {
	case t.ranuras <- struct{}{}:
	default:
		return nil, false
	}
	n := t.enCurso.Add(1)
	for {
		p := t.pico.Load()
		if n <= p || t.pico.CompareAndSwap(p, n) {
			break
		}
	}
	return func() {
		t.enCurso.Add(-1)
		<-t.ranuras
	}, true
}

// EstadisticaArgon2 reports how many login passwords were hashed (against a
// stored hash or, for an unknown user, a fictitious one), and the largest number of argon2 computations of logins that
// ran at the same time, since the store was opened.
func (d *DB) EstadisticaArgon2() (verificaciones, pico int64) {
	return d.turnosArgon2.verificaciones.Load(), d.turnosArgon2.pico.Load()
}
