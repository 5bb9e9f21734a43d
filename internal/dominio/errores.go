package dominio

import "comite/internal/fallo"

// ErrValidacion carries a message for one field of a form or command.
type ErrValidacion struct {
	Campo   string
	Mensaje string
}

func (e *ErrValidacion) Error() string { return e.Campo + ": " + e.Mensaje }

// As makes a one-field validation a fallo.Invalido naming the field, so
// every layer classifies it by code (fallo.De), never by text.
func (e *ErrValidacion) As(target any) bool {
	return fallo.Como(target, fallo.Campo(e.Campo, e.Mensaje))
}
