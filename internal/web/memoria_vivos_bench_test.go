package web

import (
	"io"
	"log/slog"
	"runtime"
	"testing"

	"comite/internal/web/urls"
)

// BenchmarkVivosPorUsuario measures what the server keeps alive per customs
// user after the screening's views a Secretaría official opens (Inicio and
// its portfolio, the first page of /tamizaje, two other orders, the data
// filter, the coverage): the live heap after each one, over the heap with
// the database open, divided by the users of the database. It is what grows
// with the size of the database (goal: the server under 1 GB at 1.000.000
// users, with the collector's headroom on top of it).
//
//	COMITE_BENCH_DB=/tmp/b.db go test -bench VivosPorUsuario -run '^$' -benchtime 1x -memprofile /tmp/vivos.prof ./internal/web/
//
// Without COMITE_BENCH_DB it skips, as BenchmarkPaginas.
func BenchmarkVivosPorUsuario(b *testing.B) {
	d, pedirEn := baseDeBench(b)
	var usuarios int64
	if err := d.QueryRow(`SELECT count(*) FROM usuarios_aduaneros`).Scan(&usuarios); err != nil || usuarios == 0 {
		b.Fatalf("la base no tiene usuarios aduaneros (%v)", err)
	}
	app, h := nuevo(Config{DB: d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	vivos := func() uint64 {
		var ms runtime.MemStats
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	base := vivos()
	var ultimo float64
	for _, r := range []string{urls.Inicio, urls.Tamizaje, urls.Tamizaje + "?orden=usuario", urls.Tamizaje + "?orden=actos&dir=desc", urls.Tamizaje + "?datos=incompletos", urls.Cobertura} {
		pedirEn(app, r)
		// What the page started in the background (the portfolio) ends
		// before the heap is read: read while the portfolio still counts
		// the screenings of Y−2 and Y−4, the one being built would count
		// as held (it is dropped as soon as it is counted).
		esperar, err := h.memo.Refrescar(b.Context())
		if err != nil {
			b.Fatal(err)
		}
		esperar()
		h.memo.Esperar()
		v := vivos()
		ultimo = float64(v-min(v, base)) / float64(usuarios)
		b.Logf("tras %-38s vivos %7.1f MB, %5.0f B por usuario (%d usuarios)", r, float64(v-min(v, base))/1e6, ultimo, usuarios)
	}
	for b.Loop() {
	}
	b.ReportMetric(ultimo, "B-vivos/usuario")
}
