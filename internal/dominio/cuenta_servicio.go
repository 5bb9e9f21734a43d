package dominio

import (
	"comite/internal/fecha"
	"comite/internal/permisos"
)

// NuevaCuentaServicio is what the administrator gives a service account of
// the HTTP API: a name, its scopes, the last day it works and, optionally,
// the one Dirección Seccional it may see.
type NuevaCuentaServicio struct {
	Nombre    string
	Alcances  []permisos.Alcance
	Vence     fecha.Fecha
	Seccional string // catalogue code or name; "" = every Seccional
}

// CuentaServicio is a stored service account (never its token).
type CuentaServicio struct {
	ID         int64
	Nombre     string
	Alcances   []permisos.Alcance
	Vence      fecha.Fecha
	Seccional  string // catalogue code; "" = every Seccional
	CreadoPor  string
	CreadoEn   string // UTC, RFC 3339
	RevocadaEn string // "" while in force
	UltimoUso  string // "" when never used
}

// Tiene says whether the account was given the scope a.
func (c CuentaServicio) Tiene(a permisos.Alcance) bool {
	for _, x := range c.Alcances {
		if x == a {
			return true
		}
	}
	return false
}

// Actor is how the audit log names the account: "api:" and its name, so a
// service account never reads as a person.
func (c CuentaServicio) Actor(ip string) Actor {
	return Actor{Cuenta: "api:" + c.Nombre, IP: ip}
}
