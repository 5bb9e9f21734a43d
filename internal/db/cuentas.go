package db

import (
	"comite/internal/dominio"
	"comite/internal/fallo"
	"comite/internal/permisos"
	"comite/internal/texto"
	"context"
	"crypto/rand"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/argon2"
)

// ErrCuentaExiste is returned when the account name is taken (names compare
// NFKC-normalised and case-folded: texto.ClaveCuenta).
var ErrCuentaExiste = fallo.Nuevo(fallo.Conflicto, "ya existe una cuenta con ese nombre de usuario")

// ErrCuentaNoExiste is returned for an unknown account id or name.
var ErrCuentaNoExiste = fallo.Nuevo(fallo.NoEncontrado, "la cuenta no existe")

// CrearCuenta hashes the password and inserts the account, with its audit
// row in the same transaction. The caller has checked it (validar.NuevaCuenta).
func (d *DB) CrearCuenta(ctx context.Context, n dominio.NuevaCuenta, quien dominio.Actor) (dominio.Cuenta, error) {
	n.Usuario = texto.ClaveCuenta(n.Usuario)
	n.Nombre = strings.TrimSpace(n.Nombre)
	n.DireccionSeccional = strings.TrimSpace(n.DireccionSeccional)
	var err error
	if n.DireccionSeccional, err = d.seccionalCuenta(ctx, n.DireccionSeccional); err != nil {
		return dominio.Cuenta{}, err
	}
	hash, err := d.hashClave(n.Clave)
	if err != nil {
		return dominio.Cuenta{}, err
	}
	c := dominio.Cuenta{Usuario: n.Usuario, Nombre: n.Nombre, Rol: n.Rol, DireccionSeccional: n.DireccionSeccional, Activa: true}
	err = d.enTx(ctx, func(tx *sql.Tx) error {
		// Names are unique once normalised (texto.ClaveCuenta); names stored
		// before that rule are compared in the same form.
		filas, err := tx.QueryContext(ctx, `SELECT usuario FROM cuentas`)
		if err != nil {
			return err
		}
		for filas.Next() {
			var u string
			if err := filas.Scan(&u); err != nil {
				filas.Close()
				return err
			}
			if texto.ClaveCuenta(u) == c.Usuario {
				filas.Close()
				return ErrCuentaExiste
			}
		}
		if err := filas.Close(); err != nil {
			return err
		}
		c.CreadaEn = d.ahoraEn(tx)
		res, err := tx.ExecContext(ctx, `INSERT INTO cuentas(usuario, nombre, rol, direccion_seccional, clave_hash, activa, creada_en) VALUES (?,?,?,?,?,1,?)`,
			c.Usuario, c.Nombre, string(c.Rol), c.DireccionSeccional, hash, c.CreadaEn)
		if err != nil {
			return err
		}
		if c.ID, err = res.LastInsertId(); err != nil {
			return err
		}
		return d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "cuenta.crear", Objeto: "cuenta:" + c.Usuario,
			Detalle: map[string]string{"rol": string(c.Rol), "nombre": c.Nombre, "direccion_seccional": c.DireccionSeccional}})
	})
	if err != nil {
		if errors.Is(err, ErrCuentaExiste) {
			return dominio.Cuenta{}, err
		}
		return dominio.Cuenta{}, fmt.Errorf("crear la cuenta %s: %w", n.Usuario, err)
	}
	return c, nil
}

const columnasCuenta = `id, usuario, nombre, rol, direccion_seccional, activa, creada_en, debe_cambiar_clave`

func escanearCuenta(s interface{ Scan(...any) error }) (dominio.Cuenta, error) {
	var c dominio.Cuenta
	var rol string
	var activa, debeCambiar int
	if err := s.Scan(&c.ID, &c.Usuario, &c.Nombre, &rol, &c.DireccionSeccional, &activa, &c.CreadaEn, &debeCambiar); err != nil {
		return dominio.Cuenta{}, err
	}
	c.Rol, c.Activa, c.DebeCambiarClave = permisos.Rol(rol), activa == 1, debeCambiar == 1
	return c, nil
}

