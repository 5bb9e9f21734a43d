package api_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/url"
	"testing"

	"comite/internal/demo"
	"comite/internal/permisos"
)

type paginaCasos struct {
	Casos []struct {
		Numero             string `json:"numero"`
		Estado             string `json:"estado"`
		DireccionSeccional string `json:"direccion_seccional"`
	} `json:"casos"`
	Siguiente *string `json:"siguiente"`
}

// todosLosCasos follows the cursor from the first page to the last.
func (e *entorno) todosLosCasos(cuenta, consulta string) (numeros []string, seccional map[string]string, estado map[string]string) {
	e.t.Helper()
	seccional, estado = map[string]string{}, map[string]string{}
	ruta := "/api/v1/casos?limite=3" + consulta
	for paginas := 0; ; paginas++ {
		rec := e.pedir("GET", ruta, cuenta, "", nil)
		if rec.Code != 200 || paginas > 1000 {
			e.t.Fatalf("%s: %d %s", ruta, rec.Code, rec.Body.String())
		}
		var p paginaCasos
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
			e.t.Fatal(err)
		}
		for _, c := range p.Casos {
			numeros = append(numeros, c.Numero)
			seccional[c.Numero], estado[c.Numero] = c.DireccionSeccional, c.Estado
		}
		if p.Siguiente == nil {
			return
		}
		ruta = "/api/v1/casos?limite=3" + consulta + "&cursor=" + url.QueryEscape(*p.Siguiente)
	}
}

