package dominio

import "comite/internal/permisos"

// Persona is the person behind an account as documents and pages name them:
// full name, cargo and the role they act in; never the login. A login with
// no account (a process such as «sistema», an account removed) is a Persona
// with that login as its name and no role.
type Persona struct {
	Nombre string
	Cargo  string       // "" when the account has none recorded
	Rol    permisos.Rol // "" for a login with no account
}
