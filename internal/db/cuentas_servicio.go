package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"comite/internal/dominio"
	"comite/internal/fallo"
	"comite/internal/fecha"
	"comite/internal/permisos"
	"comite/internal/texto"
)

// ErrTokenAPI is an unknown, revoked or expired API token: the API answers
// 401 and says no more.
var ErrTokenAPI = fallo.Nuevo(fallo.NoEncontrado, "token de la API inválido, revocado o vencido")

// ErrCuentaServicioNoExiste is a service account name that is not stored.
var ErrCuentaServicioNoExiste = fallo.Nuevo(fallo.NoEncontrado, "la cuenta de servicio no existe")

const columnasCuentaServicio = `id, nombre, alcances, seccional, vence, creado_por, creado_en, coalesce(revocada_en, ''), coalesce(ultimo_uso, '')`

func leerCuentaServicio(s interface{ Scan(...any) error }) (dominio.CuentaServicio, error) {
	var c dominio.CuentaServicio
	var alcances, vence string
	if err := s.Scan(&c.ID, &c.Nombre, &alcances, &c.Seccional, &vence, &c.CreadoPor, &c.CreadoEn, &c.RevocadaEn, &c.UltimoUso); err != nil {
		return c, err
	}
	as, err := permisos.ParseAlcances(alcances)
	if err != nil {
		return c, fmt.Errorf("cuenta de servicio %s: %w", c.Nombre, err)
	}
	c.Alcances = as
	if c.Vence, err = fecha.ParseISO(vence); err != nil {
		return c, fmt.Errorf("cuenta de servicio %s: vence: %w", c.Nombre, err)
	}
	return c, nil
}

// CrearCuentaServicio stores a service account checked by
// validar.CuentaServicio and returns it with its secret token (shown once:
// only its SHA-256 is stored). The Seccional, when given, must be in the
// catalogue (code or name; the code is stored). The account and its audit
// row share one transaction.
func (d *DB) CrearCuentaServicio(ctx context.Context, n dominio.NuevaCuentaServicio, quien dominio.Actor) (dominio.CuentaServicio, string, error) {
	var err error
	if n.Seccional != "" {
		if n.Seccional, err = d.seccionalCuenta(ctx, n.Seccional); err != nil {
			return dominio.CuentaServicio{}, "", err
		}
	}
	token, err := tokenAleatorio()
	if err != nil {
		return dominio.CuentaServicio{}, "", err
	}
	token = "cmt_" + token
	c := dominio.CuentaServicio{Nombre: n.Nombre, Alcances: n.Alcances, Vence: n.Vence, Seccional: n.Seccional, CreadoPor: quien.Cuenta}
	err = d.enTx(ctx, func(tx *sql.Tx) error {
		var ya int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM cuentas_servicio WHERE nombre = ?`, n.Nombre).Scan(&ya); err != nil {
			return err
		}
		if ya > 0 {
			return &dominio.ErrValidacion{Campo: "nombre", Mensaje: fmt.Sprintf("ya existe una cuenta de servicio %s", n.Nombre)}
		}
		c.CreadoEn = d.ahoraEn(tx)
		res, err := tx.ExecContext(ctx, `INSERT INTO cuentas_servicio(nombre, alcances, seccional, vence, token_hash, creado_por, creado_en) VALUES (?,?,?,?,?,?,?)`,
			c.Nombre, permisos.UnirAlcances(c.Alcances), c.Seccional, c.Vence.String(), hashToken(token), c.CreadoPor, c.CreadoEn)
		if err != nil {
			return err
		}
		if c.ID, err = res.LastInsertId(); err != nil {
			return err
		}
		return d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "api.cuenta_crear", Objeto: "cuenta_servicio:" + c.Nombre,
			Detalle: map[string]string{"alcances": permisos.UnirAlcances(c.Alcances), "vence": c.Vence.String(), "seccional": c.Seccional}})
	})
	var ev *dominio.ErrValidacion
	if errors.As(err, &ev) {
		return dominio.CuentaServicio{}, "", err
	}
	if err != nil {
		return dominio.CuentaServicio{}, "", fmt.Errorf("crear la cuenta de servicio: %w", err)
	}
	return c, token, nil
}

// CuentasServicio lists every service account, revoked ones too, by name.
func (d *DB) CuentasServicio(ctx context.Context) ([]dominio.CuentaServicio, error) {
	rows, err := d.QueryContext(ctx, `SELECT `+columnasCuentaServicio+` FROM cuentas_servicio ORDER BY nombre`)
	if err != nil {
		return nil, fmt.Errorf("leer las cuentas de servicio: %w", err)
	}
	defer rows.Close()
	var out []dominio.CuentaServicio
	for rows.Next() {
		c, err := leerCuentaServicio(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// RevocarCuentaServicio revokes the account named nombre: its token stops
// working at once. Revoking it again changes nothing and is not audited.
// The name is compared as account names are (texto.ClaveCuenta).
func (d *DB) RevocarCuentaServicio(ctx context.Context, nombre string, quien dominio.Actor) error {
	nombre = strings.TrimSpace(texto.ClaveCuenta(nombre))
	return d.enTx(ctx, func(tx *sql.Tx) error {
		var id int64
		var revocada sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT id, revocada_en FROM cuentas_servicio WHERE nombre = ?`, nombre).Scan(&id, &revocada)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrCuentaServicioNoExiste
		}
		if err != nil {
			return err
		}
		if revocada.Valid {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `UPDATE cuentas_servicio SET revocada_en = ? WHERE id = ?`, d.ahoraEn(tx), id); err != nil {
			return err
		}
		return d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "api.cuenta_revocar", Objeto: "cuenta_servicio:" + nombre})
	})
}

