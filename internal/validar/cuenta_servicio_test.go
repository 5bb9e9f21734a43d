package validar

import (
	"errors"
	"testing"

	"comite/internal/dominio"
	"comite/internal/fecha"
	"comite/internal/permisos"
)

// A service account: a name like an account's, known scopes, an expiry
// after today and within five years; limited to a Seccional, no importar.
func TestCuentaServicio_camposYMensajes(t *testing.T) {
	hoy := fecha.Debe(2026, 12, 5)
	leer := []permisos.Alcance{permisos.AlcanceLeer}
	for _, c := range []struct {
		nombre string
		n      dominio.NuevaCuentaServicio
		campo  string
	}{
		{"valida", dominio.NuevaCuentaServicio{Nombre: " Registro-Infractores ", Alcances: leer, Vence: fecha.Debe(2027, 12, 31)}, ""},
		{"nombre_vacio", dominio.NuevaCuentaServicio{Alcances: leer, Vence: fecha.Debe(2027, 12, 31)}, "nombre"},
		{"nombre_con_espacio", dominio.NuevaCuentaServicio{Nombre: "mi sistema", Alcances: leer, Vence: fecha.Debe(2027, 12, 31)}, "nombre"},
		{"sin_alcance", dominio.NuevaCuentaServicio{Nombre: "x", Vence: fecha.Debe(2027, 12, 31)}, "alcance"},
		{"alcance_desconocido", dominio.NuevaCuentaServicio{Nombre: "x", Alcances: []permisos.Alcance{"todo"}, Vence: fecha.Debe(2027, 12, 31)}, "alcance"},
		{"seccional_que_importa", dominio.NuevaCuentaServicio{Nombre: "x", Alcances: []permisos.Alcance{permisos.AlcanceImportar}, Seccional: "CARTAGENA", Vence: fecha.Debe(2027, 12, 31)}, "alcance"},
		{"sin_vence", dominio.NuevaCuentaServicio{Nombre: "x", Alcances: leer}, "vence"},
		{"vence_hoy", dominio.NuevaCuentaServicio{Nombre: "x", Alcances: leer, Vence: hoy}, "vence"},
		{"vence_en_seis_anios", dominio.NuevaCuentaServicio{Nombre: "x", Alcances: leer, Vence: fecha.Debe(2032, 1, 1)}, "vence"},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			err := CuentaServicio(&c.n, hoy)
			var ev *dominio.ErrValidacion
			switch {
			case c.campo == "" && err != nil:
				t.Fatal(err)
			case c.campo != "" && (!errors.As(err, &ev) || ev.Campo != c.campo || ev.Mensaje == ""):
				t.Fatalf("error %v; quiere el campo %s", err, c.campo)
			}
			if c.campo == "" && c.n.Nombre != "registro-infractores" {
				t.Fatalf("nombre %q", c.n.Nombre)
			}
		})
	}
}
