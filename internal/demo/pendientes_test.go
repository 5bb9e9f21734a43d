package demo

import (
	"comite/internal/permisos"
	"context"
	"testing"

	"comite/internal/db"
	"comite/internal/expediente"
	"comite/internal/plazos"
)

// Each demo account that gives a step of a case has work waiting for it
// («Mis pendientes»), the seccional one only of its Dirección Seccional.
func TestGenerar_cadaRolTienePendientes(t *testing.T) {
	t.Parallel()
	d, _ := generar(t, Opciones{Semilla: 1})
	// The internal terms the queues use were set by the demo's administrator.
	ts, err := expediente.Nuevo(d).TerminosInternos(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range ts {
		if x.Predeterminado || x.FijadoPor != "admin" || x.Dias != plazos.Predeterminados[x.Etapa] {
			t.Errorf("término interno de %s: %+v; quiere el fijado por admin", x.Etapa, x)
		}
	}
	// Cases and accounts store the catalogue code of their Seccional.
	cartagena := "CARTAGENA"
	casos := []struct {
		rol, seccional string
		minimo         int
	}{
		{string(permisos.RolSecretaria), "", 3},
		{string(permisos.RolComite), "", 1},
		{string(permisos.RolSeccional), cartagena, 1},
	}
	for _, c := range casos {
		ps, err := d.CasosPendientes(context.Background(), db.FiltroPendientes{Estados: plazos.Cola(c.rol), Seccional: c.seccional})
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) < c.minimo {
			t.Errorf("%s: %d casos pendientes; quiere al menos %d", c.rol, len(ps), c.minimo)
		}
		for _, p := range ps {
			if c.seccional != "" && p.DireccionSeccional != c.seccional {
				t.Errorf("%s: caso %s de %s", c.rol, p.Numero, p.DireccionSeccional)
			}
			if p.EnEstadoDesde.IsZero() {
				t.Errorf("%s: caso %s sin fecha de entrada a su estado", c.rol, p.Numero)
			}
		}
	}
}
