package db

// Instants of the queue (proximo_intento, enviado_en) are stored with a
// fixed width (instanteFijo) so they compare as text.
//
// The e-mail outbox and what it needs from the accounts: each account's
// address and the kinds of notice it turned off, the rows queued by the
// steps that cause a notice (in the step's own transaction), and the
// sender's marks (sent, failed with the next attempt, given up). Which
// accounts receive a notice and what it says is decided by the caller.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"comite/internal/dominio"
	"comite/internal/permisos"
)

// CuentaAvisable is an account as the notices read it.
type CuentaAvisable struct {
	ID        int64
	Usuario   string
	Nombre    string
	Correo    string
	Rol       permisos.Rol
	Seccional string
	Activa    bool
	Apagadas  []string // kinds of notice turned off
}

func cuentasAvisables(ctx context.Context, q consultor) ([]CuentaAvisable, error) {
	rows, err := q.QueryContext(ctx, `SELECT c.id, c.usuario, c.nombre, c.correo, c.rol, c.direccion_seccional, c.activa,
		coalesce((SELECT group_concat(clase, ',') FROM correo_avisos_apagados a WHERE a.cuenta_id = c.id), '')
		FROM cuentas c WHERE c.correo <> '' ORDER BY c.id`)
	if err != nil {
		return nil, fmt.Errorf("leer las cuentas con correo: %w", err)
	}
	defer rows.Close()
	var out []CuentaAvisable
	for rows.Next() {
		var c CuentaAvisable
		var rol, apagadas string
		var activa int
		if err := rows.Scan(&c.ID, &c.Usuario, &c.Nombre, &c.Correo, &rol, &c.Seccional, &activa, &apagadas); err != nil {
			return nil, err
		}
		c.Rol, c.Activa = permisos.Rol(rol), activa == 1
		if apagadas != "" {
			c.Apagadas = strings.Split(apagadas, ",")
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// ActivarAvisosCorreo makes the steps queue their e-mail notices (a mail
// server is configured). Call it before serving: without it nothing is
// queued, so no old notices pile up for a server configured later.
func (d *DB) ActivarAvisosCorreo() { d.avisosCorreo = true }

// AvisosCorreoActivos tells whether the steps queue their notices.
func (d *DB) AvisosCorreoActivos() bool { return d.avisosCorreo }

// CuentasAvisables are the accounts with an e-mail address, read in this
// transaction; none while the notices are off (ActivarAvisosCorreo).
func (w *Escritura) CuentasAvisables() ([]CuentaAvisable, error) {
	if !w.d.avisosCorreo {
		return nil, nil
	}
	return cuentasAvisables(w.ctx, w.tx)
}

// CorreoNuevo is a notice to queue.
type CorreoNuevo struct {
	Clave    string // unique per (event, recipient)
	Clase    string
	CuentaID int64
	Para     string
	Datos    []byte // JSON of the notice's plain values
}

// EncolarCorreo queues a notice in this transaction, due now; one already
// queued with the same key is left as it is (queued is queued once).
func (w *Escritura) EncolarCorreo(n CorreoNuevo) error {
	_, err := w.tx.ExecContext(w.ctx, `INSERT INTO correos(clave, clase, cuenta_id, para, datos, proximo_intento, creado_en)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(clave) DO NOTHING`, n.Clave, n.Clase, n.CuentaID, n.Para, string(n.Datos), instanteFijo(instanteComprobado(w.ahora)), w.ahora)
	if err != nil {
		return fmt.Errorf("encolar el correo %s: %w", n.Clave, err)
	}
	return nil
}

// Estados of a queued message.
const (
	CorreoPendiente = "pendiente"
	CorreoEnviado   = "enviado"
	CorreoFallido   = "fallido"
)

// Correo is a queued message.
type Correo struct {
	ID             int64
	Clave          string
	Clase          string
	CuentaID       int64
	Usuario        string
	Para           string
	Datos          []byte
	Estado         string
	Intentos       int
	ProximoIntento time.Time
	UltimoError    string
	CreadoEn       time.Time
	EnviadoEn      time.Time // zero: not sent
}

const columnasCorreo = `co.id, co.clave, co.clase, co.cuenta_id, cu.usuario, co.para, co.datos, co.estado, co.intentos,
	co.proximo_intento, co.ultimo_error, co.creado_en, coalesce(co.enviado_en, '')`

func escanearCorreo(s interface{ Scan(...any) error }) (Correo, error) {
	var c Correo
	var datos, prox, creado, enviado string
	if err := s.Scan(&c.ID, &c.Clave, &c.Clase, &c.CuentaID, &c.Usuario, &c.Para, &datos, &c.Estado, &c.Intentos, &prox, &c.UltimoError, &creado, &enviado); err != nil {
		return Correo{}, err
	}
	c.Datos = []byte(datos)
	c.ProximoIntento, c.CreadoEn = instanteComprobado(prox), instanteComprobado(creado)
	if enviado != "" {
		c.EnviadoEn = instanteComprobado(enviado)
	}
	return c, nil
}

func (d *DB) listarCorreos(ctx context.Context, donde string, args ...any) ([]Correo, error) {
	rows, err := d.QueryContext(ctx, `SELECT `+columnasCorreo+` FROM correos co JOIN cuentas cu ON cu.id = co.cuenta_id `+donde, args...)
	if err != nil {
		return nil, fmt.Errorf("leer la cola de correos: %w", err)
	}
	defer rows.Close()
	var out []Correo
	for rows.Next() {
		c, err := escanearCorreo(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// CorreosDebidos are at most n pending messages whose next attempt is due
// at ahora, oldest first.
func (d *DB) CorreosDebidos(ctx context.Context, ahora time.Time, n int) ([]Correo, error) {
	return d.listarCorreos(ctx, `WHERE co.estado = 'pendiente' AND co.proximo_intento <= ? ORDER BY co.proximo_intento, co.id LIMIT ?`, instanteFijo(ahora), n)
}

// ListarCorreos are the newest messages in estado ("" every state), at
// most limite.
func (d *DB) ListarCorreos(ctx context.Context, estado string, limite int) ([]Correo, error) {
	if estado == "" {
		return d.listarCorreos(ctx, `ORDER BY co.id DESC LIMIT ?`, limite)
	}
	return d.listarCorreos(ctx, `WHERE co.estado = ? ORDER BY co.id DESC LIMIT ?`, estado, limite)
}

// ContarCorreos counts the queued messages by state.
func (d *DB) ContarCorreos(ctx context.Context) (map[string]int, error) {
	rows, err := d.QueryContext(ctx, `SELECT estado, count(*) FROM correos GROUP BY estado`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var e string
		var n int
		if err := rows.Scan(&e, &n); err != nil {
			return nil, err
		}
		out[e] = n
	}
	return out, rows.Err()
}

// MarcarCorreoEnviado records that a pending message was delivered.
func (d *DB) MarcarCorreoEnviado(ctx context.Context, id int64, ahora time.Time) error {
	return d.enTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE correos SET estado = 'enviado', intentos = intentos + 1, ultimo_error = '', enviado_en = ? WHERE id = ? AND estado = 'pendiente'`, instanteFijo(ahora), id)
		return err
	})
}

// MarcarCorreoFallo records a failed attempt: its error and the next
// attempt, or, when fallido, that no more attempts are made.
func (d *DB) MarcarCorreoFallo(ctx context.Context, id int64, motivo string, proximo time.Time, fallido bool) error {
	estado := CorreoPendiente
	if fallido {
		estado = CorreoFallido
	}
	if len(motivo) > 1000 {
		motivo = motivo[:1000]
	}
	return d.enTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `UPDATE correos SET estado = ?, intentos = intentos + 1, ultimo_error = ?, proximo_intento = ? WHERE id = ? AND estado = 'pendiente'`,
			estado, motivo, instanteFijo(proximo), id)
		return err
	})
}

// ErrCorreoNoExiste: no queued message has that id.
var ErrCorreoNoExiste = errors.New("el correo no existe")

// ReintentarCorreo puts a failed message back in the queue, due now, with
// its attempts counted from zero (audited).
func (d *DB) ReintentarCorreo(ctx context.Context, id int64, quien dominio.Actor) error {
	return d.enTx(ctx, func(tx *sql.Tx) error {
		var clave, estado string
		if err := tx.QueryRowContext(ctx, `SELECT clave, estado FROM correos WHERE id = ?`, id).Scan(&clave, &estado); errors.Is(err, sql.ErrNoRows) {
			return ErrCorreoNoExiste
		} else if err != nil {
			return err
		}
		if estado != CorreoFallido {
			return &dominio.ErrValidacion{Campo: "correo", Mensaje: "solo se reintenta un correo fallido; este está " + estado}
		}
		if _, err := tx.ExecContext(ctx, `UPDATE correos SET estado = 'pendiente', intentos = 0, proximo_intento = ? WHERE id = ?`, instanteFijo(instanteComprobado(d.ahoraEn(tx))), id); err != nil {
			return err
		}
		return d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "correo.reintentar", Objeto: fmt.Sprint("correo:", id), Detalle: map[string]any{"clave": clave}})
	})
}

// CorreoDeCuenta is the e-mail address of an account ("" none).
func (d *DB) CorreoDeCuenta(ctx context.Context, id int64) (string, error) {
	var s string
	err := d.QueryRowContext(ctx, `SELECT correo FROM cuentas WHERE id = ?`, id).Scan(&s)
	if errors.Is(err, sql.ErrNoRows) {
		return "", ErrCuentaNoExiste
	}
	return s, err
}

// FijarCorreoCuenta records the e-mail address of an account ("" none;
// audited). The caller has checked it (correo.ValidarDireccion).
func (d *DB) FijarCorreoCuenta(ctx context.Context, id int64, direccion string, quien dominio.Actor) error {
	return d.enTx(ctx, func(tx *sql.Tx) error { return fijarCorreo(ctx, d, tx, id, direccion, quien) })
}

func fijarCorreo(ctx context.Context, d *DB, tx *sql.Tx, id int64, direccion string, quien dominio.Actor) error {
	var usuario, antes string
	if err := tx.QueryRowContext(ctx, `SELECT usuario, correo FROM cuentas WHERE id = ?`, id).Scan(&usuario, &antes); errors.Is(err, sql.ErrNoRows) {
		return ErrCuentaNoExiste
	} else if err != nil {
		return err
	}
	if antes == direccion {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE cuentas SET correo = ? WHERE id = ?`, direccion, id); err != nil {
		return fmt.Errorf("guardar la dirección de correo: %w", err)
	}
	return d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "cuenta.correo", Objeto: "cuenta:" + usuario,
		Detalle: map[string]any{"antes": antes, "despues": direccion}})
}

// AvisosApagados are the kinds of notice an account turned off.
func (d *DB) AvisosApagados(ctx context.Context, cuentaID int64) ([]string, error) {
	rows, err := d.QueryContext(ctx, `SELECT clase FROM correo_avisos_apagados WHERE cuenta_id = ? ORDER BY clase`, cuentaID)
	if err != nil {
		return nil, err
	}
	return columna[string](rows)
}

// FijarAvisosApagados records the kinds of notice an account turns off
// (the others are on; audited when it changes). The caller has checked
// the kinds.
func (d *DB) FijarAvisosApagados(ctx context.Context, cuentaID int64, apagadas []string, quien dominio.Actor) error {
	apagadas = slices.Clone(apagadas)
	slices.Sort(apagadas)
	apagadas = slices.Compact(apagadas)
	antes, err := d.AvisosApagados(ctx, cuentaID)
	if err != nil {
		return err
	}
	return d.enTx(ctx, func(tx *sql.Tx) error {
		var usuario string
		if err := tx.QueryRowContext(ctx, `SELECT usuario FROM cuentas WHERE id = ?`, cuentaID).Scan(&usuario); errors.Is(err, sql.ErrNoRows) {
			return ErrCuentaNoExiste
		} else if err != nil {
			return err
		}
		if slices.Equal(antes, apagadas) {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM correo_avisos_apagados WHERE cuenta_id = ?`, cuentaID); err != nil {
			return err
		}
		for _, c := range apagadas {
			if _, err := tx.ExecContext(ctx, `INSERT INTO correo_avisos_apagados(cuenta_id, clase) VALUES (?, ?)`, cuentaID, c); err != nil {
				return err
			}
		}
		return d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "cuenta.avisos", Objeto: "cuenta:" + usuario,
			Detalle: map[string]any{"apagados_antes": antes, "apagados_despues": apagadas}})
	})
}
