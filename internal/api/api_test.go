package api_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"comite/internal/api"
	"comite/internal/db"
	"comite/internal/dominio"
	"comite/internal/permisos"
	"comite/internal/web"
)

// entorno is the whole web application (the API mounted in it, as
// `comite serve` runs it) over a store in a temporary file, with one token
// per scope set.
type entorno struct {
	t      *testing.T
	d      *db.DB
	app    http.Handler
	tokens map[string]string
}

func nuevoEntorno(t *testing.T) *entorno {
	t.Helper()
	d, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "comite.db"), db.ConArgon2(db.ParametrosArgon2{MemoriaKiB: 1024, Pasadas: 1, Hilos: 1}))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	silencio := slog.New(slog.NewTextHandler(io.Discard, nil))
	e := &entorno{t: t, d: d, app: web.Nuevo(web.Config{DB: d, Turnos: -1, Logger: silencio}), tokens: map[string]string{}}
	for nombre, as := range map[string][]permisos.Alcance{
		"todo":     permisos.Alcances,
		"evaluar":  {permisos.AlcanceEvaluar},
		"importar": {permisos.AlcanceImportar},
		"leer":     {permisos.AlcanceLeer},
		"casos":    {permisos.AlcanceCasos},
	} {
		e.tokens[nombre] = e.crearToken(nombre, as, "")
	}
	return e
}

func (e *entorno) crearToken(nombre string, as []permisos.Alcance, seccional string) string {
	e.t.Helper()
	_, tok, err := e.d.CrearCuentaServicio(context.Background(), dominio.NuevaCuentaServicio{Nombre: nombre, Alcances: as, Seccional: seccional, Vence: e.d.Hoy().MasDias(365)}, dominio.Actor{Cuenta: "admin"})
	if err != nil {
		e.t.Fatal(err)
	}
	return tok
}

// pedir sends one request with the token of the named account ("" none).
func (e *entorno) pedir(metodo, ruta, cuenta, tipo string, cuerpo []byte, cabeceras ...string) *httptest.ResponseRecorder {
	e.t.Helper()
	req := httptest.NewRequest(metodo, ruta, bytes.NewReader(cuerpo))
	req.RemoteAddr = "192.0.2.10:4000"
	if cuenta != "" {
		req.Header.Set("Authorization", "Bearer "+e.tokens[cuenta])
	}
	if tipo != "" {
		req.Header.Set("Content-Type", tipo)
	}
	for i := 0; i+1 < len(cabeceras); i += 2 {
		req.Header.Set(cabeceras[i], cabeceras[i+1])
	}
	rec := httptest.NewRecorder()
	e.app.ServeHTTP(rec, req)
	return rec
}

// problemaDe reads an answer that must be a problem of the given status.
func problemaDe(t *testing.T, rec *httptest.ResponseRecorder, estado int) api.Problema {
	t.Helper()
	if rec.Code != estado || rec.Header().Get("Content-Type") != api.TipoProblema {
		t.Fatalf("estado %d (quiere %d), Content-Type %q: %s", rec.Code, estado, rec.Header().Get("Content-Type"), rec.Body.String())
	}
	var p api.Problema
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || p.Estado != estado || p.Titulo == "" || p.Tipo == "" {
		t.Fatalf("problema %+v, %v", p, err)
	}
	return p
}

