package validar

// The password policy and the rules of an account name. The lengths and the
// list of common passwords follow the guidance for memorised secrets (a long
// minimum, no composition rules, a list of refused passwords).

import (
	"bufio"
	_ "embed"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"comite/internal/dominio"
	"comite/internal/texto"
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

// Clave checks a new password for an account: at least
// LongitudMinimaClave characters, at most 1024 bytes, no control characters,
// not the user name (nor containing it), not a common password.
func Clave(usuario, clave string) error {
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

// NombreCuenta checks an account name: printable, without spaces, control,
// format (bidi) characters or separators.
func NombreCuenta(u string) error {
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
