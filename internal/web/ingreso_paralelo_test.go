package web

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"

	"comite/internal/db"

	"github.com/PuerkitoBio/goquery"
)

// intentoParalelo opens the login form with its own cookies and posts one
// attempt; it returns the status, the Retry-After header and the body.
func intentoParalelo(t testing.TB, srv *httptest.Server, usuario, clave string) (int, string, string) {
	jar, _ := cookiejar.New(nil)
	cl := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := cl.Get(srv.URL + "/login")
	if err != nil {
		t.Error(err)
		return 0, "", ""
	}
	doc, err := goquery.NewDocumentFromReader(res.Body)
	res.Body.Close()
	if err != nil {
		t.Error(err)
		return 0, "", ""
	}
	token, _ := doc.Find(`input[name="_csrf"]`).Attr("value")
	res, err = cl.PostForm(srv.URL+"/login", url.Values{"_csrf": {token}, "usuario": {usuario}, "clave": {clave}})
	if err != nil {
		t.Error(err)
		return 0, "", ""
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Retry-After"), string(b)
}

func (e *entorno) contarMotivo(motivo string) int {
	var n int
	e.d.QueryRow(`SELECT count(*) FROM auditoria WHERE accion = 'sesion.ingreso' AND json_extract(detalle_json, '$.motivo') = ?`, motivo).Scan(&n)
	return n
}

// 60 wrong passwords for one account, all at once from one address: the
// throttle is checked and the attempt recorded before any hash, so at most
// MaxFallosPar passwords are checked; the rest are refused (429) or, when
// every argon2 slot is busy, answered 503 at once.
func TestIngreso_paraleloContraUnaCuentaRespetaElLimite(t *testing.T) {
	e := nuevoEntorno(t)
	srv := httptest.NewServer(e.app)
	defer srv.Close()
	antes, _ := e.d.EstadisticaArgon2()
	var wg sync.WaitGroup
	estados := make(chan int, 60)
	for i := 0; i < 60; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, ra, cuerpo := intentoParalelo(t, srv, "auditor", "equivocada-"+strconv.Itoa(i))
			if (st == http.StatusTooManyRequests || st == http.StatusServiceUnavailable) && (ra == "" || !strings.Contains(cuerpo, "Espere")) {
				t.Errorf("estado %d sin Retry-After o sin mensaje en español", st)
			}
			estados <- st
		}()
	}
	wg.Wait()
	close(estados)
	cuenta := map[int]int{}
	for st := range estados {
		cuenta[st]++
	}
	if cuenta[http.StatusUnauthorized]+cuenta[http.StatusTooManyRequests]+cuenta[http.StatusServiceUnavailable] != 60 {
		t.Fatalf("estados inesperados: %v", cuenta)
	}
	despues, pico := e.d.EstadisticaArgon2()
	if n := e.contarMotivo("clave_incorrecta"); n > db.MaxFallosPar || n != cuenta[http.StatusUnauthorized] {
		t.Fatalf("%d claves verificadas (%d respuestas 401); el límite es %d", n, cuenta[http.StatusUnauthorized], db.MaxFallosPar)
	}
	if v := despues - antes; v > int64(db.MaxFallosPar) {
		t.Fatalf("%d cálculos argon2; el límite es %d", v, db.MaxFallosPar)
	}
	if pico > db.MaxArgon2Concurrentes {
		t.Fatalf("pico de argon2 concurrentes %d > %d", pico, db.MaxArgon2Concurrentes)
	}
	t.Logf("respuestas: %v", cuenta)
}

// 200 attempts for unknown users from one address, all at once, with a
// realistic argon2 cost: never more than MaxArgon2Concurrentes hashes at a
// time (the rest get 503 at once), and no more than MaxFallosIP checked.
func TestIngreso_paraleloUsuariosInexistentesNoSuperanElTopeDeArgon2(t *testing.T) {
	e := nuevoEntorno(t, db.ConArgon2(db.ParametrosArgon2{MemoriaKiB: 8 * 1024, Pasadas: 2, Hilos: 1}))
	srv := httptest.NewServer(e.app)
	defer srv.Close()
	var wg sync.WaitGroup
	var mu sync.Mutex
	cuenta := map[int]int{}
	for i := 0; i < 200; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, ra, cuerpo := intentoParalelo(t, srv, "nadie"+strconv.Itoa(i), "una-clave-cualquiera")
			if st == http.StatusServiceUnavailable && (ra == "" || !strings.Contains(cuerpo, "Espere unos segundos")) {
				t.Errorf("503 sin Retry-After o sin mensaje en español")
			}
			mu.Lock()
			cuenta[st]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	_, pico := e.d.EstadisticaArgon2()
	if pico > db.MaxArgon2Concurrentes {
		t.Fatalf("pico de argon2 concurrentes %d > %d", pico, db.MaxArgon2Concurrentes)
	}
	if n := e.contarMotivo("usuario_desconocido"); n > db.MaxFallosIP {
		t.Fatalf("%d intentos verificados desde una dirección; el límite es %d", n, db.MaxFallosIP)
	}
	if cuenta[http.StatusUnauthorized]+cuenta[http.StatusTooManyRequests]+cuenta[http.StatusServiceUnavailable] != 200 {
		t.Fatalf("estados inesperados: %v", cuenta)
	}
	t.Logf("respuestas: %v, pico de argon2 concurrentes: %d", cuenta, pico)
}
