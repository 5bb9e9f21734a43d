package web

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/importar"
	"comite/internal/importar/filas"
	"comite/internal/web/urls"
)

// BenchmarkTamizajeTrasImportacion measures the first page of the screening
// (national account, rank order) right after an import of 50 acts of 50
// users, against the same page in steady state (the screening kept in
// memory, pages one after another, and after the same import simulated).
// "tras_importacion_50" is the page as served: the screening kept
// is brought up to date with only the 50 users changed; with
// "tras_importacion_50_entero" the log of changes cannot answer (its prune
// mark is moved past every version), so the page computes the screening of
// every user, as before the log existed. The import itself is not timed.
//
//	go run ./cmd/comite demo --db /tmp/b.db --usuarios 50000
//	COMITE_BENCH_DB=/tmp/b.db go test -bench TamizajeTrasImportacion -run '^$' -cpu 2 ./internal/web/
//
// Without COMITE_BENCH_DB it skips, as BenchmarkPaginas. It writes acts
// (numbered BENCH-…) into that database.
func BenchmarkTamizajeTrasImportacion(b *testing.B) {
	d, pedirEn := baseDeBench(b)
	ctx := context.Background()
	app, h := nuevo(Config{DB: d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	pagina := func() { pedirEn(app, urls.Tamizaje) }
	_, importar50 := importadorDeBench(b, d)
	pagina() // the screening computed once
	b.Run("estable", func(b *testing.B) {
		for b.Loop() {
			pagina()
		}
	})
	b.Run("tras_importacion_50", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			importar50(false)
			b.StartTimer()
			pagina()
		}
	})
	b.Run("estable_tras_importacion_simulada", func(b *testing.B) {
		// The control of the next one: the same import, simulated (read,
		// validated and written in a transaction that is rolled back, so the
		// data do not change) and the same call to bring the memory up to
		// date, then the page. What differs from the next one is only that
		// the data changed; what differs from "estable" is that the
		// processor did other work between two pages, as it does on a
		// server where pages do not come one after another.
		for b.Loop() {
			b.StopTimer()
			importar50(true)
			esperar, err := h.memo.Refrescar(ctx)
			if err != nil {
				b.Fatal(err)
			}
			esperar()
			b.StartTimer()
			pagina()
		}
	})
	b.Run("tras_importacion_50_puesto_al_dia", func(b *testing.B) {
		// As after an import through the web or the API: the write's
		// request starts bringing the screening up to date
		// (refrescarTrasEscribir); the page comes once that is done.
		for b.Loop() {
			b.StopTimer()
			importar50(false)
			esperar, err := h.memo.Refrescar(ctx)
			if err != nil {
				b.Fatal(err)
			}
			esperar()
			b.StartTimer()
			pagina()
		}
	})
	b.Run("tras_importacion_50_entero", func(b *testing.B) {
		var hasta int64
		if err := d.QueryRow(`SELECT hasta FROM cambios_usuarios_poda`).Scan(&hasta); err != nil {
			b.Fatal(err)
		}
		if _, err := d.Exec(`UPDATE cambios_usuarios_poda SET hasta = 1 << 62`); err != nil {
			b.Fatal(err)
		}
		defer d.Exec(`UPDATE cambios_usuarios_poda SET hasta = ?`, hasta)
		for b.Loop() {
			b.StopTimer()
			importar50(false)
			b.StartTimer()
			pagina()
		}
	})
}

// importadorDeBench reads the NITs of d's users (at least 50) and gives
// what imports 50 new acts of 50 of them through the import's own path
// (importar.Preparar and db.ImportarFuente), with act numbers new on every
// call and every run (an import of rows already there changes nothing).
func importadorDeBench(b *testing.B, d *db.DB) (nits []string, importar50 func(simular bool)) {
	ctx := context.Background()
	rows, err := d.Query(`SELECT nit FROM usuarios_aduaneros ORDER BY id`)
	if err != nil {
		b.Fatal(err)
	}
	for rows.Next() {
		var n string
		rows.Scan(&n)
		nits = append(nits, n)
	}
	rows.Close()
	if len(nits) < 50 {
		b.Fatalf("la base tiene %d usuarios; hacen falta 50", len(nits))
	}
	lote, corrida := 0, time.Now().UnixNano()
	return nits, func(simular bool) {
		lote++
		var csv strings.Builder
		csv.WriteString("nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\n")
		for k := range 50 {
			fmt.Fprintf(&csv, "%s;BENCH-%d-%d-%d;%02d/06/2025;grave;multa;%d;no\n", nits[(lote*50+k*997)%len(nits)], corrida, lote, k, 1+k%28, 100000+lote)
		}
		f, err := importar.Preparar(ctx, filas.Sanciones, "sanciones.csv", strings.NewReader(csv.String()), nil)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := d.ImportarFuente(ctx, f, dominio.Actor{Cuenta: "bench"}, db.OpcionesImportacion{Simular: simular}); err != nil {
			b.Fatal(err)
		}
	}
}
