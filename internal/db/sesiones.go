package db

import (
	"comite/internal/dominio"
	"comite/internal/fallo"
	"comite/internal/permisos"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// Session lifetimes: a session ends after InactividadSesion without requests,
// and in any case DuracionMaximaSesion after the login.
var (
	InactividadSesion    = 30 * time.Minute
	DuracionMaximaSesion = 12 * time.Hour
)

// Sesion is a server-side session. The token itself is only in the cookie;
// the table keeps its SHA-256.
type Sesion struct {
	CuentaID  int64
	CSRF      string // per-session CSRF token, compared in constant time by the web layer
	CreadaEn  time.Time
	UltimoUso time.Time
	IP        string
}

// ErrSinSesion is returned for an unknown, expired or closed session, or one
// whose account is disabled. Callers send the person to the login page.
var ErrSinSesion = fallo.Nuevo(fallo.NoAutenticado, "no hay una sesión vigente")

func tokenAleatorio() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// CrearSesion opens a new session for an account (always a new token: a
// login never reuses an earlier session id) and returns the secret token for
// the cookie.
func (d *DB) CrearSesion(ctx context.Context, cuentaID int64, ip string) (string, Sesion, error) {
	token, err := tokenAleatorio()
	if err != nil {
		return "", Sesion{}, err
	}
	csrf, err := tokenAleatorio()
	if err != nil {
		return "", Sesion{}, err
	}
	ahora := d.Now().UTC()
	s := Sesion{CuentaID: cuentaID, CSRF: csrf, CreadaEn: ahora, UltimoUso: ahora, IP: ip}
	_, err = d.ExecContext(ctx, `INSERT INTO sesiones(token_hash, cuenta_id, csrf, creada_en, ultimo_uso, ip) VALUES (?,?,?,?,?,?)`,
		hashToken(token), cuentaID, csrf, instanteFijo(ahora), instanteFijo(ahora), ip)
	if err != nil {
		return "", Sesion{}, fmt.Errorf("crear la sesión: %w", err)
	}
	return token, s, nil
}

// SesionVigente finds the session of a token and its account. It ends (deletes)
// a session past its idle or absolute limit, and refuses one whose account is
// disabled. A valid session has its last use moved to now (written at most
// once a minute, to spare the database).
func (d *DB) SesionVigente(ctx context.Context, token string) (Sesion, dominio.Cuenta, error) {
	if token == "" || len(token) > 100 {
		return Sesion{}, dominio.Cuenta{}, ErrSinSesion
	}
	th := hashToken(token)
	var s Sesion
	var creada, uso, rol string
	var c dominio.Cuenta
	var activa, debeCambiar int
	// Every request reads its session: a prepared statement (lecturas_web.go).
	st, err := d.preparada(ctx, `SELECT s.cuenta_id, s.csrf, s.creada_en, s.ultimo_uso, s.ip,
			c.id, c.usuario, c.nombre, c.rol, c.direccion_seccional, c.activa, c.creada_en, c.debe_cambiar_clave
		FROM sesiones s JOIN cuentas c ON c.id = s.cuenta_id WHERE s.token_hash = ?`)
	if err != nil {
		return Sesion{}, dominio.Cuenta{}, fmt.Errorf("leer la sesión: %w", err)
	}
	err = st.QueryRowContext(ctx, th).
		Scan(&s.CuentaID, &s.CSRF, &creada, &uso, &s.IP, &c.ID, &c.Usuario, &c.Nombre, &rol, &c.DireccionSeccional, &activa, &c.CreadaEn, &debeCambiar)
	if errors.Is(err, sql.ErrNoRows) {
		return Sesion{}, dominio.Cuenta{}, ErrSinSesion
	}
	if err != nil {
		return Sesion{}, dominio.Cuenta{}, fmt.Errorf("leer la sesión: %w", err)
	}
	c.Rol, c.Activa, c.DebeCambiarClave = permisos.Rol(rol), activa == 1, debeCambiar == 1
	if s.CreadaEn, err = time.Parse(time.RFC3339Nano, creada); err != nil {
		return Sesion{}, dominio.Cuenta{}, fmt.Errorf("sesión con fecha inválida: %w", err)
	}
	if s.UltimoUso, err = time.Parse(time.RFC3339Nano, uso); err != nil {
		return Sesion{}, dominio.Cuenta{}, fmt.Errorf("sesión con fecha inválida: %w", err)
	}
	ahora := d.Now().UTC()
	if !c.Activa || ahora.Sub(s.UltimoUso) >= InactividadSesion || ahora.Sub(s.CreadaEn) >= DuracionMaximaSesion {
		if _, err := d.ExecContext(ctx, `DELETE FROM sesiones WHERE token_hash = ?`, th); err != nil {
			return Sesion{}, dominio.Cuenta{}, fmt.Errorf("cerrar la sesión vencida: %w", err)
		}
		return Sesion{}, dominio.Cuenta{}, ErrSinSesion
	}
	if ahora.Sub(s.UltimoUso) >= time.Minute {
		if _, err := d.ExecContext(ctx, `UPDATE sesiones SET ultimo_uso = ? WHERE token_hash = ?`, instanteFijo(ahora), th); err != nil {
			return Sesion{}, dominio.Cuenta{}, fmt.Errorf("actualizar la sesión: %w", err)
		}
		s.UltimoUso = ahora
	}
	return s, c, nil
}

// CerrarSesion ends a session on the server (logout), with its audit row.
func (d *DB) CerrarSesion(ctx context.Context, token string, quien dominio.Actor) error {
	return d.EnTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM sesiones WHERE token_hash = ?`, hashToken(token))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		return d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "sesion.salida", Objeto: "cuenta:" + quien.Cuenta})
	})
}

// ContarSesiones returns the number of open sessions of an account.
func (d *DB) ContarSesiones(ctx context.Context, cuentaID int64) (int, error) {
	var n int
	err := d.QueryRowContext(ctx, `SELECT count(*) FROM sesiones WHERE cuenta_id = ?`, cuentaID).Scan(&n)
	return n, err
}

// PurgarSesiones deletes the sessions past either limit; it returns how many.
func (d *DB) PurgarSesiones(ctx context.Context) (int64, error) {
	ahora := d.Now()
	res, err := d.ExecContext(ctx, `DELETE FROM sesiones WHERE ultimo_uso <= ? OR creada_en <= ?`,
		instanteFijo(ahora.Add(-InactividadSesion)), instanteFijo(ahora.Add(-DuracionMaximaSesion)))
	if err != nil {
		return 0, fmt.Errorf("purgar sesiones: %w", err)
	}
	return res.RowsAffected()
}