// CuentaServicioPorToken returns the account whose token is token while it
// is in force (not revoked, vence not past in Bogotá), and records its last
// use; any other token is ErrTokenAPI.
func (d *DB) CuentaServicioPorToken(ctx context.Context, token string) (dominio.CuentaServicio, error) {
	if token == "" || len(token) > 200 {
		return dominio.CuentaServicio{}, ErrTokenAPI
	}
	c, err := leerCuentaServicio(d.QueryRowContext(ctx, `SELECT `+columnasCuentaServicio+` FROM cuentas_servicio WHERE token_hash = ?`, hashToken(token)))
	if errors.Is(err, sql.ErrNoRows) {
		return c, ErrTokenAPI
	}
	if err != nil {
		return c, fmt.Errorf("leer el token de la API: %w", err)
	}
	if c.RevocadaEn != "" || c.Vence.Antes(d.Hoy()) {
		return dominio.CuentaServicio{}, ErrTokenAPI
	}
	// The last use is a fact about the credential, not a change of data:
	// it is not audited and moves no data version; written at most once a
	// minute, so a busy system does not write on every read.
	ahora := d.Now()
	if t, err := time.Parse(time.RFC3339Nano, c.UltimoUso); err == nil && ahora.Sub(t) < time.Minute && !ahora.Before(t) {
		return c, nil
	}
	c.UltimoUso = instanteFijo(ahora)
	if _, err := d.ExecContext(ctx, `UPDATE cuentas_servicio SET ultimo_uso = ? WHERE id = ?`, c.UltimoUso, c.ID); err != nil {
		return c, fmt.Errorf("anotar el uso del token de la API: %w", err)
	}
	return c, nil
}

// RespuestaIdempotente is the first answer of a write sent with an
// Idempotency-Key.
type RespuestaIdempotente struct {
	MetodoRuta string
	HashCuerpo string
	Estado     int // 0 while the first request is still running
	Tipo       string
	Cuerpo     []byte
}

// RetencionIdempotencia is how long the first answer under an
// Idempotency-Key is kept (PurgarIntentos removes it after).
var RetencionIdempotencia = 7 * 24 * time.Hour

// ReservarIdempotencia claims the key clave of the account for a request:
// true when it was free (the caller then runs the request and stores its
// answer with GuardarIdempotencia); false with the stored answer (Estado 0
// while the first request still runs).
func (d *DB) ReservarIdempotencia(ctx context.Context, cuentaID int64, clave, metodoRuta, hashCuerpo string) (bool, RespuestaIdempotente, error) {
	var r RespuestaIdempotente
	res, err := d.ExecContext(ctx, `INSERT INTO api_idempotencia(cuenta_servicio_id, clave, metodo_ruta, hash_cuerpo, estado, creado_en) VALUES (?,?,?,?,0,?)
		ON CONFLICT DO NOTHING`, cuentaID, clave, metodoRuta, hashCuerpo, instanteFijo(d.Now()))
	if err != nil {
		return false, r, fmt.Errorf("reservar la clave de idempotencia: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return true, r, nil
	}
	err = d.QueryRowContext(ctx, `SELECT metodo_ruta, hash_cuerpo, estado, tipo, cuerpo FROM api_idempotencia WHERE cuenta_servicio_id = ? AND clave = ?`, cuentaID, clave).
		Scan(&r.MetodoRuta, &r.HashCuerpo, &r.Estado, &r.Tipo, &r.Cuerpo)
	if err != nil {
		return false, r, fmt.Errorf("leer la clave de idempotencia: %w", err)
	}
	return false, r, nil
}

// GuardarIdempotencia stores the answer of the request that reserved the
// key; a server error frees the key instead (estado >= 500), so the client
// may try again with it.
func (d *DB) GuardarIdempotencia(ctx context.Context, cuentaID int64, clave string, estado int, tipo string, cuerpo []byte) error {
	var err error
	if estado >= 500 {
		_, err = d.ExecContext(ctx, `DELETE FROM api_idempotencia WHERE cuenta_servicio_id = ? AND clave = ? AND estado = 0`, cuentaID, clave)
	} else {
		_, err = d.ExecContext(ctx, `UPDATE api_idempotencia SET estado = ?, tipo = ?, cuerpo = ? WHERE cuenta_servicio_id = ? AND clave = ?`, estado, tipo, cuerpo, cuentaID, clave)
	}
	if err != nil {
		return fmt.Errorf("guardar la respuesta idempotente: %w", err)
	}
	return nil
}
