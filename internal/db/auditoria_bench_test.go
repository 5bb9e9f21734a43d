package db

import (
	"context"
	"database/sql"
	"testing"
)

// BenchmarkAuditar: one transaction with one audit row, its HMAC and the
// anchor line appended after the commit (what every audited change pays).
//
//	go test -run '^$' -bench Auditar ./internal/db/
func BenchmarkAuditar(b *testing.B) {
	d := abrirTemporal(b)
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		if err := d.enTx(ctx, func(tx *sql.Tx) error {
			return d.auditar(ctx, tx, Evento{Cuenta: "sistema", Accion: "prueba.medir", Objeto: "x", Detalle: map[string]int{"i": i}})
		}); err != nil {
			b.Fatal(err)
		}
	}
}
