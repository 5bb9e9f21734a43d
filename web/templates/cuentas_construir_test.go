package templates

import (
	"testing"

	"comite/internal/dominio"
	"comite/internal/permisos"
)

func TestCuentaDetalleDe(t *testing.T) {
	casos := []struct {
		nombre     string
		cuenta     dominio.Cuenta
		propia     bool
		rol        string
		seccional  string
		creada     string
		elegidaRol string
	}{
		{"seccional_de_otra_persona", dominio.Cuenta{ID: 3, Usuario: "sonia", Nombre: "Sonia Seccional", Rol: permisos.RolSeccional, DireccionSeccional: "Cartagena",
			Activa: true, CreadaEn: "2026-03-02T15:00:00Z"}, false, "Dirección Seccional", "Cartagena", "02/03/2026 10:00", "seccional"},
		{"administracion_propia", dominio.Cuenta{ID: 1, Usuario: "ana", Nombre: "Ana Admin", Rol: permisos.RolAdmin, CreadaEn: "no es un instante"},
			true, "Administración", "", "no es un instante", "admin"},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			errs := Errores{"rol": "Elija un rol."}
			v := CuentaDetalleDe(c.cuenta, errs, c.propia)
			if v.Cuenta.RolEtiqueta != c.rol || v.Cuenta.Seccional != c.seccional || v.Seccional != c.seccional || v.Cuenta.CreadaEn != c.creada ||
				v.Cuenta.ID != c.cuenta.ID || v.Cuenta.Activa != c.cuenta.Activa || v.EsPropia != c.propia || v.Errores["rol"] != "Elija un rol." {
				t.Errorf("CuentaDetalleDe = %+v", v)
			}
			if v.Rol != c.elegidaRol {
				t.Errorf("Rol %q; quiere %q", v.Rol, c.elegidaRol)
			}
			var elegidas []string
			for _, o := range v.Roles {
				if o.Seleccionada {
					elegidas = append(elegidas, o.Valor)
				}
			}
			if len(v.Roles) != len(permisos.Roles)+1 || len(elegidas) != 1 || elegidas[0] != c.elegidaRol {
				t.Errorf("roles %+v", v.Roles)
			}
		})
	}
}

func TestOpcionesRol(t *testing.T) {
	casos := []struct{ nombre, sel, primera, texto string }{
		{"ninguno_elegido", "", "— Elija un rol —", ""},
		{"comite", "comite", "— Elija un rol —", "Comité (comite)"},
		{"desconocido", "jefe", "— Elija un rol —", ""},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			ops := OpcionesRol(c.sel)
			if ops[0].Texto != c.primera || ops[0].Seleccionada != (c.sel == "") {
				t.Fatalf("primera %+v", ops[0])
			}
			texto := ""
			for _, o := range ops[1:] {
				if o.Seleccionada {
					texto = o.Texto
				}
			}
			if texto != c.texto {
				t.Errorf("elegida %q; quiere %q", texto, c.texto)
			}
		})
	}
}

func TestCuentasDe(t *testing.T) {
	cuentas := []dominio.Cuenta{{ID: 2, Usuario: "b", Rol: permisos.RolAuditor}, {ID: 1, Usuario: "a", Rol: permisos.RolComite}}
	casos := []struct {
		nombre    string
		cuentas   []dominio.Cuenta
		gestionar bool
		filas     int
	}{
		{"administracion_gestiona", cuentas, true, 2},
		{"auditoria_solo_lee", cuentas, false, 2},
		{"sin_cuentas", nil, true, 0},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			v := CuentasDe(c.cuentas, c.gestionar)
			if v.PuedeGestionar != c.gestionar || len(v.Filas) != c.filas {
				t.Fatalf("CuentasDe = %+v", v)
			}
			if c.filas == 2 && (v.Filas[0].Usuario != "b" || v.Filas[1].RolEtiqueta != "Comité") {
				t.Errorf("orden o etiquetas %+v", v.Filas)
			}
		})
	}
}
