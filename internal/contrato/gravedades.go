package contrato

import "comite/internal/sancion"

// ActosPorGravedad counts the acts of an evaluation that count and those
// that do not by gravedad (in the order of sancion.Gravedades: leve, grave,
// gravísima), for the chart of a case on its page and in the informe.
func ActosPorGravedad(computados []ComputadoJSON, excluidos []ExcluidoJSON) (cuentan, fuera [3]int) {
	grav := sancion.Gravedades()
	for _, a := range computados {
		for i, g := range grav {
			if string(g) == a.Gravedad {
				cuentan[i]++
			}
		}
	}
	for _, a := range excluidos {
		for i, g := range grav {
			if string(g) == a.Gravedad {
				fuera[i]++
			}
		}
	}
	return cuentan, fuera
}
