package web

import (
	"bytes"
	"comite/internal/importar/filas"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"comite/internal/formato"
	"comite/internal/importar"
	"comite/internal/web/pendientes"
)

// csvMalo is a sanctions file of n rows, every one with bad cells (about
// 20 bytes a row: a million rows stay within the upload limit).
func csvMalo(n int) []byte {
	var b bytes.Buffer
	b.Grow(n*20 + 100)
	b.WriteString("nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\n")
	for range n {
		b.WriteString("x;;1;z;q;v;w\n")
	}
	return b.Bytes()
}

// tamanoPendientes is the total size of the files of the pending uploads.
func tamanoPendientes(t testing.TB, dir string) (total int64, archivos int) {
	t.Helper()
	entradas, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, en := range entradas {
		fi, err := en.Info()
		if err != nil {
			t.Fatal(err)
		}
		total += fi.Size()
		archivos++
	}
	return total, archivos
}

// A file of a million bad rows (within the upload limit) keeps the first
// MaxProblemas problems and the count of the rest by column and kind: the
// pending file stays small, holds no rows, and the preview is bounded.
func TestImportacion_millonDeFilasMalasGuardaProblemasAcotados(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("secretaria")
	archivo := csvMalo(1_000_000)
	if int64(len(archivo)) > LimiteImportacion {
		t.Fatalf("el archivo de prueba (%d bytes) supera el límite", len(archivo))
	}
	rec := e.subir(&s, "sanciones", "malo.csv", archivo)
	if rec.Code != http.StatusSeeOther {
		t.Fatalf("subir: %d %s", rec.Code, rec.Body.String())
	}
	token := strings.TrimPrefix(rec.Header().Get("Location"), "/importar/")
	dir := e.d.Ruta + ".importaciones"
	total, archivos := tamanoPendientes(t, dir)
	if archivos != 1 || total > 256<<10 {
		t.Fatalf("pendiente: %d archivos, %d bytes (quiere 1 archivo de a lo sumo 256 KB)", archivos, total)
	}
	jsons, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(jsons) != 1 {
		t.Fatalf("archivos de datos: %v", jsons)
	}
	var m pendientes.Pendiente
	if b, err := os.ReadFile(jsons[0]); err != nil || json.Unmarshal(b, &m) != nil {
		t.Fatalf("leer %s: %v", jsons[0], err)
	}
	sueltos, resumenes := 0, 0
	for _, p := range m.Problemas {
		if strings.HasPrefix(p.Mensaje, "y ") && strings.Contains(p.Mensaje, "problemas más del mismo tipo") {
			resumenes++
		} else {
			sueltos++
		}
	}
	if sueltos != importar.MaxProblemas || resumenes == 0 || resumenes > 10 {
		t.Fatalf("guardados %d problemas sueltos y %d resúmenes (quiere %d y entre 1 y 10)", sueltos, resumenes, importar.MaxProblemas)
	}
	if !strings.Contains(strings.Join(mensajes(m.Problemas), "\n"), "en las filas") || !strings.Contains(strings.Join(mensajes(m.Problemas), "\n"), "1.000.001") {
		t.Fatalf("los resúmenes no nombran las filas hasta la última: %v", mensajes(m.Problemas)[sueltos:])
	}
	// The preview says the true total and lists the problems in pages of
	// problemasPorPagina; the lines of the counted ones come last.
	totalProblemas := importar.ContarProblemas(m.Problemas)
	if totalProblemas < 6_000_000 {
		t.Fatalf("total %d: los resúmenes no cuentan lo omitido", totalProblemas)
	}
	paginas := (len(m.Problemas) + problemasPorPagina - 1) / problemasPorPagina
	for p := 1; p <= paginas; p++ {
		vista := e.pedir("GET", "/importar/"+token+"?pagina="+strconv.Itoa(p), &s, nil)
		if vista.Code != http.StatusOK || vista.Body.Len() > 256<<10 {
			t.Fatalf("vista previa, página %d: %d, %d bytes", p, vista.Code, vista.Body.Len())
		}
		doc := documento(t, vista)
		if n := testid(doc, "tabla-errores").Find("tbody tr").Length(); n == 0 || n > problemasPorPagina {
			t.Fatalf("página %d con %d filas", p, n)
		}
		if !strings.Contains(testid(doc, "resumen-errores").Text(), formato.Entero(int64(totalProblemas))+" problemas") {
			t.Fatalf("página %d: el resumen no dice el total %d: %q", p, totalProblemas, testid(doc, "resumen-errores").Text())
		}
		if p == paginas && !strings.Contains(vista.Body.String(), "problemas más del mismo tipo") {
			t.Fatal("la última página no dice cuántos problemas más hay")
		}
		if p > 1 && testid(doc, "pagina-anterior").Length() != 1 || p < paginas && testid(doc, "pagina-siguiente").Length() != 1 {
			t.Fatalf("página %d sin enlaces de paginación", p)
		}
	}
}

func mensajes(ps []filas.Problema) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Mensaje)
	}
	return out
}

