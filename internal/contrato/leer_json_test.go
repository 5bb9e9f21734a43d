package contrato

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// comparaConEncodingJSON decodes data into a fresh T with leerGuardado and
// with encoding/json: both must accept or reject it, and give the same value.
func comparaConEncodingJSON[T any](t *testing.T, data []byte) {
	t.Helper()
	var got, want T
	errGot, errWant := leerGuardado(data, &got), json.Unmarshal(data, &want)
	if (errGot == nil) != (errWant == nil) {
		t.Fatalf("%q: leerGuardado dio %v y encoding/json %v", data, errGot, errWant)
	}
	if errWant != nil {
		if errGot.Error() != errWant.Error() {
			t.Fatalf("%q: el mensaje no es el de encoding/json: %v ≠ %v", data, errGot, errWant)
		}
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: valores distintos:\n%#v\n%#v", data, got, want)
	}
}

// variantes are a stored document and what it becomes when someone else
// edits it: the decoders must agree on each.
func variantes(doc []byte) [][]byte {
	s := string(doc)
	i := strings.IndexByte(s, '"')
	out := [][]byte{doc}
	if i >= 0 {
		j := i + 1 + strings.IndexByte(s[i+1:], '"')
		nombre := s[i+1 : j]
		out = append(out,
			[]byte(s[:i+1]+strings.ToUpper(nombre)+s[j:]),                    // another case
			[]byte("{"+s[i:j+1]+":null,"+s[1:]),                              // the member twice
			[]byte(`{"desconocido":1,`+s[1:]),                                // an unknown member
			[]byte(s[:i+1]+"\xff"+s[i+1:]),                                   // invalid UTF-8
			[]byte(s+" x"),                                                   // trailing text
			[]byte(s[:len(s)/2]),                                             // cut
			[]byte(strings.ReplaceAll(s, `"`+nombre+`":`, `"`+nombre+`" :`)), // spaces
		)
	}
	return append(out, []byte(`null`), []byte(`{}`), []byte(`[]`), []byte(``))
}

func documentosGuardados(t testing.TB) (resultados, entradas [][]byte) {
	rutas, err := filepath.Glob(filepath.Join("..", "..", "testdata", "evaluar", "*.json"))
	if err != nil || len(rutas) == 0 {
		t.Fatalf("sin documentos de prueba: %v", err)
	}
	for _, r := range rutas {
		b, err := os.ReadFile(r)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(r, ".salida.json") {
			resultados = append(resultados, bytes.TrimSpace(b))
		} else {
			entradas = append(entradas, bytes.TrimSpace(b))
		}
	}
	return resultados, entradas
}

// The result and the input of every evaluation in testdata, and their
// edited variants, read the same with leerGuardado as with encoding/json.
func TestLeerGuardado_igualAEncodingJSON(t *testing.T) {
	resultados, entradas := documentosGuardados(t)
	for _, d := range resultados {
		for _, v := range variantes(d) {
			comparaConEncodingJSON[EvaluacionJSON](t, v)
		}
	}
	for _, d := range entradas {
		for _, v := range variantes(d) {
			comparaConEncodingJSON[entradaJSON](t, v)
		}
	}
}

func FuzzLeerGuardado(f *testing.F) {
	resultados, entradas := documentosGuardados(f)
	for _, d := range append(resultados, entradas...) {
		for _, v := range variantes(d) {
			f.Add(v)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		comparaConEncodingJSON[EvaluacionJSON](t, data)
		comparaConEncodingJSON[entradaJSON](t, data)
	})
}
