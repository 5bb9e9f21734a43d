package web

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"comite/internal/dominio"
	"comite/internal/expediente"
	"comite/internal/fecha"
	"comite/internal/permisos"
	"comite/internal/sancion"
	"comite/internal/web/urls"

	"github.com/shopspring/decimal"
)

// casosDeBench is how many cases the database has before the pages are
// measured: what a 30-second run of the load script's writers leaves.
const casosDeBench = 150

// BenchmarkLecturasConEscritores measures Inicio and the case list while
// data are written, as the load script's writers do (scripts/medir-web.sh
// with ESCRITORES=1): a case reported, or 50 acts imported, then the page.
// Each write is followed by what the server does after a write request
// (memoria.Refrescar, waited for), so the page finds what a write through
// the web leaves; the writes themselves are not timed. "mezcla" runs
// readers in parallel over both pages while one goroutine reports 4 cases a
// second and imports 50 acts every 2 seconds (all of it on the profile):
//
//	go run ./cmd/comite demo --db /tmp/b.db --usuarios 50000
//	COMITE_BENCH_DB=/tmp/b.db go test -bench LecturasConEscritores -run '^$' -cpu 2 -benchtime 50x ./internal/web/
//
// Without COMITE_BENCH_DB it skips, as BenchmarkPaginas. It writes cases
// and acts (numbered BENCH-…) into that database.
func BenchmarkLecturasConEscritores(b *testing.B) {
	d, pedirEn := baseDeBench(b)
	ctx := context.Background()
	app, h := nuevo(Config{DB: d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	nits, importarActos := importadorDeBench(b, d)
	var mu sync.Mutex // one writer at a time, as SQLite
	casos, corrida := 0, time.Now().UnixNano()
	refrescar := func() {
		esperar, err := h.memo.Refrescar(ctx)
		if err != nil {
			b.Fatal(err)
		}
		esperar()
	}
	reportar := func() {
		mu.Lock()
		defer mu.Unlock()
		casos++
		_, err := h.x.Reportar(ctx, dominio.NuevoCaso{
			NIT: nits[(casos*7919)%len(nits)], FechaComision: fecha.Debe(2026, 2, 10), FechaVerificacion: fecha.Debe(2026, 2, 20),
			Gravedad: sancion.Gravisima, Sancion: sancion.Multa, SancionPrevista: decimal.NewFromInt(10475000),
			Anclaje: sancion.AnclajeComision, Descripcion: fmt.Sprintf("Caso de la medición %d-%d.", corrida, casos), ConfirmarDuplicado: true,
		}, expediente.InformeAlReportar{MotivoSinInforme: "El informe se enviará aparte (medición de carga)."}, dominio.ActorCaso{Actor: dominio.Actor{Cuenta: "bench"}, Rol: permisos.RolSecretaria})
		if err != nil {
			b.Fatal(err)
		}
		refrescar()
	}
	importar50 := func() {
		mu.Lock()
		defer mu.Unlock()
		importarActos(false)
		refrescar()
	}
	// As many cases as a 30-second run of the load script leaves (it reports
	// 4 a second), so every page below sees about the same list.
	var hay int
	if err := d.QueryRow(`SELECT count(*) FROM casos`).Scan(&hay); err != nil {
		b.Fatal(err)
	}
	for ; hay < casosDeBench; hay++ {
		reportar()
	}
	inicio := func() { pedirEn(app, urls.Inicio) }
	lista := func() { pedirEn(app, urls.Casos) }
	// Warm up: the screening, the portfolio and the counts once.
	for strings.Contains(pedirEn(app, urls.Inicio).Body.String(), `data-testid="cartera-calculando"`) {
		time.Sleep(100 * time.Millisecond)
	}
	lista()
	for _, p := range []struct {
		nombre string
		pagina func()
	}{{"inicio", inicio}, {"casos", lista}} {
		b.Run(p.nombre+"/estable", func(b *testing.B) {
			for b.Loop() {
				p.pagina()
			}
		})
		b.Run(p.nombre+"/tras_reportar", func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				reportar()
				b.StartTimer()
				p.pagina()
			}
		})
		b.Run(p.nombre+"/tras_importar_50", func(b *testing.B) {
			for b.Loop() {
				b.StopTimer()
				importar50()
				b.StartTimer()
				p.pagina()
			}
		})
	}
	b.Run("mezcla", func(b *testing.B) {
		var parar atomic.Bool
		var escritor sync.WaitGroup
		escritor.Add(1)
		go func() {
			defer escritor.Done()
			t := time.NewTicker(250 * time.Millisecond)
			defer t.Stop()
			for n := 1; !parar.Load(); n++ {
				<-t.C
				reportar()
				if n%8 == 0 {
					importar50()
				}
			}
		}()
		var i atomic.Int64
		b.SetParallelism(10) // 20 readers on 2 cores, as the load script
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if i.Add(1)%2 == 0 {
					inicio()
				} else {
					lista()
				}
			}
		})
		parar.Store(true)
		escritor.Wait()
	})
}
