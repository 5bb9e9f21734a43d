// Package validar checks what a person or a file writes before the store
// keeps it: one validator per entity (account and password, act, operation,
// customs user, UVT row). Each returns the field's coded error
// (dominio.ErrValidacion, a fallo.Invalido) with the message the person
// reads; the store (internal/db) saves what its callers checked here.
package validar