// The reads over the demonstration data: every case once through the
// cursor; the filters; a case with its evaluation, conceptos and documents
// whose SHA-256 is that of the PDF served; a Seccional-limited token sees
// its Seccional only and gets for another's case the very 404 of a case
// that does not exist; ETag and If-None-Match on every GET; the screening
// of a year by pages.
func TestAPI_lecturas_casosTamizajeYSeccional(t *testing.T) {
	e := nuevoEntorno(t)
	ctx := context.Background()
	if _, err := demo.Generar(ctx, e.d, demo.Opciones{Usuarios: demo.MinUsuarios, Anios: 2}); err != nil {
		t.Fatal(err)
	}
	var total int
	e.d.QueryRow(`SELECT count(*) FROM casos`).Scan(&total)
	numeros, seccionalDe, _ := e.todosLosCasos("casos", "")
	if len(numeros) != total || total < 3 {
		t.Fatalf("%d casos por el cursor; la base tiene %d", len(numeros), total)
	}
	vistos := map[string]bool{}
	for _, n := range numeros {
		if vistos[n] {
			t.Fatalf("%s repetido", n)
		}
		vistos[n] = true
	}
	cerrados, _, estados := e.todosLosCasos("casos", "&estado=cerrado")
	for _, n := range cerrados {
		if estados[n] != "cerrado" {
			t.Fatalf("%s en estado %s con el filtro cerrado", n, estados[n])
		}
	}
	if futuros, _, _ := e.todosLosCasos("casos", "&actualizado_desde=2100-01-01T00:00:00Z"); len(futuros) != 0 {
		t.Fatalf("actualizados desde 2100: %v", futuros)
	}
	problemaDe(t, e.pedir("GET", "/api/v1/casos?estado=abierto", "casos", "", nil), 422)
	problemaDe(t, e.pedir("GET", "/api/v1/casos?limite=0", "casos", "", nil), 422)
	problemaDe(t, e.pedir("GET", "/api/v1/casos?cursor=no-es-cursor", "casos", "", nil), 422)

	// A case with an informe: the listed SHA-256 is the served PDF's.
	var numero string
	if err := e.d.QueryRow(`SELECT c.numero FROM casos c JOIN informes i ON i.caso_id = c.id ORDER BY c.id LIMIT 1`).Scan(&numero); err != nil {
		t.Fatal(err)
	}
	rec := e.pedir("GET", "/api/v1/casos/"+numero, "casos", "", nil)
	var caso struct {
		Numero     string `json:"numero"`
		Evaluacion *struct {
			Version   int             `json:"version"`
			Resultado json.RawMessage `json:"resultado"`
		} `json:"evaluacion"`
		Documentos []struct {
			SHA256 string `json:"sha256"`
			URL    string `json:"url"`
		} `json:"documentos"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &caso); rec.Code != 200 || err != nil || caso.Numero != numero || caso.Evaluacion == nil || len(caso.Evaluacion.Resultado) < 10 || len(caso.Documentos) == 0 {
		t.Fatalf("caso %s: %d %s", numero, rec.Code, rec.Body.String())
	}
	pdf := e.pedir("GET", caso.Documentos[0].URL, "casos", "", nil)
	h := sha256.Sum256(pdf.Body.Bytes())
	if pdf.Code != 200 || pdf.Header().Get("Content-Type") != "application/pdf" || hex.EncodeToString(h[:]) != caso.Documentos[0].SHA256 {
		t.Fatalf("documento: %d %q", pdf.Code, pdf.Header().Get("Content-Type"))
	}
	problemaDe(t, e.pedir("GET", "/api/v1/casos/"+numero+"/documentos/informe-99", "casos", "", nil), 404)

	// A Seccional-limited token: its Seccional's cases only; another's
	// case answers exactly what a missing case answers.
	propia := seccionalDe[numero]
	e.tokens["seccional"] = e.crearToken("seccional", []permisos.Alcance{permisos.AlcanceCasos, permisos.AlcanceLeer}, propia)
	suyos, secc, _ := e.todosLosCasos("seccional", "")
	for _, n := range suyos {
		if secc[n] != propia {
			t.Fatalf("el token de %s vio %s de %s", propia, n, secc[n])
		}
	}
	var ajeno string
	for n, s := range seccionalDe {
		if s != propia {
			ajeno = n
		}
	}
	if len(suyos) == 0 || ajeno == "" {
		t.Fatalf("la demostración no tiene casos de dos Seccionales (%d propios)", len(suyos))
	}
	if rec := e.pedir("GET", "/api/v1/casos/"+numero, "seccional", "", nil); rec.Code != 200 {
		t.Fatalf("caso propio: %d", rec.Code)
	}
	otro := e.pedir("GET", "/api/v1/casos/"+ajeno, "seccional", "", nil)
	inexistente := e.pedir("GET", "/api/v1/casos/CF-1999-9999", "seccional", "", nil)
	problemaDe(t, otro, 404)
	if otro.Body.String() != inexistente.Body.String() {
		t.Fatalf("otra Seccional: %s; inexistente: %s", otro.Body.String(), inexistente.Body.String())
	}
	if _, _, filtro := e.todosLosCasos("seccional", "&seccional="+url.QueryEscape(seccionalDe[ajeno])); len(filtro) != 0 {
		t.Fatalf("el filtro por otra Seccional mostró %v", filtro)
	}

	// ETag on every GET, and 304 for If-None-Match.
	for _, ruta := range []string{"/api/v1/casos", "/api/v1/casos/" + numero, caso.Documentos[0].URL, "/api/v1/uvt", "/api/v1/reglas", "/api/v1/tamizaje/2026", "/api/v1/openapi.json"} {
		rec := e.pedir("GET", ruta, "todo", "", nil)
		etag := rec.Header().Get("ETag")
		if rec.Code != 200 || len(etag) < 10 {
			t.Fatalf("%s: %d ETag %q", ruta, rec.Code, etag)
		}
		if rec := e.pedir("GET", ruta, "todo", "", nil, "If-None-Match", etag); rec.Code != http.StatusNotModified || rec.Body.Len() != 0 {
			t.Fatalf("%s con If-None-Match: %d", ruta, rec.Code)
		}
		if rec := e.pedir("GET", ruta, "todo", "", nil, "If-None-Match", `"otra"`); rec.Code != 200 {
			t.Fatalf("%s con otra etiqueta: %d", ruta, rec.Code)
		}
	}

	// The screening by pages: every row once, in order; a Seccional token
	// gets its Seccional's rows.
	type paginaTamizaje struct {
		Total int `json:"total"`
		Filas []struct {
			Posicion           int    `json:"posicion"`
			NIT                string `json:"nit"`
			DireccionSeccional string `json:"direccion_seccional"`
		} `json:"filas"`
		Siguiente *string `json:"siguiente"`
	}
	for _, cuenta := range []string{"leer", "seccional"} {
		ruta, vistas, totalT := "/api/v1/tamizaje/2026?limite=7", 0, -1
		for paginas := 0; ; paginas++ {
			rec := e.pedir("GET", ruta, cuenta, "", nil)
			var p paginaTamizaje
			if err := json.Unmarshal(rec.Body.Bytes(), &p); rec.Code != 200 || err != nil || paginas > 1000 {
				t.Fatalf("%s %s: %d %v", cuenta, ruta, rec.Code, err)
			}
			totalT = p.Total
			for _, f := range p.Filas {
				vistas++
				if cuenta == "seccional" && f.DireccionSeccional != propia {
					t.Fatalf("tamizaje: el token de %s vio %s de %s", propia, f.NIT, f.DireccionSeccional)
				}
			}
			if p.Siguiente == nil {
				break
			}
			ruta = "/api/v1/tamizaje/2026?limite=7&cursor=" + url.QueryEscape(*p.Siguiente)
		}
		if vistas != totalT || (cuenta == "leer" && totalT < demo.MinUsuarios) {
			t.Fatalf("%s: %d filas de %d", cuenta, vistas, totalT)
		}
	}
	problemaDe(t, e.pedir("GET", "/api/v1/tamizaje/dos", "leer", "", nil), 422)

	// A cursor of the screening is for the data it was read on: after a
	// load, 409 (and the first page is computed again with the new data).
	var p1 struct {
		Total     int     `json:"total"`
		Siguiente *string `json:"siguiente"`
	}
	json.Unmarshal(e.pedir("GET", "/api/v1/tamizaje/2026?limite=2", "leer", "", nil).Body.Bytes(), &p1)
	if p1.Siguiente == nil {
		t.Fatal("sin cursor")
	}
	cargaDe(t, e.pedir("PUT", "/api/v1/usuarios", "importar", "text/csv", []byte(usuariosCSV)))
	problemaDe(t, e.pedir("GET", "/api/v1/tamizaje/2026?limite=2&cursor="+url.QueryEscape(*p1.Siguiente), "leer", "", nil), http.StatusConflict)
	var p2 struct {
		Total int `json:"total"`
	}
	json.Unmarshal(e.pedir("GET", "/api/v1/tamizaje/2026?limite=2", "leer", "", nil).Body.Bytes(), &p2)
	if p2.Total != p1.Total+2 {
		t.Fatalf("tras cargar 2 usuarios el tamizaje tiene %d filas; antes %d", p2.Total, p1.Total)
	}
}
