package web

import (
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"comite/internal/db"
)

// picoMemoriaMiB is the process's peak resident memory (VmHWM), in MiB.
func picoMemoriaMiB(b *testing.B) float64 {
	s, err := os.ReadFile("/proc/self/status")
	if err != nil {
		b.Fatal(err)
	}
	for _, l := range strings.Split(string(s), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			kb, _ := strconv.ParseFloat(strings.Fields(l)[1], 64)
			return kb / 1024
		}
	}
	b.Fatal("sin VmHWM")
	return 0
}

// BenchmarkIngreso_200ParalelosCostoReal: 200 simultaneous logins of unknown
// users from one address with the production argon2 cost (19 MiB, 2 passes).
// Reports the process's peak resident memory and the answers.
//
//	go test -run '^$' -bench Ingreso_200 -benchtime 1x ./internal/web/
func BenchmarkIngreso_200ParalelosCostoReal(b *testing.B) {
	e := nuevoEntorno(b, db.ConArgon2(db.ParametrosArgon2{MemoriaKiB: 19 * 1024, Pasadas: 2, Hilos: 1}))
	srv := httptest.NewServer(e.app)
	defer srv.Close()
	for i := 0; i < b.N; i++ {
		var wg sync.WaitGroup
		var mu sync.Mutex
		cuenta := map[int]int{}
		for j := 0; j < 200; j++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				st, _, _ := intentoParalelo(b, srv, "nadie"+strconv.Itoa(i*1000+j), "una-clave-cualquiera")
				mu.Lock()
				cuenta[st]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		b.Logf("respuestas: %v", cuenta)
	}
	_, pico := e.d.EstadisticaArgon2()
	b.ReportMetric(float64(pico), "argon2-simultaneos")
	b.ReportMetric(picoMemoriaMiB(b), "MiB-pico-RSS")
}
