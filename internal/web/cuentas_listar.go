package web

import (
	"comite/internal/dominio"
	"comite/internal/formato"
	"comite/internal/permisos"
	"comite/web/templates"
	"net/http"

	"github.com/labstack/echo/v4"
)

// cuentasListar lists the accounts (admin manages them; auditor only reads).
func (h *handler) cuentasListar(c echo.Context) error {
	cuentas, err := h.d.ListarCuentas(c.Request().Context())
	if err != nil {
		return err
	}
	v := templates.Cuentas{PuedeGestionar: Puede(cuentaDe(c).Rol, GestionarCuentas)}
	for _, cu := range cuentas {
		v.Filas = append(v.Filas, filaCuenta(cu))
	}
	return h.render(c, http.StatusOK, templates.CuentasPagina(h.pagina(c, "Cuentas", "cuentas"), v))
}

func filaCuenta(cu dominio.Cuenta) templates.CuentaFila {
	return templates.CuentaFila{ID: cu.ID, Usuario: cu.Usuario, Nombre: cu.Nombre, RolEtiqueta: cu.Rol.Etiqueta(),
		Seccional: cu.DireccionSeccional, Activa: cu.Activa, CreadaEn: formato.InstanteTexto(cu.CreadaEn)}
}

// opcionesRol lists the roles for a select, with one selected.
func opcionesRol(seleccionado string) []templates.Opcion {
	out := []templates.Opcion{{Valor: "", Texto: "— Elija un rol —", Seleccionada: seleccionado == ""}}
	for _, r := range permisos.Roles {
		out = append(out, templates.Opcion{Valor: string(r), Texto: r.Etiqueta() + " (" + string(r) + ")", Seleccionada: string(r) == seleccionado})
	}
	return out
}