// CuentaPorID reads one account.
func (d *DB) CuentaPorID(ctx context.Context, id int64) (dominio.Cuenta, error) {
	c, err := escanearCuenta(d.QueryRowContext(ctx, `SELECT `+columnasCuenta+` FROM cuentas WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return dominio.Cuenta{}, ErrCuentaNoExiste
	}
	return c, err
}

// ListarCuentas returns every account ordered by name.
func (d *DB) ListarCuentas(ctx context.Context) ([]dominio.Cuenta, error) {
	rows, err := d.QueryContext(ctx, `SELECT `+columnasCuenta+` FROM cuentas ORDER BY usuario COLLATE NOCASE`)
	if err != nil {
		return nil, fmt.Errorf("listar cuentas: %w", err)
	}
	defer rows.Close()
	var out []dominio.Cuenta
	for rows.Next() {
		c, err := escanearCuenta(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// ContarCuentas returns the number of accounts.
func (d *DB) ContarCuentas(ctx context.Context) (int, error) {
	var n int
	err := d.QueryRowContext(ctx, `SELECT count(*) FROM cuentas`).Scan(&n)
	return n, err
}

// CambiarRol changes an account's role (and Dirección Seccional, required for
// rol seccional). Its open sessions end, so the new role applies at once,
// and its calendar link is revoked. The caller has checked the role
// (validar.Rol).
func (d *DB) CambiarRol(ctx context.Context, id int64, rol permisos.Rol, seccional string, quien dominio.Actor) error {
	seccional = strings.TrimSpace(seccional)
	if rol != permisos.RolSeccional {
		seccional = ""
	}
	var err error
	if seccional, err = d.seccionalCuenta(ctx, seccional); err != nil {
		return err
	}
	return d.enTx(ctx, func(tx *sql.Tx) error {
		var usuario, anterior string
		err := tx.QueryRowContext(ctx, `SELECT usuario, rol FROM cuentas WHERE id = ?`, id).Scan(&usuario, &anterior)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrCuentaNoExiste
		}
		if err != nil {
			return err
		}
		n, err := d.fijarRol(ctx, tx, id, rol, seccional)
		if err != nil {
			return err
		}
		return d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "cuenta.cambiar_rol", Objeto: "cuenta:" + usuario,
			Detalle: map[string]any{"de": anterior, "a": string(rol), "direccion_seccional": seccional, "tokens_revocados": n}})
	})
}

// fijarRol writes an account's role and Seccional, ends its sessions and
// revokes its calendar link (it showed what the old role or Seccional could
// see); it returns how many links were revoked.
func (d *DB) fijarRol(ctx context.Context, tx *sql.Tx, id int64, rol permisos.Rol, seccional string) (int64, error) {
	rs, err := tx.ExecContext(ctx, `UPDATE cuentas SET rol = ?, direccion_seccional = ? WHERE id = ?`, string(rol), seccional, id)
	if err := unaFila(rs, err, ErrCuentaNoExiste); err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM sesiones WHERE cuenta_id = ?`, id); err != nil {
		return 0, err
	}
	return d.revocarTokensCuenta(ctx, tx, id)
}

// CambiarEstadoCuenta enables or disables an account. Disabling ends all its
// sessions and revokes its calendar link.
func (d *DB) CambiarEstadoCuenta(ctx context.Context, id int64, activa bool, quien dominio.Actor) error {
	return d.enTx(ctx, func(tx *sql.Tx) error {
		var usuario string
		err := tx.QueryRowContext(ctx, `SELECT usuario FROM cuentas WHERE id = ?`, id).Scan(&usuario)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrCuentaNoExiste
		}
		if err != nil {
			return err
		}
		v, accion := 1, "cuenta.habilitar"
		if !activa {
			v, accion = 0, "cuenta.deshabilitar"
		}
		rs, err := tx.ExecContext(ctx, `UPDATE cuentas SET activa = ? WHERE id = ?`, v, id)
		if err := unaFila(rs, err, ErrCuentaNoExiste); err != nil {
			return err
		}
		var detalle map[string]any
		if !activa {
			if _, err := tx.ExecContext(ctx, `DELETE FROM sesiones WHERE cuenta_id = ?`, id); err != nil {
				return err
			}
			// Enabling it again does not bring its calendar link back.
			n, err := d.revocarTokensCuenta(ctx, tx, id)
			if err != nil {
				return err
			}
			detalle = map[string]any{"tokens_revocados": n}
		}
		return d.auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: accion, Objeto: "cuenta:" + usuario, Detalle: detalle})
	})
}

