package validar

import (
	"errors"
	"strings"

	"comite/internal/dominio"
	"comite/internal/permisos"
	"comite/internal/texto"
)

// NuevaCuenta checks a new account as the store will keep it (the name
// normalised by texto.ClaveCuenta, the other texts trimmed); the error names
// the first field that is wrong (CamposNuevaCuenta names them all).
func NuevaCuenta(n dominio.NuevaCuenta) error {
	if errs := erroresNuevaCuenta(n); len(errs) > 0 {
		return errs[0]
	}
	return nil
}

// CamposNuevaCuenta is every field of a new account that is wrong, with its
// message (field → message), so a form can show them all at once.
func CamposNuevaCuenta(n dominio.NuevaCuenta) map[string]string {
	campos := map[string]string{}
	for _, e := range erroresNuevaCuenta(n) {
		var ev *dominio.ErrValidacion
		if errors.As(e, &ev) {
			campos[ev.Campo] = ev.Mensaje
		}
	}
	return campos
}

// erroresNuevaCuenta checks the name, the role and the password, in that
// order, each on its own.
func erroresNuevaCuenta(n dominio.NuevaCuenta) []error {
	var errs []error
	u := strings.TrimSpace(texto.ClaveCuenta(n.Usuario))
	if err := NombreCuenta(u); err != nil {
		errs = append(errs, err)
	}
	if err := Rol(n.Rol, n.DireccionSeccional); err != nil {
		errs = append(errs, err)
	}
	if err := Clave(u, n.Clave); err != nil {
		errs = append(errs, err)
	}
	return errs
}

// Rol checks the role of an account and, for rol seccional, that it names
// its Dirección Seccional.
func Rol(rol permisos.Rol, seccional string) error {
	if _, err := permisos.ParseRol(string(rol)); err != nil {
		return &dominio.ErrValidacion{Campo: "rol", Mensaje: "elija uno de los roles de la lista"}
	}
	if rol == permisos.RolSeccional && strings.TrimSpace(seccional) == "" {
		return &dominio.ErrValidacion{Campo: "seccional", Mensaje: "una cuenta de rol seccional necesita su Dirección Seccional"}
	}
	return nil
}

// ClaveNueva checks the password that replaces actual for the account
// usuario: the policy (Clave), and different from the current one.
func ClaveNueva(usuario, actual, nueva string) error {
	if err := Clave(usuario, nueva); err != nil {
		return err
	}
	if nueva == actual {
		return &dominio.ErrValidacion{Campo: "clave", Mensaje: "la clave nueva debe ser distinta de la actual"}
	}
	return nil
}

// MaxLargoCargo limits the cargo of an account.
const MaxLargoCargo = 200

// Cargo checks the cargo of the person behind an account, as the store keeps
// it (runs of spaces made one).
func Cargo(cargo string) error {
	if len([]rune(strings.Join(strings.Fields(cargo), " "))) > MaxLargoCargo {
		return &dominio.ErrValidacion{Campo: "cargo", Mensaje: "el cargo admite hasta 200 caracteres"}
	}
	return nil
}
