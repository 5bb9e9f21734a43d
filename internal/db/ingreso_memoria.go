package db

import (
	"context"
	"database/sql"
	"log/slog"
	"strings"
	"sync"
	"time"
)

// When the attempt cannot be recorded because the database cannot be
// written (full disk, I/O error) a login is still possible: the throttle
// counts the attempts in memory meanwhile, with the same policy as
// esperaIngreso (per pair, per account, per address; DemoraPar,
// DemoraCuenta, IntervaloTecho), added to what intentos_ingreso already
// holds. The audit rows of those logins that could not be written are logged
// at ERROR and kept in memory until a later login can write them.

// maxIntentosEnMemoria and maxAuditoriaPendiente bound the memory used
// during a long fault: beyond them the oldest attempt is forgotten, and an
// audit row that does not fit is only logged.
const (
	maxIntentosEnMemoria  = 50000
	maxAuditoriaPendiente = 10000
)

// fallaEscrituraIngreso, set only by tests, makes a write of the login fail
// as a full disk would ("intento": the attempt; "auditoria": the audit row).
var fallaEscrituraIngreso func(que string) error

func falloDePrueba(que string) error {
	if fallaEscrituraIngreso == nil {
		return nil
	}
	return fallaEscrituraIngreso(que)
}

type intentoEnMemoria struct {
	id      int64
	usuario string
	ip      string
	exito   bool
	en      time.Time
}

type ingresosEnMemoria struct {
	mu        sync.Mutex
	ultimoID  int64
	intentos  []intentoEnMemoria
	pendiente []Evento // audit rows waiting for a writable database
}

// espera is the wait of (usuario, ip) from the attempts counted in memory,
// decided as esperaIngreso decides it from intentos_ingreso. Called with mu
// held.
func (m *ingresosEnMemoria) espera(usuario, ip string, ahora time.Time) time.Duration {
	var espera time.Duration
	alargar := func(hasta time.Time) {
		if w := hasta.Sub(ahora); w > espera {
			espera = w
		}
	}
	desdePar, desde := ahora.Add(-VentanaPar), ahora.Add(-VentanaFallos)
	var exitoPar, exitoCuenta, ultimaIP, ultimoCuenta time.Time
	for _, x := range m.intentos {
		if x.usuario == usuario && x.exito {
			if x.ip == ip && x.en.After(exitoPar) {
				exitoPar = x.en
			}
			if x.en.After(exitoCuenta) {
				exitoCuenta = x.en
			}
		}
		if x.ip == ip && x.en.After(ultimaIP) {
			ultimaIP = x.en
		}
		if x.usuario == usuario && x.en.After(ultimoCuenta) {
			ultimoCuenta = x.en
		}
	}
	var fallosPar, fallosIP, fallosCuenta int
	var ultimoPar time.Time
	for _, x := range m.intentos {
		if x.exito {
			continue
		}
		if x.usuario == usuario && x.ip == ip && !x.en.Before(desdePar) && x.en.After(exitoPar) {
			fallosPar++
			if x.en.After(ultimoPar) {
				ultimoPar = x.en
			}
		}
		if x.ip == ip && !x.en.Before(desde) {
			fallosIP++
		}
		if x.usuario == usuario && !x.en.Before(desde) && x.en.After(exitoCuenta) {
			fallosCuenta++
		}
	}
	if fallosPar >= MaxFallosPar {
		alargar(ultimoPar.Add(DemoraPar(fallosPar)))
	}
	// The address: not for an account that already signed in from it.
	if fallosIP >= MaxFallosIP && exitoPar.Before(desdePar) {
		alargar(ultimaIP.Add(IntervaloTecho))
	}
	if w := DemoraCuenta(fallosCuenta); w > 0 {
		alargar(ultimoCuenta.Add(w))
	}
	return espera
}

// anotar records an attempt as failed (the caller marks it a success) and
// forgets what no window needs any more. Called with mu held.
func (m *ingresosEnMemoria) anotar(usuario, ip string, ahora time.Time) int64 {
	limite := ahora.Add(-max(VentanaPar, VentanaFallos))
	i := 0
	for i < len(m.intentos) && m.intentos[i].en.Before(limite) {
		i++
	}
	if n := len(m.intentos) - i; n >= maxIntentosEnMemoria {
		i += n - maxIntentosEnMemoria + 1
	}
	if i > 0 {
		m.intentos = append(m.intentos[:0], m.intentos[i:]...)
	}
	m.ultimoID++
	m.intentos = append(m.intentos, intentoEnMemoria{id: m.ultimoID, usuario: usuario, ip: ip, en: ahora})
	return m.ultimoID
}

