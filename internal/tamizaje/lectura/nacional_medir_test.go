package lectura_test

import (
	"context"
	"os"
	"testing"

	"comite/internal/db"
	"comite/internal/tamizaje/lectura"
)

// BenchmarkTamizajeGrande measures the national screening of one year on a
// large database made by scripts/medir-tamizaje.sh (COMITE_MEDIR_DB=ruta):
// the read with the rows added up and ranked (Nacional), and every row made
// (Filas). Skipped unless the variable is set, so `go test ./...` never runs
// it.
func BenchmarkTamizajeGrande(b *testing.B) {
	ruta := os.Getenv("COMITE_MEDIR_DB")
	if ruta == "" {
		b.Skip("COMITE_MEDIR_DB no está definida (scripts/medir-tamizaje.sh la define)")
	}
	ctx := context.Background()
	d, err := db.Open(ctx, ruta)
	if err != nil {
		b.Fatal(err)
	}
	defer d.Close()
	b.Run("nacional", func(b *testing.B) {
		for b.Loop() {
			if _, err := lectura.Nacional(ctx, d, 2026); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("filas", func(b *testing.B) {
		for b.Loop() {
			if _, err := lectura.Filas(ctx, d, 2026); err != nil {
				b.Fatal(err)
			}
		}
	})
}