// Each account keeps at most pendientes.MaxPorCuenta uploads waiting: a new
// one expires the oldest, and the others stay usable.
func TestImportacion_tresPendientesPorCuenta(t *testing.T) {
	e := nuevoEntorno(t)
	e.sembrarDatos()
	s := e.ingresar("secretaria")
	var vistas []string
	for i := range pendientes.MaxPorCuenta + 2 {
		rec := e.subir(&s, "sanciones", "sanciones.csv", []byte(csvSancionesBien))
		if rec.Code != http.StatusSeeOther {
			t.Fatalf("subida %d: %d", i, rec.Code)
		}
		vistas = append(vistas, rec.Header().Get("Location"))
		// What was uploaded before is older (the modification time says which expires).
		ms, _ := filepath.Glob(filepath.Join(e.d.Ruta+".importaciones", "*"))
		for _, m := range ms {
			if fi, err := os.Stat(m); err == nil {
				os.Chtimes(m, fi.ModTime().Add(-time.Minute), fi.ModTime().Add(-time.Minute))
			}
		}
	}
	vigentes := 0
	for i, v := range vistas {
		code := e.pedir("GET", v, &s, nil).Code
		if code == http.StatusOK {
			vigentes++
		}
		if i < 2 && code != http.StatusNotFound {
			t.Errorf("la subida %d (de las más viejas) sigue vigente: %d", i, code)
		}
	}
	if vigentes != pendientes.MaxPorCuenta {
		t.Fatalf("vigentes %d, quiere %d", vigentes, pendientes.MaxPorCuenta)
	}
	_, archivos := tamanoPendientes(t, e.d.Ruta+".importaciones")
	if archivos != 2*pendientes.MaxPorCuenta {
		t.Fatalf("%d archivos en espera, quiere %d (filas y datos de %d subidas)", archivos, 2*pendientes.MaxPorCuenta, pendientes.MaxPorCuenta)
	}
	if rec := e.pedir("POST", vistas[len(vistas)-1]+"/confirmar", &s, url.Values{}); rec.Code != http.StatusSeeOther {
		t.Fatalf("confirmar la última: %d", rec.Code)
	}
}

// BenchmarkImportacion_millonDeFilasMalas measures the worst upload of
// bad rows within the limits: the peak of the heap (sampled while the
// request runs) above what it was before; ns/op is the request's time.
func BenchmarkImportacion_millonDeFilasMalas(b *testing.B) {
	medirSubida(b, csvMalo(1_000_000))
}

// BenchmarkImportacion_filasValidasAlLimite measures the other worst case:
// a file of valid rows up to the upload limit, all kept, simulated in the
// database (a transaction rolled back) and written to the pending file.
func BenchmarkImportacion_filasValidasAlLimite(b *testing.B) {
	var f bytes.Buffer
	f.WriteString("nit;numero_acto;fecha_firmeza;gravedad;sancion;valor;allanamiento\n")
	for i := 0; f.Len() < int(LimiteImportacion)-4096; i++ {
		f.WriteString("800191045-1;RS-" + strconv.Itoa(i) + ";04/03/2025;grave;multa;1;no\n")
	}
	medirSubida(b, f.Bytes())
}

func medirSubida(b *testing.B, archivo []byte) {
	e := nuevoEntorno(b)
	e.sembrarDatos()
	s := e.ingresar("secretaria")
	var pico atomic.Int64
	peor, peorCPU := 0.0, 0.0 // the worst iteration is reported (CPU: of the whole process, both cores)
	for b.Loop() {
		runtime.GC()
		ms := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		metrics.Read(ms)
		base := int64(ms[0].Value.Uint64())
		pico.Store(0)
		fin, hecho := make(chan struct{}), make(chan struct{})
		go func() {
			defer close(hecho)
			ms := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
			for {
				select {
				case <-fin:
					return
				case <-time.After(time.Millisecond):
				}
				metrics.Read(ms)
				if v := int64(ms[0].Value.Uint64()) - base; v > pico.Load() {
					pico.Store(v)
				}
			}
		}()
		var ru0, ru1 syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
		rec := e.subir(&s, "sanciones", "archivo.csv", archivo)
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru1)
		close(fin)
		<-hecho
		cpu := time.Duration(ru1.Utime.Nano()+ru1.Stime.Nano()-ru0.Utime.Nano()-ru0.Stime.Nano()) * time.Nanosecond
		peorCPU = max(peorCPU, cpu.Seconds())
		b.ReportMetric(peorCPU, "s-CPU")
		if rec.Code != http.StatusSeeOther {
			b.Fatalf("subir: %d", rec.Code)
		}
		peor = max(peor, float64(pico.Load())/(1<<20))
		b.ReportMetric(peor, "MB-pico")
		b.ReportMetric(float64(len(archivo))/(1<<20), "MB-archivo")
		b.StopTimer()
		total, _ := tamanoPendientes(b, e.d.Ruta+".importaciones")
		b.ReportMetric(float64(total)/(1<<20), "MB-pendientes")
		b.StartTimer()
	}
}
