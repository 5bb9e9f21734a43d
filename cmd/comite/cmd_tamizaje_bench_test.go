package main

import (
	"io"
	"os"
	"testing"
)

// BenchmarkTamizajeJSON measures `comite tamizaje --anio 2026 --json` end to
// end (read, screening, ranking and the JSON written) on a large database
// made by scripts/medir-tamizaje.sh (COMITE_MEDIR_DB=ruta). Skipped unless the
// variable is set, so `go test ./...` never runs it.
func BenchmarkTamizajeJSON(b *testing.B) {
	ruta := os.Getenv("COMITE_MEDIR_DB")
	if ruta == "" {
		b.Skip("COMITE_MEDIR_DB no está definida (scripts/medir-tamizaje.sh la define)")
	}
	for b.Loop() {
		if c := cmdTamizaje([]string{"--anio", "2026", "--db", ruta, "--json"}, nil, io.Discard, os.Stderr); c != 0 {
			b.Fatalf("salida %d", c)
		}
	}
}
