package contrato

import "testing"

func TestActosPorGravedad_art25_cuentanYExcluidosPorGravedad(t *testing.T) {
	casos := []struct {
		nombre         string
		computados     []ComputadoJSON
		excluidos      []ExcluidoJSON
		cuentan, fuera [3]int
	}{
		{"sin actos", nil, nil, [3]int{}, [3]int{}},
		{"grave y gravísima cuentan; allanamiento fuera",
			[]ComputadoJSON{{Gravedad: "grave"}, {Gravedad: "gravisima"}, {Gravedad: "grave"}},
			[]ExcluidoJSON{{Gravedad: "grave"}, {Gravedad: "leve"}},
			[3]int{0, 2, 1}, [3]int{1, 1, 0}},
		{"gravedad desconocida no se cuenta", []ComputadoJSON{{Gravedad: "otra"}}, nil, [3]int{}, [3]int{}},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			cuentan, fuera := ActosPorGravedad(c.computados, c.excluidos)
			if cuentan != c.cuentan || fuera != c.fuera {
				t.Fatalf("cuentan %v fuera %v; se esperaba %v y %v", cuentan, fuera, c.cuentan, c.fuera)
			}
		})
	}
}
