package web

import (
	"comite/internal/dominio"
	"comite/internal/permisos"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"comite/internal/db"
)

// BenchmarkPaginas measures the pages the load test through the
// whole application (session, permission, store, core, memoria, charts,
// template), in parallel like the load test's clients, over a demo database;
// "perfiles" and "tamizaje-paginas" ask for a different object each time
// (what the application has not kept in memory). Each page runs twice:
// con_cache (as served) and sin_cache (Config.SinCachePaginas, as
// `comite serve --sin-cache`: the page built on every request):
//
//	go run ./cmd/comite demo --db /tmp/b.db --usuarios 50000
//	COMITE_BENCH_DB=/tmp/b.db go test -bench Paginas -run '^$' -cpu 2 ./internal/web/
//
// Without COMITE_BENCH_DB it skips (CI has no 50.000-user database). The
// database gets one account and one session.
func BenchmarkPaginas(b *testing.B) {
	d, pedirEn := baseDeBench(b)
	app := Nuevo(Config{DB: d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	sinCache := Nuevo(Config{DB: d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), SinCachePaginas: true})
	pedir := func(ruta string) *httptest.ResponseRecorder { return pedirEn(app, ruta) }
	var nitPerfil string
	if err := d.QueryRow(`SELECT nit FROM usuarios_aduaneros WHERE razon_social LIKE 'Agencia de Aduanas Reincidente Demo%'`).Scan(&nitPerfil); err != nil {
		b.Fatal(err)
	}
	caso := regexp.MustCompile(`href="(/casos/[0-9]+)"`).FindStringSubmatch(pedir("/casos").Body.String())
	if caso == nil {
		b.Fatal("la base no tiene casos")
	}
	// Warm up: the screening and the portfolio are computed once per data version.
	for strings.Contains(pedir("/").Body.String(), `data-testid="cartera-calculando"`) {
		time.Sleep(100 * time.Millisecond)
	}
	// Objects the application has not kept in memory: the profiles of 2.000
	// users (one in 25: 45 acts on average in the demo), of the 200 users
	// with the most acts (300 to 1.500 acts each), and the 1.000 pages of the
	// screening.
	leer := func(q string) []string {
		filas, err := d.Query(q)
		if err != nil {
			b.Fatal(err)
		}
		defer filas.Close()
		var out []string
		for filas.Next() {
			var n string
			filas.Scan(&n)
			out = append(out, "/usuarios/"+n)
		}
		return out
	}
	perfiles := leer(`SELECT nit FROM usuarios_aduaneros WHERE id % 25 = 1 ORDER BY id LIMIT 2000`)
	pesados := leer(`SELECT u.nit FROM actos a JOIN usuarios_aduaneros u ON u.id = a.usuario_id GROUP BY u.id ORDER BY count(*) DESC, u.id LIMIT 200`)
	var paginas []string
	for i := 1; i <= 1000; i++ {
		paginas = append(paginas, "/tamizaje?pagina="+strconv.Itoa(i))
	}
	for _, modo := range []struct {
		nombre string
		app    http.Handler
	}{{"con_cache", app}, {"sin_cache", sinCache}} {
		for _, p := range []struct {
			nombre string
			rutas  []string
		}{
			{"inicio", []string{"/"}}, {"tamizaje", []string{"/tamizaje"}}, {"tamizaje-paginas", paginas},
			{"perfil", []string{"/usuarios/" + nitPerfil}}, {"perfiles", perfiles}, {"perfiles-pesados", pesados}, {"caso", []string{caso[1]}},
		} {
			for strings.Contains(pedirEn(modo.app, p.rutas[0]).Body.String(), `data-testid="cartera-calculando"`) {
				time.Sleep(100 * time.Millisecond)
			}
			var n atomic.Int64
			b.Run(modo.nombre+"/"+p.nombre, func(b *testing.B) {
				b.RunParallel(func(pb *testing.PB) {
					for pb.Next() {
						pedirEn(modo.app, p.rutas[int(n.Add(1))%len(p.rutas)])
					}
				})
			})
		}
	}
}

// sesionDeBench is a session of the account "bench" (Secretaría), created
// in d the first time.
func sesionDeBench(b *testing.B, d *db.DB) string {
	ctx := context.Background()
	var cuentaID int64
	if err := d.QueryRow(`SELECT id FROM cuentas WHERE usuario = 'bench'`).Scan(&cuentaID); err != nil {
		cu, err := d.CrearCuenta(ctx, dominio.NuevaCuenta{Usuario: "bench", Rol: permisos.RolSecretaria, Clave: claveTest}, dominio.Actor{Cuenta: "sistema"})
		if err != nil {
			b.Fatal(err)
		}
		cuentaID = cu.ID
	}
	tok, _, err := d.CrearSesion(ctx, cuentaID, "127.0.0.1")
	if err != nil {
		b.Fatal(err)
	}
	return tok
}

// baseDeBench opens the database COMITE_BENCH_DB (closed with b; skips
// without it) and gives what asks a page of an application over it with a
// session of the account "bench", failing on any status but 200.
func baseDeBench(b *testing.B) (*db.DB, func(app http.Handler, ruta string) *httptest.ResponseRecorder) {
	ruta := os.Getenv("COMITE_BENCH_DB")
	if ruta == "" {
		b.Skip("COMITE_BENCH_DB no está definida: cree una base con «comite demo --usuarios 50000» y apúntela ahí")
	}
	d, err := db.Open(context.Background(), ruta)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { d.Close() })
	tok := sesionDeBench(b, d)
	return d, func(app http.Handler, ruta string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", ruta, nil)
		req.AddCookie(&http.Cookie{Name: cookieSesion, Value: tok})
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			panic(fmt.Sprintf("%s: estado %d", ruta, rec.Code))
		}
		return rec
	}
}