func (m *ingresosEnMemoria) marcarExito(id int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for i := len(m.intentos) - 1; i >= 0; i-- {
		if m.intentos[i].id == id {
			m.intentos[i].exito = true
			return
		}
	}
}

// registrarIntentoEnMemoria is registrarIntento when the attempt could not
// be written: the wait is the larger of what intentos_ingreso says (read
// only; nothing is written) and what the attempts in memory say, and a
// checked attempt is counted in memory. The refusal is logged, not written
// to bloqueos_ingreso.
func (d *DB) registrarIntentoEnMemoria(ctx context.Context, usuario, ip string, causa error) (idMemoria int64, espera time.Duration) {
	clave0 := strings.ToLower(usuario)
	var enBase time.Duration
	// The read takes the write lock (BEGIN IMMEDIATE) but writes nothing:
	// the check and the count in memory are one step, as in registrarIntento.
	err := d.enTx(ctx, func(tx *sql.Tx) error {
		var err error
		enBase, err = d.esperaIngreso(ctx, tx, clave0, ip)
		if err != nil {
			return err
		}
		idMemoria, espera = d.contarEnMemoria(clave0, ip, enBase)
		return nil
	})
	if err != nil {
		slog.Error("ingreso: tampoco se pudieron leer los intentos guardados; el límite cuenta solo los intentos en memoria",
			"usuario", usuarioAuditable(usuario), "ip", ip, "error", err)
		idMemoria, espera = d.contarEnMemoria(clave0, ip, 0)
	}
	msg := "ingreso: no se pudo guardar el intento; se cuenta en memoria mientras la base no se pueda escribir"
	if espera > 0 {
		msg = "ingreso: no se pudo guardar el intento; rechazado por el límite de intentos contados en memoria"
	}
	slog.Warn(msg, "usuario", usuarioAuditable(usuario), "ip", ip,
		"espera_segundos", int((espera+time.Second-1)/time.Second), "causa", causa)
	return idMemoria, espera
}

func (d *DB) contarEnMemoria(clave0, ip string, enBase time.Duration) (int64, time.Duration) {
	m := &d.ingresosMem
	m.mu.Lock()
	defer m.mu.Unlock()
	ahora := d.Now()
	espera := max(enBase, m.espera(clave0, ip, ahora))
	if espera > 0 {
		return 0, espera
	}
	return m.anotar(clave0, ip, ahora), 0
}

// auditarPendiente keeps an audit row that could not be written: logged at
// ERROR with its cause, and kept for auditarPendientes.
func (d *DB) auditarPendiente(e Evento, causa error) {
	m := &d.ingresosMem
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.pendiente) >= maxAuditoriaPendiente {
		slog.Error("auditoría: no se pudo escribir la fila y no cabe entre las pendientes: queda solo en este registro",
			"accion", e.Accion, "cuenta", e.Cuenta, "ip", e.IP, "objeto", e.Objeto, "detalle", e.Detalle, "causa", causa)
		return
	}
	slog.Error("auditoría: no se pudo escribir la fila; queda pendiente en memoria hasta que la base se pueda escribir",
		"accion", e.Accion, "cuenta", e.Cuenta, "ip", e.IP, "objeto", e.Objeto, "detalle", e.Detalle, "causa", causa)
	m.pendiente = append(m.pendiente, e)
}

// tomarPendientes takes the audit rows waiting to be written; devolver puts
// them back, first, when the transaction that wrote them failed.
func (d *DB) tomarPendientes() (es []Evento, devolver func()) {
	m := &d.ingresosMem
	m.mu.Lock()
	defer m.mu.Unlock()
	es, m.pendiente = m.pendiente, nil
	return es, func() {
		if len(es) == 0 {
			return
		}
		m.mu.Lock()
		defer m.mu.Unlock()
		m.pendiente = append(es, m.pendiente...)
		if len(m.pendiente) > maxAuditoriaPendiente {
			m.pendiente = m.pendiente[:maxAuditoriaPendiente]
		}
	}
}

// AuditoriaPendiente is how many audit rows wait in memory for a writable
// database.
func (d *DB) AuditoriaPendiente() int {
	d.ingresosMem.mu.Lock()
	defer d.ingresosMem.mu.Unlock()
	return len(d.ingresosMem.pendiente)
}
