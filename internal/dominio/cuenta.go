package dominio

import "comite/internal/permisos"

// Cuenta is one account of the application.
type Cuenta struct {
	ID                 int64
	Usuario            string
	Nombre             string
	Rol                permisos.Rol
	DireccionSeccional string
	Activa             bool
	CreadaEn           string
	// DebeCambiarClave is set by an administrator's reset: until the person
	// chooses a new password, the session reaches only that form.
	DebeCambiarClave bool
}

// NuevaCuenta is what creating an account needs.
type NuevaCuenta struct {
	Usuario            string
	Nombre             string
	Rol                permisos.Rol
	DireccionSeccional string
	Clave              string
}

// Actor is who makes a change and from where, for the audit log.
type Actor struct {
	Cuenta string
	IP     string
}
