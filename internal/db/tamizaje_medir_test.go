package db

import (
	"context"
	"os"
	"testing"

	"comite/internal/tamizaje"
)

// BenchmarkTamizajeGrande measures the screening of one year on a large
// database made by scripts/medir-tamizaje.sh (COMITE_MEDIR_DB=ruta). Skipped
// unless the variable is set, so `go test ./...` never runs it.
func BenchmarkTamizajeGrande(b *testing.B) {
	ruta := os.Getenv("COMITE_MEDIR_DB")
	if ruta == "" {
		b.Skip("COMITE_MEDIR_DB no está definida (scripts/medir-tamizaje.sh la define)")
	}
	ctx := context.Background()
	d, err := Open(ctx, ruta)
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	b.Run("leer", func(b *testing.B) {
		for b.Loop() {
			n := 0
			if err := d.RecorrerTamizaje(ctx, 2026, func(tamizaje.Insumo) error { n++; return nil }); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("completo", func(b *testing.B) {
		for b.Loop() {
			if _, err := d.Tamizaje(ctx, 2026); err != nil {
				b.Fatal(err)
			}
		}
	})
}
