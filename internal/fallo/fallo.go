// Package fallo is the one error type of the application: a code that says
// what kind of failure it is (the input is invalid, the object does not
// exist, the state changed meanwhile, the role may not, the database is busy),
// a message for people in Spanish, and, for invalid input, one message per
// field.
//
// The rule cores, the store and the forms return it (or a type of theirs that
// describes itself as one, see De); the web layer maps the code to an HTTP
// status and a page in one place. Nobody reads an error's text to learn what
// happened: the code says it.
package fallo

import (
	"errors"
	"sort"
	"strings"
)

// Codigo is the kind of failure.
type Codigo uint8

const (
	// Interno is everything not classified: a fault of the program or of
	// the machine. People see a generic message; the detail goes to the log.
	Interno Codigo = iota
	// Invalido: the input cannot be accepted; Campos names each field.
	Invalido
	// NoEncontrado: the object does not exist (or the account may not know
	// that it exists).
	NoEncontrado
	// Conflicto: the request contradicts what is stored — a duplicate, or a
	// state that changed since it was read, or a step the state does not allow.
	Conflicto
	// NoAutenticado: there is no valid session (log in again).
	NoAutenticado
	// Prohibido: the account's role may not do this.
	Prohibido
	// Ocupado: a temporary condition (another writer holds the database, too
	// many password checks at once): try again in a few seconds.
	Ocupado
)

var nombres = [...]string{
	Interno:       "interno",
	Invalido:      "invalido",
	NoEncontrado:  "no_encontrado",
	Conflicto:     "conflicto",
	NoAutenticado: "no_autenticado",
	Prohibido:     "prohibido",
	Ocupado:       "ocupado",
}

// String is the code's stable name ("no_encontrado"), for logs.
func (c Codigo) String() string {
	if int(c) < len(nombres) {
		return nombres[c]
	}
	return "interno"
}

// Error is a classified failure.
type Error struct {
	Codigo  Codigo
	Mensaje string            // for people, in Spanish
	Campos  map[string]string // field → message (Invalido); nil otherwise
	Causa   error             // what it wraps, if anything (errors.Is/As reach it)
}

// Nuevo is an error of code c with a message for people.
func Nuevo(c Codigo, mensaje string) *Error { return &Error{Codigo: c, Mensaje: mensaje} }

// Envolver is an error of code c with a message for people that keeps causa
// in its chain.
func Envolver(c Codigo, mensaje string, causa error) *Error {
	return &Error{Codigo: c, Mensaje: mensaje, Causa: causa}
}

// Campo is invalid input in one field.
func Campo(campo, mensaje string) *Error {
	return &Error{Codigo: Invalido, Mensaje: mensaje, Campos: map[string]string{campo: mensaje}}
}

// DeCampos is invalid input in several fields (field → message).
func DeCampos(campos map[string]string) *Error {
	return &Error{Codigo: Invalido, Campos: campos}
}

// Error is the message; for invalid input without a general message, the
// fields in name order ("campo: mensaje; …").
func (e *Error) Error() string {
	if e.Mensaje != "" && len(e.Campos) <= 1 {
		if len(e.Campos) == 1 {
			for k, m := range e.Campos {
				if m == e.Mensaje {
					return k + ": " + m
				}
			}
		}
		return e.Mensaje
	}
	s := TextoCampos(e.Campos)
	if e.Mensaje != "" {
		return e.Mensaje + " (" + s + ")"
	}
	return s
}

// Unwrap is the cause.
func (e *Error) Unwrap() error { return e.Causa }

// TextoCampos writes field messages in field-name order: "a: m1; b: m2".
func TextoCampos(campos map[string]string) string {
	ks := make([]string, 0, len(campos))
	for k := range campos {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	s := make([]string, len(ks))
	for i, k := range ks {
		s[i] = k + ": " + campos[k]
	}
	return strings.Join(s, "; ")
}

// De is the classified view of err: the first *Error in its chain, or the one
// that an error type of another package builds from itself. Such a type
// implements the standard method As(any) bool and fills a **Error when asked,
// so errors.As finds it. nil when err is nil or not classified.
func De(err error) *Error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// CodigoDe is the code of err: Interno when it is not classified.
func CodigoDe(err error) Codigo {
	if e := De(err); e != nil {
		return e.Codigo
	}
	return Interno
}

// Es says whether err is classified with code c.
func Es(err error, c Codigo) bool { return err != nil && CodigoDe(err) == c }

// Como fills target (a **Error given to an As method) with e; the helper of
// the As methods of other packages' error types.
func Como(target any, e *Error) bool {
	p, ok := target.(**Error)
	if ok {
		*p = e
	}
	return ok
}
