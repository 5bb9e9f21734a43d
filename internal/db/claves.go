package db

import (
	"bufio"
	"comite/internal/dominio"
	"comite/internal/fallo"
	"comite/internal/texto"
	"context"
	"crypto/rand"
	"database/sql"
	_ "embed"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// LongitudMinimaClave is the shortest password accepted (in characters).
const LongitudMinimaClave = 12

// clavesComunes is the embedded list of common passwords refused; its origin
// is written at the top of the file.
//
//go:embed claves_comunes.txt
var textoClavesComunes string

var clavesComunes = func() map[string]bool {
	m := map[string]bool{}
	s := bufio.NewScanner(strings.NewReader(textoClavesComunes))
	for s.Scan() {
		l := strings.TrimSpace(s.Text())
		if l != "" && !strings.HasPrefix(l, "#") {
			m[strings.ToLower(l)] = true
		}
	}
	return m
}()

// EsClaveComun says whether a password is in the list of common passwords
// (compared in lower case).
func EsClaveComun(clave string) bool { return clavesComunes[strings.ToLower(strings.TrimSpace(clave))] }

// ValidarClave checks a new password for an account: at least
// LongitudMinimaClave characters, at most 1024 bytes, no control characters,
// not the user name (nor containing it), not a common password.
func ValidarClave(usuario, clave string) error {
	switch {
	case !utf8.ValidString(clave):
		return &dominio.ErrValidacion{Campo: "clave", Mensaje: "la clave tiene caracteres inválidos"}
	case utf8.RuneCountInString(clave) < LongitudMinimaClave:
		return &dominio.ErrValidacion{Campo: "clave", Mensaje: fmt.Sprintf("la clave debe tener al menos %d caracteres", LongitudMinimaClave)}
	case len(clave) > 1024:
		return &dominio.ErrValidacion{Campo: "clave", Mensaje: "la clave es demasiado larga (máximo 1024 bytes)"}
	case strings.IndexFunc(clave, func(r rune) bool { return unicode.IsControl(r) }) >= 0:
		return &dominio.ErrValidacion{Campo: "clave", Mensaje: "la clave no puede tener caracteres de control"}
	}
	// The user name may not be the password nor a part of it (names of fewer
	// than four characters only as the whole password: "ana" would refuse "banana…").
	u, c := texto.ClaveCuenta(usuario), texto.ClaveCuenta(clave)
	if u != "" && (c == u || (utf8.RuneCountInString(u) >= 4 && strings.Contains(c, u))) {
		return &dominio.ErrValidacion{Campo: "clave", Mensaje: "la clave no puede contener el nombre de usuario"}
	}
	if EsClaveComun(clave) {
		return &dominio.ErrValidacion{Campo: "clave", Mensaje: "esa clave es demasiado común; elija otra (por ejemplo, varias palabras que solo usted asocie)"}
	}
	if unCaracter(c) {
		return &dominio.ErrValidacion{Campo: "clave", Mensaje: "la clave no puede ser un solo carácter repetido"}
	}
	if esSecuenciaTeclado(c) {
		return &dominio.ErrValidacion{Campo: "clave", Mensaje: "la clave no puede ser una secuencia del teclado o del alfabeto (como «qwertyuiop» o «123456789012»)"}
	}
	return nil
}

// unCaracter: the whole text is one character repeated.
func unCaracter(s string) bool {
	for _, r := range s {
		return strings.Trim(s, string(r)) == ""
	}
	return false
}

// filasTeclado are the runs people type without thinking: the rows of a
// Spanish keyboard, the digits and the alphabet (read in either direction,
// starting again at the end).
var filasTeclado = []string{"1234567890", "qwertyuiop", "asdfghjklñ", "zxcvbnm", "abcdefghijklmnñopqrstuvwxyz"}

// esSecuenciaTeclado: every character of s (in lower case) follows the
// previous one in one row of filasTeclado, in one direction.
func esSecuenciaTeclado(s string) bool {
	rs := []rune(s)
	if len(rs) < 2 {
		return false
	}
	for _, fila := range filasTeclado {
		f := []rune(fila)
		pos := func(r rune) int {
			for i, x := range f {
				if x == r {
					return i
				}
			}
			return -1
		}
		for _, paso := range []int{1, len(f) - 1} {
			todo := true
			for i := 1; i < len(rs) && todo; i++ {
				a, b := pos(rs[i-1]), pos(rs[i])
				todo = a >= 0 && b >= 0 && (a+paso)%len(f) == b
			}
			if todo {
				return true
			}
		}
	}
	return false
}

// validarNombreCuenta checks an account name: printable, without spaces, control,
// format (bidi) characters or separators.
func validarNombreCuenta(u string) error {
	switch {
	case u == "":
		return &dominio.ErrValidacion{Campo: "usuario", Mensaje: "escriba el nombre de usuario"}
	case len(u) > 64:
		return &dominio.ErrValidacion{Campo: "usuario", Mensaje: "use como máximo 64 caracteres"}
	case !utf8.ValidString(u):
		return &dominio.ErrValidacion{Campo: "usuario", Mensaje: "el nombre de usuario tiene caracteres inválidos"}
	}
	for _, r := range u {
		if unicode.IsControl(r) || texto.ProhibidaEnLinea(r) {
			return &dominio.ErrValidacion{Campo: "usuario", Mensaje: "el nombre de usuario no puede tener caracteres de control ni de formato"}
		}
		if unicode.IsSpace(r) || strings.ContainsRune("/\\:", r) {
			return &dominio.ErrValidacion{Campo: "usuario", Mensaje: "use letras, números, punto, guion o guion bajo, sin espacios"}
		}
	}
	return nil
}

// ErrClaveActual is returned when the current password given to change it is wrong.
var ErrClaveActual = &dominio.ErrValidacion{Campo: "actual", Mensaje: "la clave actual no es correcta"}

// ErrOcupado is returned when every argon2 slot is busy: try again in a moment.
var ErrOcupado = fallo.Nuevo(fallo.Ocupado, "el servidor está ocupado verificando otras claves; intente de nuevo en unos segundos")

// CambiarClave changes an account's password: the current one is required,
// the new one must pass ValidarClave and differ from it. Every session of the
// account ends (the caller opens a new one for the browser that made the
// change), the obligation to change it is cleared, and the audit log records
// the change (never the password). A wrong current password is recorded too.
func (d *DB) CambiarClave(ctx context.Context, cuentaID int64, actual, nueva string, quien dominio.Actor) error {
	var usuario, hash string
	err := d.QueryRowContext(ctx, `SELECT usuario, clave_hash FROM cuentas WHERE id = ? AND activa = 1`, cuentaID).Scan(&usuario, &hash)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrCuentaNoExiste
	}
	if err != nil {
		return fmt.Errorf("cambiar la clave: %w", err)
	}
	liberar, ok := tomarRanuraArgon2()
	if !ok {
		return ErrOcupado
	}
	// The current password is a login by another door: the same throttle
	// (the pair account–address, the account's ceiling), checked and
	// recorded before the hash.
	intentoID, espera, err := d.registrarIntento(ctx, usuario, quien.IP)
	if err != nil {
		liberar()
		return fmt.Errorf("cambiar la clave: %w", err)
	}
	if espera > 0 {
		liberar()
		return &ErrDemasiadas{Que: "demasiados intentos fallidos con la clave actual", Espera: espera}
	}
	correcta := VerificarClave(actual, hash)
	liberar()
	if correcta {
		if _, err := d.ExecContext(ctx, `UPDATE intentos_ingreso SET exito = 1 WHERE id = ?`, intentoID); err != nil {
			return fmt.Errorf("cambiar la clave: %w", err)
		}
	}
	if !correcta {
		if err := d.EnTx(ctx, func(tx *sql.Tx) error {
			return d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "cuenta.cambiar_clave", Objeto: "cuenta:" + usuario,
				Detalle: map[string]any{"exito": false, "motivo": "clave_actual_incorrecta"}})
		}); err != nil {
			return err
		}
		return ErrClaveActual
	}
	if err := ValidarClave(usuario, nueva); err != nil {
		return err
	}
	if nueva == actual {
		return &dominio.ErrValidacion{Campo: "clave", Mensaje: "la clave nueva debe ser distinta de la actual"}
	}
	nuevoHash, err := d.hashClave(nueva)
	if err != nil {
		return err
	}
	return d.EnTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE cuentas SET clave_hash = ?, debe_cambiar_clave = 0, clave_cambiada_en = ? WHERE id = ?`,
			nuevoHash, d.Ahora(), cuentaID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM sesiones WHERE cuenta_id = ?`, cuentaID); err != nil {
			return err
		}
		n, err := d.revocarTokensCuenta(ctx, tx, cuentaID)
		if err != nil {
			return err
		}
		return d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "cuenta.cambiar_clave", Objeto: "cuenta:" + usuario,
			Detalle: map[string]any{"exito": true, "sesiones_cerradas": true, "tokens_revocados": n}})
	})
}