func leer(t *testing.T, ruta string) []byte {
	t.Helper()
	b, err := os.ReadFile(ruta)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Only a bearer token of an account in force opens the API: none, another
// scheme, an unknown token and a session cookie without a token are 401
// (with WWW-Authenticate); a token without the route's scope is 403. The
// published document needs no token. Unknown addresses and methods are
// problems too.
func TestAPI_autenticacionYAlcances(t *testing.T) {
	e := nuevoEntorno(t)
	evaluar := leer(t, "../../testdata/evaluar/ejemplo_dominio.json")
	casos := []struct {
		nombre  string
		metodo  string
		ruta    string
		cuenta  string
		cab     []string
		estado  int
		retoque func()
	}{
		{"sin_token", "POST", "/api/v1/evaluar", "", nil, 401, nil},
		{"cookie_de_sesion_sin_token", "POST", "/api/v1/evaluar", "", []string{"Cookie", "comite_sesion=abc; _csrf=x"}, 401, nil},
		{"esquema_basic", "POST", "/api/v1/evaluar", "", []string{"Authorization", "Basic dXNlcjpwYXNz"}, 401, nil},
		{"token_desconocido", "POST", "/api/v1/evaluar", "", []string{"Authorization", "Bearer cmt_desconocido"}, 401, nil},
		{"evaluar_sin_alcance", "POST", "/api/v1/evaluar", "importar", nil, 403, nil},
		{"liquidar_sin_alcance", "POST", "/api/v1/liquidar", "leer", nil, 403, nil},
		{"sanciones_sin_alcance", "PUT", "/api/v1/sanciones", "evaluar", nil, 403, nil},
		{"usuarios_sin_alcance", "PUT", "/api/v1/usuarios", "casos", nil, 403, nil},
		{"operaciones_sin_alcance", "PUT", "/api/v1/operaciones", "leer", nil, 403, nil},
		{"casos_sin_alcance", "GET", "/api/v1/casos", "leer", nil, 403, nil},
		{"tamizaje_sin_alcance", "GET", "/api/v1/tamizaje/2025", "casos", nil, 403, nil},
		{"uvt_sin_alcance", "GET", "/api/v1/uvt", "importar", nil, 403, nil},
		{"reglas_sin_alcance", "GET", "/api/v1/reglas", "evaluar", nil, 403, nil},
		{"ruta_desconocida", "GET", "/api/v1/nada", "todo", nil, 404, nil},
		{"metodo_no_permitido", "DELETE", "/api/v1/evaluar", "todo", nil, 405, nil},
	}
	for _, c := range casos {
		t.Run(c.nombre, func(t *testing.T) {
			rec := e.pedir(c.metodo, c.ruta, c.cuenta, "application/json", evaluar, c.cab...)
			problemaDe(t, rec, c.estado)
			if c.estado == 401 && !strings.HasPrefix(rec.Header().Get("WWW-Authenticate"), "Bearer") {
				t.Fatalf("WWW-Authenticate = %q", rec.Header().Get("WWW-Authenticate"))
			}
		})
	}
	// A session of the web, with its cookie and CSRF token, opens nothing here.
	rec := e.pedir("GET", "/api/v1/openapi.json", "", "", nil)
	if rec.Code != 200 || !json.Valid(rec.Body.Bytes()) {
		t.Fatalf("documento: %d", rec.Code)
	}
	// A revoked token stops at once.
	if err := e.d.RevocarCuentaServicio(context.Background(), "evaluar", dominio.Actor{Cuenta: "admin"}); err != nil {
		t.Fatal(err)
	}
	problemaDe(t, e.pedir("POST", "/api/v1/evaluar", "evaluar", "application/json", evaluar), 401)
}

// Each token has its own rate: past it, 429 with Retry-After; another
// token is not affected; the bucket refills with time.
func TestAPI_limitePorToken(t *testing.T) {
	e := nuevoEntorno(t)
	ahora := time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC)
	app := api.Nuevo(api.Config{DB: e.d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), PorMinuto: 3, Reloj: func() time.Time { return ahora }})
	pedir := func(cuenta string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", "/api/v1/uvt", nil)
		req.Header.Set("Authorization", "Bearer "+e.tokens[cuenta])
		rec := httptest.NewRecorder()
		app.ServeHTTP(rec, req)
		return rec
	}
	for i := 0; i < 3; i++ {
		if rec := pedir("leer"); rec.Code != 200 {
			t.Fatalf("solicitud %d: %d %s", i+1, rec.Code, rec.Body.String())
		}
	}
	rec := pedir("leer")
	problemaDe(t, rec, http.StatusTooManyRequests)
	if rec.Header().Get("Retry-After") != "20" {
		t.Fatalf("Retry-After = %q; quiere 20 (3 por minuto)", rec.Header().Get("Retry-After"))
	}
	if rec := pedir("todo"); rec.Code != 200 {
		t.Fatalf("otro token: %d", rec.Code)
	}
	ahora = ahora.Add(20 * time.Second)
	if rec := pedir("leer"); rec.Code != 200 {
		t.Fatalf("tras la espera: %d", rec.Code)
	}
}

