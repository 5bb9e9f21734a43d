package importar

import (
	"bytes"
	"comite/internal/importar/filas"
	"fmt"
	"testing"
)

// BenchmarkLeerSanciones: reading and validating a CSV of 200.000 sanction rows.
//
//	go test ./internal/importar -run '^$' -bench LeerSanciones -benchtime 3x
func BenchmarkLeerSanciones(b *testing.B) {
	var buf bytes.Buffer
	buf.WriteString("nit;numero_acto;fecha_expedicion;fecha_firmeza;infraccion;gravedad;sancion;valor;allanamiento\n")
	nits := []string{"800191045-1", "899999068-1", "800197268-4"}
	const n = 200000
	for i := 0; i < n; i++ {
		fmt.Fprintf(&buf, "%s;RS-%07d;%02d/%02d/2024;%02d/%02d/2025;D920-36-2.1;%s;multa;%d.%03d.000,50;%s\n", nits[i%3], i,
			1+i%28, 1+i%12, 1+i%28, 1+i%12, [...]string{"grave", "gravísima", "leve"}[i%3], 1+i%97, i%1000, [...]string{"no", "si"}[i%2])
	}
	datos := buf.Bytes()
	b.SetBytes(int64(len(datos)))
	b.ResetTimer()
	for b.Loop() {
		l, ps := Leer(filas.Sanciones, "b.csv", bytes.NewReader(datos))
		if len(ps) > 0 || len(l.Sanciones) != n {
			b.Fatal(ps)
		}
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "filas/s")
}