// ---- Passwords: argon2id in a PHC-style string ----

// ParametrosArgon2 are the argon2id costs. The production ones follow the
// OWASP recommendation (19 MiB, 2 passes, 1 lane); a test lowers them for
// its own store (ConArgon2).
type ParametrosArgon2 struct {
	MemoriaKiB uint32
	Pasadas    uint32
	Hilos      uint8
}

// argon2Produccion holds the costs used for new hashes unless the store is
// opened with others (ConArgon2). Verification reads the costs stored in
// each hash, so raising them later keeps old hashes valid.
var argon2Produccion = ParametrosArgon2{MemoriaKiB: 19 * 1024, Pasadas: 2, Hilos: 1}

// HashClave returns "$argon2id$v=19$m=…,t=…,p=…$salt$hash" (base64 without
// padding), with the costs p.
func HashClave(p ParametrosArgon2, clave string) (string, error) {
	sal := make([]byte, 16)
	if _, err := rand.Read(sal); err != nil {
		return "", err
	}
	h := argon2.IDKey([]byte(clave), sal, p.Pasadas, p.MemoriaKiB, p.Hilos, 32)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.MemoriaKiB, p.Pasadas, p.Hilos, b64.EncodeToString(sal), b64.EncodeToString(h)), nil
}

// VerificarClave compares a password with a stored hash in constant time.
func VerificarClave(clave, codificado string) bool {
	partes := strings.Split(codificado, "$")
	if len(partes) != 6 || partes[1] != "argon2id" {
		return false
	}
	var version int
	if _, err := fmt.Sscanf(partes[2], "v=%d", &version); err != nil || version != argon2.Version {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(partes[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m == 0 || t == 0 || p == 0 || m > 1<<22 || t > 64 {
		return false
	}
	b64 := base64.RawStdEncoding
	sal, err1 := b64.DecodeString(partes[4])
	esperado, err2 := b64.DecodeString(partes[5])
	if err1 != nil || err2 != nil || len(esperado) == 0 {
		return false
	}
	h := argon2.IDKey([]byte(clave), sal, t, m, p, uint32(len(esperado)))
	return subtle.ConstantTimeCompare(h, esperado) == 1
}

var (
	hashFicticioMu sync.Mutex
	hashFicticio   = map[ParametrosArgon2]string{} // one per costs in use
)

// verificarFicticio spends the same work as a real verification with the
// costs p, so an unknown user name takes as long to refuse as a wrong
// password. The fictitious hash of each costs is made once.
func verificarFicticio(p ParametrosArgon2, clave string) {
	hashFicticioMu.Lock()
	h, ok := hashFicticio[p]
	if !ok {
		b := make([]byte, 24)
		rand.Read(b)
		h, _ = HashClave(p, base64.RawStdEncoding.EncodeToString(b))
		hashFicticio[p] = h
	}
	hashFicticioMu.Unlock()
	VerificarClave(clave, h)
}

// usuarioAuditable keeps what a person typed as user name printable in the log.
func usuarioAuditable(u string) string {
	u = strings.Map(func(r rune) rune {
		if r < 32 || r == 127 {
			return -1
		}
		return r
	}, u)
	if u == "" {
		return "(vacío)"
	}
	return u
}

// formatoFijo is RFC 3339 with a fixed number of fractional digits, so stored
// instants compare correctly as text (time.RFC3339Nano drops trailing zeros).
const formatoFijo = "2006-01-02T15:04:05.000000000Z07:00"

func instanteFijo(t time.Time) string { return t.UTC().Format(formatoFijo) }