// POST /api/v1/evaluar and /liquidar answer exactly the golden outputs of
// the contract (the same bytes `comite evaluar` and `comite liquidar`
// print; cmd/comite compares them with the command itself).
func TestAPI_evaluarYLiquidar_comoLaLineaDeComandos_art25(t *testing.T) {
	e := nuevoEntorno(t)
	for _, c := range []struct{ ruta, patron, sufijo, salida string }{
		{"/api/v1/evaluar", "../../testdata/evaluar/*.json", ".json", ".salida.json"},
		{"/api/v1/liquidar", "../../testdata/liquidar/*.entrada.json", ".entrada.json", ".salida.json"},
	} {
		entradas, _ := filepath.Glob(c.patron)
		n := 0
		for _, ent := range entradas {
			if strings.HasSuffix(ent, ".salida.json") {
				continue
			}
			n++
			rec := e.pedir("POST", c.ruta, "evaluar", "application/json", leer(t, ent))
			quiere := leer(t, strings.TrimSuffix(ent, c.sufijo)+c.salida)
			if rec.Code != 200 || rec.Header().Get("Content-Type") != "application/json" || !bytes.Equal(rec.Body.Bytes(), quiere) {
				t.Errorf("%s %s: %d %q\n%s", c.ruta, filepath.Base(ent), rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
			}
		}
		if n < 3 {
			t.Fatalf("%s: solo %d entradas", c.ruta, n)
		}
	}
}

// Invalid input is a 422 problem listing every field with the command
// line's Spanish message.
func TestAPI_evaluarInvalido_422ConCadaCampo(t *testing.T) {
	e := nuevoEntorno(t)
	var m map[string]any
	json.Unmarshal(leer(t, "../../testdata/evaluar/ejemplo_dominio.json"), &m)
	m["campo_desconocido"] = 1
	delete(m, "operaciones")
	m["nueva_infraccion"].(map[string]any)["fecha_comision"] = "2026-02-30"
	b, _ := json.Marshal(m)
	p := problemaDe(t, e.pedir("POST", "/api/v1/evaluar", "evaluar", "application/json", b), 422)
	campos := map[string]string{}
	for _, x := range p.Errores {
		campos[x.Campo] = x.Mensaje
		if x.Texto == "" || (x.Campo != "" && x.Texto != x.Campo+": "+x.Mensaje) {
			t.Errorf("error %+v", x)
		}
	}
	if len(p.Errores) != 3 || campos["campo_desconocido"] != "campo desconocido" || campos["operaciones"] != "falta el campo" || campos["nueva_infraccion.fecha_comision"] == "" {
		t.Fatalf("errores %+v", p.Errores)
	}
	p = problemaDe(t, e.pedir("POST", "/api/v1/liquidar", "evaluar", "application/json", []byte("{no es json")), 422)
	if len(p.Errores) != 1 || !strings.Contains(p.Errores[0].Mensaje, "JSON") {
		t.Fatalf("errores %+v", p.Errores)
	}
}

const usuariosCSV = "nit;razon_social;tipo;direccion_seccional;registro_vigente_desde;registro_vigente_hasta\n" +
	"800191045-1;Agencia de Aduanas Ejemplo S.A.S. Nivel 1;agencia_de_aduanas;;2019-05-02;\n" +
	"899999068-1;Depósito Ejemplo Ltda.;deposito_habilitado;;2020-01-15;2030-01-14\n"

// cargaDe reads the answer of a bulk load.
func cargaDe(t *testing.T, rec *httptest.ResponseRecorder) api.Carga {
	t.Helper()
	if rec.Code != 200 {
		t.Fatalf("carga: %d %s", rec.Code, rec.Body.String())
	}
	var c api.Carga
	if err := json.Unmarshal(rec.Body.Bytes(), &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// PUT /usuarios, /sanciones and /operaciones load a CSV (as the import) or
// a JSON array with the same columns: all rows or none, the same body twice
// changes nothing, a changed row is updated, and the import's audit row
// names the service account.
func TestAPI_cargas_csvYJSON_idempotentes(t *testing.T) {
	e := nuevoEntorno(t)
	c := cargaDe(t, e.pedir("PUT", "/api/v1/usuarios", "importar", "text/csv; charset=utf-8", []byte(usuariosCSV)))
	if c.Clase != "usuarios" || c.Filas != 2 || c.Insertadas != 2 || *c.UsuariosNuevos != 2 || c.VersionDatos.Aduaneros == 0 {
		t.Fatalf("usuarios: %+v", c)
	}
	sanciones := `[
		{"nit": "800191045-1", "numero_acto": "RS-2025-0001", "fecha_expedicion": "2025-02-10", "fecha_firmeza": "2025-03-04", "gravedad": "grave", "sancion": "multa", "valor": "40000000", "allanamiento": false},
		{"nit": "899999068-1", "numero_acto": "RS-2025-0002", "fecha_firmeza": "04/03/2025", "gravedad": "gravísima", "sancion": "multa", "valor": 25000000, "allanamiento": true, "infraccion": null}
	]`
	c = cargaDe(t, e.pedir("PUT", "/api/v1/sanciones", "importar", "application/json", []byte(sanciones)))
	if c.Filas != 2 || c.Insertadas != 2 || c.SinCambios != 0 {
		t.Fatalf("sanciones: %+v", c)
	}
	version := c.VersionDatos
	c = cargaDe(t, e.pedir("PUT", "/api/v1/sanciones", "importar", "application/json", []byte(sanciones)))
	if c.Insertadas != 0 || c.Actualizadas != 0 || c.SinCambios != 2 || c.VersionDatos != version {
		t.Fatalf("la misma carga dos veces: %+v (antes %+v)", c, version)
	}
	c = cargaDe(t, e.pedir("PUT", "/api/v1/sanciones", "importar", "application/json", []byte(strings.Replace(sanciones, `"40000000"`, `"41000000"`, 1))))
	if c.Actualizadas != 1 || c.SinCambios != 1 {
		t.Fatalf("una fila cambiada: %+v", c)
	}
	c = cargaDe(t, e.pedir("PUT", "/api/v1/operaciones", "importar", "text/csv", leer(t, "../../testdata/plantillas/operaciones.csv")))
	if c.Insertadas != 2 || c.PorDeclaracion == nil || *c.PorDeclaracion {
		t.Fatalf("operaciones: %+v", c)
	}
	var actor string
	if err := e.d.QueryRow(`SELECT group_concat(DISTINCT cuenta) FROM auditoria WHERE accion LIKE 'importar.%'`).Scan(&actor); err != nil || actor != "api:importar" {
		t.Fatalf("actor de la auditoría = %q, %v", actor, err)
	}
}

// A load with a bad row writes nothing and lists every row and field with
// the import's messages (the JSON element's index beside the row).
func TestAPI_cargaInvalida_nadaEscritoYErroresPorFila(t *testing.T) {
	e := nuevoEntorno(t)
	cargaDe(t, e.pedir("PUT", "/api/v1/usuarios", "importar", "text/csv", []byte(usuariosCSV)))
	antes, _ := e.d.LeerVersionDatos(context.Background())
	malas := `[
		{"nit": "800191045-1", "numero_acto": "RS-1", "fecha_firmeza": "2025-03-04", "gravedad": "grave", "sancion": "multa", "valor": "100", "allanamiento": "no"},
		{"nit": "800191045-2", "numero_acto": "RS-2", "fecha_firmeza": "2025-13-04", "gravedad": "grave", "sancion": "multa", "valor": "abc", "allanamiento": "no"}
	]`
	p := problemaDe(t, e.pedir("PUT", "/api/v1/sanciones", "importar", "application/json", []byte(malas)), 422)
	if len(p.Errores) < 2 {
		t.Fatalf("errores %+v", p.Errores)
	}
	for _, x := range p.Errores {
		if x.Fila != 3 || x.Indice == nil || *x.Indice != 1 || x.Mensaje == "" || !strings.HasPrefix(x.Texto, "fila 3") {
			t.Errorf("error %+v", x)
		}
	}
	despues, _ := e.d.LeerVersionDatos(context.Background())
	if despues != antes {
		t.Fatal("una carga con errores escribió algo")
	}
	for _, c := range []struct {
		nombre, tipo, cuerpo string
		estado               int
	}{
		{"no_es_arreglo", "application/json", `{"nit": "1"}`, 422},
		{"elemento_no_objeto", "application/json", `[1]`, 422},
		{"valor_objeto", "application/json", `[{"nit": {"a": 1}}]`, 422},
		{"tipo_no_admitido", "application/xml", `<a/>`, 415},
		{"csv_sin_columnas", "text/csv", "a;b\n1;2\n", 422},
	} {
		t.Run(c.nombre, func(t *testing.T) {
			problemaDe(t, e.pedir("PUT", "/api/v1/sanciones", "importar", c.tipo, []byte(c.cuerpo)), c.estado)
		})
	}
}

// With an Idempotency-Key the first answer is replayed as it was (even
// after the data changed); the key with another body is refused.
func TestAPI_idempotencyKey_repiteLaPrimeraRespuesta(t *testing.T) {
	e := nuevoEntorno(t)
	primera := e.pedir("PUT", "/api/v1/usuarios", "importar", "text/csv", []byte(usuariosCSV), "Idempotency-Key", "carga-1")
	c := cargaDe(t, primera)
	if c.Insertadas != 2 {
		t.Fatalf("%+v", c)
	}
	otra := e.pedir("PUT", "/api/v1/usuarios", "importar", "text/csv", []byte(usuariosCSV), "Idempotency-Key", "carga-1")
	if otra.Code != 200 || !bytes.Equal(otra.Body.Bytes(), primera.Body.Bytes()) || otra.Header().Get("Idempotent-Replayed") != "true" {
		t.Fatalf("repetición: %d %s", otra.Code, otra.Body.String())
	}
	sin := cargaDe(t, e.pedir("PUT", "/api/v1/usuarios", "importar", "text/csv", []byte(usuariosCSV)))
	if sin.SinCambios != 2 {
		t.Fatalf("sin clave: %+v", sin)
	}
	problemaDe(t, e.pedir("PUT", "/api/v1/usuarios", "importar", "text/csv", []byte(usuariosCSV+"\n"), "Idempotency-Key", "carga-1"), 422)
	problemaDe(t, e.pedir("PUT", "/api/v1/sanciones", "importar", "text/csv", []byte(usuariosCSV), "Idempotency-Key", "carga-1"), 422)
	// While the first request with a key runs, the same key is 409.
	var id int64
	e.d.QueryRow(`SELECT id FROM cuentas_servicio WHERE nombre = 'importar'`).Scan(&id)
	h := sha256.Sum256([]byte(usuariosCSV))
	if libre, _, err := e.d.ReservarIdempotencia(context.Background(), id, "en-curso", "PUT /api/v1/usuarios", hex.EncodeToString(h[:])); err != nil || !libre {
		t.Fatal(libre, err)
	}
	problemaDe(t, e.pedir("PUT", "/api/v1/usuarios", "importar", "text/csv", []byte(usuariosCSV), "Idempotency-Key", "en-curso"), http.StatusConflict)
	// A refused load is an answer too: replayed as it was.
	mala := e.pedir("PUT", "/api/v1/sanciones", "importar", "application/json", []byte(`[1]`), "Idempotency-Key", "carga-2")
	otraMala := e.pedir("PUT", "/api/v1/sanciones", "importar", "application/json", []byte(`[1]`), "Idempotency-Key", "carga-2")
	if mala.Code != 422 || otraMala.Code != 422 || !bytes.Equal(mala.Body.Bytes(), otraMala.Body.Bytes()) || otraMala.Header().Get("Content-Type") != api.TipoProblema {
		t.Fatalf("422 repetido: %d %d", mala.Code, otraMala.Code)
	}
}

// A body over the limit is 413 before anything is read into the store.
func TestAPI_cuerpoDemasiadoGrande_413(t *testing.T) {
	e := nuevoEntorno(t)
	req := httptest.NewRequest("PUT", "/api/v1/sanciones", io.LimitReader(ceros{}, api.LimiteCuerpo+1))
	req.ContentLength = -1
	req.Header.Set("Authorization", "Bearer "+e.tokens["importar"])
	req.Header.Set("Content-Type", "text/csv")
	rec := httptest.NewRecorder()
	e.app.ServeHTTP(rec, req)
	problemaDe(t, rec, http.StatusRequestEntityTooLarge)
}

type ceros struct{}

func (ceros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	return len(p), nil
}
