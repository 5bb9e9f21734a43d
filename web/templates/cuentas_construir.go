package templates

// Builders of the accounts pages' view models from the stored accounts.
// Nothing here reads the store: the signer's cargo and the account's e-mail
// are read by the handler.

import (
	"comite/internal/dominio"
	"comite/internal/formato"
	"comite/internal/permisos"
)

// CuentaFilaDe is one account as the lists show it.
func CuentaFilaDe(cu dominio.Cuenta) CuentaFila {
	return CuentaFila{ID: cu.ID, Usuario: cu.Usuario, Nombre: cu.Nombre, RolEtiqueta: cu.Rol.Etiqueta(),
		Seccional: cu.DireccionSeccional, Activa: cu.Activa, CreadaEn: formato.InstanteTexto(cu.CreadaEn)}
}

// CuentasDe is the list of accounts, in the order given; puedeGestionar:
// the viewer may create and change them (the auditor only reads).
func CuentasDe(cuentas []dominio.Cuenta, puedeGestionar bool) Cuentas {
	v := Cuentas{PuedeGestionar: puedeGestionar}
	for _, cu := range cuentas {
		v.Filas = append(v.Filas, CuentaFilaDe(cu))
	}
	return v
}

// OpcionesRol lists the roles for a select, with one selected.
func OpcionesRol(seleccionado string) []Opcion {
	out := []Opcion{{Valor: "", Texto: "— Elija un rol —", Seleccionada: seleccionado == ""}}
	for _, r := range permisos.Roles {
		out = append(out, Opcion{Valor: string(r), Texto: r.Etiqueta() + " (" + string(r) + ")", Seleccionada: string(r) == seleccionado})
	}
	return out
}

// CuentaDetalleDe is one account with the forms to change its role and
// state, and the errors of the last attempt; propia: it is the viewer's own.
func CuentaDetalleDe(cu dominio.Cuenta, errs Errores, propia bool) CuentaDetalle {
	return CuentaDetalle{Cuenta: CuentaFilaDe(cu), Rol: string(cu.Rol), Seccional: cu.DireccionSeccional,
		Roles: OpcionesRol(string(cu.Rol)), Errores: errs, EsPropia: propia}
}
