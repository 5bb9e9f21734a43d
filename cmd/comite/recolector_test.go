package main

import "testing"

// The server's collector settings yield to the environment's, each one on its own.
func TestRecolectorServidor_elEntornoManda(t *testing.T) {
	t.Parallel()
	casos := []struct {
		nombre             string
		entorno            map[string]string
		porcentaje, limite int64
	}{
		{"sin variables: 400 % y 768 MiB", nil, 400, 768 << 20},
		{"GOGC puesto: solo el límite", map[string]string{"GOGC": "100"}, -1, 768 << 20},
		{"GOGC=off puesto: solo el límite", map[string]string{"GOGC": "off"}, -1, 768 << 20},
		{"GOMEMLIMIT puesto: solo el porcentaje", map[string]string{"GOMEMLIMIT": "512MiB"}, 400, -1},
		{"los dos puestos: nada", map[string]string{"GOGC": "200", "GOMEMLIMIT": "1GiB"}, -1, -1},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			p, l := recolectorServidor(func(k string) string { return c.entorno[k] })
			if int64(p) != c.porcentaje || l != c.limite {
				t.Fatalf("(%d, %d), quería (%d, %d)", p, l, c.porcentaje, c.limite)
			}
		})
	}
}
