package urls

import (
	"strings"
	"testing"
)

// Every builder fills every parameter of its pattern, escaping the values.
func TestConstructores(t *testing.T) {
	casos := []struct{ obtenido, quiere string }{
		{Caso(7), "/casos/7"},
		{CasoInforme(7, 2), "/casos/7/informes/2"},
		{CasoPaso(7, "no-procede"), "/casos/7/no-procede"},
		{Concepto(3, 7), "/sesiones/3/casos/7/concepto"},
		{AplazarCaso(3, 7), "/sesiones/3/casos/7/aplazar"},
		{SesionActa(3, 1), "/sesiones/3/actas/1"},
		{Usuario("900123456-1"), "/usuarios/900123456-1"},
		{Usuario("a b/c"), "/usuarios/a%20b%2Fc"},
		{RegistroEditar("900123456-1", 4), "/usuarios/900123456-1/registros/4/editar"},
		{OperacionEditar("900123456-1", 2024), "/usuarios/900123456-1/operaciones/2024/editar"},
		{ImportacionResultado("abc"), "/importar/abc/resultado"},
		{DiaQuitar("2025-01-06"), "/admin/dias-inhabiles/2025-01-06/quitar"},
		{CuentaEstado(5), "/admin/cuentas/5/estado"},
	}
	for _, c := range casos {
		if c.obtenido != c.quiere || strings.Contains(c.obtenido, ":") {
			t.Errorf("obtenido %q, quiere %q", c.obtenido, c.quiere)
		}
	}
}