// RestablecerClave gives an account a new random temporary password, which
// the administrator hands over by a safe channel; the person must choose a
// new one at the next login. Every session of the account ends. The
// temporary password is returned once and never stored in clear.
func (d *DB) RestablecerClave(ctx context.Context, cuentaID int64, quien dominio.Actor) (string, error) {
	temporal, err := claveTemporal()
	if err != nil {
		return "", err
	}
	hash, err := d.hashClave(temporal)
	if err != nil {
		return "", err
	}
	err = d.EnTx(ctx, func(tx *sql.Tx) error {
		var usuario string
		err := tx.QueryRowContext(ctx, `SELECT usuario FROM cuentas WHERE id = ?`, cuentaID).Scan(&usuario)
		if errors.Is(err, sql.ErrNoRows) {
			return ErrCuentaNoExiste
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE cuentas SET clave_hash = ?, debe_cambiar_clave = 1, clave_cambiada_en = ? WHERE id = ?`,
			hash, d.Ahora(), cuentaID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM sesiones WHERE cuenta_id = ?`, cuentaID); err != nil {
			return err
		}
		n, err := d.revocarTokensCuenta(ctx, tx, cuentaID)
		if err != nil {
			return err
		}
		return d.Auditar(ctx, tx, Evento{Cuenta: quien.Cuenta, IP: quien.IP, Accion: "cuenta.restablecer_clave", Objeto: "cuenta:" + usuario,
			Detalle: map[string]any{"debe_cambiar_clave": true, "sesiones_cerradas": true, "tokens_revocados": n}})
	})
	if err != nil {
		if errors.Is(err, ErrCuentaNoExiste) {
			return "", err
		}
		return "", fmt.Errorf("restablecer la clave: %w", err)
	}
	return temporal, nil
}

// claveTemporal is 20 random characters in groups of five, from an alphabet
// without look-alike characters (no 0/o, 1/l/i): about 98 bits.
func claveTemporal() (string, error) {
	const alfabeto = "abcdefghjkmnpqrstuvwxyz23456789"
	b := make([]byte, 20)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	var sb strings.Builder
	for i, x := range b {
		if i > 0 && i%5 == 0 {
			sb.WriteByte('-')
		}
		sb.WriteByte(alfabeto[int(x)%len(alfabeto)])
	}
	return sb.String(), nil
}
